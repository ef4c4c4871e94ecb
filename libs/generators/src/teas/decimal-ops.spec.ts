import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { DECIMAL_OPS_RANGES, decimalOps } from './decimal-ops';

const SCALE = 10_000;

describe('decimalOps', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(decimalOps, {
      // Independent method: whole-number arithmetic on ten-thousandths.
      independentAnswer: (item) => {
        const a = Math.round(Number(item.params.a) * SCALE);
        const b = Math.round(Number(item.params.b) * SCALE);
        switch (item.params.operation) {
          case 'add':
            return (a + b) / SCALE;
          case 'subtract':
            return (a - b) / SCALE;
          case 'multiply':
            return (a * b) / (SCALE * SCALE);
          default:
            return a / b;
        }
      },
      ranges: (item) => {
        const r = DECIMAL_OPS_RANGES;
        const a = Number(item.params.a);
        const b = Number(item.params.b);
        const within = (x: number, range: { min: number; max: number }) =>
          x >= range.min && x <= range.max;
        switch (item.params.operation) {
          case 'add':
          case 'subtract':
            return within(a, r.addend) && within(b, r.addend);
          case 'multiply':
            return within(a, r.factor) && within(b, r.factor);
          default:
            return within(b, r.divisor) && within(Number((a / b).toPrecision(12)), r.quotient);
        }
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(decimalOps);
  });

  it('names the misaligned decimal points when the addends have different decimal places', () => {
    let checked = 0;
    for (let seed = 0; seed < 400; seed++) {
      const item = decimalOps(seed);
      if (item.type !== 'single' || item.params.operation !== 'add') continue;
      expect(item.distractors[0].misconception).toBe(
        'lined up the last digits instead of the decimal points',
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('keeps differences positive', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const item = decimalOps(seed);
      if (item.params.operation === 'subtract') {
        expect(Number(item.params.a)).toBeGreaterThan(Number(item.params.b));
      }
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(decimalOps(42)).toMatchSnapshot();
  });
});
