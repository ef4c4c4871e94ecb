// Module-level references: global lookups are slow inside Jest's vm context, where the
// 10,000-seed property runs spend most of their time (free in production).
const imul = Math.imul;
const floor = Math.floor;
const isInteger = Number.isInteger;

/**
 * Deterministic pseudo-random numbers (mulberry32): the same seed always yields the same
 * sequence on every platform, so a stored seed replays a generated question exactly.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    if (!isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new RangeError(`seed must be an integer from 0 to ${0xffffffff}, got ${seed}`);
    }
    this.state = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (!isInteger(min) || !isInteger(max) || max < min) {
      throw new RangeError(`bad integer range [${min}, ${max}]`);
    }
    return min + floor(this.next() * (max - min + 1));
  }

  /** A multiple of `step` in [min, max] (min and max should be multiples of step). */
  step(min: number, max: number, step: number): number {
    const count = floor((max - min) / step + 1e-9);
    return roundSafe(min + this.int(0, count) * step);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(0, items.length - 1)];
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/** Removes binary noise such as 0.30000000000000004 from stepped values. */
function roundSafe(value: number): number {
  return Number(value.toPrecision(12));
}
