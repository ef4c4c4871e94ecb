import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { rootLogger } from '@examprep/nest-kit';
import { FulfilmentQueue } from './fulfilment.queue';
import { OrdersRepository } from './orders.repository';
import { StripeEventsRepository } from './stripe-events.repository';
import { WebhookWorker } from './webhook.worker';

export const FULFILMENT_RELAY_INTERVAL_MS = 15_000;
/**
 * A follow-up younger than this may still be queued in another replica: left to it. Orders in
 * this process's queue are never taken twice (the queue keeps each order once).
 */
export const FULFILMENT_SETTLE_MS = 10_000;
/** After a burst the queue could not finish (a failure, a full backlog): a pass this soon. */
export const FULFILMENT_SOON_MS = 2_000;
const BATCH = 100;

/**
 * No lost purchase after a crash (ADR 0018): at start, every webhook event recorded in the inbox
 * (stripe_events) and not processed is handed to the WebhookWorker, and every order whose fulfilment or
 * revocation was recorded but not finished is finished; then every 15 s, those pending longer
 * than FULFILMENT_SETTLE_MS; and FULFILMENT_SOON_MS after the queue went idle having failed
 * or refused work (each pass: inbox events received before the cutoff first, then orders).
 * The relay hands the orders to the fulfilment queue (bounded concurrency,
 * one at a time per order) and waits for them.
 */
@Injectable()
export class FulfilmentRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly queue: FulfilmentQueue,
    private readonly events: StripeEventsRepository,
    private readonly worker: WebhookWorker,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.onIdle((troubled) => {
      if (troubled) this.passSoon();
    });
    void this.pass(new Date());
    this.timer = setInterval(
      () => void this.pass(new Date(Date.now() - FULFILMENT_SETTLE_MS)),
      FULFILMENT_RELAY_INTERVAL_MS,
    );
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.soon);
    await this.running;
  }

  /**
   * One pass: the inbox events unprocessed since before `cutoff` (processed, waited for), then
   * the orders pending since before `cutoff`; answers how many orders it finished.
   */
  async pass(cutoff: Date): Promise<number> {
    if (this.running || this.stopped) return 0;
    let finished = 0;
    this.running = (async () => {
      try {
        await this.processInbox(cutoff);
        const batch = await this.orders.unfinished(cutoff, BATCH);
        const outcomes = await Promise.all(batch.map((o) => this.queue.enqueue(o._id)));
        finished = outcomes.filter((o) => o === 'finished').length;
        if (finished > 0) rootLogger().info({ finished }, 'relay finished pending orders');
        const left = outcomes.length - finished;
        if (left > 0) rootLogger().warn({ left }, 'relay left orders pending');
      } catch (err) {
        rootLogger().error({ err }, 'fulfilment relay pass failed');
      } finally {
        this.running = undefined;
      }
    })();
    await this.running;
    return finished;
  }

  private async processInbox(cutoff: Date): Promise<void> {
    try {
      const ids = await this.events.unprocessed(cutoff, BATCH);
      if (ids.length === 0) return;
      const outcomes = await Promise.all(ids.map((id) => this.worker.enqueue(id)));
      const processed = outcomes.filter((o) => o === 'processed').length;
      rootLogger().info(
        { processed, left: ids.length - processed },
        'relay processed inbox events',
      );
    } catch (err) {
      rootLogger().error({ err }, 'relay inbox pass failed');
    }
  }

  private passSoon(): void {
    if (this.soon || this.stopped) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.pass(new Date());
    }, FULFILMENT_SOON_MS);
    this.soon.unref();
  }
}
