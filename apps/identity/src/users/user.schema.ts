import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  DEFAULT_DASHBOARD,
  DASHBOARDS,
  type Dashboard,
  isPurchaseHeld,
  type Purchases,
  type UserDocument,
} from '@examprep/contracts';
import { Schema as MongooseSchema } from 'mongoose';

/** users/{uid}: the document id is the Keycloak user id. */
@Schema({
  collection: 'users',
  versionKey: false,
  timestamps: { createdAt: true, updatedAt: true },
})
export class UserRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true, lowercase: true, trim: true })
  email!: string;

  @Prop({ type: MongooseSchema.Types.Mixed, default: {} })
  purchases!: Record<string, unknown>;

  @Prop({ type: String, enum: DASHBOARDS, default: DEFAULT_DASHBOARD })
  defaultDashboard!: Dashboard;

  @Prop({ default: 0 })
  infiniteQbankGenerations!: number;

  createdAt?: Date;
  updatedAt?: Date;
}

export const UserSchema = SchemaFactory.createForClass(UserRecord);
UserSchema.index({ email: 1 }, { unique: true });

/** Purchases as the API shows them: only held products, as true. */
export function heldPurchases(raw: Record<string, unknown> | undefined): Purchases {
  return Object.fromEntries(
    Object.entries(raw ?? {})
      .filter(([, v]) => isPurchaseHeld(v))
      .map(([k]) => [k, true]),
  );
}

/**
 * What a user owns as the API shows it (ADR 0018): the catalog ledger's view (purchase_views)
 * decides every product it names — held or revoked —; a legacy value of the user document
 * (true, 'true' or 1, from before the ledger) still counts for a product the ledger has never
 * named, so nothing already granted disappears.
 */
export function effectivePurchases(
  legacy: Record<string, unknown> | undefined,
  ledger: Record<string, unknown> | undefined,
): Purchases {
  // a Map, then Object.fromEntries: keys from stored data stay own keys ('__proto__' too)
  const held = new Map(Object.entries(heldPurchases(legacy)));
  for (const [id, value] of Object.entries(ledger ?? {})) {
    if (isPurchaseHeld(value)) held.set(id, true);
    else held.delete(id);
  }
  return Object.fromEntries(held);
}

/** The user document; `ledger` is the user's purchase view, when the ledger has one. */
export function toUserDocument(
  doc: UserRecord,
  ledger?: Record<string, unknown> | undefined,
): UserDocument {
  return {
    uid: doc._id,
    email: doc.email,
    purchases: effectivePurchases(doc.purchases, ledger),
    defaultDashboard: doc.defaultDashboard ?? DEFAULT_DASHBOARD,
    infiniteQbankGenerations: doc.infiniteQbankGenerations ?? 0,
    createdAt: (doc.createdAt ?? new Date(0)).toISOString(),
  };
}
