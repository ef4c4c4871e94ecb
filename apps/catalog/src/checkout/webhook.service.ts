import { Injectable } from '@nestjs/common';
import { CATALOG_FIELD_MESSAGES, ErrorCodes } from '@examprep/contracts';
import { rootLogger, ServiceError } from '@examprep/nest-kit';
import Stripe from 'stripe';
import { CatalogEnv } from '../config/catalog.env';
import { FulfilmentQueue } from './fulfilment.queue';
import { OrdersRepository } from './orders.repository';
import { StripeEventsRepository } from './stripe-events.repository';
import type { WebhookEvent } from './webhook-decision';
import { WebhookWorker } from './webhook.worker';

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
 * POST /api/stripe/webhook (ADR 0018), an inbox: verifies the delivery (400 and nothing
 * recorded when the signature is bad), inserts the verified event into stripe_events (ONE
 * insert: the only cheap, atomic operation on the local FerretDB) and answers at once; the
 * WebhookWorker processes it behind the answer (the order's change, then the grants or
 * revocations in the FulfilmentQueue). The event is durable before the 2xx: what a crash leaves
 * unprocessed, the relay hands to the worker again. A redelivery (duplicate key) is answered as
 * a duplicate and nudges the worker (not processed yet) or the order's follow-up (still pending).
 */
@Injectable()
export class WebhookService {
  constructor(
    private readonly stripe: Stripe,
    private readonly env: CatalogEnv,
    private readonly orders: OrdersRepository,
    private readonly events: StripeEventsRepository,
    private readonly queue: FulfilmentQueue,
    private readonly worker: WebhookWorker,
  ) {}

  async handle(payload: unknown, signature: unknown): Promise<WebhookReply> {
    const event = this.verify(payload, signature);
    const delivery = await this.queue.foreground(() => this.events.record(event, new Date()));
    if (!delivery.duplicate) {
      void this.worker.enqueue(event.id, event);
      return { received: true, duplicate: false };
    }
    // not processed yet: the worker reads the entry again (it may be processed meanwhile)
    if (!delivery.processed) void this.worker.enqueue(event.id);
    else if (delivery.orderId) void this.nudgeFollowUp(delivery.orderId);
    return { received: true, duplicate: true };
  }

  /** A redelivery of a processed event queues its order again if the follow-up is pending. */
  private async nudgeFollowUp(orderId: string): Promise<void> {
    try {
      const order = await this.orders.findById(orderId);
      if (order && (order.fulfilment === 'pending' || order.revocation === 'pending')) {
        await this.queue.enqueue(orderId);
      }
    } catch (err) {
      rootLogger().warn({ err, orderId }, 'redelivery could not queue the follow-up');
    }
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
}
