import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Events, type UserDeletedEvent } from '@examprep/contracts';
import { JetStreamBus, type RunningConsumer } from '@examprep/nest-kit';
import { TestsService } from './tests.service';

/**
 * When an admin deletes a user's data, the user's tests go with their snapshots and answers.
 * Idempotent: a redelivery finds nothing left.
 */
@Injectable()
export class UserDeletedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer: RunningConsumer | undefined;

  constructor(
    private readonly bus: JetStreamBus,
    private readonly tests: TestsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await this.bus.consume({
      durable: 'testing-user-deleted',
      subject: Events.userDeleted,
      handler: (event) => this.handle(event),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }

  async handle(event: UserDeletedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || event.uid.length === 0) return;
    await this.tests.removeUser(event.uid);
  }
}
