import type { CaptchaVerifyInput, Envelope } from '../types';

/** Payloads of the identity.captcha.* request/reply subjects (anonymous: actor is null). */
export type IssueCaptchaMessage = Envelope;
export type VerifyCaptchaMessage = Envelope<{ input: CaptchaVerifyInput }>;
