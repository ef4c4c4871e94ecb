import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { flushLogs, KeyedWorkQueue, purchasesTotal, rootLogger } from '@examprep/nest-kit';
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

/** Inbox events processed at once in this process (each is a few reads and writes by _id). */
export const WEBHOOK_WORKER_CONCURRENCY = 4;
/** Events waiting beyond this stay unprocessed in the inbox for the relay (bounded memory). */
export const WEBHOOK_WORKER_BACKLOG = 10_000;

export interface WebhookWorkerOptions {
  concurrency: number;
  backlog: number;
}
/** Optional provider token (unit specs set small limits). */
export const WEBHOOK_WORKER_OPTIONS = Symbol('WEBHOOK_WORKER_OPTIONS');

/** What became of one inbox event in the worker. */
export type WorkerOutcome = 'processed' | 'failed' | 'left unprocessed';

/**
 * Processes the webhook's inbox (stripe_events) behind the answer (ADR 0018): locates the order,
 * decides, applies the change under the order's lock (OrderLocks), queues the follow-up
 * (grants, revocations) in the FulfilmentQueue and marks the event processed. The events go
 * through nest-kit's KeyedWorkQueue: at most WEBHOOK_WORKER_CONCURRENCY at once, each event once
 * in the queue however often it is nudged (a nudge while it runs gets that run's outcome). A
 * failure leaves the event unprocessed: the relay hands it back. On shutdown nothing new starts
 * and the running ones finish; what waits stays in the inbox for the relay.
 */
@Injectable()
export class WebhookWorker implements OnModuleDestroy {
  private readonly queue: KeyedWorkQueue<WebhookEvent, WorkerOutcome>;

  constructor(
    private readonly stripe: Stripe,
    private readonly env: CatalogEnv,
    private readonly orders: OrdersRepository,
    private readonly events: StripeEventsRepository,
    private readonly fulfilment: FulfilmentQueue,
    private readonly locks: OrderLocks,
    @Optional() @Inject(WEBHOOK_WORKER_OPTIONS) options?: Partial<WebhookWorkerOptions>,
  ) {
    this.queue = new KeyedWorkQueue<WebhookEvent, WorkerOutcome>({
      name: 'webhook worker',
      concurrency: options?.concurrency ?? WEBHOOK_WORKER_CONCURRENCY,
      backlog: options?.backlog ?? WEBHOOK_WORKER_BACKLOG,
      // a nudge while it runs: that run marks it processed (or leaves it for the relay)
      whileRunning: 'join',
      work: (eventId, event, earlier) => this.run(eventId, event, earlier),
      failed: 'failed',
      onError: (err, eventId) =>
        rootLogger().error(
          { err, eventId },
          'webhook event processing failed; it stays in the inbox for the relay',
        ),
      notTaken: 'left unprocessed',
    });
  }

  /**
   * Queues the inbox event `eventId` (with the verified event when the caller has it; otherwise
   * it is read from the inbox) unless it is already waiting; answers when it is done (never
   * rejects). The webhook does not wait for it.
   */
  enqueue(eventId: string, event: WebhookEvent | null = null): Promise<WorkerOutcome> {
    return this.queue.enqueue(eventId, event);
  }

  /** Events waiting or running (for tests). */
  get size(): number {
    return this.queue.size;
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.stop();
  }

  /** One inbox event; throws when it failed (the queue logs it and answers 'failed'). */
  private async run(
    eventId: string,
    given: WebhookEvent | null,
    earlier: readonly Promise<void>[],
  ): Promise<WorkerOutcome> {
    const event = given ?? (await this.events.unprocessedEvent(eventId));
    if (!event) return 'processed'; // processed meanwhile (or not in the inbox)
    // an event found by its payment intent (a refund) waits for the events that arrived
    // before it: the payment that records the intent on the order may be one of them
    if (locateOrder(event)?.by === 'paymentIntent') await Promise.all(earlier);
    const { outcome, orderId } = await this.process(event);
    await this.events.markProcessed(event.id, outcome, orderId, new Date());
    // the follow-up of the recorded change runs behind it (a repeat may find one a crash left)
    if (orderId) void this.fulfilment.enqueue(orderId);
    return 'processed';
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
        // a repeat may find a follow-up a crash left unfinished: run() queues it
        return decision.reason;
      case 'paid': {
        const paid = await this.orders.transition(order._id, ALLOWED_FROM.paid, {
          status: 'paid',
          fulfilment: 'pending',
          paidAt: now,
          ...(decision.paymentIntentId ? { paymentIntentId: decision.paymentIntentId } : {}),
        });
        if (!paid) return this.raced(order._id);
        purchasesTotal.inc({ kind: 'order_paid' });
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

  /** Another event changed the order first; run() queues whatever it left pending. */
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
