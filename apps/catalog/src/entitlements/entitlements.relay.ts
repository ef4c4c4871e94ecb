import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { rootLogger } from '@examprep/nest-kit';
import { EntitlementsService, PENDING_SETTLE_MS } from './entitlements.service';

export const RELAY_INTERVAL_MS = 15_000;

/**
 * No lost fact after a crash (ADR 0018): at start, every change left pending before this
 * process started is finished (folded again and published if its version was not); then every
 * 15 s, the ones pending longer than PENDING_SETTLE_MS.
 */
@Injectable()
export class EntitlementsRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly entitlements: EntitlementsService) {}

  onApplicationBootstrap(): void {
    void this.pass(new Date());
    this.timer = setInterval(
      () => void this.pass(new Date(Date.now() - PENDING_SETTLE_MS)),
      RELAY_INTERVAL_MS,
    );
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async pass(cutoff: Date): Promise<void> {
    if (this.running) return;
    this.running = (async () => {
      try {
        const published = await this.entitlements.relayPending(
          cutoff,
          new Date(Date.now() - PENDING_SETTLE_MS),
        );
        if (published > 0) rootLogger().info({ published }, 'relay published purchases changes');
      } catch (err) {
        rootLogger().error({ err }, 'entitlements relay pass failed');
      } finally {
        this.running = undefined;
      }
    })();
    await this.running;
  }
}
