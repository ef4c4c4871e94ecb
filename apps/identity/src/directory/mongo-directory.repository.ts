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
   * A page in the list's order, one query per admin rank (admins, then the others) from the
   * cursor's rank on, so that each is an equality on `adminRank` and a range of `email`: the
   * `{adminRank, email, _id}` index (or `{duplicate, ...}`, `{emailDomain, ...}` with those
   * filters) is read in order from the cursor and PostgreSQL stops at the page's end. The
   * yes/no equalities are checked on the rows read in that order (no index per combination):
   * a rare combination reads further (ADR 0030 gives the figures).
   */
  async page(
    query: DirectoryQuery,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<DirectoryEntry>> {
    const at = cursor === undefined ? null : DIRECTORY_ORDER.decode(cursor);
    const found: DirectoryEntry[] = [];
    for (const rank of RANKS) {
      if (at !== null && (at[0] as number) > rank) continue;
      const parts: FilterQuery<DirectoryRecord>[] = [{ ...query.equalities, adminRank: rank }];
      if (query.email !== null) {
        parts.push(
          'domain' in query.email
            ? { emailDomain: query.email.domain }
            : { email: { $gte: query.email.prefix, $lt: query.email.prefix + MAX_CHAR } },
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
        .limit(limit + 1 - found.length)
        .lean<DirectoryEntry[]>()
        .exec();
      found.push(...rows);
      if (found.length > limit) break;
    }
    return DIRECTORY_ORDER.page(found, limit);
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
