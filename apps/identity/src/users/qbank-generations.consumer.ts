import { Injectable } from '@nestjs/common';
import { Events, type QbankGeneratedEvent } from '@examprep/contracts';
import { JetStreamConsumer } from '@examprep/nest-kit';
import { CountedBatchesRepository } from './counted-batches.repository';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/**
 * Counts Infinite QBank generations per user (user document infiniteQbankGenerations, shown
 * in the admin user list) from the qbank service's `qbank.generated` facts.
 */
@Injectable()
export class QbankGenerationsConsumer {
  constructor(
    private readonly users: UsersRepository,
    private readonly batches: CountedBatchesRepository,
    private readonly usersService: UsersService,
  ) {}

  /** Idempotent: the batch marker's unique id decides; if the increment fails it is undone. */
  @JetStreamConsumer({ durable: 'identity-qbank-generated', subject: Events.qbankGenerated })
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
