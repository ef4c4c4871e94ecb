import { Inject, Injectable } from '@nestjs/common';
import {
  CAPTCHA_CODES,
  CAPTCHA_MESSAGES,
  CAPTCHA_TTL_SECONDS,
  type CaptchaChallenge,
  type CaptchaVerifyAnswer,
  type CaptchaVerifyInput,
  CaptchaVerifyDto,
} from '@examprep/contracts';
import { rootLogger, ServiceError, validatePayload } from '@examprep/nest-kit';
import { validateNumeric } from '@examprep/validation';
import { randomInt, randomUUID } from 'node:crypto';
import { CaptchaRepository } from './captcha.repository';
import type { CaptchaChallengeRecord } from './captcha.schema';
import { generateMathChallenge } from './math-challenge.generator';

export const CAPTCHA_OPTIONS = Symbol('CAPTCHA_OPTIONS');
export interface CaptchaOptions {
  /** Shown after a correct answer (CONTACT_BUSINESS_NUMBER). */
  businessNumber: string;
  /** Default CAPTCHA_TTL_SECONDS (5 minutes). */
  ttlSeconds?: number;
  /** Milliseconds since the epoch; tests move it. */
  clock?: () => number;
}

/** Expired challenges are swept at most this often, on issue. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The contact challenge (learner spec §2 Dashboard "Contact", §4, §5): issue a math question,
 * verify the answer once, then reveal the business number.
 *
 * A challenge is used up by its first verify, right or wrong, so a script cannot try every
 * answer on one question: each guess costs an issue and a verify, both rate limited. A
 * malformed answer (not digits) is refused before that and does not use the challenge up.
 * Expired challenges are refused with their own message.
 */
@Injectable()
export class CaptchaService {
  private lastSweep = 0;
  private readonly ttlSeconds: number;
  private readonly now: () => number;

  constructor(
    private readonly captchas: CaptchaRepository,
    @Inject(CAPTCHA_OPTIONS) private readonly options: CaptchaOptions,
  ) {
    this.ttlSeconds = options.ttlSeconds ?? CAPTCHA_TTL_SECONDS;
    this.now = options.clock ?? Date.now;
  }

  /** POST /api/captcha/issue */
  async issue(): Promise<CaptchaChallenge> {
    const now = this.now();
    const { question, answer, seed } = generateMathChallenge(randomInt(0, 2 ** 32));
    const challengeId = randomUUID();
    await this.captchas.insertChallenge({
      _id: challengeId,
      question,
      answer,
      seed,
      expiresAt: new Date(now + this.ttlSeconds * 1000),
    });
    this.sweepExpired(now);
    return { challengeId, question, expiresIn: this.ttlSeconds };
  }

  /** POST /api/captcha/verify: the business number after a correct answer. */
  async verify(input: CaptchaVerifyInput): Promise<CaptchaVerifyAnswer> {
    const { challengeId, answer } = validatePayload(CaptchaVerifyDto, input ?? {});
    const numeric = validateNumeric(answer);
    if (!numeric.isValid) throw ServiceError.badRequest(numeric.error, { answer: [numeric.error] });

    const now = this.now();
    const challenge = await this.captchas.findChallenge(challengeId);
    if (!challenge) throw failure(404, CAPTCHA_CODES.NOT_FOUND, CAPTCHA_MESSAGES.notFound);
    if (challenge.expiresAt.getTime() <= now) {
      throw failure(410, CAPTCHA_CODES.EXPIRED, CAPTCHA_MESSAGES.expired);
    }
    await this.claim(challenge, now);
    if (Number(answer) !== challenge.answer) {
      throw failure(400, CAPTCHA_CODES.INCORRECT, CAPTCHA_MESSAGES.incorrect);
    }
    return { businessNumber: this.options.businessNumber };
  }

  /** Uses the challenge up; refuses when another verify already did. */
  private async claim(challenge: CaptchaChallengeRecord, now: number): Promise<void> {
    if (!(await this.captchas.claim(challenge._id, new Date(now), challenge.expiresAt))) {
      throw failure(409, CAPTCHA_CODES.USED, CAPTCHA_MESSAGES.used);
    }
  }

  /** Removes expired documents, at most once per SWEEP_INTERVAL_MS, after the reply. */
  private sweepExpired(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    this.captchas
      .removeExpired(new Date(now))
      .then((removed) => {
        if (removed > 0) rootLogger().debug({ removed }, 'captcha: expired documents removed');
      })
      .catch((err: unknown) => {
        rootLogger().warn({ err }, 'captcha: sweeping expired documents failed');
      });
  }
}

function failure(status: number, code: string, message: string): ServiceError {
  return new ServiceError({ status, code, message });
}
