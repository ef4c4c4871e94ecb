import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Page } from '@examprep/contracts';
import type { AnyBulkWriteOperation, FilterQuery, Model } from 'mongoose';
import { DIRECTORY_ORDER, type DirectoryEntry } from './directory-entry';
import { DirectoryCountRecord, DirectoryRecord } from './directory.schema';
import {
  type DirectoryQuery,
  DirectoryRepository,
  type DirectoryWrite,
} from './directory.repository';

/** The highest code point: `prefix + MAX_CHAR` is above every text that starts with `prefix`. */
const MAX_CHAR = '\u{10FFFF}';
const RANKS = [0, 1] as const;
/** The yes/no filters are checked on at most FILTER_READS batches of FILTER_BATCH rows a page. */
export const FILTER_BATCH = 200;
export const FILTER_READS = 3;

/**
 * DirectoryRepository on user_directory and user_directory_counts (directory.schema.ts holds
 * the indexes). Every read is by `_id`, by `{email}`, or a page in the list's order.
 */
@Injectable()
export class MongoDirectoryRepository extends DirectoryRepository {
  constructor(
    @InjectModel(DirectoryRecord.name) private readonly entries: Model<DirectoryRecord>,
    @InjectModel(DirectoryCountRecord.name)
    private readonly countsModel: Model<DirectoryCountRecord>,
  ) {
    super();
  }

  /** By `_id`. */
  get(uid: string): Promise<DirectoryEntry | null> {
    return this.entries.findById(uid).lean<DirectoryEntry>().exec();
  }

  /**
   * By `_id`; a whole replacement (FerretDB 1.24 may skip a `$set` of an embedded document
   * whose values equal the stored one's: the purchases map; see MongoPurchaseViewsRepository).
   */
  async put(entry: DirectoryEntry): Promise<void> {
    await this.entries.replaceOne({ _id: entry._id }, entry, { upsert: true }).exec();
  }

  /** By `_id`. */
  async remove(uid: string): Promise<boolean> {
    return (await this.entries.deleteOne({ _id: uid }).exec()).deletedCount > 0;
  }

  /**
   * A page in the list's order (ADR 0030). The rows are read in that order, one query per admin
   * rank (admins, then the others) from the cursor's rank on, so that each is an equality on
   * `adminRank` and a range of `email` that the `{adminRank, email, _id}` index serves (with
   * `{duplicate, ...}` for the duplicates, `{emailDomain, ...}` for a domain), and PostgreSQL
   * stops at the page's end. The yes/no filters are checked here on the rows read, FILTER_BATCH
   * at a time, at most FILTER_READS times (ADR 0026's bounded filter): pushed to the store,
   * FerretDB renders each equality with its array branch, an OR that PostgreSQL answers by
   * reading every matching row and sorting them (1.6 s for 30 % premium at 100,000 users). A
   * page may then hold fewer rows than `limit`; its cursor carries on from the last row read.
   */
  async page(
    query: DirectoryQuery,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<DirectoryEntry>> {
    const { duplicate, isAdmin, ...checked } = query.equalities;
    // Admin? is the rank: only the admins' or only the others' part of the list is read
    const ranks = isAdmin === undefined ? RANKS : isAdmin ? ([0] as const) : ([1] as const);
    const base = { duplicate, email: query.email, ranks };
    if (Object.keys(checked).length === 0)
      return DIRECTORY_ORDER.page(await this.ordered(base, cursor, limit + 1), limit);
    const matches = (e: DirectoryEntry) =>
      Object.entries(checked).every(([field, value]) => e[field as keyof DirectoryEntry] === value);
    const found: DirectoryEntry[] = [];
    let after = cursor;
    for (let i = 0; i < FILTER_READS; i++) {
      const batch = await this.ordered(base, after, FILTER_BATCH);
      for (const e of batch) {
        if (!matches(e)) continue;
        found.push(e);
        if (found.length > limit) return DIRECTORY_ORDER.page(found, limit);
      }
      if (batch.length < FILTER_BATCH) return { items: found, next: null };
      after = DIRECTORY_ORDER.cursorOf(batch[batch.length - 1]!);
    }
    return { items: found, next: after ?? null };
  }

  /** Up to `n` entries in the list's order after the cursor, under the indexed filters. */
  private async ordered(
    base: {
      duplicate: boolean | undefined;
      email: DirectoryQuery['email'];
      ranks: readonly (0 | 1)[];
    },
    cursor: string | undefined,
    n: number,
  ): Promise<DirectoryEntry[]> {
    const at = cursor === undefined ? null : DIRECTORY_ORDER.decode(cursor);
    const found: DirectoryEntry[] = [];
    for (const rank of base.ranks) {
      if (at !== null && (at[0] as number) > rank) continue;
      const parts: FilterQuery<DirectoryRecord>[] = [
        base.duplicate === undefined
          ? { adminRank: rank }
          : { duplicate: base.duplicate, adminRank: rank },
      ];
      if (base.email !== null) {
        parts.push(
          'domain' in base.email
            ? { emailDomain: base.email.domain }
            : { email: { $gte: base.email.prefix, $lt: base.email.prefix + MAX_CHAR } },
        );
      }
      if (at !== null && at[0] === rank) {
        const [, email, id] = at as [number, string, string];
        parts.push({
          email: { $gte: email },
          $or: [{ email: { $gt: email } }, { email, _id: { $gt: id } }],
        });
      }
      const rows = await this.entries
        .find(parts.length === 1 ? parts[0]! : { $and: parts })
        .sort(DIRECTORY_ORDER.sort())
        .limit(n - found.length)
        .lean<DirectoryEntry[]>()
        .exec();
      found.push(...rows);
      if (found.length >= n) break;
    }
    return found;
  }

  /** By the `{email}` index. */
  withEmail(email: string): Promise<DirectoryEntry[]> {
    return this.entries.find({ email }).lean<DirectoryEntry[]>().exec();
  }

  /** By the `_id` index, in its order. */
  scan(after: string | undefined, limit: number): Promise<DirectoryEntry[]> {
    return this.entries
      .find(after === undefined ? {} : { _id: { $gt: after } })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<DirectoryEntry[]>()
      .exec();
  }

  /** One bulk write (replacements and deletions by `_id`). */
  async write(changes: DirectoryWrite[]): Promise<void> {
    if (changes.length === 0) return;
    const ops: AnyBulkWriteOperation<DirectoryRecord>[] = changes.map((c) =>
      'put' in c
        ? { replaceOne: { filter: { _id: c.put._id }, replacement: c.put, upsert: true } }
        : { deleteOne: { filter: { _id: c.remove } } },
    );
    await this.entries.bulkWrite(ops, { ordered: false });
  }

  /** By `_id` (the combination). */
  async bump(facets: number, by: number): Promise<void> {
    await this.countsModel.updateOne({ _id: facets }, { $inc: { n: by } }, { upsert: true }).exec();
  }

  /** The whole of user_directory_counts: 256 documents at most, whatever the users. */
  async counts(): Promise<Map<number, number>> {
    const rows = await this.countsModel.find({}).lean().exec();
    return new Map(rows.map((r) => [r._id, r.n]));
  }

  /** Each count set, by `_id`; the counts of combinations no longer found set to zero. */
  async setCounts(counts: Map<number, number>): Promise<void> {
    const stored = await this.counts();
    const ops: AnyBulkWriteOperation<DirectoryCountRecord>[] = [];
    for (const [facets, n] of counts)
      if (stored.get(facets) !== n)
        ops.push({ updateOne: { filter: { _id: facets }, update: { $set: { n } }, upsert: true } });
    for (const [facets, n] of stored)
      if (!counts.has(facets) && n !== 0)
        ops.push({ updateOne: { filter: { _id: facets }, update: { $set: { n: 0 } } } });
    if (ops.length > 0) await this.countsModel.bulkWrite(ops, { ordered: false });
  }
}
