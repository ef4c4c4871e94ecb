import {
  ANSWER_RULE_MESSAGES,
  ANSWER_RULES_VERSION,
  type AnswerRulesVersion,
  type QuestionType,
  type RoundingRule,
} from '@examprep/contracts/types';
import { validateMathAnswer } from '../validators/math-answer.validator';
import { type ValidationResult } from '../validation-result';
import { parseNumber, roundTo } from './numbers';

/** What grading needs of a question (stored, generated or snapshotted in a test). */
export interface GradableQuestion {
  type: QuestionType;
  correctAnswer: readonly string[];
  rounding?: RoundingRule | null;
}

/** The verdict on one answer: right or wrong, and what to say about how it was written. */
export interface AnswerVerdict {
  correct: boolean;
  /**
   * A note on how a typed number was written (ANSWER_RULE_MESSAGES), null when there is none.
   * Rules v1 never give one.
   */
  feedback: string | null;
}

const RIGHT: AnswerVerdict = { correct: true, feedback: null };
const WRONG: AnswerVerdict = { correct: false, feedback: null };

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The one answer check of the product (issue #4, rules versioned by ADR 0036): preview,
 * Infinite QBank, tests. Single and SATA: the chosen set equals the correct set,
 * case-insensitive, trimmed and order-independent (the same in every version). Blank: when
 * both sides are numbers they compare numerically, otherwise as normalised text; a blank answer
 * that fails the math-answer validator is never correct.
 *
 * Rules 1 (tests made before v2): under a stated rounding the learner's value is rounded to the
 * stated places before comparing (6.25 passes for 6.3), and '.5' equals 0.5.
 *
 * Rules 2 (NCLEX style, the default): under a stated rounding only the key's correctly rounded
 * value is right, in any equal numeric form (6.3, 6.30; not 6.25, 6.3333 or 6.3499; not 12.96
 * for 13). A decimal below 1 typed without its leading zero ('.7') is incorrect even when its
 * value is right, with ANSWER_RULE_MESSAGES.leadingZero as feedback. A right value with a
 * trailing zero ('6.30') is correct, with ANSWER_RULE_MESSAGES.trailingZero as feedback. The
 * feedback is given only when the value is right: it never tells a wrong value's writer that
 * the zero was the only slip.
 */
export function judgeAnswer(
  question: GradableQuestion,
  answer: readonly string[],
  rules: AnswerRulesVersion = ANSWER_RULES_VERSION,
): AnswerVerdict {
  if (question.type !== 'blank') return sameChoices(question, answer) ? RIGHT : WRONG;
  const given = answer[0] ?? '';
  if (!given.trim() || !blankAnswerProblem(given).isValid) return WRONG;
  if (!sameBlankValue(question, given, rules)) return WRONG;
  if (rules === 1) return RIGHT;
  switch (writingSlip(given)) {
    case 'leadingZero':
      return { correct: false, feedback: ANSWER_RULE_MESSAGES.leadingZero };
    case 'trailingZero':
      return { correct: true, feedback: ANSWER_RULE_MESSAGES.trailingZero };
    default:
      return RIGHT;
  }
}

/** judgeAnswer's verdict alone: whether the answer is correct under `rules` (default: current). */
export function checkAnswer(
  question: GradableQuestion,
  answer: readonly string[],
  rules: AnswerRulesVersion = ANSWER_RULES_VERSION,
): boolean {
  return judgeAnswer(question, answer, rules).correct;
}

/**
 * Whether a typed blank answer has the value the question wants under `rules`, however it is
 * written (its leading or trailing zeros are not looked at): what matches a typed answer to a
 * named misconception's value.
 */
export function sameBlankValue(
  question: Pick<GradableQuestion, 'correctAnswer' | 'rounding'>,
  given: string,
  rules: AnswerRulesVersion = ANSWER_RULES_VERSION,
): boolean {
  const expected = question.correctAnswer[0] ?? '';
  const rounding = question.rounding ?? null;
  const g = parseNumber(given);
  const e = parseNumber(expected);
  if (g === null || e === null) return normalise(given) === normalise(expected);
  if (!rounding) return near(g, e);
  // v1 rounds what was typed; v2 wants the rounded key itself (in any equal numeric form)
  if (rules === 1) return roundTo(g, rounding.places) === roundTo(e, rounding.places);
  return near(g, roundTo(e, rounding.places));
}

/** The math-answer validator's verdict on a typed blank answer (learner spec §5). */
export function blankAnswerProblem(answer: string): ValidationResult {
  return validateMathAnswer(answer);
}

/**
 * How a typed decimal breaks ISMP's rules for writing doses: a decimal point with no digit
 * before it ('.7', '-.5'), or a zero ending the decimals ('6.30', '13.0'). Null otherwise
 * (whole numbers, fractions, text).
 */
export function writingSlip(typed: string): 'leadingZero' | 'trailingZero' | null {
  const text = typed.trim();
  if (/^[-+]?\.\d+$/.test(text)) return 'leadingZero';
  if (/^[-+]?[\d,]*\d\.\d*0$/.test(text)) return 'trailingZero';
  return null;
}

/** Equal up to the binary noise of parsing (never as loose as a decimal place). */
function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

function sameChoices(question: GradableQuestion, answer: readonly string[]): boolean {
  const chosen = new Set(answer.map(normalise).filter(Boolean));
  const correct = new Set(question.correctAnswer.map(normalise).filter(Boolean));
  if (question.type === 'single' && chosen.size !== 1) return false;
  if (chosen.size !== correct.size || correct.size === 0) return false;
  return [...chosen].every((c) => correct.has(c));
}
