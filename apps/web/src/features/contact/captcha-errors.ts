import { CAPTCHA_SPENT_CODES } from '@examprep/contracts/types';
import { ApiError } from '../../shared/api/api-client';
import { CONTACT_MESSAGES as T } from './contact.messages';

/** The texts that stand for "the call failed" (no answer worth showing). */
const FAILURE_MESSAGES: readonly string[] = [T.issueFailed, T.verifyFailed];

/** A 4xx the gateway answered with its own body: its message is meant for the user. */
function isServerAnswer(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 429 &&
    !err.code.startsWith('HTTP_')
  );
}

/**
 * The message a failed call stands for, before display: the server's message for an answer
 * it refused (incorrect, expired, not digits), '' when it gave none worth showing (rate limit,
 * a proxy's page), else the call's failure text ('Failed to verify').
 */
export function captchaFailure(kind: 'issue' | 'verify', err: unknown): string {
  if (kind === 'verify' && isServerAnswer(err)) return err.message;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return '';
  return kind === 'issue' ? T.issueFailed : T.verifyFailed;
}

/**
 * Learner spec §8 Captcha: an issue failure reads 'Unable to start verification. Please
 * refresh and try again.'; on verify, 'Something went wrong. Please refresh and try again.'
 * replaces the failure messages, the server's messages (incorrect answer) are shown as they
 * come, and 'Please try again.' is the fallback.
 */
export function captchaErrorText(kind: 'issue' | 'verify', err: unknown): string {
  if (kind === 'issue') return T.startFailed;
  const message = captchaFailure(kind, err);
  if (FAILURE_MESSAGES.includes(message)) return T.somethingWrong;
  return message || T.tryAgain;
}

/** The challenge cannot be answered again (wrong answer, expired, used): a new one is needed. */
export function isChallengeSpent(err: unknown): boolean {
  return err instanceof ApiError && CAPTCHA_SPENT_CODES.includes(err.code);
}
