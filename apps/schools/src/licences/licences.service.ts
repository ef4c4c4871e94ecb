import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  type Actor,
  Events,
  type Licence,
  LicenceDto,
  type LicenceInput,
  type LicenceSeat,
  LICENCE_MESSAGES as M,
  type LicenceSeatEvent,
  type LicencesAnswer,
} from '@examprep/contracts';
import {
  JetStreamBus,
  requireAdmin,
  rootLogger,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { Clock } from '../clock';
import { LtiRepository } from '../lti/lti.repository';
import { SCHOOLS_CALLS, type SchoolsCalls } from '../lti/peers';
import type { LicenceRecord, SeatRecord } from './licence.schema';
import { LicencesRepository } from './licences.repository';

/** How often the term ends and the facts still to publish are swept. */
export const LICENCE_SWEEP_MS = 30_000;
const PUBLISH_BATCH = 200;
const ID = /^[a-f0-9-]{36}$/;

/** The day (UTC) of a time, YYYY-MM-DD. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function statusOf(l: Pick<LicenceRecord, 'startsOn' | 'endsOn' | 'ended'>, today: string) {
  if (l.ended || l.endsOn < today) return 'ended' as const;
  return l.startsOn > today ? ('scheduled' as const) : ('active' as const);
}

function toLicence(l: LicenceRecord, today: string): Licence {
  return {
    id: l._id,
    platformId: l.platformId,
    name: l.name,
    productIds: [...l.productIds],
    seats: l.seats,
    seatsUsed: l.seats - l.seatsLeft,
    startsOn: l.startsOn,
    endsOn: l.endsOn,
    status: statusOf(l, today),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

const msgId = (kind: 'taken' | 'released', s: SeatRecord) =>
  `licence-seat-${kind}:${s.licenceId}:${s.uid}:${s.seat}`;

/**
 * Seat licences (ADR 0040): admins make and change them; a learner launching from the school's LMS
 * during the term takes a seat of each of its licences (a conditional decrement of `seatsLeft`,
 * so the last seat goes once), and the catalog grants the products (`events.licence.seatTaken`,
 * source `licence`); freeing a seat (an admin, or the term's end) revokes what it granted. Every
 * change is recorded on the seat (`pending`) before its fact is published, and the sweep
 * publishes what a failed publish left.
 */
@Injectable()
export class LicencesService implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly repo: LicencesRepository,
    private readonly lti: LtiRepository,
    @Inject(SCHOOLS_CALLS) private readonly peers: SchoolsCalls,
    @Inject(JetStreamBus) private readonly bus: Pick<JetStreamBus, 'publish'>,
    private readonly clock: Clock,
  ) {}

  private today(): string {
    return dayOf(this.clock.now());
  }

  async list(actor: Actor | null, platformId?: string): Promise<LicencesAnswer> {
    requireAdmin(actor);
    const today = this.today();
    const records = await this.repo.list(
      platformId && ID.test(platformId) ? platformId : undefined,
    );
    return { licences: records.map((l) => toLicence(l, today)) };
  }

  async create(actor: Actor | null, input: LicenceInput): Promise<Licence> {
    requireAdmin(actor);
    const dto = await this.validate(input);
    const now = new Date(this.clock.now());
    const record: LicenceRecord = {
      _id: randomUUID(),
      platformId: dto.platformId,
      name: dto.name,
      productIds: [...new Set(dto.productIds)],
      seats: dto.seats,
      seatsLeft: dto.seats,
      startsOn: dto.startsOn,
      endsOn: dto.endsOn,
      ended: false,
      createdAt: now,
      updatedAt: now,
    };
    await this.repo.insert(record);
    rootLogger().info(
      {
        audit: 'licence',
        by: actor.uid,
        licenceId: record._id,
        action: 'create',
        seats: dto.seats,
      },
      'licence made',
    );
    return toLicence(record, this.today());
  }

  async update(actor: Actor | null, id: string, input: LicenceInput): Promise<Licence> {
    requireAdmin(actor);
    if (!ID.test(String(id))) throw ServiceError.notFound(M.notFound);
    const current = await this.repo.find(id);
    if (!current) throw ServiceError.notFound(M.notFound);
    const dto = await this.validate({ ...input, platformId: current.platformId });
    const updated = await this.repo.update(
      id,
      {
        name: dto.name,
        productIds: [...new Set(dto.productIds)],
        startsOn: dto.startsOn,
        endsOn: dto.endsOn,
        updatedAt: new Date(this.clock.now()),
      },
      dto.seats,
    );
    if (updated === 'below-used') {
      throw ServiceError.badRequest(M.seatsBelowUsed, { seats: [M.seatsBelowUsed] });
    }
    if (!updated) throw ServiceError.notFound(M.notFound);
    rootLogger().info(
      { audit: 'licence', by: actor.uid, licenceId: id, action: 'update', seats: dto.seats },
      'licence changed',
    );
    return toLicence(updated, this.today());
  }

  async seats(actor: Actor | null, id: string): Promise<{ seats: LicenceSeat[] }> {
    requireAdmin(actor);
    if (!ID.test(String(id)) || !(await this.repo.find(id)))
      throw ServiceError.notFound(M.notFound);
    const seats = await this.repo.activeSeats(id);
    const contacts = await this.lti.contactsOf(seats.map((s) => s.uid));
    return {
      seats: seats.map((s) => ({
        uid: s.uid,
        email: contacts.get(s.uid) ?? '',
        takenAt: s.takenAt.toISOString(),
      })),
    };
  }

  async releaseSeat(actor: Actor | null, id: string, uid: string): Promise<{ released: true }> {
    requireAdmin(actor);
    if (!ID.test(String(id)) || typeof uid !== 'string')
      throw ServiceError.notFound(M.seatNotFound);
    const released = await this.release(id, uid);
    if (!released) throw ServiceError.notFound(M.seatNotFound);
    rootLogger().info(
      { audit: 'licence', by: actor.uid, licenceId: id, uid, action: 'release' },
      'seat freed',
    );
    return { released: true };
  }

  /**
   * A learner's launch from `platformId`: a seat of each licence of the platform in its term that
   * they hold none of. A full licence is logged, not an error: the launch goes on (the learner
   * sees what they hold).
   */
  async takeSeats(platformId: string, uid: string): Promise<void> {
    const today = this.today();
    const licences = (await this.repo.ofPlatform(platformId)).filter(
      (l) => statusOf(l, today) === 'active',
    );
    for (const licence of licences) {
      const seat = await this.repo.findSeat(licence._id, uid);
      if (seat?.active) continue;
      if (!(await this.repo.reserve(licence._id))) {
        rootLogger().warn({ licenceId: licence._id, uid }, 'licence full: no seat for the learner');
        continue;
      }
      const at = new Date(this.clock.now());
      let taken: SeatRecord | null;
      if (seat) {
        taken = await this.repo.retake(licence._id, uid, licence.productIds, at);
      } else {
        const first: SeatRecord = {
          _id: `${licence._id}:${uid}`,
          licenceId: licence._id,
          uid,
          seat: 1,
          active: true,
          productIds: [...licence.productIds],
          takenAt: at,
          releasedAt: null,
          pending: 'taken',
        };
        taken = (await this.repo.insertSeat(first)) ? first : null;
      }
      if (!taken) {
        // a launch of the same learner at the same moment took it: the counter goes back
        await this.repo.giveBack(licence._id);
        continue;
      }
      await this.publish(taken);
    }
  }

  /**
   * An erased user (events.user.deleted): their seats are given back to their licences and their
   * seat records go (the catalog erases their ledger itself, ADR 0023).
   */
  async removeUser(uid: string): Promise<void> {
    for (const seat of await this.repo.seatsOf(uid)) {
      if (
        seat.active &&
        (await this.repo.release(seat.licenceId, uid, new Date(this.clock.now())))
      ) {
        await this.repo.giveBack(seat.licenceId);
      }
    }
    await this.repo.removeSeats(uid);
  }

  /** Frees a seat (its grants are revoked); false when the learner held none. */
  private async release(licenceId: string, uid: string): Promise<boolean> {
    const seat = await this.repo.release(licenceId, uid, new Date(this.clock.now()));
    if (!seat) return false;
    await this.repo.giveBack(licenceId);
    await this.publish(seat);
    return true;
  }

  /** Publishes the seat's pending fact; left to the sweep when JetStream refuses. */
  private async publish(seat: SeatRecord): Promise<void> {
    if (!seat.pending) return;
    const event: LicenceSeatEvent = {
      licenceId: seat.licenceId,
      uid: seat.uid,
      seat: seat.seat,
      productIds: seat.productIds,
      at: new Date(this.clock.now()).toISOString(),
    };
    try {
      if (seat.pending === 'taken') {
        await this.bus.publish(Events.licenceSeatTaken, event, msgId('taken', seat));
      } else {
        await this.bus.publish(Events.licenceSeatReleased, event, msgId('released', seat));
      }
      await this.repo.published(seat);
    } catch (err) {
      rootLogger().warn(
        { err, seatId: seat._id },
        'seat fact not published yet (the sweep retries)',
      );
    }
  }

  /** One sweep: the terms that ended yesterday or before, then the facts still to publish. */
  async sweep(): Promise<void> {
    for (const licence of await this.repo.endedBefore(this.today())) {
      if (!(await this.repo.claimEnd(licence._id))) continue;
      for (const seat of await this.repo.activeSeats(licence._id)) {
        await this.release(licence._id, seat.uid);
      }
      rootLogger().info(
        { audit: 'licence', licenceId: licence._id, action: 'term-ended' },
        'licence term ended',
      );
    }
    for (const seat of await this.repo.pendingSeats(PUBLISH_BATCH)) await this.publish(seat);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((err: unknown) => rootLogger().error({ err }, 'licence sweep failed'))
        .finally(() => (this.running = undefined));
    }, LICENCE_SWEEP_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** The DTO, the platform and the products (priced ones only: free ones need no licence). */
  private async validate(input: LicenceInput): Promise<LicenceDto> {
    const dto = validatePayload(LicenceDto, input);
    const fields: Record<string, string[]> = {};
    if (dto.endsOn < dto.startsOn) fields['endsOn'] = [M.datesInvalid];
    if (!(await this.lti.findPlatform(dto.platformId))) fields['platformId'] = [M.platformRequired];
    const products = new Map((await this.peers.products()).map((p) => [p.id, p] as const));
    for (const id of dto.productIds) {
      const product = products.get(id);
      if (!product) fields['productIds'] = [M.unknownProduct];
      else if (product.price === 0) fields['productIds'] = [M.freeProduct];
    }
    if (Object.keys(fields).length > 0) {
      throw ServiceError.badRequest(Object.values(fields).flat().join(' '), fields);
    }
    return dto;
  }
}
