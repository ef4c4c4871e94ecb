import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  DEFAULT_DASHBOARD,
  DASHBOARDS,
  type Dashboard,
  effectivePurchases,
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
