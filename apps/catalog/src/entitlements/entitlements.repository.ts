import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Purchases } from '@examprep/contracts';
import { Model } from 'mongoose';
import { EntitlementRecord, HoldingsRecord } from './entitlement.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/** A user's holdings as the service reads them (the held list as a purchases map). */
export type StoredHoldings = Pick<
  HoldingsRecord,
  '_id' | 'version' | 'publishedVersion' | 'pendingSince'
> & { purchases: Purchases };

const asPurchases = (held: readonly string[] | undefined): Purchases =>
  Object.fromEntries((held ?? []).map((id) => [id, true]));
const asHeld = (purchases: Purchases): string[] => Object.keys(purchases).sort();

function toStored(doc: HoldingsRecord): StoredHoldings {
  return {
    _id: doc._id,
    purchases: asPurchases(doc.held),
    version: doc.version ?? 0,
    publishedVersion: doc.publishedVersion ?? 0,
    pendingSince: doc.pendingSince ?? null,
  };
}

/**
 * The ledger's queries (STYLE.md: a service's queries live beside it). Every query about a
 * learner's data takes the uid as a required argument.
 */
@Injectable()
export class EntitlementsRepository implements OnModuleInit {
  constructor(
    @InjectModel(EntitlementRecord.name) private readonly entries: Model<EntitlementRecord>,
    @InjectModel(HoldingsRecord.name) private readonly holdings: Model<HoldingsRecord>,
  ) {}

  /** The unique (uid, seq) index must exist before the first entry: it is what orders them. */
  async onModuleInit(): Promise<void> {
    await Promise.all([this.entries.init(), this.holdings.init()]);
  }

  /** The highest seq of the user's entries; 0 when there are none. */
  async lastSeq(uid: string): Promise<number> {
    const last = await this.entries
      .findOne({ uid }, { seq: 1 })
      .sort({ seq: -1 })
      .lean<Pick<EntitlementRecord, 'seq'>>()
      .exec();
    return last?.seq ?? 0;
  }

  /**
   * Inserts an entry; false when its key or its (uid, seq) is taken (`entryExists` tells the
   * two apart: recorded before, or a concurrent entry took the seq).
   */
  async insertEntry(entry: EntitlementRecord): Promise<boolean> {
    try {
      await this.entries.create(entry);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async entryExists(id: string): Promise<boolean> {
    return (await this.entries.exists({ _id: id }).exec()) !== null;
  }

  /** Every entry of the user, oldest first (seq order). */
  entriesOf(uid: string): Promise<EntitlementRecord[]> {
    return this.entries.find({ uid }).sort({ seq: 1 }).lean<EntitlementRecord[]>().exec();
  }

  /** Marks a change of the user as in progress (creates the holdings document if needed). */
  async markPending(uid: string, at: Date): Promise<void> {
    const update = {
      $set: { pendingSince: at },
      $setOnInsert: { held: [], version: 0, publishedVersion: 0 },
    };
    try {
      await this.holdings.updateOne({ _id: uid }, update, { upsert: true }).exec();
    } catch (err) {
      // a concurrent first change made the document: mark it
      if (!isDuplicateKey(err)) throw err;
      await this.holdings.updateOne({ _id: uid }, { $set: { pendingSince: at } }).exec();
    }
  }

  /**
   * Stores a fold unless the stored one saw more entries (or as many, unless `sameVersionToo`:
   * then a stored fold of the same count is replaced). FerretDB does not make a conditional
   * update atomic under concurrency, so the service reads the result back and settles
   * (EntitlementsService.settle).
   */
  async writeHoldings(
    uid: string,
    purchases: Purchases,
    version: number,
    sameVersionToo = false,
  ): Promise<void> {
    try {
      await this.holdings
        .updateOne(
          { _id: uid, version: sameVersionToo ? { $lte: version } : { $lt: version } },
          {
            $set: { held: asHeld(purchases), version },
            $setOnInsert: { publishedVersion: 0, pendingSince: null },
          },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      // the document exists with a version >= ours: the upsert collided with it
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** Raises publishedVersion to `version` (never lowers it). */
  async markPublished(uid: string, version: number): Promise<void> {
    await this.holdings.updateOne({ _id: uid }, { $max: { publishedVersion: version } }).exec();
  }

  /** The hot path of access checks: one read by id, the held list only. */
  async purchasesOf(uid: string): Promise<Purchases> {
    const doc = await this.holdings
      .findById(uid, { held: 1 })
      .lean<Pick<HoldingsRecord, 'held'>>()
      .exec();
    return asPurchases(doc?.held);
  }

  async holdingsOf(uid: string): Promise<StoredHoldings | null> {
    const doc = await this.holdings.findById(uid).lean<HoldingsRecord>().exec();
    return doc ? toStored(doc) : null;
  }

  /** Holdings with a change in progress since before `cutoff`, oldest first. */
  async pendingBefore(cutoff: Date, limit: number): Promise<StoredHoldings[]> {
    const docs = await this.holdings
      .find({ pendingSince: { $ne: null, $lt: cutoff } })
      .sort({ pendingSince: 1 })
      .limit(limit)
      .lean<HoldingsRecord[]>()
      .exec();
    return docs.map(toStored);
  }

  /** Ends the pending mark, unless a newer change marked the user again meanwhile. */
  async clearPending(uid: string, pendingSince: Date): Promise<void> {
    await this.holdings
      .updateOne({ _id: uid, pendingSince }, { $set: { pendingSince: null } })
      .exec();
  }
}
