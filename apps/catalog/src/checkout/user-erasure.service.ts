import { Injectable } from '@nestjs/common';
import { Events, type UserDeletedEvent } from '@examprep/contracts';
import { JetStreamConsumer, rootLogger } from '@examprep/nest-kit';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { randomToken } from './checkout-ids';
import { OpenCheckoutsService } from './open-checkouts.service';
import { OrderLocks } from './order-locks';
import { OrdersRepository } from './orders.repository';
import { StripeEventsRepository } from './stripe-events.repository';

/** The uid an erased user's orders carry instead (one per erasure, linked to nobody). */
export const erasedUid = () => `erased-${randomToken(24)}`;

/** What one erasure did (logged; the figures of its specs). */
export interface ErasureReport {
  closed: number;
  anonymised: number;
  forgottenEvents: number;
}

/**
 * Deleting a user's data in the catalog (admin spec §4 'delete-user-data', issue 24, ADR 0023),
 * on the `user.deleted` fact: their open checkouts are expired at Stripe, their orders are
 * anonymised (uid replaced, email gone; amounts, products, dates and Stripe's ids stay for
 * accounting), their ledger (snapshots, holdings, marks) is erased, and the processed webhook
 * events of those orders (which carry their email) are forgotten. Each order changes under its
 * own lock, so a fulfilment in flight finishes first; a payment that arrives afterwards finds the
 * order erased and is refunded whole. Idempotent: a redelivery finds nothing left.
 */
@Injectable()
export class UserErasureService {
  constructor(
    private readonly entitlements: EntitlementsService,
    private readonly orders: OrdersRepository,
    private readonly locks: OrderLocks,
    private readonly openCheckouts: OpenCheckoutsService,
    private readonly events: StripeEventsRepository,
  ) {}

  @JetStreamConsumer({ durable: 'catalog-user-deleted', subject: Events.userDeleted })
  async handle(event: UserDeletedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || event.uid.length === 0) return;
    await this.erase(event.uid);
  }

  async erase(uid: string): Promise<ErasureReport> {
    const closed = await this.openCheckouts.closeAll(uid);
    const orderIds = await this.orders.idsOf(uid);
    const pseudonym = erasedUid();
    const at = new Date();
    for (const id of orderIds) {
      await this.locks.run(id, () => this.orders.anonymise(id, pseudonym, at));
    }
    // after the orders: a fulfilment in flight has recorded its grants by now
    await this.entitlements.erase(uid);
    const forgottenEvents = await this.events.forgetProcessed(orderIds);
    const report = { closed: closed.length, anonymised: orderIds.length, forgottenEvents };
    rootLogger().info({ uid, pseudonym, ...report }, 'user data erased from the catalog');
    return report;
  }
}
