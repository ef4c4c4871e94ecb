/** Contact challenge (learner spec §2 Dashboard "Contact", §3, §4, §5, §7). */

/** POST /api/captcha/issue: a math question to answer before the business number is shown. */
export interface CaptchaChallenge {
  challengeId: string;
  /** e.g. 'What is 7 + 5?' */
  question: string;
  /** Seconds until the challenge expires. */
  expiresIn: number;
}

/** Body of POST /api/captcha/verify. The answer is text checked by the numeric validator. */
export interface CaptchaVerifyInput {
  challengeId: string;
  answer: string;
}

/** POST /api/captcha/verify after a correct answer. */
export interface CaptchaVerifyAnswer {
  businessNumber: string;
}

/** A challenge lives 5 minutes and is used up by the first verify, right or wrong. */
export const CAPTCHA_TTL_SECONDS = 300;

export const CAPTCHA_CODES = {
  INCORRECT: 'CAPTCHA_INCORRECT',
  EXPIRED: 'CAPTCHA_EXPIRED',
  USED: 'CAPTCHA_USED',
  NOT_FOUND: 'CAPTCHA_NOT_FOUND',
} as const;
export type CaptchaCode = (typeof CAPTCHA_CODES)[keyof typeof CAPTCHA_CODES];

/** Codes after which the challenge cannot be answered again: the caller needs a new one. */
export const CAPTCHA_SPENT_CODES: readonly string[] = Object.values(CAPTCHA_CODES);

/** Server messages of the contact challenge (the web shows them as they come). */
export const CAPTCHA_MESSAGES = {
  incorrect: 'Incorrect answer. Please try again.',
  expired: 'This verification question has expired. Please try again with a new one.',
  used: 'This verification question has already been answered. Please try again with a new one.',
  notFound: 'This verification question was not found. Please try again with a new one.',
  answerRequired: 'Please enter an answer.',
  answerText: 'The answer must be text (digits only).',
  challengeIdInvalid: 'The verification question id is not valid.',
} as const;
