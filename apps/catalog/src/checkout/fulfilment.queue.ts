import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { KeyedWorkQueue, rootLogger } from '@examprep/nest-kit';
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
 * refund) runs here, behind the webhook's answer (ADR 0018), in nest-kit's KeyedWorkQueue: at
 * most FULFILMENT_CONCURRENCY at once, one order at a time (OrderLocks, as the webhook's state
 * change), each order once in the queue however often it is nudged, and a nudge while it runs
 * runs it once more after (the order may have changed after it was read). A failure is logged
 * and the order stays pending in the database: the relay finishes it. On shutdown nothing new
 * starts, the running ones finish, and what waits stays pending for the relay, before the
 * database connection closes.
 */
@Injectable()
export class FulfilmentQueue implements OnModuleDestroy {
  private readonly queue: KeyedWorkQueue<never, QueueOutcome>;
  private foregroundCount = 0;
  private idleListener: ((troubled: boolean) => void) | undefined;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly fulfilment: FulfilmentService,
    private readonly locks: OrderLocks,
    private readonly openCheckouts: OpenCheckoutsService,
    @Optional() @Inject(FULFILMENT_QUEUE_OPTIONS) options?: Partial<FulfilmentQueueOptions>,
  ) {
    const concurrency = options?.concurrency ?? FULFILMENT_CONCURRENCY;
    this.queue = new KeyedWorkQueue<never, QueueOutcome>({
      name: 'fulfilment queue',
      // while a webhook records, fulfilments take fewer slots
      concurrency: () =>
        this.foregroundCount > 0
          ? Math.min(concurrency, FULFILMENT_CONCURRENCY_UNDER_LOAD)
          : concurrency,
      backlog: options?.backlog ?? FULFILMENT_BACKLOG,
      whileRunning: 'again',
      work: (orderId) => this.run(orderId),
      failed: 'failed',
      onError: (err, orderId) =>
        rootLogger().error(
          { err, orderId },
          'fulfilment failed; the order stays pending for the relay',
        ),
      notTaken: 'left pending',
      onIdle: (troubled) => this.idleListener?.(troubled),
    });
  }

  /**
   * Queues the order's follow-up unless it is already waiting; answers when it is done (never
   * rejects). Callers that answer Stripe do not wait for it.
   */
  enqueue(orderId: string): Promise<QueueOutcome> {
    return this.queue.enqueue(orderId);
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
      if (this.foregroundCount === 0) this.queue.pump();
    }
  }

  /** Called once the queue has nothing waiting or running; `troubled` if it failed or refused. */
  onIdle(listener: (troubled: boolean) => void): void {
    this.idleListener = listener;
  }

  /** Orders waiting or running (for the relay and tests). */
  get size(): number {
    return this.queue.size;
  }

  has(orderId: string): boolean {
    return this.queue.has(orderId);
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.stop();
  }

  /** One order's follow-up; throws when it failed (the queue logs it and answers 'failed'). */
  private async run(orderId: string): Promise<QueueOutcome> {
    const fulfilled = await this.locks.run(orderId, async (): Promise<Order | null> => {
      const order = await this.orders.findById(orderId);
      return order && (await this.fulfilment.finish(order)) ? order : null;
    });
    // outside this order's lock: each other order changes under its own
    if (fulfilled) await this.closeOthers(fulfilled);
    return 'finished';
  }

  /** The learner's other open checkouts of the same products (best effort: logged). */
  private async closeOthers(paid: Order): Promise<void> {
    try {
      await this.openCheckouts.closeOthers(paid);
    } catch (err) {
      rootLogger().warn({ err, orderId: paid._id }, 'closing the other open checkouts failed');
    }
  }
}
