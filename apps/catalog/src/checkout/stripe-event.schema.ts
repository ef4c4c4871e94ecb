import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * stripe_events/{eventId}: the webhook's inbox (ADR 0018). Every verified delivery is inserted
 * here, by Stripe's event id, with the verified event, before the webhook answers; the
 * WebhookWorker processes it behind the answer and sets processedAt. A redelivery is answered
 * at once; an entry left unprocessed (a crash) is processed by the relay, which is safe because
 * processing is idempotent.
 */
@Schema({ collection: 'stripe_events', versionKey: false })
export class StripeEventRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  type!: string;

  /** The verified Stripe event, as JSON (what the worker processes). */
  @Prop({ type: String, default: null })
  event!: string | null;

  @Prop({ required: true })
  receivedAt!: Date;

  @Prop({ type: Date, default: null })
  processedAt!: Date | null;

  /**
   * Whether it was processed (processedAt set), always written: the relay's scan asks for
   * `processed: false`, which an index serves on FerretDB too (`processedAt: null` is not pushed
   * down there and would read every entry ever received). An entry recorded before the field
   * existed has none: it is not in the relay's scan.
   */
  @Prop({ type: Boolean, default: false })
  processed!: boolean;

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
/** MongoStripeEventsRepository.unprocessed: the relay's scan of unprocessed entries, oldest first. */
StripeEventSchema.index({ processed: 1, receivedAt: 1 });
/**
 * MongoStripeEventsRepository.forgetProcessed: the processed entries of a deleted user's orders
 * (one range of this index per order).
 */
StripeEventSchema.index({ orderId: 1, processedAt: 1 });
