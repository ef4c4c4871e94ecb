import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Events, type QbankGeneratedEvent } from '@examprep/contracts';
import { JetStreamBus, type RunningConsumer } from '@examprep/nest-kit';
import { CountedBatchesRepository } from './counted-batches.repository';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/**
 * Counts Infinite QBank generations per user (user document infiniteQbankGenerations, shown
 * in the admin user list) from the qbank service's `qbank.generated` facts.
 */
@Injectable()
export class QbankGenerationsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer: RunningConsumer | undefined;

  constructor(
    private readonly bus: JetStreamBus,
    private readonly users: UsersRepository,
    private readonly batches: CountedBatchesRepository,
    private readonly usersService: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await this.bus.consume({
      durable: 'identity-qbank-generated',
      subject: Events.qbankGenerated,
      handler: (event) => this.count(event),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }

  /** Idempotent: the batch marker's unique id decides; if the increment fails it is undone. */
  async count(event: QbankGeneratedEvent): Promise<void> {
    if (!event?.uid || !event.batchId || !(event.count > 0)) return;
    if (!(await this.batches.mark(event.uid, event.batchId, new Date(event.at)))) return; // counted before
    try {
      if (await this.users.addGenerations(event.uid, event.count))
        this.usersService.notify(event.uid);
    } catch (err) {
      await this.batches.unmark(event.uid, event.batchId);
      throw err;
    }
  }
}
