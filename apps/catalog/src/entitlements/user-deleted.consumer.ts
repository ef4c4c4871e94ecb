import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Events, type UserDeletedEvent } from '@examprep/contracts';
import { JetStreamBus, type RunningConsumer } from '@examprep/nest-kit';
import { EntitlementsService } from './entitlements.service';

export const USER_DELETED_BY = 'system:user-deleted';

/**
 * When an admin deletes a user's data, the user's holdings are revoked (source admin, by
 * 'system:user-deleted'); the ledger entries stay as the financial trace. Idempotent: a
 * redelivery finds nothing left to revoke.
 */
@Injectable()
export class UserDeletedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer: RunningConsumer | undefined;

  constructor(
    private readonly bus: JetStreamBus,
    private readonly entitlements: EntitlementsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await this.bus.consume({
      durable: 'catalog-user-deleted',
      subject: Events.userDeleted,
      handler: (event) => this.handle(event),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }

  async handle(event: UserDeletedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || event.uid.length === 0) return;
    await this.entitlements.revokeAll(event.uid, USER_DELETED_BY);
  }
}
