import { ANSWER_MAX_LENGTH } from '../limits';
import { isSecure } from '../security/security-check';
import { fillLimit, invalid, VALID, type ValidationResult } from '../validation-result';

export const MATH_ANSWER_MESSAGES = {
  tooLong: (max: number = ANSWER_MAX_LENGTH) =>
    fillLimit('Answer too long. Maximum {n} characters allowed.', max),
  invalidCharacters:
    'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
  security: 'Invalid characters detected. Please enter valid mathematical expressions only.',
} as const;

/** Letters, digits, , . - + * / ( ) ^ = < > ≤ ≥ ± ∞ √ π and whitespace (learner spec §5). */
const MATH_CHARACTERS = 'A-Za-z0-9,.\\-+*/()^=<>≤≥±∞√π\\s';
const ONLY_MATH_CHARACTERS = new RegExp(`^[${MATH_CHARACTERS}]*$`, 'u');
const OTHER_CHARACTERS = new RegExp(`[^${MATH_CHARACTERS}]`, 'gu');

/** Drops every character a math answer may not contain. */
export function keepMathCharacters(text: string): string {
  return text.replace(OTHER_CHARACTERS, '');
}

/**
 * Order: empty passes; then the security check, which must win over the character rule
 * because `<`, `=`, `/` and letters are allowed (`<div onclick=x>` would otherwise get the
 * milder message, and `<br/>` would pass); then the length; then the characters.
 */
export function validateMathAnswer(
  value: string,
  maxLength: number = ANSWER_MAX_LENGTH,
): ValidationResult {
  if (value === '') return VALID;
  if (!isSecure(value)) return invalid(MATH_ANSWER_MESSAGES.security);
  if (value.length > maxLength) return invalid(MATH_ANSWER_MESSAGES.tooLong(maxLength));
  if (!ONLY_MATH_CHARACTERS.test(value)) return invalid(MATH_ANSWER_MESSAGES.invalidCharacters);
  return VALID;
}
