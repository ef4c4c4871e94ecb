import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  ORDER_STATUSES,
  PRODUCT_TYPES,
  type OrderStatus,
  type ProductType,
} from '@examprep/contracts';
import { Schema as MongooseSchema } from 'mongoose';
import type { OrderLine } from './order-pricing';

/** A follow-up that must happen exactly once: none needed, recorded but not yet done, done. */
export const FOLLOW_UP_STATES = ['none', 'pending', 'done'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/**
 * orders/{orderId}: one checkout, recorded before Stripe is asked (ADR 0018). The order id is
 * Stripe's client_reference_id and the Idempotency-Key of the create call. `fulfilment` is
 * 'pending' from the moment the order is marked paid until the grants are recorded in the
 * ledger (which publishes the user's purchasesChanged); `revocation` likewise for a refund, `refund` for the
 * automatic refund of products held already. The relay finishes whatever is pending (after a
 * crash too).
 */
@Schema({ collection: 'orders', versionKey: false, timestamps: true })
export class OrderRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  uid!: string;

  @Prop({ required: true })
  email!: string;

  @Prop({ type: [String], required: true })
  productIds!: string[];

  @Prop({ type: [MongooseSchema.Types.Mixed], required: true })
  lines!: OrderLine[];

  @Prop({ required: true })
  subtotalCents!: number;

  @Prop({ required: true })
  discountCents!: number;

  @Prop({ required: true })
  totalCents!: number;

  @Prop({ type: String, default: null })
  discountLabel!: string | null;

  @Prop({ type: String, default: null })
  couponCode!: string | null;

  @Prop({ type: String, enum: PRODUCT_TYPES, required: true })
  intendedProductType!: ProductType;

  @Prop({ type: String, default: 'usd' })
  currency!: 'usd';

  @Prop({ type: String, enum: ORDER_STATUSES, required: true })
  status!: OrderStatus;

  /** Stripe's Checkout Session id (or the local test checkout's cs_test_local_…). */
  @Prop({ type: String, default: null })
  sessionId!: string | null;

  @Prop({ type: String, default: null })
  checkoutUrl!: string | null;

  @Prop({ type: String, default: null })
  paymentIntentId!: string | null;

  @Prop({ type: String, enum: FOLLOW_UP_STATES, default: 'none' })
  fulfilment!: FollowUpState;

  @Prop({ type: String, enum: FOLLOW_UP_STATES, default: 'none' })
  revocation!: FollowUpState;

  /** Why the order failed (a Stripe error's type and message), for the log reader. */
  @Prop({ type: String, default: null })
  failureReason!: string | null;

  @Prop({ type: Date, default: null })
  paidAt!: Date | null;

  @Prop({ type: Date, default: null })
  refundedAt!: Date | null;

  /**
   * Products the user held already when this payment arrived (another checkout paid for them
   * first, or an admin gave them): not granted again, their part of the payment refunded
   * (issue 24). Decided with the grants, in the ledger.
   */
  @Prop({ type: [String], default: [] })
  alreadyOwned!: string[];

  /** The automatic refund of `alreadyOwned`: none needed, to be asked of Stripe, done. */
  @Prop({ type: String, enum: FOLLOW_UP_STATES, default: 'none' })
  refund!: FollowUpState;

  /** Its amount in cents (the products' share of what was paid). */
  @Prop({ type: Number, default: null })
  refundCents!: number | null;

  /** Stripe's refund id once made (the local test checkout: stripe-mock's). */
  @Prop({ type: String, default: null })
  refundId!: string | null;

  /**
   * When the user's data was deleted (ADR 0023): uid and email are replaced then, what
   * accounting needs stays. A payment still arriving for it grants nothing and is refunded.
   */
  @Prop({ type: Date, default: null })
  erasedAt!: Date | null;

  createdAt?: Date;
  updatedAt?: Date;
}

export const OrderSchema = SchemaFactory.createForClass(OrderRecord);
OrderSchema.index({ sessionId: 1 });
OrderSchema.index({ paymentIntentId: 1 });
OrderSchema.index({ fulfilment: 1 });
OrderSchema.index({ revocation: 1 });
OrderSchema.index({ refund: 1 });
/** A learner's open checkouts (closed when one of them is paid: OpenCheckoutsService). */
OrderSchema.index({ uid: 1, status: 1 });

/** What the service works with (a lean record). */
export type Order = OrderRecord;
