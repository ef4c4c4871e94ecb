import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { VOLUME_RANGES, volume } from './volume';

/** Counts unit cubes layer by layer. */
function countCubes(l: number, w: number, h: number): number {
  let cubes = 0;
  for (let layer = 0; layer < h; layer++) for (let row = 0; row < w; row++) cubes += l;
  return cubes;
}

function independent(item: GeneratedItem): number {
  const p = item.params;
  switch (p.solid) {
    case 'prism':
      return countCubes(Number(p.length), Number(p.width), Number(p.height));
    case 'cube':
      return countCubes(Number(p.edge), Number(p.edge), Number(p.edge));
    default: {
      // From the diameter: base area = pi d^2 / 4.
      const d = p.diameter !== undefined ? Number(p.diameter) : 2 * Number(p.radius);
      const cylinder = (VOLUME_RANGES.pi * d * d * Number(p.height)) / 4;
      return Number((p.cone === 1 ? cylinder / 3 : cylinder).toPrecision(12));
    }
  }
}

describe('volume', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(volume, {
      independentAnswer: independent,
      ranges: (item) => {
        const r = VOLUME_RANGES;
        const p = item.params;
        const within = (x: unknown, range: { min: number; max: number }) =>
          x === undefined || (Number(x) >= range.min && Number(x) <= range.max);
        if (p.solid === 'prism' || p.solid === 'cube') {
          return [p.length, p.width, p.height, p.edge].every((x) => within(x, r.edge));
        }
        const radius = p.radius !== undefined ? Number(p.radius) : Number(p.diameter) / 2;
        return within(radius, r.radius) && within(p.height, r.height);
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(volume);
  });

  it('offers "forgot the 1/3 for a cone" and "surface area instead of volume"', () => {
    const names = new Set<string>();
    for (let seed = 0; seed < 600; seed++) {
      const item = volume(seed);
      item.distractors.forEach((d) => names.add(d.misconception));
    }
    expect([...names]).toEqual(
      expect.arrayContaining([
        'forgot the 1/3 for a cone',
        'surface area instead of volume',
        'used diameter as radius',
      ]),
    );
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(volume(42)).toMatchSnapshot();
  });
});
