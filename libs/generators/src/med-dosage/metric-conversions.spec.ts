import { parseNumber } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { metricConversion } from './metric-conversions';
import { METRIC_EXPONENTS, METRIC_SCENARIOS, type MetricUnit } from './metric-conversions.data';

describe('metricConversion', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(metricConversion, {
      // Independent method: shift the decimal point by the difference of the powers of ten.
      independentAnswer: (item) => {
        const shift =
          METRIC_EXPONENTS[item.params.from as MetricUnit] -
          METRIC_EXPONENTS[item.params.to as MetricUnit];
        return Number(`${item.params.value}e${shift}`);
      },
      ranges: (item) =>
        METRIC_SCENARIOS.some(
          (s) =>
            s.from === item.params.from &&
            s.to === item.params.to &&
            s.values.includes(Number(item.params.value)),
        ),
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(metricConversion);
  });

  it('names the wrong-direction misconception in single-choice items', () => {
    const single = seeds(300)
      .map(metricConversion)
      .filter((item) => item.type === 'single');
    expect(single.length).toBeGreaterThan(100);
    for (const item of single) {
      const wrongWay = item.distractors.find((d) =>
        d.misconception.startsWith('converted the wrong way'),
      );
      expect(wrongWay).toBeDefined();
      // mg -> mcg multiplies by 1,000, so the wrong way divides the amount by 1,000
      const { value, from, to } = item.params;
      const toSmaller = METRIC_EXPONENTS[from as MetricUnit] > METRIC_EXPONENTS[to as MetricUnit];
      const wrong = toSmaller ? Number(value) / 1000 : Number(value) * 1000;
      expect(Number(parseNumber(wrongWay?.value ?? ''))).toBeCloseTo(wrong, 6);
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(metricConversion(42)).toMatchSnapshot();
  });
});

const seeds = (n: number) => Array.from({ length: n }, (_, i) => i);
