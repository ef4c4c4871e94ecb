import isEmail from 'validator/lib/isEmail';
import { EMAIL_MAX_LENGTH } from '../limits';
import { isSecure } from '../security/security-check';
import { fillLimit, invalid, VALID, type ValidationResult } from '../validation-result';

export const EMAIL_MESSAGES = {
  tooLong: (max: number = EMAIL_MAX_LENGTH) =>
    fillLimit('Email too long. Maximum {n} characters allowed.', max),
  invalidEmail: 'Please enter a valid email address.',
  security: 'Invalid characters detected in email address.',
} as const;

/** Trimmed and lowercased, as the email is stored at registration (learner spec §5). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Order: empty passes; security check; length (as typed); format of the trimmed value,
 * since surrounding spaces are removed by normalizeEmail before the address is used.
 */
export function validateEmail(
  value: string,
  maxLength: number = EMAIL_MAX_LENGTH,
): ValidationResult {
  if (value === '') return VALID;
  if (!isSecure(value)) return invalid(EMAIL_MESSAGES.security);
  if (value.length > maxLength) return invalid(EMAIL_MESSAGES.tooLong(maxLength));
  if (!isEmail(value.trim())) return invalid(EMAIL_MESSAGES.invalidEmail);
  return VALID;
}
