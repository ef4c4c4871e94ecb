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
import { validateNumeric } from '@examprep/validation';
import { randomInt, randomUUID } from 'node:crypto';
import { Model } from 'mongoose';
import { CaptchaChallengeRecord, CaptchaUseRecord } from './captcha.schema';
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

const DUPLICATE_KEY = 11000;

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
export class CaptchaService implements OnModuleInit {
  private lastSweep = 0;
  private readonly ttlSeconds: number;
  private readonly now: () => number;

  constructor(
    @InjectModel(CaptchaChallengeRecord.name)
    private readonly challenges: Model<CaptchaChallengeRecord>,
    @InjectModel(CaptchaUseRecord.name)
    private readonly uses: Model<CaptchaUseRecord>,
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
   * the lazy sweep, and the expiry is checked on every verify anyway.
   */
  async ensureIndexes(): Promise<void> {
    for (const collection of [this.challenges.collection, this.uses.collection]) {
      try {
        await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      } catch (err) {
        rootLogger().info(
          { collection: collection.collectionName, reason: (err as Error).message },
          'captcha: no TTL index, expired documents are removed lazily',
        );
        await collection.createIndex({ expiresAt: 1 }).catch((e: unknown) => {
          rootLogger().warn({ err: e }, 'captcha: could not create the expiresAt index');
        });
      }
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
    const challenge = await this.challenges.findById(challengeId).lean().exec();
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
    try {
      await this.uses.create({
        _id: challenge._id,
        usedAt: new Date(now),
        expiresAt: challenge.expiresAt,
      });
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) {
        throw failure(409, CAPTCHA_CODES.USED, CAPTCHA_MESSAGES.used);
      }
      throw err;
    }
  }

  /** Removes expired documents, at most once per SWEEP_INTERVAL_MS, after the reply. */
  private sweepExpired(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    const expired = { expiresAt: { $lt: new Date(now) } };
    Promise.all([this.challenges.deleteMany(expired).exec(), this.uses.deleteMany(expired).exec()])
      .then(([challenges, uses]) => {
        const removed = challenges.deletedCount + uses.deletedCount;
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
