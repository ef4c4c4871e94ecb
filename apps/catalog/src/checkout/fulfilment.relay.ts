import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { rootLogger } from '@examprep/nest-kit';
import { FulfilmentService } from './fulfilment.service';
import { OrderLocks } from './order-locks';
import { OrdersRepository } from './orders.repository';

export const FULFILMENT_RELAY_INTERVAL_MS = 15_000;
/** A follow-up younger than this may still be under way in a webhook call: left to it. */
export const FULFILMENT_SETTLE_MS = 10_000;
const BATCH = 100;

/**
 * No lost purchase after a crash (ADR 0018): at start, every order whose fulfilment or
 * revocation was recorded but not finished is finished; then every 15 s, those pending longer
 * than FULFILMENT_SETTLE_MS.
 */
@Injectable()
export class FulfilmentRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly fulfilment: FulfilmentService,
    private readonly locks: OrderLocks,
  ) {}

  onApplicationBootstrap(): void {
    void this.pass(new Date());
    this.timer = setInterval(
      () => void this.pass(new Date(Date.now() - FULFILMENT_SETTLE_MS)),
      FULFILMENT_RELAY_INTERVAL_MS,
    );
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass over the orders pending since before `cutoff`; answers how many it finished. */
  async pass(cutoff: Date): Promise<number> {
    if (this.running) return 0;
    let finished = 0;
    this.running = (async () => {
      try {
        for (const order of await this.orders.unfinished(cutoff, BATCH)) {
          try {
            await this.locks.run(order._id, async () => {
              const current = await this.orders.findById(order._id);
              if (current) await this.fulfilment.finish(current);
            });
            finished++;
          } catch (err) {
            rootLogger().error({ err, orderId: order._id }, 'relay could not finish the order');
          }
        }
        if (finished > 0) rootLogger().info({ finished }, 'relay finished pending orders');
      } catch (err) {
        rootLogger().error({ err }, 'fulfilment relay pass failed');
      } finally {
        this.running = undefined;
      }
    })();
    await this.running;
    return finished;
  }
}
