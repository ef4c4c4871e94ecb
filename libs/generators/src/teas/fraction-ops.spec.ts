import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { FRACTION_OPS_RANGES, fractionOps } from './fraction-ops';

/** Unreduced result by cross multiplication: [numerator, denominator]. */
function crossMultiply(item: GeneratedItem): [number, number] {
  const p = item.params;
  const [an, ad, bn, bd] = [p.aNumerator, p.aDenominator, p.bNumerator, p.bDenominator].map(Number);
  switch (p.operation) {
    case 'add':
      return [an * bd + bn * ad, ad * bd];
    case 'subtract':
      return [an * bd - bn * ad, ad * bd];
    case 'multiply':
      return [an * bn, ad * bd];
    default:
      return [an * bd, ad * bn];
  }
}

/** Lowest terms by trying every common divisor from the largest down (no Euclid). */
function lowestTerms(n: number, d: number): [number, number] {
  for (let k = Math.min(Math.abs(n), d); k > 1; k--) {
    if (n % k === 0 && d % k === 0) return [n / k, d / k];
  }
  return [n, d];
}

describe('fractionOps', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(fractionOps, {
      independentAnswer: (item) => {
        const [n, d] = crossMultiply(item);
        if (item.params.form === 'decimal') return n / d;
        const [rn, rd] = lowestTerms(n, d);
        if (rd === 1) return String(rn);
        const whole = Math.floor(rn / rd);
        return whole === 0 ? `${rn}/${rd}` : `${whole} ${rn - whole * rd}/${rd}`;
      },
      ranges: (item) => {
        const p = item.params;
        const dens: readonly number[] = FRACTION_OPS_RANGES.denominators;
        const denominatorOk = (d: number) => dens.some((base) => base % d === 0);
        const [n, d] = crossMultiply(item);
        return (
          denominatorOk(Number(p.aDenominator)) &&
          denominatorOk(Number(p.bDenominator)) &&
          Number(p.aNumerator) / Number(p.aDenominator) < FRACTION_OPS_RANGES.whole.max + 1 &&
          n > 0 &&
          d > 0
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(fractionOps);
  });

  it('offers "added numerators and denominators" for sums of proper fractions', () => {
    let checked = 0;
    for (let seed = 0; seed < 500; seed++) {
      const item = fractionOps(seed);
      const p = item.params;
      if (item.type !== 'single' || p.operation !== 'add' || p.mixed !== 0) continue;
      const named = item.distractors.find(
        (d) => d.misconception === 'added numerators and denominators',
      );
      expect(named).toBeDefined();
      const [n, d] = named!.value.split('/').map(Number);
      const wrong =
        (Number(p.aNumerator) + Number(p.bNumerator)) /
        (Number(p.aDenominator) + Number(p.bDenominator));
      expect(n / d).toBeCloseTo(wrong, 9);
      expect(item.choices).toContain(named!.value);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('asks for a decimal rounded to hundredths in blank items', () => {
    const blanks = Array.from({ length: 200 }, (_, seed) => fractionOps(seed)).filter(
      (item) => item.type === 'blank',
    );
    expect(blanks.length).toBeGreaterThan(50);
    for (const item of blanks) {
      expect(item.rounding).toEqual({ places: 2 });
      expect(item.question).toContain('Round to the nearest hundredth.');
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(fractionOps(42)).toMatchSnapshot();
  });
});
