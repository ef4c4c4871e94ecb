import { Injectable } from '@nestjs/common';
import { rootLogger } from '@examprep/nest-kit';
import Stripe from 'stripe';
import { CatalogEnv } from '../config/catalog.env';
import { isStripeError, withinDeadline } from '../stripe/stripe-errors';
import { simulatorEnabled, STRIPE_CHECKOUT_DEADLINE_MS } from '../stripe/stripe.options';
import { OrderLocks } from './order-locks';
import type { Order } from './order.schema';
import { OrdersRepository } from './orders.repository';

/** Why an open checkout was closed (kept on the order for the log reader). */
export const CLOSED_REASONS = {
  boughtElsewhere: (orderId: string) => `expired: its products were bought in order ${orderId}`,
  userDeleted: 'expired: the user was deleted',
} as const;

/**
 * A learner's other open checkouts (issue 24). When one order is paid, the learner's other
 * Checkout Sessions that sell any of the same products are expired at Stripe
 * (`checkout.sessions.expire`) and their orders canceled, so a second tab cannot take a second
 * payment for a product already bought. Best effort by design: a session Stripe will not expire
 * (its payment is under way) stays, and a payment that still arrives for a product held already
 * is refunded automatically (FulfilmentService). Each order changes under its own lock.
 */
@Injectable()
export class OpenCheckoutsService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly locks: OrderLocks,
    private readonly stripe: Stripe,
    private readonly env: CatalogEnv,
  ) {}

  /** Closes the user's open orders that sell any of `productIds`, except `paid`. */
  async closeOthers(paid: Pick<Order, '_id' | 'uid' | 'productIds'>): Promise<string[]> {
    const products = new Set(paid.productIds);
    const open = await this.orders.openOf(paid.uid);
    const others = open.filter(
      (o) => o._id !== paid._id && o.productIds.some((p) => products.has(p)),
    );
    return this.close(others, CLOSED_REASONS.boughtElsewhere(paid._id));
  }

  /** Closes every open order of the user (the user's data is being deleted). */
  async closeAll(uid: string): Promise<string[]> {
    return this.close(await this.orders.openOf(uid), CLOSED_REASONS.userDeleted);
  }

  private async close(orders: readonly Order[], reason: string): Promise<string[]> {
    const closed: string[] = [];
    for (const o of orders) {
      if (await this.locks.run(o._id, () => this.expire(o._id, reason))) closed.push(o._id);
    }
    return closed;
  }

  /** Expires the order's session at Stripe, then cancels the order; false when it cannot. */
  private async expire(orderId: string, reason: string): Promise<boolean> {
    const order = await this.orders.findById(orderId);
    if (!order || order.status !== 'open') return false;
    if (order.sessionId) {
      try {
        // stripe-mock keeps no sessions: it validates the call for the local test checkout's id
        await withinDeadline(
          this.stripe.checkout.sessions.expire(order.sessionId),
          STRIPE_CHECKOUT_DEADLINE_MS,
        );
      } catch (err) {
        // complete already (its payment is under way) or Stripe unreachable: left open; a
        // payment that arrives for a product held by then is refunded
        rootLogger().warn(
          { err: isStripeError(err) ? (err as Error).message : err, orderId },
          'could not expire an open checkout session; left open',
        );
        if (!simulatorEnabled(this.env)) return false;
      }
    }
    const canceled = await this.orders.transition(orderId, ['open'], {
      status: 'canceled',
      failureReason: reason,
    });
    if (canceled) rootLogger().info({ orderId, reason }, 'open checkout closed');
    return canceled !== null;
  }
}
