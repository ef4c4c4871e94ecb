import { pluralOf } from '../core/words';
import { excerpt, plainText } from './text';
import type { LintProblem, TextRule } from './types';

/** Counted words of the generators' texts (their plurals by core/words pluralOf). */
export const COUNTED_WORDS = [
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'year',
  'tablet',
  'capsule',
  'dose',
  'drop',
  'vial',
  'packet',
  'bag',
  'bottle',
  'foot',
  'inch',
  'yard',
  'mile',
  'meter',
  'centimeter',
  'millimeter',
  'kilometer',
  'liter',
  'milliliter',
  'deciliter',
  'gram',
  'milligram',
  'microgram',
  'kilogram',
  'pound',
  'ounce',
  'cup',
  'teaspoon',
  'tablespoon',
  'unit',
  'student',
  'patient',
  'client',
  'nurse',
  'bed',
  'visit',
] as const;

const SINGULAR = new Map<string, string>(COUNTED_WORDS.map((w) => [w, pluralOf(w)]));
const PLURAL = new Map<string, string>(COUNTED_WORDS.map((w) => [pluralOf(w), w]));
const alternation = (words: Iterable<string>) =>
  [...words].sort((a, b) => b.length - a.length).join('|');
/** A number not part of a fraction, a decimal or a longer number ('1/2 hour' is not '2 hour'). */
const NUMBER = String.raw`(?<![\d.,/^])(\d[\d,]*(?:\.\d+)?)`;
const PLURAL_AFTER = new RegExp(`${NUMBER} (${alternation(PLURAL.keys())})\\b`, 'g');
const SINGULAR_AFTER = new RegExp(`${NUMBER} (${alternation(SINGULAR.keys())})\\b(?![-'])`, 'g');

/**
 * Number agreement: exactly 1 takes the singular ('1 hour', '1 foot', '1 tablet'), every other
 * number the plural, decimals and 0 included ('1.5 hours', '0.5 tablets', '0 minutes').
 * Abbreviated units do not change ('1 mL', '0.5 mL'); fractions ('1/2 hour') are left alone.
 */
export const singularRule: TextRule = ({ place, text }) => {
  const plain = plainText(text);
  const out: LintProblem[] = [];
  for (const match of plain.matchAll(PLURAL_AFTER)) {
    const [whole, n, word] = match;
    if (n !== '1') continue;
    out.push({
      rule: 'singular',
      place,
      found: excerpt(plain, match.index ?? 0, whole.length),
      message: `'1 ${word}' should be '1 ${PLURAL.get(word)}'`,
    });
  }
  for (const match of plain.matchAll(SINGULAR_AFTER)) {
    const [whole, n, word] = match;
    if (n === '1') continue;
    out.push({
      rule: 'singular',
      place,
      found: excerpt(plain, match.index ?? 0, whole.length),
      message: `'${n} ${word}' should be '${n} ${SINGULAR.get(word)}'`,
    });
  }
  return out;
};
