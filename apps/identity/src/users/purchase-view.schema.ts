import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';

/**
 * purchase_views/{uid}: what the catalog's entitlement ledger says the user owns (ADR 0018),
 * kept from its `events.user.purchasesChanged` facts. Only a higher `version` replaces it.
 */
@Schema({ collection: 'purchase_views', versionKey: false })
export class PurchaseViewRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** Product id -> held, as the catalog published it. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: {} })
  purchases!: Record<string, unknown>;

  /** The ledger's version of this user's holdings (grows with every change). */
  @Prop({ required: true })
  version!: number;

  /** When the catalog recorded the change. */
  @Prop({ required: true })
  at!: Date;
}

export const PurchaseViewSchema = SchemaFactory.createForClass(PurchaseViewRecord);
