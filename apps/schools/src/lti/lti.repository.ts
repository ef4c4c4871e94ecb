import { createHash } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isDuplicateKey, rootLogger } from '@examprep/nest-kit';
import { Model } from 'mongoose';
import {
  AccountRecord,
  ContextRecord,
  LinkRecord,
  MemberRecord,
  OnceRecord,
  PlatformRecord,
  ScoreRecord,
  ToolKeyRecord,
} from './lti.schema';

/** The key of a one-time record: its kind and the SHA-256 of its secret. */
export function onceId(kind: OnceRecord['kind'], secret: string): string {
  return `${kind}:${createHash('sha256').update(secret).digest('base64url')}`;
}

/** How often at most expired one-time records are swept where there is no TTL index. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The LTI collections (ADR 0040). Every read is by `_id` or an index named beside the schema;
 * learning-repositories-like proof: apps/schools/test/schools-repositories.int-spec.ts.
 */
@Injectable()
export class LtiRepository implements OnModuleInit {
  private lastSweep = 0;

  constructor(
    @InjectModel(PlatformRecord.name) private readonly platforms: Model<PlatformRecord>,
    @InjectModel(ToolKeyRecord.name) private readonly keys: Model<ToolKeyRecord>,
    @InjectModel(OnceRecord.name) private readonly once: Model<OnceRecord>,
    @InjectModel(AccountRecord.name) private readonly accounts: Model<AccountRecord>,
    @InjectModel(ContextRecord.name) private readonly contexts: Model<ContextRecord>,
    @InjectModel(MemberRecord.name) private readonly members: Model<MemberRecord>,
    @InjectModel(LinkRecord.name) private readonly links: Model<LinkRecord>,
    @InjectModel(ScoreRecord.name) private readonly scores: Model<ScoreRecord>,
  ) {}

  onModuleInit(): void {
    // in the background: a slow database must not hold up the start
    void this.ensureExpiryIndex();
  }

  /**
   * A TTL index on `lti_once.expiresAt` where the database has them (MongoDB); FerretDB 1.x
   * refuses the option, so a plain index serves the lazy sweep (and every read checks expiry).
   */
  async ensureExpiryIndex(): Promise<void> {
    const collection = this.once.collection;
    try {
      await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    } catch (err) {
      rootLogger().info(
        { reason: (err as Error).message },
        'lti_once: no TTL index, expired records are removed lazily',
      );
      await collection.createIndex({ expiresAt: 1 }).catch((e: unknown) => {
        rootLogger().warn({ err: e }, 'lti_once: could not create the expiresAt index');
      });
    }
  }

  // platforms

  listPlatforms(): Promise<PlatformRecord[]> {
    // a handful per site: the whole list, by name
    return this.platforms.find().sort({ name: 1, _id: 1 }).lean<PlatformRecord[]>().exec();
  }

  findPlatform(id: string): Promise<PlatformRecord | null> {
    return this.platforms.findById(id).lean<PlatformRecord>().exec();
  }

  /** The platforms of an issuer (Canvas Cloud: one issuer, a client id per school). */
  platformsOfIssuer(issuer: string): Promise<PlatformRecord[]> {
    return this.platforms.find({ issuer }).limit(100).lean<PlatformRecord[]>().exec();
  }

  /** false when the issuer and client id are registered already. */
  async insertPlatform(record: PlatformRecord): Promise<boolean> {
    try {
      await this.platforms.create(record);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** The updated record, null when gone; throws a duplicate key as 'duplicate'. */
  async updatePlatform(
    id: string,
    fields: Omit<PlatformRecord, '_id' | 'createdAt' | 'registeredBy'>,
  ): Promise<PlatformRecord | 'duplicate' | null> {
    try {
      return await this.platforms
        .findByIdAndUpdate(id, { $set: fields }, { new: true })
        .lean<PlatformRecord>()
        .exec();
    } catch (err) {
      if (isDuplicateKey(err)) return 'duplicate';
      throw err;
    }
  }

  async deletePlatform(id: string): Promise<boolean> {
    const res = await this.platforms.deleteOne({ _id: id }).exec();
    return res.deletedCount === 1;
  }

  // the tool's keys

  toolKeys(): Promise<ToolKeyRecord[]> {
    return this.keys.find().sort({ createdAt: -1 }).limit(10).lean<ToolKeyRecord[]>().exec();
  }

  /** false when a key of that id exists (another replica made the first key at the same time). */
  async insertToolKey(record: ToolKeyRecord): Promise<boolean> {
    try {
      await this.keys.create(record);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  // one-time records

  /** false when the id exists (a nonce seen before). */
  async insertOnce(
    id: string,
    kind: OnceRecord['kind'],
    data: Record<string, unknown>,
    expiresAt: Date,
  ): Promise<boolean> {
    this.sweep();
    try {
      await this.once.create({ _id: id, kind, data, expiresAt });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /**
   * Takes a one-time record: read, then deleted, and only the use whose delete removed it gets
   * it, so of two uses at once only one does; null when there is none or it has expired. Not
   * findOneAndDelete: FerretDB 1.x answers the document to each of concurrent ones
   * (schools-repositories.int-spec.ts).
   */
  async takeOnce(id: string, now: Date): Promise<OnceRecord | null> {
    const record = await this.once.findById(id).lean<OnceRecord>().exec();
    if (!record) return null;
    const res = await this.once.deleteOne({ _id: id }).exec();
    if (res.deletedCount !== 1 || record.expiresAt.getTime() <= now.getTime()) return null;
    return record;
  }

  /** Reads a one-time record without taking it; null when there is none or it has expired. */
  async findOnce(id: string, now: Date): Promise<OnceRecord | null> {
    const record = await this.once.findById(id).lean<OnceRecord>().exec();
    if (!record || record.expiresAt.getTime() <= now.getTime()) return null;
    return record;
  }

  /** Removes expired records (at most once a minute, in the background). */
  private sweep(): void {
    const at = Date.now();
    if (at - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = at;
    void this.once
      .deleteMany({ expiresAt: { $lte: new Date(at) } })
      .exec()
      .catch((err: unknown) => rootLogger().warn({ err }, 'lti_once: sweep failed'));
  }

  // accounts, contexts, members, links

  findAccount(key: string): Promise<AccountRecord | null> {
    return this.accounts.findById(key).lean<AccountRecord>().exec();
  }

  /** Records the link (first launch) or the launch (every launch). */
  async saveAccount(
    key: string,
    fields: {
      uid: string;
      platformId: string;
      instructor: boolean;
      name: string | null;
      email: string | null;
    },
    now: Date,
  ): Promise<void> {
    const seen = {
      uid: fields.uid,
      platformId: fields.platformId,
      name: fields.name,
      email: fields.email,
      lastLaunchAt: now,
    };
    await this.accounts
      .updateOne(
        { _id: key },
        // `instructor` once true stays true (the role is never taken back by a launch)
        fields.instructor
          ? {
              $set: { ...seen, instructor: true },
              $setOnInsert: { createdAt: now },
            }
          : {
              $set: seen,
              $setOnInsert: { createdAt: now, instructor: false },
            },
        { upsert: true },
      )
      .exec();
  }

  async saveContext(record: ContextRecord): Promise<void> {
    const { _id, ...fields } = record;
    await this.contexts.updateOne({ _id }, { $set: fields }, { upsert: true }).exec();
  }

  async saveMember(record: MemberRecord): Promise<void> {
    const { _id, ...fields } = record;
    await this.members.updateOne({ _id }, { $set: fields }, { upsert: true }).exec();
  }

  async saveLink(record: LinkRecord): Promise<void> {
    const { _id, ...fields } = record;
    await this.links.updateOne({ _id }, { $set: fields }, { upsert: true }).exec();
  }

  findLink(key: string): Promise<LinkRecord | null> {
    return this.links.findById(key).lean<LinkRecord>().exec();
  }

  /** The LMS user id of our user on a platform (their account's `sub`), by the `{uid}` index. */
  async lmsUserOf(uid: string, platformId: string): Promise<string | null> {
    const accounts = await this.accounts.find({ uid }).limit(50).lean<AccountRecord[]>().exec();
    const account = accounts.find((a) => a.platformId === platformId);
    return account ? account._id.slice(platformId.length + 1) : null;
  }

  /**
   * The LMS email (else name) of users, by the accounts' `{uid}` index: one branch per user
   * (FerretDB on PostgreSQL pushes down an `$or` of equalities, not `$in`).
   */
  async contactsOf(uids: readonly string[]): Promise<Map<string, string>> {
    if (uids.length === 0) return new Map();
    const accounts = await this.accounts
      .find({ $or: [...new Set(uids)].map((uid) => ({ uid })) })
      .lean<AccountRecord[]>()
      .exec();
    return new Map(accounts.map((a) => [a.uid, a.email ?? a.name ?? ''] as const));
  }

  findContext(key: string): Promise<ContextRecord | null> {
    return this.contexts.findById(key).lean<ContextRecord>().exec();
  }

  findMember(contextKey: string, uid: string): Promise<MemberRecord | null> {
    return this.members.findById(`${contextKey}|${uid}`).lean<MemberRecord>().exec();
  }

  // scores (the AGS outbox)

  /** false when the submission's score is recorded already (a redelivered fact). */
  async insertScore(record: ScoreRecord): Promise<boolean> {
    try {
      await this.scores.create(record);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /**
   * Claims a due score for one post: moves its `nextAt` past the lease, so another replica's sweep
   * does not post it at the same time. By the `{status, nextAt}` index.
   */
  claimDueScore(now: Date, leaseUntil: Date, id?: string): Promise<ScoreRecord | null> {
    return this.scores
      .findOneAndUpdate(
        { ...(id ? { _id: id } : {}), status: 'pending', nextAt: { $lte: now } },
        { $set: { nextAt: leaseUntil } },
        { new: true, sort: { nextAt: 1 } },
      )
      .lean<ScoreRecord>()
      .exec();
  }

  async scoreSent(id: string, at: Date): Promise<void> {
    await this.scores
      .updateOne(
        { _id: id },
        { $set: { status: 'sent', sentAt: at, lastError: null }, $inc: { attempts: 1 } },
      )
      .exec();
  }

  /** A failed post: tried again at `nextAt`, or given up (`failed`) when `nextAt` is null. */
  async scoreFailed(id: string, error: string, nextAt: Date | null): Promise<void> {
    await this.scores
      .updateOne(
        { _id: id },
        {
          $set: nextAt ? { lastError: error, nextAt } : { lastError: error, status: 'failed' },
          $inc: { attempts: 1 },
        },
      )
      .exec();
  }

  /** The scores of these submissions (the assignment's attempts), by `_id` (an `$or`, as above). */
  scoresOf(testIds: readonly string[]): Promise<ScoreRecord[]> {
    if (testIds.length === 0) return Promise.resolve([]);
    return this.scores
      .find({ $or: [...new Set(testIds)].map((_id) => ({ _id })) })
      .lean<ScoreRecord[]>()
      .exec();
  }

  /**
   * An erased user's school data (events.user.deleted): their LMS links, memberships and score
   * records. By the `{uid}` indexes; the platforms' own records (courses, links) are the
   * school's and stay.
   */
  async removeUser(uid: string): Promise<void> {
    await this.accounts.deleteMany({ uid }).exec();
    await this.members.deleteMany({ uid }).exec();
    await this.scores.deleteMany({ uid }).exec();
  }

  // the instructor's view

  /** The classes a user teaches (their instructor memberships), by the `{uid, instructor}` index. */
  taughtBy(uid: string): Promise<MemberRecord[]> {
    return this.members.find({ uid, instructor: true }).limit(500).lean<MemberRecord[]>().exec();
  }

  /** A class's members (who launched from it), by the `{contextKey}` index. */
  membersOf(contextKey: string): Promise<MemberRecord[]> {
    return this.members.find({ contextKey }).limit(5000).lean<MemberRecord[]>().exec();
  }

  contextsByKeys(keys: readonly string[]): Promise<ContextRecord[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.contexts
      .find({ $or: [...new Set(keys)].map((_id) => ({ _id })) })
      .lean<ContextRecord[]>()
      .exec();
  }

  /** Accounts by their keys (`<platform id>:<sub>`), by `_id`. */
  accountsByKeys(keys: readonly string[]): Promise<AccountRecord[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.accounts
      .find({ $or: [...new Set(keys)].map((_id) => ({ _id })) })
      .lean<AccountRecord[]>()
      .exec();
  }

  /** Accounts of users, by the `{uid}` index. */
  accountsOfUids(uids: readonly string[]): Promise<AccountRecord[]> {
    if (uids.length === 0) return Promise.resolve([]);
    return this.accounts
      .find({ $or: [...new Set(uids)].map((uid) => ({ uid })) })
      .lean<AccountRecord[]>()
      .exec();
  }

  /** A user's learner memberships (the classes a submitted test counts in). */
  learnerOf(uid: string): Promise<MemberRecord[]> {
    return this.members.find({ uid, instructor: false }).limit(500).lean<MemberRecord[]>().exec();
  }
}
