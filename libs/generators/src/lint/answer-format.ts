import { ANSWER_FORMAT } from '../core/answer-format';
import type { ItemRule, LintProblem, LintSubject } from './types';

const FRACTION_ANSWER = /^-?\d+(?: \d+)?\/\d+$/;
const ASKS_PERCENT = /\bas a percent\b|\bwhat percent\b|\bpercent(age)? (is|was|of)\b/i;
const ASKS_FRACTION = /\bas a (mixed number|fraction)\b|\bsimplest form\b|\blowest terms\b/i;
const HOURS_AND_MINUTES = /\bhours and minutes\b/i;

/** Whether the item's answer is a duration in hours and minutes (a pump Time item included). */
export function asksHoursAndMinutes(subject: LintSubject): boolean {
  return (
    HOURS_AND_MINUTES.test(subject.question) ||
    (subject.type === 'pump' && subject.answer.length === 2)
  );
}

/**
 * Every answer format is stated in the item, so a right answer is never refused for its form:
 * - a blank that takes a percent says to type the number without '%' (the validator refuses it);
 * - a fraction answer asks for lowest terms, and a blank one says how to type it (a slash);
 * - an hours-and-minutes item has no 'Round to the nearest whole number' (whole what?), and on
 *   the pump says how the minutes are typed (two digits: the checker compares '05', not '5').
 */
export const answerFormatRule: ItemRule = (subject) => {
  const out: LintProblem[] = [];
  const { question } = subject;
  const problem = (found: string, message: string) =>
    out.push({ rule: 'answer-format', place: 'question', found, message });
  const answer = subject.answer[0] ?? '';
  if (subject.type === 'blank' && (subject.unit === '%' || ASKS_PERCENT.test(question))) {
    if (!question.includes(ANSWER_FORMAT.percent))
      problem(question, `a percent blank must say '${ANSWER_FORMAT.percent}'`);
  }
  const fractionAnswer = subject.type !== 'pump' && FRACTION_ANSWER.test(answer);
  if (fractionAnswer || ASKS_FRACTION.test(question)) {
    if (!/\blowest terms\b/.test(question))
      problem(question, `a fraction answer must be asked for in lowest terms`);
    if (
      subject.type === 'blank' &&
      !question.includes(ANSWER_FORMAT.fraction) &&
      !question.includes(ANSWER_FORMAT.mixedNumber)
    )
      problem(question, `a fraction blank must say how to type it ('${ANSWER_FORMAT.fraction}')`);
  }
  if (asksHoursAndMinutes(subject)) {
    if (/Round to the nearest whole number/.test(question))
      problem(
        question,
        `an hours-and-minutes item must not say 'Round to the nearest whole number'`,
      );
    if (subject.type === 'pump' && !/\btwo digits\b/.test(question))
      problem(question, 'a pump time item must say the minutes are typed as two digits');
  }
  return out;
};
