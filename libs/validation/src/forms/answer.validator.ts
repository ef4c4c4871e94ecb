import { invalid, VALID, type ValidationResult } from '../validation-result';

export const ANSWER_MESSAGES = {
  /** Learner test screens, submitting with no answer. */
  answerRequired: 'Please enter an answer before submitting!',
  /** Admin question preview, submitting with no choice selected (admin spec §5). */
  selectionRequired: 'Please select an answer before submitting!',
} as const;

/**
 * The answer must be present before it is checked: a typed answer that is not blank, or at
 * least one selected choice. (Whether a typed answer is well formed is validateMathAnswer's job.)
 */
export function requireAnswer(answer: string | readonly string[]): ValidationResult {
  const missing = typeof answer === 'string' ? answer.trim() === '' : answer.length === 0;
  return missing ? invalid(ANSWER_MESSAGES.answerRequired) : VALID;
}
