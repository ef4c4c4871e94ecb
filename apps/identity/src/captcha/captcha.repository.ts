import type { CaptchaChallengeRecord } from './captcha.schema';

/** A new challenge as it is stored. */
export type NewChallenge = Omit<CaptchaChallengeRecord, 'createdAt'>;

/**
 * The queries of the contact challenges (collections captcha_challenges and captcha_uses,
 * both by challenge id). The port the service injects; MongoCaptchaRepository is the real one.
 */
export abstract class CaptchaRepository {
  abstract insertChallenge(challenge: NewChallenge): Promise<void>;

  /** The challenge (lean), or null. */
  abstract findChallenge(challengeId: string): Promise<CaptchaChallengeRecord | null>;

  /**
   * Uses the challenge up (kept until `expiresAt`); false when a verify used it before. Of
   * simultaneous claims exactly one is true.
   */
  abstract claim(challengeId: string, usedAt: Date, expiresAt: Date): Promise<boolean>;

  /** Removes the challenges and uses that expired before `now`; how many were removed. */
  abstract removeExpired(now: Date): Promise<number>;
}
