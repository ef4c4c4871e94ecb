// Module-level references: global lookups are slow inside Jest's vm context, where the
// 10,000-seed property runs spend most of their time.
const imul = Math.imul;
const floor = Math.floor;

/**
 * mulberry32, the same sequence on every platform: a stored seed replays a pump problem
 * exactly (the same algorithm as the question generators' Rng, kept here so this library
 * stays free of them: the generators register pump topics built on it).
 */
export class PumpRng {
  private state: number;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
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
    return min + floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }
}
