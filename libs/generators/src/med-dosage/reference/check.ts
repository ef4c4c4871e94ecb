/**
 * Test helper of the reference property specs (ADR 0038): runs a generator over 10,000 seeds
 * and fails with the seed, the broken rule and the item's params. Test-only.
 */
import type { GeneratedItem, GenerateFn } from '../../core';

export const REFERENCE_RUNS = 10_000;

/** Spreads the seeds over the 32-bit range (Knuth's multiplicative hash), deterministically. */
export const referenceSeed = (i: number): number => Math.imul(i, 2654435761) >>> 0;

/** Calls `check` on REFERENCE_RUNS items; `check` returns the broken rule or undefined. */
export function eachItem(
  generate: GenerateFn,
  check: (item: GeneratedItem) => string | undefined,
  runs: number = REFERENCE_RUNS,
): void {
  for (let i = 0; i < runs; i++) {
    const seed = referenceSeed(i);
    const item = generate(seed);
    const broken = check(item);
    if (broken)
      throw new Error(
        `seed ${seed}: ${broken}\nparams ${JSON.stringify(item.params)}\n${item.question}`,
      );
  }
}

export const num = (x: unknown): number => Number(x);
/** a <= b, forgiving float noise. */
export const le = (a: number, b: number): boolean => a <= b + 1e-9;
export const within = (x: number, r: { min: number; max: number }): boolean =>
  x >= r.min - 1e-9 && x <= r.max + 1e-9;
