import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  ENTITLEMENT_SOURCES,
  type EntitlementEntry,
  type EntitlementSource,
} from '@examprep/contracts';
import { ENTITLEMENT_ACTIONS, type EntitlementAction } from './ledger';

/**
 * entitlements/{key}: one grant or revocation, never changed or deleted (ADR 0018). The id is
 * the idempotency key (`${orderId}:${productId}:${action}` for payments and refunds).
 */
@Schema({ collection: 'entitlements', versionKey: false })
export class EntitlementRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  uid!: string;

  /**
   * The entry's place among the user's entries: 1, 2, 3, ... without gaps. The unique index
   * on (uid, seq) hands each number out once even to concurrent writers (FerretDB updates such
   * as $inc are not atomic under concurrency; inserts against a unique index are).
   */
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
export const EntitlementSchema = SchemaFactory.createForClass(EntitlementRecord);
EntitlementSchema.index({ uid: 1, seq: 1 }, { unique: true });

/**
 * holdings/{uid}: what the user holds now, the fold of their entries, as the sorted list of
 * held product ids (not a map: FerretDB 1.24 skips a $set of an embedded document whose values
 * equal the stored ones, so {a: true} -> {b: true} would not be written). `version` is the
 * number of entries it was folded from (a fold that saw more entries is newer: entries only
 * grow); `publishedVersion` the highest version published as events.user.purchasesChanged;
 * `pendingSince` marks a change in progress until the relay has seen it through.
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
  publishedVersion!: number;

  @Prop({ type: Date, default: null })
  pendingSince!: Date | null;
}
export const HoldingsSchema = SchemaFactory.createForClass(HoldingsRecord);
HoldingsSchema.index({ pendingSince: 1 });

/** Stored entry -> API shape. */
export function toEntitlementEntry(doc: EntitlementRecord): EntitlementEntry {
  return {
    seq: doc.seq,
    uid: doc.uid,
    productId: doc.productId,
    action: doc.action,
    source: doc.source,
    by: doc.by,
    at: new Date(doc.at).toISOString(),
    orderId: doc.orderId ?? null,
  };
}
