import { Injectable } from '@nestjs/common';
import { CATALOG_FIELD_MESSAGES, ErrorCodes } from '@examprep/contracts';
import { flushLogs, rootLogger, ServiceError } from '@examprep/nest-kit';
import Stripe from 'stripe';
import { CatalogEnv } from '../config/catalog.env';
import { simulatorEnabled } from '../stripe/stripe.options';
import { FulfilmentQueue } from './fulfilment.queue';
import { OrderLocks } from './order-locks';
import type { Order } from './order.schema';
import { OrdersRepository } from './orders.repository';
import { StripeEventsRepository } from './stripe-events.repository';
import {
  ALLOWED_FROM,
  decide,
  type Decision,
  locateOrder,
  type OrderLocator,
  type WebhookEvent,
} from './webhook-decision';

/** Stripe's default: a signature older than 5 minutes is refused (replays). */
export const WEBHOOK_TOLERANCE_S = 300;

export interface WebhookReply {
  received: true;
  duplicate: boolean;
}

function signatureInvalid(): ServiceError {
  return ServiceError.badRequest(
    CATALOG_FIELD_MESSAGES.webhookSignature,
    undefined,
    ErrorCodes.WEBHOOK_SIGNATURE_INVALID,
  );
}

/**
 * POST /api/stripe/webhook (ADR 0018): verifies the delivery, records the event id, moves the
 * order along its monotone machine (a payment recorded with fulfilment 'pending', a refund with
 * revocation 'pending'), marks the event processed and answers. The grants or revocations run
 * behind the answer in the FulfilmentQueue (Stripe wants a 2xx quickly and retries anything
 * slower for days); what the queue does not finish, the relay does. Orders Stripe names but we
 * do not know are recorded, logged and acknowledged.
 */
@Injectable()
export class WebhookService {
  constructor(
    private readonly stripe: Stripe,
    private readonly env: CatalogEnv,
    private readonly orders: OrdersRepository,
    private readonly events: StripeEventsRepository,
    private readonly queue: FulfilmentQueue,
    private readonly locks: OrderLocks,
  ) {}

  async handle(payload: unknown, signature: unknown): Promise<WebhookReply> {
    const event = this.verify(payload, signature);
    const { reply, orderId } = await this.queue.foreground(() => this.record(event));
    // after the change is recorded and the event marked: the follow-up runs behind the answer
    if (orderId) void this.queue.enqueue(orderId);
    return reply;
  }

  private async record(
    event: WebhookEvent,
  ): Promise<{ reply: WebhookReply; orderId: string | null }> {
    const delivery = await this.events.recordDelivery(event.id, event.type, new Date());
    if (delivery.processed) {
      const pending = delivery.orderId ? await this.stillPending(delivery.orderId) : false;
      return {
        reply: { received: true, duplicate: true },
        orderId: pending ? delivery.orderId : null,
      };
    }
    const { outcome, orderId } = await this.process(event);
    await this.events.markProcessed(event.id, outcome, orderId, new Date());
    return { reply: { received: true, duplicate: false }, orderId };
  }

  /** A redelivery of a processed event queues its order again if the follow-up is pending. */
  private async stillPending(orderId: string): Promise<boolean> {
    const order = await this.orders.findById(orderId);
    return !!order && (order.fulfilment === 'pending' || order.revocation === 'pending');
  }

  /** Stripe's own check of the Stripe-Signature over the exact body; 400, nothing recorded. */
  private verify(payload: unknown, signature: unknown): WebhookEvent {
    if (typeof payload !== 'string' || typeof signature !== 'string' || signature === '') {
      throw signatureInvalid();
    }
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(
        payload,
        signature,
        this.env.STRIPE_WEBHOOK_SECRET,
        WEBHOOK_TOLERANCE_S,
      );
    } catch (err) {
      rootLogger().warn({ err: (err as Error).message }, 'webhook signature refused');
      throw signatureInvalid();
    }
    const e = event as Partial<WebhookEvent> | null;
    if (!e || typeof e.id !== 'string' || typeof e.type !== 'string' || !e.data?.object) {
      rootLogger().warn('signed webhook payload is not a Stripe event');
      throw ServiceError.badRequest('The webhook payload is not a Stripe event.');
    }
    return e as WebhookEvent;
  }

  private async process(event: WebhookEvent): Promise<{ outcome: string; orderId: string | null }> {
    const locator = locateOrder(event);
    if (!locator) return { outcome: `ignored ${event.type}`, orderId: null };
    const found = await this.find(locator);
    if (!found) {
      rootLogger().warn(
        { eventId: event.id, type: event.type, locator },
        'webhook for unknown order',
      );
      return { outcome: 'unknown order', orderId: null };
    }
    const outcome = await this.locks.run(found._id, async () => {
      const order = (await this.orders.findById(found._id)) ?? found;
      return this.apply(order, decide(event, order));
    });
    rootLogger().info(
      { eventId: event.id, type: event.type, orderId: found._id, outcome },
      'webhook processed',
    );
    return { outcome, orderId: found._id };
  }

  private async find(locator: OrderLocator): Promise<Order | null> {
    if (locator.by === 'order') return this.orders.findById(locator.orderId);
    const order = await this.orders.findByPaymentIntent(locator.paymentIntentId);
    if (order || simulatorEnabled(this.env)) return order;
    // a refund delivered before its payment: Stripe knows which session the intent paid
    const sessions = await this.stripe.checkout.sessions.list({
      payment_intent: locator.paymentIntentId,
      limit: 1,
    });
    const orderId = sessions.data[0]?.client_reference_id;
    return orderId ? this.orders.findById(orderId) : null;
  }

  private async apply(order: Order, decision: Decision): Promise<string> {
    const now = new Date();
    switch (decision.action) {
      case 'none':
        // a repeat may find a follow-up a crash left unfinished: handle() queues it
        return decision.reason;
      case 'paid': {
        const paid = await this.orders.transition(order._id, ALLOWED_FROM.paid, {
          status: 'paid',
          fulfilment: 'pending',
          paidAt: now,
          ...(decision.paymentIntentId ? { paymentIntentId: decision.paymentIntentId } : {}),
        });
        if (!paid) return this.raced(order._id);
        this.faultAfterRecord();
        return 'paid';
      }
      case 'refunded': {
        const pi = decision.paymentIntentId ? { paymentIntentId: decision.paymentIntentId } : {};
        const refunded =
          (await this.orders.transition(order._id, ['paid'], {
            status: 'refunded',
            revocation: 'pending',
            refundedAt: now,
            ...pi,
          })) ??
          // refunded before we saw it paid: nothing was granted, nothing to revoke
          (await this.orders.transition(order._id, ['open', 'awaiting_payment'], {
            status: 'refunded',
            refundedAt: now,
            ...pi,
          }));
        if (!refunded) return this.raced(order._id);
        return 'refunded';
      }
      default: {
        const changed = await this.orders.transition(order._id, ALLOWED_FROM[decision.action], {
          status: decision.action,
        });
        return changed ? decision.action : this.raced(order._id);
      }
    }
  }

  /** Another delivery changed the order first; handle() queues whatever it left pending. */
  private async raced(orderId: string): Promise<string> {
    const now = await this.orders.findById(orderId);
    return `changed concurrently (now ${now?.status ?? 'gone'})`;
  }

  /**
   * The fault test's hook (never in production): die like `kill -9` after the paid order is
   * recorded and before anything is granted or published. The relay must finish it on restart.
   */
  private faultAfterRecord(): void {
    if (this.env.CATALOG_FAULT === 'after-record' && this.env.NODE_ENV !== 'production') {
      rootLogger().warn('CATALOG_FAULT=after-record: the order is recorded paid; dying now');
      flushLogs();
      process.kill(process.pid, 'SIGKILL');
    }
  }
}
