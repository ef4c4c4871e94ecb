import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  ENTITLEMENT_SOURCES,
  type EntitlementEntry,
  type EntitlementSource,
} from '@examprep/contracts';
import { ENTITLEMENT_ACTIONS, type EntitlementAction } from './ledger';

/**
 * One grant or revocation inside a ledger snapshot, never changed. `key` is the idempotency key
 * (`${orderId}:${productId}:${action}` for payments and refunds, a fresh id for admin edits);
 * `seq` the entry's place among the user's entries: 1, 2, 3, ... without gaps.
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
