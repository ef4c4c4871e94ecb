import { roundingInstruction } from '@examprep/contracts/types';
import type { ItemRule, LintProblem } from './types';

/**
 * A rounding instruction ('Round to the nearest tenth.', 'Round to 4 decimal places.'). Other
 * sentences about rounding are not instructions: 'Do not round until the final answer.' (when
 * to round), 'by first rounding each number to the nearest ten' (the task of an estimation).
 */
export const ROUNDING_INSTRUCTION =
  /\bRound(?: the answer| your answer)? to (?:the nearest [a-z ]+?|\d+ decimal places?)\./g;

/**
 * Exactly one rounding instruction in the question of an item with a rounding rule, the
 * contracts' wording of that rule (roundingInstruction), and none in an item without one.
 */
export const roundingRule: ItemRule = (subject) => {
  const found = [...subject.question.matchAll(ROUNDING_INSTRUCTION)].map((m) => m[0]);
  const out: LintProblem[] = [];
  const problem = (text: string, message: string) =>
    out.push({ rule: 'rounding', place: 'question', found: text, message });
  if (!subject.rounding) {
    for (const text of found) problem(text, 'a rounding instruction in an item without rounding');
    return out;
  }
  const want = roundingInstruction(subject.rounding.places);
  if (found.length !== 1)
    problem(found.join(' ') || '(none)', `exactly one rounding instruction expected: '${want}'`);
  else if (found[0] !== want) problem(found[0], `the rounding instruction should be '${want}'`);
  return out;
};
