import { KeyedMutex } from '@examprep/nest-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { StripeEventRecord } from './stripe-event.schema';
import { type Delivery, StripeEventsRepository } from './stripe-events.repository';
import type { WebhookEvent } from './webhook-decision';

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/** The earliest date BSON holds: `processedAt >= ANY_DATE` is "processedAt is a date". */
const ANY_DATE = new Date(-8_640_000_000_000_000);

/**
 * The webhook's inbox (stripe_events, by event id). On FerretDB (the local store) only inserts
 * are cheap: a first delivery is ONE insert; the other operations here run for redeliveries,
 * behind the answer (the worker) or in the relay's periodic scan.
 */
@Injectable()
export class MongoStripeEventsRepository extends StripeEventsRepository implements OnModuleInit {
  /**
   * Updates of one entry run one at a time in this process: FerretDB 1.x rewrites the whole
   * document on update, so a redelivery's count and the worker's mark at once lose one of them.
   */
  private readonly updates = new KeyedMutex();

  constructor(
    @InjectModel(StripeEventRecord.name) private readonly events: Model<StripeEventRecord>,
  ) {
    super();
  }

  onModuleInit(): Promise<void> {
    return this.backfillProcessed();
  }

  /**
   * Entries recorded before the `processed` field existed get it, once per database: the
   * relay's scan asks `processed: false` (what the store's index serves), so an unprocessed
   * entry without the field would never be relayed. Both updates read every entry (`$exists`
   * is no index condition on FerretDB): the marker in `migrations` keeps it to the first start.
   * Replicas starting at once may both run it; the updates are idempotent.
   */
  async backfillProcessed(): Promise<void> {
    const migrations = this.events.db.collection<{ _id: string; at: Date }>('migrations');
    const id = 'stripe_events.processed';
    if (await migrations.findOne({ _id: id })) return;
    await this.events.updateMany(
      { processed: { $exists: false }, processedAt: null },
      { $set: { processed: false } },
    );
    await this.events.updateMany(
      { processed: { $exists: false }, processedAt: { $gte: ANY_DATE } },
      { $set: { processed: true } },
    );
    await migrations.updateOne({ _id: id }, { $setOnInsert: { at: new Date() } }, { upsert: true });
  }

  /**
   * Inserts the verified event, unprocessed (against the unique `_id` index). A redelivery
   * (duplicate key) counts itself on the entry, by `_id`, and answers whether it was processed
   * (and for which order).
   */
  async record(event: WebhookEvent, at: Date): Promise<Delivery> {
    try {
      await this.events.create({
        _id: event.id,
        type: event.type,
        event: JSON.stringify(event),
        receivedAt: at,
        processedAt: null,
        processed: false,
        outcome: null,
        orderId: null,
        deliveries: 1,
      });
      return { duplicate: false };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const doc = await this.updates.run(event.id, () =>
      this.events
        .findOneAndUpdate({ _id: event.id }, { $inc: { deliveries: 1 } }, { new: true })
        .lean<StripeEventRecord>()
        .exec(),
    );
    return { duplicate: true, processed: !!doc?.processedAt, orderId: doc?.orderId ?? null };
  }

  /** The recorded event if it waits for processing; null when processed or unknown. By `_id`. */
  async unprocessedEvent(eventId: string): Promise<WebhookEvent | null> {
    const doc = await this.events.findOne({ _id: eventId }).lean<StripeEventRecord>().exec();
    if (!doc || doc.processedAt || !doc.event) return null;
    return JSON.parse(doc.event) as WebhookEvent;
  }

  /**
   * Ids of entries received before `cutoff` and not processed yet (the relay's scan), by the
   * `{processed, receivedAt}` index (stripe-event.schema.ts), sort and limit included: on
   * FerretDB on PostgreSQL too (`processedAt: null` would read every entry there).
   */
  async unprocessed(cutoff: Date, limit: number): Promise<string[]> {
    const docs = await this.events
      .find({ processed: false, receivedAt: { $lt: cutoff } }, { _id: 1 })
      .sort({ receivedAt: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    return docs.map((d) => d._id);
  }

  /**
   * Forgets the processed entries of these orders (a deleted user's: the stored events carry
   * their email and ids), by the `{orderId, processedAt}` index: one branch per order with
   * "processedAt is a date" (what FerretDB on PostgreSQL pushes down; `$in` and `$ne: null`
   * would read every entry there). Entries recorded before `processed` existed count too.
   * Unprocessed ones stay for the worker; their orders are anonymised.
   */
  async forgetProcessed(orderIds: readonly string[]): Promise<number> {
    if (orderIds.length === 0) return 0;
    const res = await this.events
      .deleteMany({
        $or: [...new Set(orderIds)].map((orderId) => ({
          orderId,
          processedAt: { $gte: ANY_DATE },
        })),
      })
      .exec();
    return res.deletedCount ?? 0;
  }

  /**
   * By the `_id` index (on FerretDB the `_id` condition is pushed down and `processedAt: null`,
   * which makes a second run change nothing, checked on that one entry).
   */
  async markProcessed(
    eventId: string,
    outcome: string,
    orderId: string | null,
    at: Date,
  ): Promise<void> {
    await this.updates.run(eventId, () =>
      this.events
        // the first processing's outcome stays (a second run of the same event changes nothing)
        .updateOne(
          { _id: eventId, processedAt: null },
          { $set: { processedAt: at, processed: true, outcome, orderId } },
        )
        .exec(),
    );
  }
}
