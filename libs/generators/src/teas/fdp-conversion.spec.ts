import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { FDP_CONVERSION_RANGES, fdpConversion } from './fdp-conversion';

/** n / d by long division, digit by digit, to ten decimal places (as text). */
function longDivision(n: number, d: number): string {
  let text = `${Math.floor(n / d)}.`;
  let remainder = n % d;
  for (let i = 0; i < 10; i++) {
    remainder *= 10;
    text += String(Math.floor(remainder / d));
    remainder %= d;
  }
  return text;
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

/** Rounds a positive decimal text half up on its digits (no floating point): '91.6666', 1 -> '91.7'. */
function roundDigits(text: string, places: number): string {
  const [whole, fractional = ''] = text.split('.');
  const kept = (whole + fractional.padEnd(places, '0').slice(0, places)).split('').map(Number);
  if (Number(fractional[places] ?? '0') >= 5) {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === 9) kept[i--] = 0;
    if (i < 0) kept.unshift(1);
    else kept[i] += 1;
  }
  const digits = kept.join('');
  const point = digits.length - places;
  const result = places === 0 ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return result
    .replace(/^0+(?=\d)/, '')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** Smallest denominator d with value x d a whole number; the result as mixed-number text. */
function searchFraction(value: number): string {
  for (let d = 1; d <= 1000; d++) {
    const n = Math.round(value * d);
    if (Math.abs(value * d - n) < 1e-9) {
      if (d === 1) return String(n);
      const whole = Math.floor(n / d);
      return whole === 0 ? `${n}/${d}` : `${whole} ${n - whole * d}/${d}`;
    }
  }
  throw new Error(`no fraction for ${value}`);
}

function independent(item: GeneratedItem): number | string {
  const p = item.params;
  const percentAnswer = (value: number) => (item.type === 'single' ? `${value}%` : value);
  switch (p.kind) {
    case 'fraction_to_decimal':
      return Number(longDivision(Number(p.numerator), Number(p.denominator)));
    case 'fraction_to_percent': {
      const value = shiftPoint(longDivision(Number(p.numerator), Number(p.denominator)), 2);
      // Single choices show the percent text: round its digits with the item's rule first.
      if (item.type === 'blank') return value;
      return `${roundDigits(value.toFixed(8), item.rounding?.places ?? 6)}%`;
    }
    case 'decimal_to_percent':
      return percentAnswer(shiftPoint(String(p.value), 2));
    case 'percent_to_decimal':
      return shiftPoint(String(p.value), -2);
    case 'decimal_to_fraction':
      return searchFraction(Number(p.value));
    default:
      return searchFraction(shiftPoint(String(p.value), -2));
  }
}

describe('fdpConversion', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(fdpConversion, {
      independentAnswer: independent,
      ranges: (item) => {
        const p = item.params;
        const r = FDP_CONVERSION_RANGES;
        if (p.kind === 'fraction_to_decimal' || p.kind === 'fraction_to_percent') {
          const dens: readonly number[] = [...r.terminating, ...r.repeating];
          return (
            dens.includes(Number(p.denominator)) && Number(p.numerator) < Number(p.denominator)
          );
        }
        const value = Number(p.value);
        if (p.kind === 'decimal_to_fraction' || p.kind === 'percent_to_fraction') {
          const decimal = p.kind === 'decimal_to_fraction' ? value : value / 100;
          return decimal >= r.fractionValue.min && decimal <= r.fractionValue.max;
        }
        const range = p.kind === 'decimal_to_percent' ? r.decimal : r.percent;
        return value >= range.min && value <= range.max;
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(fdpConversion);
  });

  it('offers "moved the decimal point the wrong way" for decimal/percent conversions', () => {
    let checked = 0;
    for (let seed = 0; seed < 500; seed++) {
      const item = fdpConversion(seed);
      if (item.type !== 'single' || !String(item.params.kind).startsWith('decimal_to_p')) continue;
      const wrong = item.distractors.find((d) =>
        d.misconception.startsWith('moved the decimal point the wrong way'),
      );
      expect(wrong?.value).toBe(`${Number((Number(item.params.value) / 100).toPrecision(12))}%`);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('rounds repeating decimals and states the rule', () => {
    for (let seed = 0; seed < 500; seed++) {
      const item = fdpConversion(seed);
      if (!String(item.params.kind).startsWith('fraction_to')) continue;
      const terminates = (FDP_CONVERSION_RANGES.terminating as readonly number[]).includes(
        Number(item.params.denominator),
      );
      expect(item.rounding === null).toBe(terminates);
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(fdpConversion(42)).toMatchSnapshot();
  });
});
