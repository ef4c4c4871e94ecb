import { Injectable } from '@nestjs/common';
import { Events, type UserDeletedEvent } from '@examprep/contracts';
import { JetStreamConsumer } from '@examprep/nest-kit';
import { LicencesService } from '../licences/licences.service';
import { LtiRepository } from './lti.repository';

/**
 * An erased user's school data goes with them (idempotent): their seats are freed for the
 * school's other learners, their LMS links, memberships and score records removed. A later launch
 * of the same LMS user makes a new account.
 */
@Injectable()
export class SchoolsUserDeletedConsumer {
  constructor(
    private readonly repo: LtiRepository,
    private readonly licences: LicencesService,
  ) {}

  @JetStreamConsumer({ durable: 'schools-user-deleted', subject: Events.userDeleted })
  async handle(event: UserDeletedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || event.uid.length === 0) return;
    await this.licences.removeUser(event.uid);
    await this.repo.removeUser(event.uid);
  }
}
