import { Injectable } from '@nestjs/common';
import { Events, type UserDeletedEvent } from '@examprep/contracts';
import { JetStreamConsumer } from '@examprep/nest-kit';
import { TestsService } from './tests.service';

/**
 * When an admin deletes a user's data, the user's tests go with their snapshots and answers.
 * Idempotent: a redelivery finds nothing left.
 */
@Injectable()
export class UserDeletedConsumer {
  constructor(private readonly tests: TestsService) {}

  @JetStreamConsumer({ durable: 'testing-user-deleted', subject: Events.userDeleted })
  async handle(event: UserDeletedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || event.uid.length === 0) return;
    await this.tests.removeUser(event.uid);
  }
}
