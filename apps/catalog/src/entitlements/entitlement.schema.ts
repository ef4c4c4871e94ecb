import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  ENTITLEMENT_SOURCES,
  type EntitlementEntry,
  type EntitlementSource,
} from '@examprep/contracts';
import { Keyset } from '@examprep/nest-kit';
import { ENTITLEMENT_ACTIONS, type EntitlementAction } from './ledger';

/**
 * One grant or revocation inside a ledger snapshot, never changed. `key` is the idempotency key
 * (`${orderId}:${productId}:${action}` for payments and refunds,
 * `licence:${licenceId}:${uid}:${seat}:${productId}:${action}` for a licence seat's, a fresh id
 * for admin edits); `seq` the entry's place among the user's entries: 1, 2, 3, ... without gaps.
 */
@Schema({ _id: false, versionKey: false })
export class LedgerEntryRecord {
  @Prop({ required: true })
  key!: string;

  @Prop({ required: true })
  seq!: number;

  @Prop({ required: true })
  productId!: string;

  @Prop({ type: String, enum: ENTITLEMENT_ACTIONS, required: true })
  action!: EntitlementAction;

  @Prop({ type: String, enum: ENTITLEMENT_SOURCES, required: true })
  source!: EntitlementSource;

  @Prop({ required: true })
  by!: string;

  @Prop({ required: true })
  at!: Date;

  @Prop({ type: String, default: null })
  orderId!: string | null;
}
export const LedgerEntrySchema = SchemaFactory.createForClass(LedgerEntryRecord);

/**
 * ledger_snapshots/{uid}#{n}: the user's n-th ledger state, ALL their entries up to it (entries
 * are few per user), never changed or deleted (ADR 0018). n runs 1, 2, 3, ... per user without
 * gaps; `version` is the number of entries (a change may add several). Claiming `${uid}#${n+1}`
 * is an insert against the unique _id, the one operation FerretDB 1.x makes atomic, and every
 * read is by _id, the one filter it pushes down: the cost of a change does not grow with the
 * other users' entries.
 */
@Schema({ collection: 'ledger_snapshots', versionKey: false })
export class LedgerSnapshotRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  uid!: string;

  @Prop({ required: true })
  n!: number;

  @Prop({ required: true })
  version!: number;

  @Prop({ type: [LedgerEntrySchema], default: [] })
  entries!: LedgerEntryRecord[];

  @Prop({ required: true })
  at!: Date;
}
export const LedgerSnapshotSchema = SchemaFactory.createForClass(LedgerSnapshotRecord);
/** A deleted user's snapshots, erased together (every other read is by _id). */
LedgerSnapshotSchema.index({ uid: 1 });

/** The id of the user's n-th snapshot. */
export const snapshotId = (uid: string, n: number) => `${uid}#${n}`;

/**
 * holdings/{uid}: what the user holds now, the fold of their newest snapshot's entries, as the
 * sorted list of held product ids (not a map: FerretDB 1.24 skips a $set of an embedded
 * document whose values equal the stored ones, so {a: true} -> {b: true} would not be written).
 * `version` is the number of entries it was folded from, `snapshot` the snapshot's number: where
 * the next reader starts probing. Written once per change, by id (on FerretDB 1.24 even an
 * update by _id costs more as the collection grows; inserts and reads by _id do not).
 */
@Schema({ collection: 'holdings', versionKey: false })
export class HoldingsRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: [String], default: [] })
  held!: string[];

  @Prop({ default: 0 })
  version!: number;

  @Prop({ default: 0 })
  snapshot!: number;
}
export const HoldingsSchema = SchemaFactory.createForClass(HoldingsRecord);

/**
 * ledger_pending/{random}: a change in progress, inserted before it is recorded and deleted by
 * its own id once it is published. What is left is a crash or a failed publish: the relay folds
 * and publishes that user's newest snapshot. The collection holds only changes in flight, so the
 * relay's query over it stays cheap.
 */
@Schema({ collection: 'ledger_pending', versionKey: false })
export class PendingChangeRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  uid!: string;

  @Prop({ required: true })
  since!: Date;
}
export const PendingChangeSchema = SchemaFactory.createForClass(PendingChangeRecord);
/** The relay's scan (oldest first) and a deleted user's marks. */
PendingChangeSchema.index({ since: 1 });
PendingChangeSchema.index({ uid: 1 });

/**
 * ledger_entries/{uid}#{seq}: each entry of a user's ledger on its own, as recorded in the
 * snapshots (the same key, seq, product, action, source, by, at and order), for the admin's
 * history page (issue 26, ADR 0026): a snapshot holds ALL the user's entries, so a page read
 * from it would read the whole history. Written after the snapshot that recorded them, from
 * the user's newest entry here on (inserts by `_id`: written twice is one), and caught up from
 * the newest snapshot when a history read finds it behind the holdings (a crash in between,
 * a ledger recorded before this collection existed). Never changed; erased with the user.
 */
@Schema({ collection: 'ledger_entries', versionKey: false })
export class LedgerEntryDocRecord extends LedgerEntryRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  uid!: string;
}
export const LedgerEntryDocSchema = SchemaFactory.createForClass(LedgerEntryDocRecord);
/** The history page (HISTORY_ORDER after the uid), the user's newest entry, a user's erasure. */
LedgerEntryDocSchema.index({ uid: 1, seq: -1, _id: -1 });

/** The id of the user's entry number `seq`. */
export const entryDocId = (uid: string, seq: number) => `${uid}#${seq}`;

/**
 * The history's order (ADR 0026): newest entry first (`seq` grows by one with each entry of
 * the user), then `_id`, the tie-breaker of the convention.
 */
export const HISTORY_ORDER = new Keyset<LedgerEntryDocRecord>([
  { field: 'seq', dir: -1, kind: 'number', of: (e) => e.seq },
  { field: '_id', dir: -1, kind: 'string', of: (e) => e._id },
]);

/** Stored entry -> API shape. */
export function toEntitlementEntry(uid: string, doc: LedgerEntryRecord): EntitlementEntry {
  return {
    seq: doc.seq,
    uid,
    productId: doc.productId,
    action: doc.action,
    source: doc.source,
    by: doc.by,
    at: new Date(doc.at).toISOString(),
    orderId: doc.orderId ?? null,
  };
}

/** One licence's seats of a user as licence_seats keeps them. */
export interface LicenceSeatsOfLicence {
  /** The highest seat number taken (0: none seen yet). */
  taken: number;
  /** The highest seat number freed (0: none). */
  released: number;
  /** The licence's products, as its newest seat fact named them. */
  productIds?: string[];
}

/**
 * licence_seats/{uid}: the schools service's seat facts as the ledger has seen them (ADR 0040),
 * by licence id. A seat is held while its number is taken and not freed (taken > released);
 * the numbers only grow, so the facts may arrive in any order: a seat freed before its take
 * is seen is never granted. Read and written by `_id` only; erased with the user.
 */
@Schema({ collection: 'licence_seats', versionKey: false, minimize: false })
export class LicenceSeatsRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Object, default: {} })
  seats!: Record<string, LicenceSeatsOfLicence>;
}
export const LicenceSeatsSchema = SchemaFactory.createForClass(LicenceSeatsRecord);
