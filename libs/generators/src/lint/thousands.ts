import { excerpt, mathOf, plainText } from './text';
import type { LintProblem, TextRule } from './types';

/** A whole number as written, with its decimals; not the tail of a word (D5W, x2) or of a number. */
const NUMBER = /(?<![\w.,])(\d(?:[\d,]*\d)?)(\.\d+)?/g;
/** A military clock reading after 'from', 'to', 'at', 'until' or 'by' (0645, 2330). */
const CLOCK = /^([01]\d|2[0-3])[0-5]\d$/;
const CLOCK_BEFORE = /\b(from|to|at|until|by|and)\s$/i;
/** What follows a quantity, never a clock reading. */
const UNIT_AFTER = /^\s*(mL|L|mg|mcg|g|kg|units?|mEq|gtt|lb|oz)\b/;
/** A year after a word that introduces one ('in 2024', 'since 1998'). */
const YEAR = /^(1[89]|20)\d\d$/;
const YEAR_BEFORE = /\b(in|since|year|of)\s$/i;
/** A pump reading named by its keypad field ('The pump reads RATE 125 and VTBI 1000'): typed digits. */
const KEYPAD_BEFORE = /\b(RATE|VTBI)\s$/;

/**
 * ISMP: commas for numbers of 1,000 and above, everywhere a number is shown: question,
 * choices, explanation and the pump's text, in prose and in LaTeX (where the comma is
 * written `1{,}000` so KaTeX does not set it as punctuation with a space after it).
 * Not enforced on military clock readings (0645, 1930), on years, or on what a learner
 * types: a blank's key and the pump's keypad answers never reach this rule, and a reading
 * named by its keypad field in an explanation ('the pump reads VTBI 1000') is typed digits.
 */
export const thousandsRule: TextRule = ({ place, text }) => {
  const out: LintProblem[] = [];
  const plain = plainText(text);
  for (const match of plain.matchAll(NUMBER)) {
    const whole = match[1];
    const index = match.index ?? 0;
    const found = excerpt(plain, index, match[0].length);
    if (whole.includes(',')) {
      if (!/^\d{1,3}(,\d{3})+$/.test(whole))
        out.push({ rule: 'thousands', place, found, message: `'${whole}' is grouped wrongly` });
      continue;
    }
    if (whole.length < 4) continue;
    const before = plain.slice(0, index);
    const after = plain.slice(index + match[0].length);
    if (CLOCK.test(whole) && CLOCK_BEFORE.test(before) && !UNIT_AFTER.test(after)) continue;
    if (YEAR.test(whole) && YEAR_BEFORE.test(before)) continue;
    if (whole.startsWith('0')) continue;
    if (KEYPAD_BEFORE.test(before)) continue;
    out.push({
      rule: 'thousands',
      place,
      found,
      message: `'${whole}' needs thousands separators (${Number(whole).toLocaleString('en-US')})`,
    });
  }
  for (const segment of mathOf(text)) {
    const bare = /\d,\d{3}(?!\d)/.exec(segment);
    if (bare)
      out.push({
        rule: 'thousands',
        place,
        found: excerpt(segment, bare.index, bare[0].length),
        message: `write the thousands comma in LaTeX as {,} ('1{,}000')`,
      });
  }
  return out;
};
