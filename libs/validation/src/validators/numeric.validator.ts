import { NUMBER_MAX_LENGTH } from '../limits';
import { isSecure } from '../security/security-check';
import { fillLimit, invalid, VALID, type ValidationResult } from '../validation-result';

export const NUMERIC_MESSAGES = {
  tooLong: (max: number = NUMBER_MAX_LENGTH) =>
    fillLimit('Input too long. Maximum {n} characters allowed.', max),
  notNumeric: 'Please enter numbers only.',
  security: 'Invalid characters detected. Please enter numbers only.',
} as const;

const DIGITS_ONLY = /^[0-9]*$/;

/**
 * Digits 0-9 only (captcha answers; pump inputs with maxLength 2 or 4).
 * Order: empty passes; security check; length; digits.
 */
export function validateNumeric(
  value: string,
  maxLength: number = NUMBER_MAX_LENGTH,
): ValidationResult {
  if (value === '') return VALID;
  if (!isSecure(value)) return invalid(NUMERIC_MESSAGES.security);
  if (value.length > maxLength) return invalid(NUMERIC_MESSAGES.tooLong(maxLength));
  if (!DIGITS_ONLY.test(value)) return invalid(NUMERIC_MESSAGES.notNumeric);
  return VALID;
}
