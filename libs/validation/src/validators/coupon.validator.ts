import { COUPON_MAX_LENGTH } from '../limits';
import { isSecure } from '../security/security-check';
import { fillLimit, invalid, VALID, type ValidationResult } from '../validation-result';

export const COUPON_MESSAGES = {
  tooLong: (max: number = COUPON_MAX_LENGTH) =>
    fillLimit('Coupon too long. Maximum {n} characters allowed.', max),
  invalidCharacters: 'Coupon codes can only contain letters and numbers.',
  security: 'Invalid characters detected in coupon code.',
  /** Hint under the coupon field of a product card. */
  cardHint: 'Coupon codes can only contain letters and numbers',
  /** Shown by a card while the coupon is invalid (its buy button is disabled). */
  cardInvalid: 'Invalid coupon code. Coupon codes can only contain letters and numbers.',
} as const;

const LETTERS_AND_DIGITS = /^[A-Za-z0-9]*$/;

/** Order: empty passes; security check; length; letters and digits. */
export function validateCoupon(
  value: string,
  maxLength: number = COUPON_MAX_LENGTH,
): ValidationResult {
  if (value === '') return VALID;
  if (!isSecure(value)) return invalid(COUPON_MESSAGES.security);
  if (value.length > maxLength) return invalid(COUPON_MESSAGES.tooLong(maxLength));
  if (!LETTERS_AND_DIGITS.test(value)) return invalid(COUPON_MESSAGES.invalidCharacters);
  return VALID;
}

/** What design cards do as the user types: drop everything but ASCII letters and digits. */
export function stripCouponCharacters(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '');
}
