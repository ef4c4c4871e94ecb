import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { OrderStatus } from '@examprep/contracts';
import { type FilterQuery, Model } from 'mongoose';
import { type FollowUpState, type Order, OrderRecord } from './order.schema';
import { type NewOrder, type OrderChange, OrdersRepository } from './orders.repository';

/**
 * The orders' queries. Status changes are conditional updates: the first writer wins. On
 * MongoDB the condition is part of the update's filter (atomic across replicas). FerretDB 1.24
 * answers any filter that is more than `_id` with a full scan (measured: ~90-360 ms per update
 * at 1,000 orders, against ~6 ms by `_id`; under a webhook storm these scans made every answer
 * late) and does not apply the condition atomically anyway, so there the order is read by
 * `_id`, the condition checked here and the write made by `_id`: correct because every change
 * of an order runs under its OrderLocks lock in the one catalog process (ADR 0018).
 */
@Injectable()
export class MongoOrdersRepository extends OrdersRepository {
  private byIdOnly: Promise<boolean> | undefined;

  constructor(@InjectModel(OrderRecord.name) private readonly orders: Model<OrderRecord>) {
    super();
  }

  /** Whether the store is FerretDB (its buildInfo names its version). */
  private ferret(): Promise<boolean> {
    this.byIdOnly ??= (async () => {
      const admin = this.orders.db.db?.admin();
      const info = admin ? await admin.command({ buildInfo: 1 }) : {};
      return typeof (info as { ferretdbVersion?: unknown }).ferretdbVersion === 'string';
    })().catch(() => false);
    return this.byIdOnly;
  }

  /**
   * Sets `set` on the order if it matches `condition` (plain equality or `$in` on its own
   * fields); answers the changed order or null. By the `_id` index (MongoDB: `_id` and the
   * condition in one filter; FerretDB: a read and a write by `_id` alone).
   */
  private async conditional(
    orderId: string,
    condition: Record<string, unknown>,
    set: OrderChange,
  ): Promise<Order | null> {
    if (!(await this.ferret())) {
      return this.orders
        .findOneAndUpdate(
          { _id: orderId, ...condition } as FilterQuery<OrderRecord>,
          { $set: set },
          { new: true },
        )
        .lean<Order>()
        .exec();
    }
    const current = await this.findById(orderId);
    if (!current || !matches(current, condition)) return null;
    return this.orders
      .findOneAndUpdate({ _id: orderId }, { $set: set }, { new: true })
      .lean<Order>()
      .exec();
  }

  /** An insert against the unique `_id` index. */
  async insert(order: NewOrder): Promise<void> {
    await this.orders.create(order);
  }

  /** By the `_id` index. */
  findById(orderId: string): Promise<Order | null> {
    return this.orders.findById(orderId).lean<Order>().exec();
  }

  /** By the `{sessionId}` index; the owner checked on the order read. */
  async findOwnBySessionId(sessionId: string, ownerId: string): Promise<Order | null> {
    const order = await this.findAnyBySessionId(sessionId);
    return order && order.uid === ownerId ? order : null;
  }

  /** By the `{sessionId}` index. */
  findAnyBySessionId(sessionId: string): Promise<Order | null> {
    return this.orders.findOne({ sessionId }).lean<Order>().exec();
  }

  /** By the `{paymentIntentId}` index. */
  findByPaymentIntent(paymentIntentId: string): Promise<Order | null> {
    return this.orders.findOne({ paymentIntentId }).lean<Order>().exec();
  }

  /** The open order gets its Checkout Session. */
  async attachSession(orderId: string, sessionId: string, checkoutUrl: string): Promise<void> {
    await this.conditional(orderId, { status: 'open' }, { sessionId, checkoutUrl });
  }

  /**
   * Moves the order to a new status if it is in one of `from` (atomically: of two concurrent
   * deliveries exactly one gets the order back); null when it was not.
   */
  transition(
    orderId: string,
    from: readonly OrderStatus[],
    set: OrderChange & { status: OrderStatus },
  ): Promise<Order | null> {
    return this.conditional(orderId, { status: { $in: [...from] } }, set);
  }

  async setFulfilment(orderId: string, from: FollowUpState, to: FollowUpState): Promise<void> {
    await this.conditional(orderId, { fulfilment: from }, { fulfilment: to });
  }

  async setRevocation(orderId: string, from: FollowUpState, to: FollowUpState): Promise<void> {
    await this.conditional(orderId, { revocation: from }, { revocation: to });
  }

  /** The payment found these products held already: their refund of `refundCents` is due. */
  recordAlreadyOwned(
    orderId: string,
    alreadyOwned: readonly string[],
    refundCents: number,
  ): Promise<Order | null> {
    // null: an order recorded before the field existed
    return this.conditional(
      orderId,
      { refund: { $in: ['none', null] } },
      { alreadyOwned: [...alreadyOwned], refund: 'pending', refundCents },
    );
  }

  /** The refund of the products held already was made (Stripe's refund id). */
  refundMade(orderId: string, refundId: string | null): Promise<Order | null> {
    return this.conditional(orderId, { refund: 'pending' }, { refund: 'done', refundId });
  }

  /** Every order of the user (by the `{uid, status}` index): a deleted user's, to anonymise. */
  idsOf(uid: string): Promise<string[]> {
    return this.orders
      .find({ uid }, { _id: 1 })
      .lean<{ _id: string }[]>()
      .exec()
      .then((docs) => docs.map((d) => d._id));
  }

  /**
   * Takes the person out of an order (ADR 0023): the uid becomes `pseudonym`, the email goes;
   * amounts, products, status and Stripe's ids stay for accounting. By the `_id` index.
   */
  async anonymise(orderId: string, pseudonym: string, at: Date): Promise<void> {
    await this.orders
      .updateOne({ _id: orderId }, { $set: { uid: pseudonym, email: '', erasedAt: at } })
      .exec();
  }

  /**
   * The user's open orders (checkouts started, not paid, canceled or expired), by the
   * `{uid, status}` index. Few per user.
   */
  openOf(uid: string): Promise<Order[]> {
    return this.orders.find({ uid, status: 'open' }).limit(100).lean<Order[]>().exec();
  }

  /**
   * Orders whose fulfilment, refund or revocation was recorded but not finished, last changed
   * before `cutoff`, oldest first. Each branch of the `$or` by its own index (`{fulfilment}`,
   * `{revocation}`, `{refund}`; FerretDB on PostgreSQL too), the few pending orders then sorted
   * by updatedAt.
   */
  unfinished(cutoff: Date, limit: number): Promise<Order[]> {
    return this.orders
      .find({
        $or: [{ fulfilment: 'pending' }, { revocation: 'pending' }, { refund: 'pending' }],
        updatedAt: { $lt: cutoff },
      })
      .sort({ updatedAt: 1 })
      .limit(limit)
      .lean<Order[]>()
      .exec();
  }
}

/** The condition of a conditional update, checked on the order read by `_id`. */
export function matches(order: Order, condition: Record<string, unknown>): boolean {
  return Object.entries(condition).every(([field, want]) => {
    // a field the stored order lacks reads null, as in a MongoDB filter
    const have = (order as unknown as Record<string, unknown>)[field] ?? null;
    if (want && typeof want === 'object' && '$in' in want) {
      return ((want as { $in: unknown[] }).$in ?? []).includes(have);
    }
    return have === want;
  });
}
