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

/**
 * A number as shown to a learner (ISMP: commas for numbers of 1,000 and above): medication
 * notation with thousands separators, 12,500 and 1,234.5. Not for what a learner types
 * (a blank's key, the pump keypad), which stays plain digits.
 */
export function formatWithCommas(value: number, places = 2): string {
  const [whole, fraction] = formatNumber(value, places).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** formatWithCommas for LaTeX: the comma braced (`1{,}000`) so KaTeX sets no space after it. */
export function texWithCommas(value: number, places = 2): string {
  return formatWithCommas(value, places).replace(/,/g, '{,}');
}

/**
 * A whole number of four or more digits, not part of a longer token: not after a letter
 * (D5W), a digit, a point (the decimals of 0.0005) or a comma (already grouped), and not one
 * with a leading zero (0645).
 */
const UNGROUPED = /(?<![\w.,])([1-9]\d{3,})(?!\w)/g;

/**
 * Thousands separators for every number of 1,000 and above in a shown text: ',' in prose and
 * '{,}' inside \( \) and \[ \] math. Applied by the item builders (build.ts) to the
 * question, the choices and the explanation, so no generator can show '3240 mL' or '13500'.
 * Texts with clock readings (the pump's 1930) do not go through it.
 */
export function separateThousands(text: string): string {
  if (!/\d{4}/.test(text)) return text;
  const group = (comma: string) => (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, comma);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/\\\([\s\S]*?\\\)|\\\[[\s\S]*?\\\]/g)) {
    const index = match.index ?? 0;
    out += text.slice(last, index).replace(UNGROUPED, group(','));
    out += match[0].replace(UNGROUPED, group('{,}'));
    last = index + match[0].length;
  }
  return out + text.slice(last).replace(UNGROUPED, group(','));
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
