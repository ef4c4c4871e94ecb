import { Injectable } from '@nestjs/common';
import type { LicenceSeatEvent } from '@examprep/contracts';
import { rootLogger } from '@examprep/nest-kit';
import type { LicenceSeatsOfLicence } from './entitlement.schema';
import { EntitlementsRepository } from './entitlements.repository';
import { EntitlementsService } from './entitlements.service';
import type { HeldSeat, LicenceSeat } from './ledger';

/**
 * Release steps of one fact at most. Each step frees what one seat holds, and a freed seat is
 * never granted again, so a learner's few seats settle in a handful; the bound only guards
 * against a store that answers inconsistently.
 */
const MAX_RELEASE_STEPS = 100;

/** Whether seat `seat` of a licence is noted freed. */
const freedIn = (seats: Record<string, LicenceSeatsOfLicence>, seat: LicenceSeat) =>
  (seats[seat.licenceId]?.released ?? 0) >= seat.seat;

/**
 * The schools service's seat facts into the ledger (ADR 0040), in whatever order they arrive
 * and across overlapping licences. Each fact is first noted in licence_seats (numbers that only
 * grow), then acted on:
 * - a take grants the licence's products the learner does not hold, unless that seat is noted
 *   freed already (its release came first); after granting it looks again, and revokes its own
 *   grant when the release was noted meanwhile (that release found nothing to revoke yet);
 * - a release revokes what its seat granted, or hands a product over to another seat the learner
 *   holds whose licence has it too (that seat's release takes it back later); a seat handed to
 *   that was freed meanwhile is released in turn.
 * Every step is keyed by the seat (a redelivery records nothing), so running one twice, or both
 * at once on two replicas, ends with the same holdings.
 */
@Injectable()
export class LicenceSeatsService {
  constructor(
    private readonly repository: EntitlementsRepository,
    private readonly entitlements: EntitlementsService,
  ) {}

  async taken(event: LicenceSeatEvent): Promise<void> {
    const seat: LicenceSeat = { licenceId: event.licenceId, uid: event.uid, seat: event.seat };
    await this.repository.noteSeatTaken(seat.uid, seat.licenceId, seat.seat, event.productIds);
    if (await this.grant(seat, event.productIds)) await this.release(seat);
  }

  /**
   * Grants what the seat's licence has, unless the seat is noted freed; true when it was freed
   * by the time the grant was recorded (its release may have found nothing to revoke yet: the
   * caller releases it).
   */
  private async grant(seat: LicenceSeat, productIds: readonly string[]): Promise<boolean> {
    if (await this.freed(seat)) return false;
    await this.entitlements.grantSeat(seat, productIds);
    return this.freed(seat);
  }

  async released(event: LicenceSeatEvent): Promise<void> {
    const seat: LicenceSeat = { licenceId: event.licenceId, uid: event.uid, seat: event.seat };
    await this.repository.noteSeatReleased(seat.uid, seat.licenceId, seat.seat);
    await this.release(seat);
  }

  /**
   * The seats the learner holds now besides `seat`, with their licences' products: another
   * licence's, or a later seat of the same licence (its take may have been seen before this
   * release, and found the products still held by this seat).
   */
  private async heldBesides(seat: LicenceSeat): Promise<HeldSeat[]> {
    const seats = await this.repository.seatsOf(seat.uid);
    return Object.entries(seats)
      .filter(
        ([licenceId, s]) =>
          s.taken > s.released && !(licenceId === seat.licenceId && s.taken === seat.seat),
      )
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([licenceId, s]) => ({
        seat: { licenceId, uid: seat.uid, seat: s.taken },
        productIds: s.productIds ?? [],
      }));
  }

  private async freed(seat: LicenceSeat): Promise<boolean> {
    return freedIn(await this.repository.seatsOf(seat.uid), seat);
  }

  /**
   * Revokes or hands over what `seat` holds. Then, looking again: each heir freed meanwhile is
   * released in turn, and a seat taken meanwhile (not among those read before) grants what its
   * licence has, since its own take may have found the product still held by this seat (and is
   * released in turn when it was freed meanwhile too).
   */
  private async release(seat: LicenceSeat): Promise<void> {
    const pending = [seat];
    const key = (s: LicenceSeat) => `${s.licenceId}:${s.seat}`;
    for (let steps = 0; pending.length > 0; steps++) {
      if (steps === MAX_RELEASE_STEPS) {
        rootLogger().error({ seat, pending }, 'licence seat release did not settle; left as is');
        return;
      }
      const next = pending.shift()!;
      const before = await this.heldBesides(next);
      const { handedTo } = await this.entitlements.releaseSeat(next, before);
      for (const heir of handedTo) if (await this.freed(heir)) pending.push(heir);
      const seen = new Set(before.map((h) => key(h.seat)));
      for (const held of await this.heldBesides(next))
        if (!seen.has(key(held.seat)) && (await this.grant(held.seat, held.productIds)))
          pending.push(held.seat);
    }
  }
}
