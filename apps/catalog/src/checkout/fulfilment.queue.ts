import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { rootLogger } from '@examprep/nest-kit';
import { FulfilmentService } from './fulfilment.service';
import { OpenCheckoutsService } from './open-checkouts.service';
import { OrderLocks } from './order-locks';
import type { Order } from './order.schema';
import { OrdersRepository } from './orders.repository';

/** Fulfilments running at once in this process (each is a few ledger writes and publishes). */
export const FULFILMENT_CONCURRENCY = 6;
/**
 * While webhooks are recording (their answer is due), fulfilments may use at most this many
 * slots: on FerretDB (SQLite, full scans for the ledger's queries) running fulfilments slow every
 * other query, and the webhook's few writes by _id must answer Stripe first.
 */
export const FULFILMENT_CONCURRENCY_UNDER_LOAD = 1;
/** Orders waiting beyond this are left pending for the relay (memory stays bounded). */
export const FULFILMENT_BACKLOG = 10_000;

export interface FulfilmentQueueOptions {
  concurrency: number;
  backlog: number;
}
/** Optional provider token (unit specs set small limits). */
export const FULFILMENT_QUEUE_OPTIONS = Symbol('FULFILMENT_QUEUE_OPTIONS');

/** What became of one order's follow-up in the queue. */
export type QueueOutcome = 'finished' | 'failed' | 'left pending';

/**
 * The follow-up of an order's recorded change (grants after a payment, revocations after a
 * refund) runs here, behind the webhook's answer (ADR 0018): at most FULFILMENT_CONCURRENCY at
 * once, one order at a time (OrderLocks, as the webhook's state change), each order once in the
 * queue however often it is nudged. A failure is logged and the order stays pending in the
 * database: the relay finishes it. On shutdown nothing new starts, the running ones finish,
 * and what waits stays pending for the relay, before the database connection closes.
 */
@Injectable()
export class FulfilmentQueue implements OnModuleDestroy {
  private readonly waiting = new Map<string, Promise<QueueOutcome>>();
  private readonly order: string[] = [];
  private readonly settle = new Map<string, (o: QueueOutcome) => void>();
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;
  private troubled = false;
  private foregroundCount = 0;
  private idleListener: ((troubled: boolean) => void) | undefined;
  private readonly concurrency: number;
  private readonly backlog: number;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly fulfilment: FulfilmentService,
    private readonly locks: OrderLocks,
    private readonly openCheckouts: OpenCheckoutsService,
    @Optional() @Inject(FULFILMENT_QUEUE_OPTIONS) options?: Partial<FulfilmentQueueOptions>,
  ) {
    this.concurrency = options?.concurrency ?? FULFILMENT_CONCURRENCY;
    this.backlog = options?.backlog ?? FULFILMENT_BACKLOG;
  }

  /**
   * Queues the order's follow-up unless it is already waiting; answers when it is done (never
   * rejects). Callers that answer Stripe do not wait for it.
   */
  enqueue(orderId: string): Promise<QueueOutcome> {
    const queued = this.waiting.get(orderId);
    if (queued) return queued;
    if (this.stopped || this.order.length >= this.backlog) {
      this.troubled = true;
      return Promise.resolve('left pending');
    }
    const done = new Promise<QueueOutcome>((resolve) => this.settle.set(orderId, resolve));
    this.waiting.set(orderId, done);
    this.order.push(orderId);
    this.pump();
    return done;
  }

  /**
   * Runs a webhook's recording with priority: while any is under way, no more than
   * FULFILMENT_CONCURRENCY_UNDER_LOAD fulfilments start.
   */
  async foreground<T>(task: () => Promise<T>): Promise<T> {
    this.foregroundCount++;
    try {
      return await task();
    } finally {
      this.foregroundCount--;
      if (this.foregroundCount === 0) this.pump();
    }
  }

  /** Called once the queue has nothing waiting or running; `troubled` if it failed or refused. */
  onIdle(listener: (troubled: boolean) => void): void {
    this.idleListener = listener;
  }

  /** Orders waiting or running (for the relay and tests). */
  get size(): number {
    return this.order.length + this.running.size;
  }

  has(orderId: string): boolean {
    return this.waiting.has(orderId) || this.running.has(orderId);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const orderId of this.order.splice(0)) this.resolve(orderId, 'left pending');
    await Promise.all(this.running.values());
  }

  private pump(): void {
    while (!this.stopped && this.running.size < this.limit() && this.order.length > 0) {
      const next = this.order.findIndex((id) => !this.running.has(id));
      if (next < 0) return;
      const [orderId] = this.order.splice(next, 1);
      // a nudge while it runs queues it again: the order may have changed after it was read
      const settle = this.settle.get(orderId)!;
      this.waiting.delete(orderId);
      this.settle.delete(orderId);
      const run = this.run(orderId).then(settle, () => settle('failed'));
      this.running.set(
        orderId,
        run.finally(() => {
          this.running.delete(orderId);
          this.pump();
          if (this.size === 0) this.idle();
        }),
      );
    }
  }

  private limit(): number {
    return this.foregroundCount > 0
      ? Math.min(this.concurrency, FULFILMENT_CONCURRENCY_UNDER_LOAD)
      : this.concurrency;
  }

  private async run(orderId: string): Promise<QueueOutcome> {
    try {
      const fulfilled = await this.locks.run(orderId, async (): Promise<Order | null> => {
        const order = await this.orders.findById(orderId);
        return order && (await this.fulfilment.finish(order)) ? order : null;
      });
      // outside this order's lock: each other order changes under its own
      if (fulfilled) await this.closeOthers(fulfilled);
      return 'finished';
    } catch (err) {
      this.troubled = true;
      rootLogger().error(
        { err, orderId },
        'fulfilment failed; the order stays pending for the relay',
      );
      return 'failed';
    }
  }

  /** The learner's other open checkouts of the same products (best effort: logged). */
  private async closeOthers(paid: Order): Promise<void> {
    try {
      await this.openCheckouts.closeOthers(paid);
    } catch (err) {
      rootLogger().warn({ err, orderId: paid._id }, 'closing the other open checkouts failed');
    }
  }

  private resolve(orderId: string, outcome: QueueOutcome): void {
    this.settle.get(orderId)?.(outcome);
    this.settle.delete(orderId);
    this.waiting.delete(orderId);
  }

  private idle(): void {
    const troubled = this.troubled;
    this.troubled = false;
    try {
      this.idleListener?.(troubled);
    } catch (err) {
      rootLogger().error({ err }, 'fulfilment queue idle listener failed');
    }
  }
}
