import { Injectable } from '@nestjs/common';
import { purchasesTotal, rootLogger } from '@examprep/nest-kit';
import Stripe from 'stripe';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { withinDeadline } from '../stripe/stripe-errors';
import { STRIPE_CHECKOUT_DEADLINE_MS } from '../stripe/stripe.options';
import type { Order } from './order.schema';
import { refundCentsFor } from './order-pricing';
import { OrdersRepository } from './orders.repository';

/** Who the ledger names for payment and refund entries. */
export const STRIPE_ACTOR = 'stripe';

/** The Idempotency-Key of the automatic refund of an order's products held already. */
export const alreadyOwnedRefundKey = (orderId: string) => `refund-already-owned:${orderId}`;

/**
 * What follows a recorded payment or refund, exactly once in effect (ADR 0018): grants (or
 * revocations) in the entitlement ledger, keyed by order, product and action, so repeating
 * them records nothing new (the ledger tells the user's other services with
 * events.user.purchasesChanged); then the order's follow-up is marked done. A payment for products
 * the user held already (two open checkouts, both paid; issue 24) grants nothing for them and
 * refunds their share through Stripe (Idempotency-Key from the order), also a follow-up the
 * relay finishes. Called by the webhook right after the order changed, and by the relay for
 * anything a crash left pending.
 */
@Injectable()
export class FulfilmentService {
  constructor(
    private readonly entitlements: EntitlementsService,
    private readonly orders: OrdersRepository,
    private readonly stripe: Stripe,
  ) {}

  /**
   * Finishes whatever the order has pending: the grants first, then the refund of products
   * held already, then a refund's revocations. Answers whether it fulfilled a payment now.
   */
  async finish(order: Order): Promise<boolean> {
    let current = order;
    const fulfilled = current.fulfilment === 'pending';
    if (fulfilled) current = await this.fulfil(current);
    if (current.refund === 'pending') current = await this.refundAlreadyOwned(current);
    if (current.revocation === 'pending') await this.revoke(current);
    return fulfilled;
  }

  private async fulfil(order: Order): Promise<Order> {
    // the user's data was deleted (ADR 0023): nobody to grant to; the whole payment goes back
    const erased = !!order.erasedAt;
    const { alreadyOwned } = erased
      ? { alreadyOwned: [] as string[] }
      : await this.entitlements.applyPayment(order.uid, order._id, order.productIds, STRIPE_ACTOR);
    let current = order;
    if ((erased || alreadyOwned.length > 0) && (order.refund ?? 'none') === 'none') {
      const refundCents = erased ? order.totalCents : refundCentsFor(order, alreadyOwned);
      current =
        (await this.orders.recordAlreadyOwned(order._id, alreadyOwned, refundCents)) ?? order;
      rootLogger().warn(
        { orderId: order._id, uid: order.uid, alreadyOwned, refundCents },
        'payment for products held already: refunding them',
      );
    }
    const sessionId = order.sessionId ?? order._id;
    await this.orders.setFulfilment(order._id, 'pending', 'done');
    rootLogger().info({ orderId: order._id, sessionId }, 'purchase fulfilled');
    return { ...current, fulfilment: 'done' };
  }

  /**
   * Gives back the share of the payment for products the user held already: a Stripe refund
   * keyed by the order (a repeat after a crash is the same refund), then the order says so;
   * an order refunded whole is `refunded`. A free order (nothing charged) needs no call.
   */
  private async refundAlreadyOwned(order: Order): Promise<Order> {
    const amount = order.refundCents ?? 0;
    let refundId: string | null = null;
    if (amount > 0) {
      const paymentIntent = order.paymentIntentId ?? (await this.paymentIntentOf(order));
      if (!paymentIntent) throw new Error(`order ${order._id} has no payment intent to refund`);
      const refund = await withinDeadline(
        this.stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount,
            reason: 'duplicate',
            metadata: { orderId: order._id, alreadyOwned: order.alreadyOwned.join(',') },
          },
          { idempotencyKey: alreadyOwnedRefundKey(order._id) },
        ),
        STRIPE_CHECKOUT_DEADLINE_MS,
      );
      refundId = refund.id;
    }
    const done = (await this.orders.refundMade(order._id, refundId)) ?? order;
    purchasesTotal.inc({ kind: 'already_owned_refund' });
    rootLogger().info({ orderId: order._id, refundId, amount }, 'already-owned products refunded');
    if (amount < order.totalCents || order.status !== 'paid') return done;
    // all of it: the order is refunded (Stripe's charge.refunded that follows changes nothing)
    return (
      (await this.orders.transition(order._id, ['paid'], {
        status: 'refunded',
        refundedAt: new Date(),
      })) ?? done
    );
  }

  /** The payment intent of the order's Checkout Session (an event that named none). */
  private async paymentIntentOf(order: Order): Promise<string | null> {
    if (!order.sessionId) return null;
    const session = await this.stripe.checkout.sessions.retrieve(order.sessionId);
    const pi = session.payment_intent;
    return typeof pi === 'string' ? pi : (pi?.id ?? null);
  }

  private async revoke(order: Order): Promise<void> {
    await this.entitlements.revokeOrder(order.uid, order._id, order.productIds, STRIPE_ACTOR);
    await this.orders.setRevocation(order._id, 'pending', 'done');
    rootLogger().info({ orderId: order._id }, 'refund revoked');
  }
}
