import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LICENCE_ID_PATTERN, type Page, type Purchases } from '@examprep/contracts';
import { isDuplicateKey } from '@examprep/nest-kit';
import { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import {
  entryDocId,
  HISTORY_ORDER,
  HoldingsRecord,
  LedgerEntryDocRecord,
  type LedgerEntryRecord,
  LedgerSnapshotRecord,
  type LicenceSeatsOfLicence,
  LicenceSeatsRecord,
  PendingChangeRecord,
  snapshotId,
} from './entitlement.schema';
import { EntitlementsRepository, type StoredHoldings } from './entitlements.repository';

/** A bulk insert whose every failure is a duplicate key (the documents written before). */
const onlyDuplicates = (err: unknown) => {
  const errors = (err as { writeErrors?: unknown[] })?.writeErrors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDuplicateKey);
};

/**
 * The field of a licence's seats: its id is a path segment, so one with a '.' or a leading '$'
 * would name another field (isLicenceSeatEvent admits only ids of LICENCE_ID_PATTERN).
 */
function seatField(licenceId: string): string {
  if (!LICENCE_ID_PATTERN.test(licenceId)) throw new Error(`not a licence id: ${licenceId}`);
  return `seats.${licenceId}`;
}

const asPurchases = (held: readonly string[] | undefined): Purchases =>
  Object.fromEntries((held ?? []).map((id) => [id, true]));
const asHeld = (purchases: Purchases): string[] => Object.keys(purchases).sort();

function toStored(doc: HoldingsRecord): StoredHoldings {
  return {
    _id: doc._id,
    purchases: asPurchases(doc.held),
    version: doc.version ?? 0,
    snapshot: doc.snapshot ?? 0,
  };
}

/**
 * The ledger's queries (STYLE.md: a service's queries live beside it). Every query about a
 * learner's data takes the uid as a required argument, and every read or write of one user's
 * ledger names a document by `_id` only: FerretDB 1.x pushes down `_id` equality and nothing
 * else (not `$in`, not `_id` plus another condition), so any other filter scans the collection.
 * The relay's `pendingBefore`/`clearPending` are the exceptions: they query `ledger_pending`,
 * which holds only changes in flight; and the history's `ledger_entries`, read by
 * `{uid, seq, _id}` (ADR 0028: ranges on an ordered index are pushed down on PostgreSQL).
 */
@Injectable()
export class MongoEntitlementsRepository extends EntitlementsRepository implements OnModuleInit {
  constructor(
    @InjectModel(LedgerSnapshotRecord.name)
    private readonly snapshots: Model<LedgerSnapshotRecord>,
    @InjectModel(HoldingsRecord.name) private readonly holdings: Model<HoldingsRecord>,
    @InjectModel(PendingChangeRecord.name) private readonly pending: Model<PendingChangeRecord>,
    @InjectModel(LedgerEntryDocRecord.name)
    private readonly entries: Model<LedgerEntryDocRecord>,
    @InjectModel(LicenceSeatsRecord.name) private readonly seats: Model<LicenceSeatsRecord>,
  ) {
    super();
  }

  async onModuleInit(): Promise<void> {
    await Promise.all([
      this.snapshots.init(),
      this.holdings.init(),
      this.pending.init(),
      this.entries.init(),
    ]);
  }

  /** The user's n-th snapshot, or null (by id). */
  snapshotOf(uid: string, n: number): Promise<LedgerSnapshotRecord | null> {
    return this.snapshots.findById(snapshotId(uid, n)).lean<LedgerSnapshotRecord>().exec();
  }

  /**
   * Claims the user's n-th snapshot: false when it exists (another writer claimed that number
   * first: read it and build on it). An insert against the unique `_id` index.
   */
  async insertSnapshot(snapshot: LedgerSnapshotRecord): Promise<boolean> {
    try {
      await this.snapshots.create(snapshot);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Marks a change of the user as in progress (an insert); answers the mark's id. */
  async markPending(uid: string, since: Date): Promise<string> {
    const _id = randomUUID();
    await this.pending.create({ _id, uid, since });
    return _id;
  }

  /** Ends one change's mark (by id). */
  async clearMark(id: string): Promise<void> {
    await this.pending.deleteOne({ _id: id }).exec();
  }

  /**
   * Stores the fold of snapshot `snapshot` (by id, unconditionally: a condition on the version
   * would make FerretDB scan, and it would not be atomic there anyway). A slower writer may
   * store an older fold over a newer one; EntitlementsService.settled reads back and writes
   * again until the stored holdings are the newest snapshot's.
   */
  async writeHoldings(
    uid: string,
    purchases: Purchases,
    version: number,
    snapshot: number,
  ): Promise<void> {
    const update = { $set: { held: asHeld(purchases), version, snapshot } };
    try {
      await this.holdings.updateOne({ _id: uid }, update, { upsert: true }).exec();
    } catch (err) {
      // a concurrent upsert made the document: write it
      if (!isDuplicateKey(err)) throw err;
      await this.holdings.updateOne({ _id: uid }, update).exec();
    }
  }

  /** The hot path of access checks: one read by id, the held list only. */
  async purchasesOf(uid: string): Promise<Purchases> {
    const doc = await this.holdings
      .findById(uid, { held: 1 })
      .lean<Pick<HoldingsRecord, 'held'>>()
      .exec();
    return asPurchases(doc?.held);
  }

  /** By id. */
  async holdingsOf(uid: string): Promise<StoredHoldings | null> {
    const doc = await this.holdings.findById(uid).lean<HoldingsRecord>().exec();
    return doc ? toStored(doc) : null;
  }

  /**
   * `find({uid, ...HISTORY_ORDER.after(cursor)}).sort({seq: -1, _id: -1}).limit(limit + 1)` by
   * the `{uid, seq, _id}` index of ledger_entries (ADR 0026).
   */
  async entriesPage(
    uid: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<LedgerEntryDocRecord>> {
    const docs = await this.entries
      .find({ uid, ...HISTORY_ORDER.after(cursor) })
      .sort(HISTORY_ORDER.sort())
      .limit(limit + 1)
      .lean<LedgerEntryDocRecord[]>()
      .exec();
    return HISTORY_ORDER.page(docs, limit);
  }

  /** The first of the user's entries in HISTORY_ORDER, its seq only (the same index). */
  async newestEntrySeq(uid: string): Promise<number> {
    const doc = await this.entries
      .findOne({ uid }, { seq: 1 })
      .sort(HISTORY_ORDER.sort())
      .lean<Pick<LedgerEntryDocRecord, 'seq'>>()
      .exec();
    return doc?.seq ?? 0;
  }

  /**
   * Inserts by `_id` (`${uid}#${seq}`), oldest first and unordered: an entry stored before is
   * a duplicate key, skipped; the rest are still written.
   */
  async insertEntries(uid: string, entries: readonly LedgerEntryRecord[]): Promise<void> {
    if (entries.length === 0) return;
    const docs = [...entries]
      .sort((a, b) => a.seq - b.seq)
      .map((e) => ({
        _id: entryDocId(uid, e.seq),
        uid,
        key: e.key,
        seq: e.seq,
        productId: e.productId,
        action: e.action,
        source: e.source,
        by: e.by,
        at: e.at,
        orderId: e.orderId ?? null,
      }));
    try {
      await this.entries.insertMany(docs, { ordered: false });
    } catch (err) {
      if (!onlyDuplicates(err) && !isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Erases everything of the user's ledger: snapshots (by the `{uid}` index of
   * ledger_snapshots), holdings (by id), entries (by the `{uid, seq, _id}` index of
   * ledger_entries) and marks (by the `{uid}` index of ledger_pending) of
   * a deleted user (ADR 0023). The orders keep what accounting needs,
   * without the person.
   */
  async eraseUser(uid: string): Promise<void> {
    // what the user holds first: access ends before the history goes
    await this.holdings.deleteOne({ _id: uid }).exec();
    await this.snapshots.deleteMany({ uid }).exec();
    await this.entries.deleteMany({ uid }).exec();
    await this.pending.deleteMany({ uid }).exec();
    await this.seats.deleteOne({ _id: uid }).exec();
  }

  /**
   * By `_id`: the numbers with $max (an older fact never lowers one), the products when this
   * seat is the newest taken (read first: a learner's seats of one licence follow one another).
   */
  async noteSeatTaken(
    uid: string,
    licenceId: string,
    seat: number,
    productIds: readonly string[],
  ): Promise<void> {
    const field = seatField(licenceId);
    const before = (await this.seatsOf(uid))[licenceId];
    await this.upsertSeats(uid, {
      $max: { [`${field}.taken`]: seat, [`${field}.released`]: 0 },
      ...(seat >= (before?.taken ?? 0)
        ? { $set: { [`${field}.productIds`]: [...productIds] } }
        : {}),
    });
  }

  /** By `_id`, $max: a release seen before its take keeps that seat from being granted. */
  async noteSeatReleased(uid: string, licenceId: string, seat: number): Promise<void> {
    const field = seatField(licenceId);
    await this.upsertSeats(uid, {
      $max: { [`${field}.released`]: seat, [`${field}.taken`]: 0 },
    });
  }

  /**
   * An upsert by `_id`; two first facts of one user at once (its take and release on two
   * consumers) may both insert: the one refused as a duplicate key updates the other's.
   */
  private async upsertSeats(uid: string, update: Record<string, unknown>): Promise<void> {
    const write = () =>
      this.seats.collection.updateOne({ _id: uid } as never, update, { upsert: true });
    try {
      await write();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await write();
    }
  }

  /** By `_id`. */
  async seatsOf(uid: string): Promise<Record<string, LicenceSeatsOfLicence>> {
    const doc = await this.seats.collection.findOne({ _id: uid } as never);
    return (doc?.seats as Record<string, LicenceSeatsOfLicence> | undefined) ?? {};
  }

  /**
   * Marks of changes in progress since before `cutoff`, oldest first (the relay's), by the
   * `{since}` index, sort and limit included.
   */
  pendingBefore(cutoff: Date, limit: number): Promise<PendingChangeRecord[]> {
    return this.pending
      .find({ since: { $lt: cutoff } })
      .sort({ since: 1 })
      .limit(limit)
      .lean<PendingChangeRecord[]>()
      .exec();
  }

  /**
   * Ends the marks (the relay's, once it has published their users): one `_id` branch per mark,
   * by the `_id` index (FerretDB on PostgreSQL pushes down an `$or` of equalities, not `$in`).
   */
  async clearPending(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.pending.deleteMany({ $or: [...new Set(ids)].map((_id) => ({ _id })) }).exec();
  }
}
