import { CaptchaRepository, type NewChallenge } from '../../src/captcha/captcha.repository';
import type { CaptchaChallengeRecord, CaptchaUseRecord } from '../../src/captcha/captcha.schema';

/**
 * An in-memory CaptchaRepository for unit specs: unique challenge ids, one use per challenge
 * (the first claim wins), expired documents of both collections removed together.
 */
export class FakeCaptchaRepository implements CaptchaRepository {
  readonly challenges = new Map<string, CaptchaChallengeRecord>();
  readonly uses = new Map<string, CaptchaUseRecord>();

  async insertChallenge(challenge: NewChallenge): Promise<void> {
    if (this.challenges.has(challenge._id))
      throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
    this.challenges.set(challenge._id, { ...challenge, createdAt: new Date() });
  }

  async findChallenge(challengeId: string): Promise<CaptchaChallengeRecord | null> {
    const c = this.challenges.get(challengeId);
    return c ? { ...c } : null;
  }

  async claim(challengeId: string, usedAt: Date, expiresAt: Date): Promise<boolean> {
    if (this.uses.has(challengeId)) return false;
    this.uses.set(challengeId, { _id: challengeId, usedAt, expiresAt });
    return true;
  }

  async removeExpired(now: Date): Promise<number> {
    let removed = 0;
    for (const docs of [this.challenges, this.uses])
      for (const [id, doc] of docs) if (doc.expiresAt < now) removed += Number(docs.delete(id));
    return removed;
  }
}
