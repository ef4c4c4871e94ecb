import { TIME_BUCKETS_SECONDS } from '@examprep/contracts';

/**
 * The statistics of one question as running sums (ADR 0037), each `$inc`remented by one
 * graded test: enough to give Moodle's facility index, the item's standard deviation and two
 * correlations without reading any test again. x is the item score (1 correct, 0 otherwise),
 * t the test's score in percent, r the score in percent on the REST of the test (the other
 * questions), which is what Moodle's discrimination index correlates with.
 */
export interface ItemSums {
  /** Graded attempts. */
  n: number;
  /** Σx: correct attempts. */
  sx: number;
  /** Σt, Σt², Σx·t over every attempt. */
  st: number;
  stt: number;
  sxt: number;
  /** Attempts in tests of two or more questions (the rest score exists), and their Σx. */
  rn: number;
  rx: number;
  /** Σr, Σr², Σx·r over those. */
  sr: number;
  srr: number;
  sxr: number;
}

export const EMPTY_SUMS: ItemSums = {
  n: 0,
  sx: 0,
  st: 0,
  stt: 0,
  sxt: 0,
  rn: 0,
  rx: 0,
  sr: 0,
  srr: 0,
  sxr: 0,
};

/** What one attempt adds to the sums: item score x (0/1), test `correct` of `total` questions. */
export function attemptSums(x: 0 | 1, correct: number, total: number): ItemSums {
  const t = total > 0 ? (100 * correct) / total : 0;
  const hasRest = total > 1;
  const r = hasRest ? (100 * (correct - x)) / (total - 1) : 0;
  return {
    n: 1,
    sx: x,
    st: t,
    stt: t * t,
    sxt: x * t,
    rn: hasRest ? 1 : 0,
    rx: hasRest ? x : 0,
    sr: r,
    srr: r * r,
    sxr: x * r,
  };
}

/** Share correct (0..1): Moodle's facility index, divided by 100. */
export function facility(s: Pick<ItemSums, 'n' | 'sx'>): number {
  return s.n === 0 ? 0 : s.sx / s.n;
}

/** Sample standard deviation of the item score (Moodle's SD, on 0..1); null below 2 attempts. */
export function itemSd(s: Pick<ItemSums, 'n' | 'sx'>): number | null {
  if (s.n < 2) return null;
  const ss = s.sx - (s.sx * s.sx) / s.n; // Σ(x - x̄)², with x² = x
  return Math.sqrt(Math.max(0, ss) / (s.n - 1));
}

/**
 * Pearson's correlation of a 0/1 score with another score from their sums (x² = x); null when
 * either has no variance or there are fewer than 2 attempts. Clamped to [-1, 1] against rounding.
 */
export function correlation(
  n: number,
  sx: number,
  sy: number,
  syy: number,
  sxy: number,
): number | null {
  if (n < 2) return null;
  const vx = n * sx - sx * sx;
  const vy = n * syy - sy * sy;
  // relative tolerance: sums of percentages squared carry rounding of ~1e-9 of their size
  if (vx <= 0 || vy <= 1e-9 * Math.max(1, n * syy)) return null;
  const c = (n * sxy - sx * sy) / Math.sqrt(vx * vy);
  return Math.max(-1, Math.min(1, c));
}

/** Moodle's discrimination index: item score against the rest of the test (item-rest). */
export function discrimination(s: ItemSums): number | null {
  return correlation(s.rn, s.rx, s.sr, s.srr, s.sxr);
}

/** The point-biserial correlation of the item with the whole test's score (item-total). */
export function pointBiserial(s: ItemSums): number | null {
  return correlation(s.n, s.sx, s.st, s.stt, s.sxt);
}

/** The histogram bucket of a duration: the first bound it does not exceed, else the last bucket. */
export function timeBucket(seconds: number): number {
  const i = TIME_BUCKETS_SECONDS.findIndex((bound) => seconds <= bound);
  return i === -1 ? TIME_BUCKETS_SECONDS.length : i;
}

/**
 * The median read from the fixed-bucket histogram: the bucket holding the middle attempt,
 * interpolated linearly inside it (the attempts spread evenly over the bucket); the open last
 * bucket gives its lower bound. Null for an empty histogram. Off from the exact median by at most
 * the width of its bucket.
 */
export function medianFromHistogram(counts: readonly number[]): number | null {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0) return null;
  const half = n / 2;
  let before = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i] ?? 0;
    if (c > 0 && before + c >= half) {
      const lower = i === 0 ? 0 : TIME_BUCKETS_SECONDS[i - 1]!;
      if (i >= TIME_BUCKETS_SECONDS.length) return lower;
      const upper = TIME_BUCKETS_SECONDS[i]!;
      return lower + ((half - before) / c) * (upper - lower);
    }
    before += c;
  }
  return null;
}
