/**
 * Number rules of medication notation: always a leading zero (0.5, never .5), never a
 * trailing zero (5, never 5.0), rounding half away from zero to a stated number of places.
 */

import { parseNumber, roundTo } from '@examprep/validation';

export { parseNumber, roundTo };

/**
 * Medication notation of a number: rounded to at most `places` decimals, leading zero,
 * no trailing zero, no exponent, no thousands separator (5, 0.5, 12.25, 1000).
 */
export function formatNumber(value: number, places = 2): string {
  const rounded = roundTo(value, places);
  // toFixed avoids exponent notation for tiny or huge values; then trailing zeros go.
  let text = rounded.toFixed(places);
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  return text === '-0' ? '0' : text;
}

/** Thousands separators for large whole numbers in question text (12,500). */
export function formatWithCommas(value: number, places = 2): string {
  const [whole, fraction] = formatNumber(value, places).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** The rounding instruction written into a question: 'Round to the nearest tenth.' (contracts). */
export { roundingInstruction } from '@examprep/contracts/types';

/** Greatest common divisor of two integers (always >= 0). */
export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

export function lcm(a: number, b: number): number {
  return Math.abs(a * b) / gcd(a, b);
}

/** True when two answer texts are the same number, or the same text ignoring case and spaces. */
export function sameValue(a: string, b: string): boolean {
  const na = parseNumber(a);
  const nb = parseNumber(b);
  if (na !== null && nb !== null) return Math.abs(na - nb) < 1e-9;
  return normaliseText(a) === normaliseText(b);
}

function normaliseText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}
