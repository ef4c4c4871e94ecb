import fc from 'fast-check';
import { TIME_BUCKETS_SECONDS } from '@examprep/contracts';
import {
  attemptSums,
  discrimination,
  EMPTY_SUMS,
  facility,
  type ItemSums,
  itemSd,
  medianFromHistogram,
  pointBiserial,
  timeBucket,
} from './item-stats.maths';

/** Pearson's r computed directly from the pairs (the definition, no running sums). */
function pearson(xs: number[], ys: number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  if (sxx === 0 || syy < 1e-9) return null;
  return sxy / Math.sqrt(sxx * syy);
}

const add = (a: ItemSums, b: ItemSums): ItemSums => {
  const out = { ...a };
  for (const k of Object.keys(a) as (keyof ItemSums)[]) out[k] = a[k] + b[k];
  return out;
};

/** An attempt: the item's score and the test's correct count of its total. */
const attempt = fc
  .integer({ min: 2, max: 40 })
  .chain((total) =>
    fc.record({
      total: fc.constant(total),
      x: fc.constantFrom(0 as const, 1 as const),
      others: fc.integer({ min: 0, max: total - 1 }),
    }),
  )
  .map(({ total, x, others }) => ({ total, x, correct: others + x }));

describe('item statistics from running sums (ADR 0037)', () => {
  it('facility is the share correct; SD is the sample SD of the 0/1 scores (Moodle)', () => {
    let s = EMPTY_SUMS;
    for (const x of [1, 1, 0, 1] as const) s = add(s, attemptSums(x, x, 1));
    expect(facility(s)).toBe(0.75);
    // scores 1,1,0,1: mean .75, Σ(x-x̄)² = 0.75, / (n-1) = 0.25
    expect(itemSd(s)).toBeCloseTo(0.5, 12);
    expect(itemSd(attemptSums(1, 1, 1))).toBeNull();
  });

  it('the discrimination index equals the item-rest correlation computed directly', () => {
    fc.assert(
      fc.property(fc.array(attempt, { minLength: 2, maxLength: 60 }), (attempts) => {
        const s = attempts.reduce(
          (acc, a) => add(acc, attemptSums(a.x, a.correct, a.total)),
          EMPTY_SUMS,
        );
        const xs = attempts.map((a) => a.x);
        const rest = attempts.map((a) => (100 * (a.correct - a.x)) / (a.total - 1));
        const total = attempts.map((a) => (100 * a.correct) / a.total);
        const want = pearson(xs, rest);
        const got = discrimination(s);
        if (want === null) expect(got).toBeNull();
        else expect(got).toBeCloseTo(want, 9);
        const wantTotal = pearson(xs, total);
        const gotTotal = pointBiserial(s);
        if (wantTotal === null) expect(gotTotal).toBeNull();
        else expect(gotTotal).toBeCloseTo(wantTotal, 9);
      }),
      { numRuns: 300 },
    );
  });

  it('a question the strong learners get right discriminates positively, the reverse negatively', () => {
    const strong = [
      attemptSums(1, 9, 10),
      attemptSums(1, 8, 10),
      attemptSums(0, 2, 10),
      attemptSums(0, 3, 10),
    ];
    expect(discrimination(strong.reduce(add, EMPTY_SUMS))).toBeGreaterThan(0.9);
    const reverse = [
      attemptSums(0, 8, 10),
      attemptSums(0, 9, 10),
      attemptSums(1, 2, 10),
      attemptSums(1, 1, 10),
    ];
    expect(discrimination(reverse.reduce(add, EMPTY_SUMS))).toBeLessThan(-0.9);
  });

  it('undefined without variance: everyone right, or a one-question test', () => {
    const allRight = [attemptSums(1, 5, 10), attemptSums(1, 8, 10)].reduce(add, EMPTY_SUMS);
    expect(discrimination(allRight)).toBeNull();
    const single = [attemptSums(1, 1, 1), attemptSums(0, 0, 1)].reduce(add, EMPTY_SUMS);
    expect(single.rn).toBe(0);
    expect(discrimination(single)).toBeNull();
  });

  it('time buckets: each bound is inclusive, above the last is the open bucket', () => {
    expect(timeBucket(0)).toBe(0);
    expect(timeBucket(10)).toBe(0);
    expect(timeBucket(10.1)).toBe(1);
    expect(timeBucket(1800)).toBe(TIME_BUCKETS_SECONDS.length - 1);
    expect(timeBucket(5000)).toBe(TIME_BUCKETS_SECONDS.length);
  });

  it('the median from the histogram is within the bucket of the exact median', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1700, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (times) => {
          const counts = new Array<number>(TIME_BUCKETS_SECONDS.length + 1).fill(0);
          for (const t of times) counts[timeBucket(t)]!++;
          const sorted = [...times].sort((a, b) => a - b);
          const lowMid = sorted[Math.ceil(sorted.length / 2) - 1]!;
          const highMid = sorted[Math.floor(sorted.length / 2)]!;
          const m = medianFromHistogram(counts)!;
          const lower = (t: number) =>
            timeBucket(t) === 0 ? 0 : TIME_BUCKETS_SECONDS[timeBucket(t) - 1]!;
          const upper = (t: number) => TIME_BUCKETS_SECONDS[timeBucket(t)]!;
          expect(m).toBeGreaterThanOrEqual(lower(lowMid) - 1e-9);
          expect(m).toBeLessThanOrEqual(upper(highMid) + 1e-9);
        },
      ),
    );
  });

  it('median: interpolated in its bucket; the open bucket gives its lower bound; none when empty', () => {
    // 4 answers in ≤10 s and 4 in 10-20 s: the middle is the end of the first bucket
    expect(medianFromHistogram([4, 4])).toBe(10);
    // 2 answers in 20-30 s only: half-way through the bucket
    expect(medianFromHistogram([0, 0, 2])).toBe(25);
    const open = new Array<number>(TIME_BUCKETS_SECONDS.length + 1).fill(0);
    open[TIME_BUCKETS_SECONDS.length] = 3;
    expect(medianFromHistogram(open)).toBe(1800);
    expect(medianFromHistogram([0, 0])).toBeNull();
  });
});
