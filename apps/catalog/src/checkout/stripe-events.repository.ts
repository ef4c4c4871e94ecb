import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { StripeEventRecord } from './stripe-event.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/** Deliveries of Stripe events, by event id. */
@Injectable()
export class StripeEventsRepository {
  constructor(
    @InjectModel(StripeEventRecord.name) private readonly events: Model<StripeEventRecord>,
  ) {}

  /**
   * Records a delivery of `eventId` and answers whether it was processed before (and for which
   * order). The first delivery inserts the record; later ones count themselves on it.
   */
  async recordDelivery(
    eventId: string,
    type: string,
    at: Date,
  ): Promise<{ processed: boolean; orderId: string | null }> {
    try {
      await this.events.create({
        _id: eventId,
        type,
        receivedAt: at,
        processedAt: null,
        outcome: null,
        orderId: null,
        deliveries: 1,
      });
      return { processed: false, orderId: null };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const doc = await this.events
      .findOneAndUpdate({ _id: eventId }, { $inc: { deliveries: 1 } }, { new: true })
      .lean<StripeEventRecord>()
      .exec();
    return { processed: !!doc?.processedAt, orderId: doc?.orderId ?? null };
  }

  async markProcessed(
    eventId: string,
    outcome: string,
    orderId: string | null,
    at: Date,
  ): Promise<void> {
    await this.events
      .updateOne({ _id: eventId }, { $set: { processedAt: at, outcome, orderId } })
      .exec();
  }
}
