import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
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
import { randomInt, randomUUID } from 'node:crypto';
import { Model } from 'mongoose';
import { CaptchaChallengeRecord } from './captcha.schema';
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
 * A challenge is used up by its first verify, right or wrong (marked used atomically), so a
 * script cannot try every answer on one question: each guess costs an issue and a verify,
 * both rate limited. Expired challenges are refused with their own message.
 */
@Injectable()
export class CaptchaService implements OnModuleInit {
  private lastSweep = 0;
  private readonly ttlSeconds: number;
  private readonly now: () => number;

  constructor(
    @InjectModel(CaptchaChallengeRecord.name)
    private readonly challenges: Model<CaptchaChallengeRecord>,
    @Inject(CAPTCHA_OPTIONS) private readonly options: CaptchaOptions,
  ) {
    this.ttlSeconds = options.ttlSeconds ?? CAPTCHA_TTL_SECONDS;
    this.now = options.clock ?? Date.now;
  }

  onModuleInit(): void {
    // in the background: a slow or missing database must not hold up the start
    void this.ensureIndexes();
  }

  /**
   * A TTL index where the database supports one (MongoDB); FerretDB 1.x answers
   * 'Index option "expireAfterSeconds" is not implemented yet', so there a plain index serves
   * the lazy sweep and the expiry is also checked on every verify.
   */
  async ensureIndexes(): Promise<void> {
    const collection = this.challenges.collection;
    try {
      await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    } catch (err) {
      rootLogger().info(
        { reason: (err as Error).message },
        'captcha: no TTL index, expired challenges are removed lazily',
      );
      await collection.createIndex({ expiresAt: 1 }).catch((e: unknown) => {
        rootLogger().warn({ err: e }, 'captcha: could not create the expiresAt index');
      });
    }
  }

  /** POST /api/captcha/issue */
  async issue(): Promise<CaptchaChallenge> {
    const now = this.now();
    const { question, answer, seed } = generateMathChallenge(randomInt(0, 2 ** 32));
    const challengeId = randomUUID();
    await this.challenges.create({
      _id: challengeId,
      question,
      answer,
      seed,
      expiresAt: new Date(now + this.ttlSeconds * 1000),
      used: false,
    });
    this.sweepExpired(now);
    return { challengeId, question, expiresIn: this.ttlSeconds };
  }

  /** POST /api/captcha/verify: the business number after a correct answer. */
  async verify(input: CaptchaVerifyInput): Promise<CaptchaVerifyAnswer> {
    // a malformed answer is refused before the challenge is touched: it stays answerable
    const { challengeId, answer } = validatePayload(CaptchaVerifyDto, input ?? {});
    const now = this.now();
    const challenge = await this.challenges
      .findOneAndUpdate({ _id: challengeId, used: false }, { $set: { used: true } })
      .lean()
      .exec();
    if (!challenge) throw await this.whyUnavailable(challengeId, now);
    if (challenge.expiresAt.getTime() <= now) throw expired();
    if (Number(answer) !== challenge.answer) {
      throw ServiceError.badRequest(CAPTCHA_MESSAGES.incorrect, undefined, CAPTCHA_CODES.INCORRECT);
    }
    return { businessNumber: this.options.businessNumber };
  }

  private async whyUnavailable(challengeId: string, now: number): Promise<ServiceError> {
    const spent = await this.challenges
      .findById(challengeId)
      .select({ expiresAt: 1 })
      .lean()
      .exec();
    if (!spent) {
      return new ServiceError({
        status: 404,
        code: CAPTCHA_CODES.NOT_FOUND,
        message: CAPTCHA_MESSAGES.notFound,
      });
    }
    if (spent.expiresAt.getTime() <= now) return expired();
    return new ServiceError({ status: 409, code: CAPTCHA_CODES.USED, message: CAPTCHA_MESSAGES.used });
  }

  /** Removes expired challenges, at most once per SWEEP_INTERVAL_MS, after the reply. */
  private sweepExpired(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    this.challenges
      .deleteMany({ expiresAt: { $lt: new Date(now) } })
      .exec()
      .catch((err: unknown) => rootLogger().warn({ err }, 'captcha: sweeping expired challenges failed'));
  }
}

function expired(): ServiceError {
  return new ServiceError({
    status: 410,
    code: CAPTCHA_CODES.EXPIRED,
    message: CAPTCHA_MESSAGES.expired,
  });
}
