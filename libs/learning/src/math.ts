/** Small numeric helpers of the learning engine: the logistic link, clamping, days, a seeded RNG. */

import { Rng } from '@examprep/generators';

const MS_PER_DAY = 86_400_000;

/** The logistic function σ(x) = 1 / (1 + e^−x), written to stay finite for large |x|. */
export function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

/** The log-odds of p (the inverse of σ); p must lie strictly between 0 and 1. */
export function logit(p: number): number {
  return Math.log(p / (1 - p));
}

export function clamp(x: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, x));
}

/** Days from `from` to `to` (ISO times), 0 when `to` is not later or either is missing. */
export function daysBetween(from: string | null, to: string | null | undefined): number {
  if (from === null || to === null || to === undefined) return 0;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms > 0 ? ms / MS_PER_DAY : 0;
}

/** The later of two ISO times (null when both are). */
export function laterOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/**
 * A seeded uniform generator on [0, 1): the generators' Rng (mulberry32), the same sequence
 * everywhere.
 */
export function seededRandom(seed: number): () => number {
  const rng = new Rng(seed >>> 0);
  return () => rng.next();
}

/** A standard-normal draw from a uniform generator (Box–Muller, one value per call). */
export function normalDraw(random: () => number): number {
  const u = 1 - random();
  const w = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * w);
}
