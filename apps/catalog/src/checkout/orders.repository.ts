import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { OrderStatus } from '@examprep/contracts';
import { Model, type UpdateQuery } from 'mongoose';
import { type FollowUpState, type Order, OrderRecord } from './order.schema';

/** The orders' queries. Status changes are conditional updates: the first writer wins. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectModel(OrderRecord.name) private readonly orders: Model<OrderRecord>) {}

  async insert(order: Omit<OrderRecord, 'createdAt' | 'updatedAt'>): Promise<void> {
    await this.orders.create(order);
  }

  findById(orderId: string): Promise<Order | null> {
    return this.orders.findById(orderId).lean<Order>().exec();
  }

  findBySessionId(sessionId: string): Promise<Order | null> {
    return this.orders.findOne({ sessionId }).lean<Order>().exec();
  }

  findByPaymentIntent(paymentIntentId: string): Promise<Order | null> {
    return this.orders.findOne({ paymentIntentId }).lean<Order>().exec();
  }

  /** The open order gets its Checkout Session. */
  async attachSession(orderId: string, sessionId: string, checkoutUrl: string): Promise<void> {
    await this.orders
      .updateOne({ _id: orderId, status: 'open' }, { $set: { sessionId, checkoutUrl } })
      .exec();
  }

  /**
   * Moves the order to a new status if it is in one of `from` (atomically: of two concurrent
   * deliveries exactly one gets the order back); null when it was not.
   */
  transition(
    orderId: string,
    from: readonly OrderStatus[],
    set: UpdateQuery<OrderRecord>['$set'] & { status: OrderStatus },
  ): Promise<Order | null> {
    return this.orders
      .findOneAndUpdate({ _id: orderId, status: { $in: [...from] } }, { $set: set }, { new: true })
      .lean<Order>()
      .exec();
  }

  async setFulfilment(orderId: string, from: FollowUpState, to: FollowUpState): Promise<void> {
    await this.orders
      .updateOne({ _id: orderId, fulfilment: from }, { $set: { fulfilment: to } })
      .exec();
  }

  async setRevocation(orderId: string, from: FollowUpState, to: FollowUpState): Promise<void> {
    await this.orders
      .updateOne({ _id: orderId, revocation: from }, { $set: { revocation: to } })
      .exec();
  }

  /**
   * Orders whose fulfilment or revocation was recorded but not finished, last changed before
   * `cutoff`, oldest first.
   */
  unfinished(cutoff: Date, limit: number): Promise<Order[]> {
    return this.orders
      .find({
        $or: [{ fulfilment: 'pending' }, { revocation: 'pending' }],
        updatedAt: { $lt: cutoff },
      })
      .sort({ updatedAt: 1 })
      .limit(limit)
      .lean<Order[]>()
      .exec();
  }
}
