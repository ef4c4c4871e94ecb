import type { QuestionType, RoundingRule } from '@examprep/contracts/types';
import { validateMathAnswer } from '../validators/math-answer.validator';
import { type ValidationResult } from '../validation-result';
import { parseNumber, roundTo } from './numbers';

/** What grading needs of a question (stored, generated or snapshotted in a test). */
export interface GradableQuestion {
  type: QuestionType;
  correctAnswer: readonly string[];
  rounding?: RoundingRule | null;
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The one answer check of the product (issue #4): preview, Infinite QBank and tests.
 * Single and SATA: the chosen set equals the correct set, case-insensitive, trimmed and
 * order-independent. Blank: when both sides are numbers they compare numerically, under the
 * item's rounding rule when it has one (the learner's value rounded to the stated places must
 * equal the answer), so 0.5, .5 and 0.50 agree; otherwise as normalised text.
 * A blank answer that fails the math-answer validator is never correct.
 */
export function checkAnswer(question: GradableQuestion, answer: readonly string[]): boolean {
  if (question.type === 'blank') {
    const given = answer[0] ?? '';
    const expected = question.correctAnswer[0] ?? '';
    if (!given.trim() || !blankAnswerProblem(given).isValid) return false;
    return sameBlankAnswer(given, expected, question.rounding ?? null);
  }
  const chosen = new Set(answer.map(normalise).filter(Boolean));
  const correct = new Set(question.correctAnswer.map(normalise).filter(Boolean));
  if (question.type === 'single' && chosen.size !== 1) return false;
  if (chosen.size !== correct.size || correct.size === 0) return false;
  return [...chosen].every((c) => correct.has(c));
}

/** The math-answer validator's verdict on a typed blank answer (learner spec §5). */
export function blankAnswerProblem(answer: string): ValidationResult {
  return validateMathAnswer(answer);
}

function sameBlankAnswer(given: string, expected: string, rounding: RoundingRule | null): boolean {
  const g = parseNumber(given);
  const e = parseNumber(expected);
  if (g !== null && e !== null) {
    if (rounding) return roundTo(g, rounding.places) === roundTo(e, rounding.places);
    return Math.abs(g - e) <= 1e-9 * Math.max(1, Math.abs(e));
  }
  return normalise(given) === normalise(expected);
}
