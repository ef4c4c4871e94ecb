import { formatWithCommas, roundTo } from '../core';
import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { RATIO_PROPORTION_RANGES, ratioProportion } from './ratio-proportion';

function independent(item: GeneratedItem): number {
  const p = item.params;
  if (p.kind === 'solve') {
    // Search x on a grid of halves until the two ratios are equal.
    const values = [p.a, p.b, p.c, p.d].map(Number);
    for (let twice = 1; twice <= 400; twice++) {
      const cells = [...values];
      cells[Number(p.slot)] = twice / 2;
      if (Math.abs(cells[0] / cells[1] - cells[2] / cells[3]) < 1e-9) return twice / 2;
    }
    throw new Error('no solution on the grid');
  }
  if (p.kind === 'part_whole') {
    // Seat the class one ratio group at a time and count the women.
    let seated = 0;
    let women = 0;
    while (seated < Number(p.total)) {
      seated += Number(p.men) + Number(p.women);
      women += Number(p.women);
    }
    return women;
  }
  // Unit rate: a per one b, times c.
  return (Number(p.a) / Number(p.b)) * Number(p.c);
}

describe('ratioProportion', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(ratioProportion, {
      independentAnswer: independent,
      ranges: (item) => {
        const p = item.params;
        const r = RATIO_PROPORTION_RANGES;
        switch (p.kind) {
          case 'solve':
            return [p.a, p.b].every((t) => Number(t) >= r.term.min && Number(t) <= r.term.max);
          case 'staffing':
            return Number(p.b) >= r.patientsPerNurse.min && Number(p.b) <= r.patientsPerNurse.max;
          case 'map':
            return (r.milesPerInch as readonly number[]).includes(Number(p.a));
          case 'part_whole':
            return Number(p.total) >= r.classSize.min && Number(p.total) <= r.classSize.max;
          default:
            return Number(p.a) > 0 && Number(p.b) > 0 && Number(p.c) > 0;
        }
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(ratioProportion);
  });

  it('offers the inverted ratio in word problems', () => {
    let checked = 0;
    for (let seed = 0; seed < 500; seed++) {
      const item = ratioProportion(seed);
      const p = item.params;
      if (item.type !== 'single' || p.kind === 'solve' || p.kind === 'part_whole') continue;
      const inverted = item.distractors.find((d) => d.misconception === 'inverted ratio');
      if (inverted) {
        expect(inverted.value).toBe(
          formatWithCommas(roundTo((Number(p.b) * Number(p.c)) / Number(p.a), 2), 2),
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(ratioProportion(42)).toMatchSnapshot();
  });
});
