/**
 * Assignment and Grade Services 2.0 and the LTI Advantage service token (ADR 0040), the pure
 * parts: the RFC 7523 client assertion, the score body, the scores URL of a line item, and the
 * retry schedule.
 */
import { randomUUID } from 'node:crypto';

export const SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** A client assertion's lifetime (the platform takes it once, at once). */
export const ASSERTION_SECONDS = 300;

/** The claims of a client assertion (LTI Advantage security framework §4.1, RFC 7523 §3). */
export function clientAssertionClaims(clientId: string, tokenUrl: string): Record<string, unknown> {
  return { iss: clientId, sub: clientId, aud: tokenUrl, jti: randomUUID() };
}

/**
 * A line item's scores endpoint (AGS 2.0 §3.4): `/scores` appended to the line item URL's path,
 * its query (some platforms put the line item there) kept.
 */
export function scoresUrl(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

/** The score of a submitted test (AGS 2.0 §3.4.1): complete and fully graded, in percent. */
export function scoreBody(input: {
  lmsUserId: string;
  scoreGiven: number;
  scoreMaximum: number;
  submittedAt: Date;
}): Record<string, unknown> {
  return {
    userId: input.lmsUserId,
    scoreGiven: input.scoreGiven,
    scoreMaximum: input.scoreMaximum,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
    timestamp: input.submittedAt.toISOString(),
  };
}

/** Retries: 30 s, then doubling to at most an hour, for three days after the submission. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;

/** When to try a score again after `attempts` failed posts, or null once it is given up. */
export function nextTry(attempts: number, submittedAt: Date, now: number): Date | null {
  if (now - submittedAt.getTime() > GIVE_UP_AFTER_MS) return null;
  const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(now + wait);
}

/**
 * Whether a platform's answer to a score post means it has the score: 2xx, or 409 (a score of
 * this user at this timestamp or later is there already — our own earlier post of this
 * submission whose answer was lost).
 */
export const scoreAccepted = (status: number) => (status >= 200 && status < 300) || status === 409;
