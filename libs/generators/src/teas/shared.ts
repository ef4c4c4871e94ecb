import { blankOrSingle, countWord, formatNumber, roundTo } from '../core';
import type { Distractor, Fraction, GeneratedItem, ItemParts, Rng } from '../core';

/**
 * Removes binary noise (0.1 + 0.2, 7 / 2.2 * 2.2) so that exact decimal ties round the same
 * way whichever method computed them.
 */
export const clean = (x: number): number => Number(x.toPrecision(12));

/** Notation of a value: at most `places` decimals, leading zero, no trailing zero. */
export const num = (x: number, places = 4): string => formatNumber(clean(x), places);

/** A value rounded to `places` and written in notation. */
export const rounded = (x: number, places: number): string =>
  formatNumber(roundTo(clean(x), places), places);

/** True when x has no more than `places` decimals. */
export const hasPlaces = (x: number, places: number): boolean =>
  Number.isFinite(x) && Number.isInteger(clean(clean(x) * 10 ** places));

/** A numeric distractor, or an empty (skipped) one when the value is not wanted. */
export function option(
  value: number,
  misconception: string,
  places: number,
  keep: (v: number) => boolean = (v) => v > 0,
): Distractor {
  if (!Number.isFinite(value) || !keep(value)) return { value: '', misconception };
  return { value: rounded(value, places), misconception };
}

/**
 * Generic fallbacks after the named misconceptions: slips of one step (scaled to the size of
 * the answer), doubling, halving and decimal slips. Non-positive values are dropped unless
 * `allowNegative` is set.
 */
export function numericFallbacks(
  answer: number,
  places: number,
  allowNegative = false,
): Distractor[] {
  const size = answer === 0 ? 0 : 10 ** (Math.floor(Math.log10(Math.abs(answer))) - 1);
  const step = clean(Math.max(10 ** -places, size));
  const keep = allowNegative ? () => true : (v: number) => v > 0;
  return [
    option(answer + step, `arithmetic slip (+${num(step)})`, places, keep),
    option(answer - step, `arithmetic slip (-${num(step)})`, places, keep),
    option(answer * 10, 'decimal slip (x10)', places, keep),
    option(answer / 10, 'decimal slip (/10)', places, keep),
    option(answer + 2 * step, `arithmetic slip (+${num(2 * step)})`, places, keep),
    option(answer - 2 * step, `arithmetic slip (-${num(2 * step)})`, places, keep),
    option(answer * 2, 'doubled the result', places, keep),
    option(answer / 2, 'halved the result', places, keep),
  ];
}

/**
 * A numeric item: fill-in-the-blank or single choice with equal chance. The wrong choices
 * are the `named` misconceptions, most telling first (worked out only for a single-choice
 * item when given as a function), then the generic fallbacks around `answer`.
 */
export function blankOrNumericChoice(
  rng: Rng,
  parts: ItemParts,
  named: Distractor[] | (() => Distractor[]),
  answer: number,
  places: number,
  allowNegative = false,
): GeneratedItem {
  return blankOrSingle(rng, parts, () => [
    ...(typeof named === 'function' ? named() : named),
    ...numericFallbacks(answer, places, allowNegative),
  ]);
}

/** Plain-text answer form of a fraction: '3/4', '2', or a mixed number '1 3/4'. */
export function mixedText(f: Fraction): string {
  if (f.d === 1) return String(f.n);
  const sign = f.n < 0 ? '-' : '';
  const n = Math.abs(f.n);
  if (n < f.d) return `${sign}${n}/${f.d}`;
  return `${sign}${Math.floor(n / f.d)} ${n % f.d}/${f.d}`;
}

/** '+ 5' or '- 5' after a term. */
export const signed = (value: number): string =>
  value < 0 ? `- ${num(-value)}` : `+ ${num(value)}`;

/** A coefficient of x in LaTeX: 3x, -x, x. */
export function term(coefficient: number, variable = 'x'): string {
  if (coefficient === 1) return variable;
  if (coefficient === -1) return `-${variable}`;
  return `${num(coefficient)}${variable}`;
}

/** LaTeX of a number in an expression: negative numbers in parentheses. */
export const paren = (value: number): string => (value < 0 ? `(${num(value)})` : num(value));

/** Length units by symbol, singular ('1 foot', '1 inch'); plural by countWord. */
const LENGTH_NAMES: Readonly<Record<string, string>> = {
  cm: 'centimeter',
  m: 'meter',
  in: 'inch',
  ft: 'foot',
};

/** A length in words, the unit agreeing with the number: '1 foot', '2 feet', '1.5 inches'. */
export const lengthText = (n: number, symbol: string): string =>
  `${num(n)} ${countWord(n, LENGTH_NAMES[symbol] ?? symbol)}`;
