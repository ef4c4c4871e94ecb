import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { rootLogger } from '@examprep/nest-kit';
import { Model } from 'mongoose';
import { CaptchaRepository, type NewChallenge } from './captcha.repository';
import { CaptchaChallengeRecord, CaptchaUseRecord } from './captcha.schema';

const DUPLICATE_KEY = 11000;

/** What ensureExpiryIndex needs of a collection. */
export interface IndexedCollection {
  readonly collectionName: string;
  createIndex(key: { expiresAt: 1 }, options?: { expireAfterSeconds: number }): Promise<string>;
}

/**
 * A TTL index on `expiresAt` where the database supports one (MongoDB); FerretDB 1.x answers
 * 'Index option "expireAfterSeconds" is not implemented yet', so there a plain index serves
 * the lazy sweep, and the expiry is checked on every verify anyway.
 */
export async function ensureExpiryIndex(collection: IndexedCollection): Promise<void> {
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

/** CaptchaRepository on the `captcha_challenges` and `captcha_uses` collections. */
@Injectable()
export class MongoCaptchaRepository extends CaptchaRepository implements OnModuleInit {
  constructor(
    @InjectModel(CaptchaChallengeRecord.name)
    private readonly challenges: Model<CaptchaChallengeRecord>,
    @InjectModel(CaptchaUseRecord.name)
    private readonly uses: Model<CaptchaUseRecord>,
  ) {
    super();
  }

  onModuleInit(): void {
    // in the background: a slow or missing database must not hold up the start
    void this.ensureIndexes();
  }

  /** The `{expiresAt}` index of both collections (TTL where the database has them). */
  async ensureIndexes(): Promise<void> {
    for (const collection of [this.challenges.collection, this.uses.collection])
      await ensureExpiryIndex(collection);
  }

  /** An insert (the `_id` index). */
  async insertChallenge(challenge: NewChallenge): Promise<void> {
    await this.challenges.create(challenge);
  }

  /** By `_id` (the `_id` index). */
  findChallenge(challengeId: string): Promise<CaptchaChallengeRecord | null> {
    return this.challenges.findById(challengeId).lean<CaptchaChallengeRecord>().exec();
  }

  /**
   * The claim is the insert itself: `_id` is unique (the `_id` index), so of simultaneous
   * verifies exactly one inserts and the others get a duplicate-key error (E11000).
   */
  async claim(challengeId: string, usedAt: Date, expiresAt: Date): Promise<boolean> {
    try {
      await this.uses.create({ _id: challengeId, usedAt, expiresAt });
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) return false;
      throw err;
    }
  }

  /** By `expiresAt` in both collections (their `{expiresAt}` index, made by ensureIndexes). */
  async removeExpired(now: Date): Promise<number> {
    const expired = { expiresAt: { $lt: now } };
    const [challenges, uses] = await Promise.all([
      this.challenges.deleteMany(expired).exec(),
      this.uses.deleteMany(expired).exec(),
    ]);
    return challenges.deletedCount + uses.deletedCount;
  }
}
