/** Learner validator limits (learner spec §9 "Validator limits"). */
export const ANSWER_MAX_LENGTH = 500;
export const NUMBER_MAX_LENGTH = 10;
export const EMAIL_MAX_LENGTH = 254;
export const COUPON_MAX_LENGTH = 32;

/** Minimum password length named in the messages (learner spec §5 and §9). */
export const PASSWORD_MIN_LENGTH = 6;

/** Pump simulator inputs (learner spec §5 "Pump", §9): digits only, checked with the numeric validator. */
export const PUMP_TIME_MAX_LENGTH = 2;
export const KEYPAD_MAX_LENGTH = 4;

/** Sanitizer limits per input type (admin spec §5 "Sanitization", §9); email uses the email limit. */
export const SANITIZE_MAX_LENGTH = {
  math: 500,
  contact: 2000,
  email: EMAIL_MAX_LENGTH,
  general: 10000,
} as const;
