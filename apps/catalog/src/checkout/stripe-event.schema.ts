import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * stripe_events/{eventId}: every verified delivery, by Stripe's event id. A redelivery of a
 * processed event is answered at once; one recorded but not processed (a crash) is processed
 * again, which is safe because processing is idempotent.
 */
@Schema({ collection: 'stripe_events', versionKey: false })
export class StripeEventRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  type!: string;

  @Prop({ required: true })
  receivedAt!: Date;

  @Prop({ type: Date, default: null })
  processedAt!: Date | null;

  /** What processing did ('paid', 'unknown order', 'paid not from refunded', ...). */
  @Prop({ type: String, default: null })
  outcome!: string | null;

  @Prop({ type: String, default: null })
  orderId!: string | null;

  /** How many times Stripe (or the local checkout) delivered it. */
  @Prop({ default: 1 })
  deliveries!: number;
}

export const StripeEventSchema = SchemaFactory.createForClass(StripeEventRecord);
