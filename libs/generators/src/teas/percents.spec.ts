import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { PERCENTS_RANGES, percents } from './percents';

/** The percent p (on a 0.5 grid) with part / whole = p / 100, found by search in whole numbers. */
function searchPercent(part: number, whole: number): number {
  for (let twice = 0; twice <= 2000; twice++) {
    if (twice * whole === 200 * part) return twice / 2;
  }
  throw new Error(`no percent for ${part} / ${whole}`);
}

function independent(item: GeneratedItem): number | string {
  const p = item.params;
  let value: number;
  if (p.kind === 'of') {
    // Ten percent first, then scale: (N / 10) x (p / 10).
    return (Number(p.whole) / 10) * (Number(p.percent) / 10);
  } else if (p.kind === 'what') {
    value = searchPercent(Number(p.part), Number(p.whole));
  } else {
    value = searchPercent(Math.abs(Number(p.changed) - Number(p.original)), Number(p.original));
  }
  return item.type === 'blank' ? value : `${value}%`;
}

describe('percents', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(percents, {
      independentAnswer: independent,
      ranges: (item) => {
        const p = item.params;
        const r = PERCENTS_RANGES;
        if (p.kind === 'of') {
          const percent: readonly number[] = r.ofPercents;
          return (
            percent.includes(Number(p.percent)) &&
            Number(p.whole) >= r.ofWhole.min &&
            Number(p.whole) <= r.ofWhole.max
          );
        }
        if (p.kind === 'what') {
          return (
            Number(p.whole) >= r.whatWhole.min &&
            Number(p.whole) <= r.whatWhole.max &&
            Number(p.part) > 0 &&
            Number(p.part) < Number(p.whole)
          );
        }
        const range = r.change[p.context as keyof typeof r.change];
        return (
          Number(p.original) >= range.min &&
          Number(p.original) <= range.max &&
          Number(p.changed) > 0 &&
          Number.isInteger(Number(p.changed))
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(percents);
  });

  it('offers the percent-of vs percent-change confusion', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 500; seed++) {
      const item = percents(seed);
      if (item.type !== 'single') continue;
      for (const d of item.distractors) {
        if (d.misconception.startsWith('percent of vs percent change'))
          seen.add(String(item.params.kind));
      }
    }
    expect([...seen].sort()).toEqual(['change', 'of']);
  });

  it('writes percent choices with a % sign and percent blanks with the % unit', () => {
    for (let seed = 0; seed < 300; seed++) {
      const item = percents(seed);
      if (item.params.kind === 'of') continue;
      if (item.type === 'single') {
        for (const choice of item.choices) expect(choice).toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?%$/);
      } else {
        expect(item.unit).toBe('%');
      }
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(percents(42)).toMatchSnapshot();
  });
});
