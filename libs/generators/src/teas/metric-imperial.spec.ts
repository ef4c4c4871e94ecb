import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { METRIC_IMPERIAL_PAIRS, METRIC_IMPERIAL_RANGES, metricImperial } from './metric-imperial';

/** Size of each unit in one base unit of its kind (cm, kg, g, km, L): an independent table. */
const SIZE: Record<string, number> = {
  in: 2.54,
  cm: 1,
  kg: 1,
  lb: 1 / 2.2,
  oz: 28.35,
  g: 1,
  mi: 1.61,
  km: 1,
  L: 1,
  qt: 1 / 1.06,
};

function independent(item: GeneratedItem): number {
  const { from, to } = item.params;
  const value = Number(item.params.value);
  let result: number;
  if (item.params.pair === 'temperature') {
    // The -40 trick: add 40, scale, subtract 40.
    result = from === 'F' ? ((value + 40) * 5) / 9 - 40 : ((value + 40) * 9) / 5 - 40;
  } else {
    result = (value * SIZE[String(from)]) / SIZE[String(to)];
  }
  return Number(result.toPrecision(12));
}

describe('metricImperial', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(metricImperial, {
      independentAnswer: independent,
      ranges: (item) => {
        const p = item.params;
        const value = Number(p.value);
        if (p.pair === 'temperature') {
          const range =
            p.from === 'F' ? METRIC_IMPERIAL_RANGES.fahrenheit : METRIC_IMPERIAL_RANGES.celsius;
          return value >= range.min && value <= range.max;
        }
        const pair = METRIC_IMPERIAL_PAIRS[p.pair as keyof typeof METRIC_IMPERIAL_PAIRS];
        const [min, max] = p.from === pair.big ? pair.bigRange : pair.smallRange;
        return value >= min && value <= max && item.rounding?.places === 1;
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(metricImperial);
  });

  it('offers the inverted factor (2.2 vs 1/2.2) for pounds and kilograms', () => {
    let checked = 0;
    for (let seed = 0; seed < 1000; seed++) {
      const item = metricImperial(seed);
      if (item.type !== 'single' || item.params.pair !== 'kg_lb') continue;
      const named = item.distractors.find(
        (d) => d.misconception === 'wrong conversion factor (2.2 vs 1/2.2)',
      );
      const value = Number(item.params.value);
      const wrong = item.params.from === 'kg' ? value / 2.2 : value * 2.2;
      expect(Number(named?.value)).toBeCloseTo(wrong, 0);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('names the Fahrenheit-Celsius misconceptions', () => {
    const names = new Set<string>();
    for (let seed = 0; seed < 1000; seed++) {
      const item = metricImperial(seed);
      if (item.type === 'single' && item.params.pair === 'temperature') {
        item.distractors.forEach((d) => names.add(d.misconception));
      }
    }
    expect([...names]).toEqual(
      expect.arrayContaining(['forgot to subtract 32', 'forgot to add 32']),
    );
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(metricImperial(42)).toMatchSnapshot();
  });
});
