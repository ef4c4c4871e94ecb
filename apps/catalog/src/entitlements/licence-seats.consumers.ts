import { Injectable } from '@nestjs/common';
import {
  Events,
  LICENCE_ID_PATTERN,
  type LicenceSeatEvent,
  PRODUCT_ID_PATTERN,
} from '@examprep/contracts';
import { JetStreamConsumer, rootLogger } from '@examprep/nest-kit';
import { LicenceSeatsService } from './licence-seats.service';

/** The longest uid the ledger records (invalidChange). */
const MAX_UID_LENGTH = 128;

/**
 * Whether the fact is a seat as the schools service publishes it (ADR 0040): a licence, a
 * learner, the seat's counter (1, 2, ...), product ids the ledger accepts, an ISO date.
 */
export function isLicenceSeatEvent(e: unknown): e is LicenceSeatEvent {
  const f = e as Partial<LicenceSeatEvent> | null;
  return (
    typeof f?.licenceId === 'string' &&
    LICENCE_ID_PATTERN.test(f.licenceId) &&
    typeof f.uid === 'string' &&
    f.uid.length > 0 &&
    f.uid.length <= MAX_UID_LENGTH &&
    Number.isSafeInteger(f.seat) &&
    (f.seat as number) >= 1 &&
    Array.isArray(f.productIds) &&
    f.productIds.every((p) => typeof p === 'string' && PRODUCT_ID_PATTERN.test(p)) &&
    typeof f.at === 'string' &&
    !Number.isNaN(Date.parse(f.at))
  );
}

/**
 * A learner took a seat of a school's licence: its products they do not hold are granted in
 * the ledger (source licence), unless the seat was freed already (LicenceSeatsService).
 * Idempotent: the entries are keyed by the seat.
 */
@Injectable()
export class LicenceSeatTakenConsumer {
  constructor(private readonly seats: LicenceSeatsService) {}

  @JetStreamConsumer({ durable: 'catalog-licence-seat-taken', subject: Events.licenceSeatTaken })
  async handle(event: LicenceSeatEvent): Promise<void> {
    if (!isLicenceSeatEvent(event)) {
      rootLogger().error({ event }, 'licence.seatTaken fact of an unknown shape; skipped');
      return;
    }
    await this.seats.taken(event);
  }
}

/**
 * A seat was freed (the term ended, or an admin freed it): what that seat granted and the
 * learner still holds by it is revoked, or handed over to another licence of theirs that has
 * it (LicenceSeatsService). Idempotent: the entries are keyed by the seat.
 */
@Injectable()
export class LicenceSeatReleasedConsumer {
  constructor(private readonly seats: LicenceSeatsService) {}

  @JetStreamConsumer({
    durable: 'catalog-licence-seat-released',
    subject: Events.licenceSeatReleased,
  })
  async handle(event: LicenceSeatEvent): Promise<void> {
    if (!isLicenceSeatEvent(event)) {
      rootLogger().error({ event }, 'licence.seatReleased fact of an unknown shape; skipped');
      return;
    }
    await this.seats.released(event);
  }
}
