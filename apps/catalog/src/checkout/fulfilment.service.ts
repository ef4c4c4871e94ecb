import { Injectable } from '@nestjs/common';
import { Events, type PurchaseCompletedEvent } from '@examprep/contracts';
import { JetStreamBus, rootLogger } from '@examprep/nest-kit';
import { EntitlementsService } from '../entitlements/entitlements.service';
import type { Order } from './order.schema';
import { OrdersRepository } from './orders.repository';

/** Who the ledger names for payment and refund entries. */
export const STRIPE_ACTOR = 'stripe';

/**
 * What follows a recorded payment or refund, exactly once in effect (ADR 0018): grants (or
 * revocations) in the entitlement ledger, keyed by order, product and action, so repeating
 * them records nothing new; then events.purchase.completed with message id = session id, so
 * JetStream drops a repeat; then the order's follow-up is marked done. Called by the webhook
 * right after the order changed, and by the relay for anything a crash left pending.
 */
@Injectable()
export class FulfilmentService {
  constructor(
    private readonly entitlements: EntitlementsService,
    private readonly orders: OrdersRepository,
    private readonly bus: JetStreamBus,
  ) {}

  /** Finishes whatever the order has pending: the grants first, then a refund's revocations. */
  async finish(order: Order): Promise<void> {
    if (order.fulfilment === 'pending') await this.fulfil(order);
    if (order.revocation === 'pending') await this.revoke(order);
  }

  private async fulfil(order: Order): Promise<void> {
    await this.entitlements.apply(
      order.uid,
      order.productIds.map((productId) => ({ productId, action: 'grant' as const })),
      { source: 'payment', by: STRIPE_ACTOR, orderId: order._id },
    );
    const sessionId = order.sessionId ?? order._id;
    const event: PurchaseCompletedEvent = {
      orderId: order._id,
      sessionId,
      uid: order.uid,
      productIds: order.productIds,
      amountTotalCents: order.totalCents,
      currency: order.currency,
      at: (order.paidAt ? new Date(order.paidAt) : new Date()).toISOString(),
    };
    await this.bus.publish(Events.purchaseCompleted, event, sessionId);
    await this.orders.setFulfilment(order._id, 'pending', 'done');
    rootLogger().info({ orderId: order._id, sessionId }, 'purchase fulfilled');
  }

  private async revoke(order: Order): Promise<void> {
    await this.entitlements.apply(
      order.uid,
      order.productIds.map((productId) => ({ productId, action: 'revoke' as const })),
      { source: 'refund', by: STRIPE_ACTOR, orderId: order._id },
    );
    await this.orders.setRevocation(order._id, 'pending', 'done');
    rootLogger().info({ orderId: order._id }, 'refund revoked');
  }
}
