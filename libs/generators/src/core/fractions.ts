import { gcd } from './numbers';

/** An exact fraction, always reduced, denominator > 0. */
export interface Fraction {
  n: number;
  d: number;
}

export function fraction(n: number, d: number): Fraction {
  if (d === 0) throw new RangeError('zero denominator');
  const sign = d < 0 ? -1 : 1;
  const g = gcd(n, d) || 1;
  return { n: (sign * n) / g, d: (sign * d) / g };
}

export const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction) => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction) => fraction(a.n * b.d, a.d * b.n);

/** LaTeX of a fraction: whole numbers plain, proper \frac{n}{d}, improper as a mixed number when asked. */
export function fractionLatex(f: Fraction, mixed = false): string {
  if (f.d === 1) return String(f.n);
  const sign = f.n < 0 ? '-' : '';
  const n = Math.abs(f.n);
  if (mixed && n > f.d) {
    const whole = Math.floor(n / f.d);
    const rest = n % f.d;
    return `${sign}${whole}\\tfrac{${rest}}{${f.d}}`;
  }
  return `${sign}\\frac{${n}}{${f.d}}`;
}

/** Plain-text answer form of a fraction for choices and blanks: '3/4', '-5/2', '2'. */
export function fractionText(f: Fraction): string {
  return f.d === 1 ? String(f.n) : `${f.n}/${f.d}`;
}
