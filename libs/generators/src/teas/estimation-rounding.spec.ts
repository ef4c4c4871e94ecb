import { formatWithCommas, type GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { ESTIMATION_ROUNDING_RANGES, estimationRounding } from './estimation-rounding';

/** Rounds a whole number of `unit`s half up by its remainder (integer arithmetic only). */
function roundCount(count: number, unit: number): number {
  const kept = Math.floor(count / unit);
  const remainder = count - kept * unit;
  return (2 * remainder >= unit ? kept + 1 : kept) * unit;
}

function independent(item: GeneratedItem): number {
  const p = item.params;
  switch (p.kind) {
    case 'round_decimal': {
      const thousandths = Math.round(Number(p.value) * 1000);
      return roundCount(thousandths, 10 ** (3 + Number(p.power))) / 1000;
    }
    case 'round_whole':
      return roundCount(Number(p.value), 10 ** Number(p.power));
    case 'estimate_sum':
      return String(p.terms)
        .split(' ')
        .map((t) => roundCount(Math.round(Number(t) * 10), 10) / 10)
        .reduce((sum, t) => sum + t, 0);
    default:
      return roundCount(Number(p.a), 10) * roundCount(Number(p.b), 10);
  }
}

describe('estimationRounding', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(estimationRounding, {
      independentAnswer: independent,
      ranges: (item) => {
        const r = ESTIMATION_ROUNDING_RANGES;
        const p = item.params;
        const within = (x: number, range: { min: number; max: number }) =>
          x >= range.min && x <= range.max;
        switch (p.kind) {
          case 'round_decimal':
            return within(Number(p.value), r.decimal);
          case 'round_whole':
            return within(Number(p.value), r.whole);
          case 'estimate_sum':
            return String(p.terms)
              .split(' ')
              .every((t) => within(Number(t), r.addend));
          default:
            return within(Number(p.a), r.factor) && within(Number(p.b), r.factor);
        }
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(estimationRounding);
  });

  it('offers truncation or rounding up, whichever is the wrong way', () => {
    let checked = 0;
    for (let seed = 0; seed < 500; seed++) {
      const item = estimationRounding(seed);
      if (item.type !== 'single' || !String(item.params.kind).startsWith('round')) continue;
      const names = item.distractors.map((d) => d.misconception);
      expect(
        names.includes('truncated instead of rounding') ||
          names.includes('rounded up instead of down'),
      ).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('offers the exact product when estimating a product', () => {
    let checked = 0;
    for (let seed = 0; seed < 500; seed++) {
      const item = estimationRounding(seed);
      if (item.type !== 'single' || item.params.kind !== 'estimate_product') continue;
      const exact = item.distractors.find((d) =>
        d.misconception.startsWith('computed the exact product'),
      );
      expect(exact?.value).toBe(formatWithCommas(Number(item.params.a) * Number(item.params.b), 0));
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(estimationRounding(42)).toMatchSnapshot();
  });
});
