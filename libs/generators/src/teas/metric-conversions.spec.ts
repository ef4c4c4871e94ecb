import { parseNumber, type GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { METRIC_CONVERSIONS_RANGES, metricConversions } from './metric-conversions';

/** Power of ten of a metric prefix, read off the unit symbol ('mcg' -> micro -> -6). */
function prefixPower(symbol: string): number {
  const prefix = symbol.replace(/(g|L|m)$/, '');
  const powers: Record<string, number> = { k: 3, '': 0, d: -1, c: -2, m: -3, mc: -6 };
  if (!(prefix in powers)) throw new Error(`unknown prefix in ${symbol}`);
  return powers[prefix];
}

/** Moves the decimal point of a decimal text `shift` places (right when positive). */
function shiftPoint(text: string, shift: number): number {
  const [whole, fractional = ''] = text.split('.');
  let digits = whole + fractional;
  let point = whole.length + shift;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  return Number(`${digits.slice(0, point) || '0'}.${digits.slice(point) || '0'}`);
}

const shiftOf = (item: GeneratedItem) =>
  prefixPower(String(item.params.from)) - prefixPower(String(item.params.to));

describe('metricConversions', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(metricConversions, {
      independentAnswer: (item) => shiftPoint(String(item.params.value), shiftOf(item)),
      ranges: (item) => {
        const r = METRIC_CONVERSIONS_RANGES;
        const shift = shiftOf(item);
        const value = Number(item.params.value);
        const range = shift > 0 ? r.toSmaller : r.toLarger;
        return (
          shift !== 0 && Math.abs(shift) <= r.maxShift && value >= range.min && value <= range.max
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(metricConversions);
  });

  it('offers the decimal point moved the wrong way', () => {
    let checked = 0;
    for (let seed = 0; seed < 400; seed++) {
      const item = metricConversions(seed);
      if (item.type !== 'single') continue;
      const wrongWay = shiftPoint(String(item.params.value), -shiftOf(item));
      const named = item.distractors.find(
        (d) => d.misconception === 'moved the decimal point the wrong way',
      );
      if (wrongWay >= 1e-6) {
        // choices are shown with thousands separators (234,000)
        expect(parseNumber(named?.value ?? '')).toBeCloseTo(wrongWay, 9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(metricConversions(42)).toMatchSnapshot();
  });
});
