import {
  type Actor,
  ErrorCodes,
  Events,
  LICENCE_MESSAGES as M,
  type LicenceInput,
  type LicenceSeatEvent,
  type Product,
} from '@examprep/contracts';
import { rootLogger } from '@examprep/nest-kit';
import type { Clock } from '../clock';
import type { LtiRepository } from '../lti/lti.repository';
import type { PlatformRecord } from '../lti/lti.schema';
import type { SchoolsCalls } from '../lti/peers';
import type { LicenceRecord, SeatRecord } from './licence.schema';
import type { LicencesRepository } from './licences.repository';
import { LicencesService } from './licences.service';

const P1 = '0b7c1d2e-0000-4000-8000-000000000001';
const P2 = '0b7c1d2e-0000-4000-8000-000000000002';
const L_ACTIVE = '1c8d2e3f-0000-4000-8000-000000000001';
const L_SCHEDULED = '1c8d2e3f-0000-4000-8000-000000000002';
const L_ENDED = '1c8d2e3f-0000-4000-8000-000000000003';
const L_OTHER = '1c8d2e3f-0000-4000-8000-000000000004';
const L_FULL = '1c8d2e3f-0000-4000-8000-000000000005';
const UNKNOWN = '1c8d2e3f-0000-4000-8000-000000000009';

const DAY = 86_400_000;
/** Today is 2027-03-02 (UTC). */
const T0 = Date.parse('2027-03-02T10:00:00.000Z');

const ADMIN: Actor = {
  uid: 'admin-1',
  email: 'admin@examprep.test',
  isAdmin: true,
  emailVerified: true,
};
const LEARNER: Actor = {
  uid: 'u1',
  email: 'u1@examprep.test',
  isAdmin: false,
  emailVerified: true,
};

/** The licence repository in memory, with the Mongo one's conditions (its int spec proves those). */
class MemoryLicences {
  licences = new Map<string, LicenceRecord>();
  seats = new Map<string, SeatRecord>();

  async list(platformId?: string) {
    return [...this.licences.values()]
      .filter((l) => !platformId || l.platformId === platformId)
      .sort((a, b) => b.startsOn.localeCompare(a.startsOn) || a._id.localeCompare(b._id));
  }
  async ofPlatform(platformId: string) {
    return [...this.licences.values()].filter((l) => l.platformId === platformId);
  }
  async find(id: string) {
    const l = this.licences.get(id);
    return l ? { ...l } : null;
  }
  async insert(record: LicenceRecord) {
    this.licences.set(record._id, { ...record });
  }
  async update(
    id: string,
    fields: Pick<LicenceRecord, 'name' | 'productIds' | 'startsOn' | 'endsOn' | 'updatedAt'>,
    seats: number,
  ) {
    const l = this.licences.get(id);
    if (!l) return null;
    const used = l.seats - l.seatsLeft;
    if (seats < used) return 'below-used' as const;
    Object.assign(l, fields, { seats, seatsLeft: seats - used });
    return { ...l };
  }
  async reserve(id: string) {
    const l = this.licences.get(id);
    if (!l || l.ended || l.seatsLeft <= 0) return false;
    l.seatsLeft--;
    return true;
  }
  async giveBack(id: string) {
    const l = this.licences.get(id);
    if (l) l.seatsLeft++;
  }
  async claimEnd(id: string) {
    const l = this.licences.get(id);
    if (!l || l.ended) return false;
    l.ended = true;
    return true;
  }
  async endedBefore(today: string) {
    return [...this.licences.values()].filter((l) => !l.ended && l.endsOn < today);
  }
  async findSeat(licenceId: string, uid: string) {
    const s = this.seats.get(`${licenceId}:${uid}`);
    return s ? { ...s } : null;
  }
  async insertSeat(record: SeatRecord) {
    if (this.seats.has(record._id)) return false;
    this.seats.set(record._id, { ...record });
    return true;
  }
  async retake(licenceId: string, uid: string, productIds: string[], at: Date) {
    const s = this.seats.get(`${licenceId}:${uid}`);
    if (!s || s.active) return null;
    Object.assign(s, {
      active: true,
      takenAt: at,
      releasedAt: null,
      pending: 'taken',
      productIds,
      seat: s.seat + 1,
    });
    return { ...s };
  }
  async release(licenceId: string, uid: string, at: Date) {
    const s = this.seats.get(`${licenceId}:${uid}`);
    if (!s?.active) return null;
    Object.assign(s, { active: false, releasedAt: at, pending: 'released' });
    return { ...s };
  }
  async activeSeats(licenceId: string) {
    return [...this.seats.values()]
      .filter((s) => s.licenceId === licenceId && s.active)
      .sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
  }
  async pendingSeats(limit: number) {
    return [...this.seats.values()].filter((s) => s.pending !== null).slice(0, limit);
  }
  async published(seat: SeatRecord) {
    const s = this.seats.get(seat._id);
    if (s && s.seat === seat.seat && s.pending === seat.pending) s.pending = null;
  }
  async seatsOf(uid: string) {
    return [...this.seats.values()].filter((s) => s.uid === uid);
  }
  async removeSeats(uid: string) {
    for (const [id, s] of this.seats) if (s.uid === uid) this.seats.delete(id);
  }
}

const product = (id: string, price: number) => ({ id, price }) as Product;

interface Published {
  subject: string;
  event: LicenceSeatEvent;
  msgId: string;
}

function setup() {
  const repo = new MemoryLicences();
  const platforms = new Map<string, PlatformRecord>([[P1, { _id: P1 } as PlatformRecord]]);
  const lti = {
    findPlatform: async (id: string) => platforms.get(id) ?? null,
    contactsOf: async (uids: readonly string[]) =>
      new Map(uids.filter((u) => u !== 'u-nameless').map((u) => [u, `${u}@school.edu`] as const)),
  };
  const peers = {
    products: async () => [
      product('teas_math_qbank', 4900),
      product('med_dosage_qbank', 3900),
      product('free_sampler', 0),
    ],
  };
  const published: Published[] = [];
  const bus = {
    /** How many of the next publishes JetStream refuses. */
    refuse: 0,
    publish: jest.fn(async (subject: string, event: unknown, msgId?: string) => {
      if (bus.refuse > 0) {
        bus.refuse--;
        throw new Error('JetStream: no responders');
      }
      published.push({ subject, event: event as LicenceSeatEvent, msgId: msgId! });
    }),
  };
  const clock = { t: T0, now: () => clock.t };
  const service = new LicencesService(
    repo as unknown as LicencesRepository,
    lti as unknown as LtiRepository,
    peers as unknown as SchoolsCalls,
    bus as never,
    clock as Clock,
  );
  const licence = (id: string, over: Partial<LicenceRecord> = {}): LicenceRecord => ({
    _id: id,
    platformId: P1,
    name: `Cohort ${id.slice(-1)}`,
    productIds: ['teas_math_qbank'],
    seats: 10,
    seatsLeft: 10,
    startsOn: '2027-01-11',
    endsOn: '2027-05-14',
    ended: false,
    createdAt: new Date(T0 - 60 * DAY),
    updatedAt: new Date(T0 - 60 * DAY),
    ...over,
  });
  return { service, repo, published, bus, clock, licence };
}

const input = (over: Partial<LicenceInput> = {}): LicenceInput => ({
  platformId: P1,
  name: 'Nightingale College, Spring 2027 cohort',
  productIds: ['teas_math_qbank', 'med_dosage_qbank'],
  seats: 30,
  startsOn: '2027-03-01',
  endsOn: '2027-06-30',
  ...over,
});

/** The error payload a call rejects with (status, code, message, fields). */
async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return (err as { payload?: { status: number; code: string; message: string } }).payload ?? err;
  }
  throw new Error('the call did not fail');
}

describe('LicencesService', () => {
  it('every admin call refuses a learner and an anonymous caller with 403', async () => {
    const { service, repo, licence } = setup();
    await repo.insert(licence(L_ACTIVE));
    await repo.insertSeat({
      _id: `${L_ACTIVE}:u1`,
      licenceId: L_ACTIVE,
      uid: 'u1',
      seat: 1,
      active: true,
      productIds: ['teas_math_qbank'],
      takenAt: new Date(T0),
      releasedAt: null,
      pending: null,
    });
    for (const actor of [LEARNER, null]) {
      for (const call of [
        () => service.list(actor),
        () => service.create(actor, input()),
        () => service.update(actor, L_ACTIVE, input({ seats: 1 })),
        () => service.seats(actor, L_ACTIVE),
        () => service.releaseSeat(actor, L_ACTIVE, 'u1'),
      ]) {
        expect(await errorOf(call())).toMatchObject({ status: 403, code: ErrorCodes.FORBIDDEN });
      }
    }
    // nothing changed
    expect(await repo.find(L_ACTIVE)).toMatchObject({ seats: 10, seatsLeft: 10 });
    expect((await repo.findSeat(L_ACTIVE, 'u1'))!.active).toBe(true);
  });

  it('create: the licence with its term’s status; a product listed twice once', async () => {
    const { service, repo } = setup();
    const made = await service.create(
      ADMIN,
      input({ productIds: ['teas_math_qbank', 'teas_math_qbank', 'med_dosage_qbank'] }),
    );
    expect(made).toEqual({
      id: expect.stringMatching(/^[a-f0-9-]{36}$/),
      platformId: P1,
      name: 'Nightingale College, Spring 2027 cohort',
      productIds: ['teas_math_qbank', 'med_dosage_qbank'],
      seats: 30,
      seatsUsed: 0,
      startsOn: '2027-03-01',
      endsOn: '2027-06-30',
      status: 'active',
      createdAt: new Date(T0).toISOString(),
      updatedAt: new Date(T0).toISOString(),
    });
    expect(await repo.find(made.id)).toMatchObject({ seats: 30, seatsLeft: 30, ended: false });
    expect(
      (await service.create(ADMIN, input({ startsOn: '2027-09-01', endsOn: '2027-12-18' }))).status,
    ).toBe('scheduled');
    expect((await service.list(ADMIN)).licences.map((l) => l.startsOn)).toEqual([
      '2027-09-01',
      '2027-03-01',
    ]);
  });

  it('create and update: field errors for an unknown or free product, an end before the start, an unknown platform', async () => {
    const { service, repo, licence } = setup();
    const cases: [Partial<LicenceInput>, Record<string, string[]>][] = [
      [{ productIds: ['teas_math_qbank', 'no_such_product'] }, { productIds: [M.unknownProduct] }],
      [{ productIds: ['free_sampler'] }, { productIds: [M.freeProduct] }],
      [{ startsOn: '2027-06-30', endsOn: '2027-03-01' }, { endsOn: [M.datesInvalid] }],
      [{ platformId: P2 }, { platformId: [M.platformRequired] }],
    ];
    for (const [over, fields] of cases) {
      expect(await errorOf(service.create(ADMIN, input(over)))).toEqual({
        status: 400,
        code: ErrorCodes.VALIDATION_FAILED,
        message: Object.values(fields).flat().join(' '),
        fields,
      });
    }
    // several at once: each field named
    expect(
      await errorOf(
        service.create(
          ADMIN,
          input({ platformId: P2, productIds: ['free_sampler'], endsOn: '2027-01-01' }),
        ),
      ),
    ).toMatchObject({
      status: 400,
      fields: {
        endsOn: [M.datesInvalid],
        platformId: [M.platformRequired],
        productIds: [M.freeProduct],
      },
    });
    expect(await service.list(ADMIN)).toEqual({ licences: [] });

    await repo.insert(licence(L_ACTIVE));
    for (const [over, fields] of cases.filter(([o]) => !o.platformId)) {
      expect(await errorOf(service.update(ADMIN, L_ACTIVE, input(over)))).toMatchObject({
        status: 400,
        fields,
      });
    }
    expect(await repo.find(L_ACTIVE)).toEqual(licence(L_ACTIVE));
  });

  it('update: the new term and seats; never fewer seats than taken (400, the exact text); an unknown licence 404', async () => {
    const { service, repo, licence, clock } = setup();
    await repo.insert(licence(L_ACTIVE, { seats: 10, seatsLeft: 7 }));
    expect(await errorOf(service.update(ADMIN, L_ACTIVE, input({ seats: 2 })))).toEqual({
      status: 400,
      code: ErrorCodes.VALIDATION_FAILED,
      message: M.seatsBelowUsed,
      fields: { seats: [M.seatsBelowUsed] },
    });
    expect(await repo.find(L_ACTIVE)).toMatchObject({ seats: 10, seatsLeft: 7 });

    clock.t += DAY;
    // the platform of the input is ignored: a licence stays on its registration
    const changed = await service.update(ADMIN, L_ACTIVE, input({ seats: 3, platformId: P2 }));
    expect(changed).toMatchObject({
      id: L_ACTIVE,
      platformId: P1,
      seats: 3,
      seatsUsed: 3,
      name: 'Nightingale College, Spring 2027 cohort',
      productIds: ['teas_math_qbank', 'med_dosage_qbank'],
      updatedAt: new Date(T0 + DAY).toISOString(),
    });
    expect(await errorOf(service.update(ADMIN, UNKNOWN, input()))).toMatchObject({
      status: 404,
      message: M.notFound,
    });
    expect(await errorOf(service.update(ADMIN, 'not-an-id', input()))).toMatchObject({
      status: 404,
      message: M.notFound,
    });
  });

  it('takeSeats: a seat of each active licence of the platform, none of a scheduled, ended or other platform’s one, none twice', async () => {
    const { service, repo, published, licence } = setup();
    await repo.insert(licence(L_ACTIVE, { productIds: ['teas_math_qbank', 'med_dosage_qbank'] }));
    await repo.insert(licence(L_SCHEDULED, { startsOn: '2027-03-03', endsOn: '2027-06-30' }));
    await repo.insert(licence(L_ENDED, { startsOn: '2026-09-01', endsOn: '2027-03-01' }));
    await repo.insert(licence(L_OTHER, { platformId: P2 }));

    await service.takeSeats(P1, 'u1');
    expect(published).toEqual([
      {
        subject: Events.licenceSeatTaken,
        msgId: `licence-seat-taken:${L_ACTIVE}:u1:1`,
        event: {
          licenceId: L_ACTIVE,
          uid: 'u1',
          seat: 1,
          productIds: ['teas_math_qbank', 'med_dosage_qbank'],
          at: new Date(T0).toISOString(),
        },
      },
    ]);
    expect(await repo.findSeat(L_ACTIVE, 'u1')).toMatchObject({
      seat: 1,
      active: true,
      pending: null,
      takenAt: new Date(T0),
    });
    for (const id of [L_SCHEDULED, L_ENDED, L_OTHER]) {
      expect(await repo.findSeat(id, 'u1')).toBeNull();
      expect((await repo.find(id))!.seatsLeft).toBe(10);
    }
    expect((await repo.find(L_ACTIVE))!.seatsLeft).toBe(9);

    // the next launch: the seat is held, nothing taken or published
    await service.takeSeats(P1, 'u1');
    expect(published).toHaveLength(1);
    expect((await repo.find(L_ACTIVE))!.seatsLeft).toBe(9);
    // another learner takes their own
    await service.takeSeats(P1, 'u2');
    expect(published.map((p) => p.msgId)).toEqual([
      `licence-seat-taken:${L_ACTIVE}:u1:1`,
      `licence-seat-taken:${L_ACTIVE}:u2:1`,
    ]);
    expect((await service.list(ADMIN, P1)).licences.find((l) => l.id === L_ACTIVE)).toMatchObject({
      seatsUsed: 2,
      status: 'active',
    });
    // two launches of one learner at the same moment: one seat, the other's count given back
    await Promise.all([service.takeSeats(P1, 'u3'), service.takeSeats(P1, 'u3')]);
    expect(published.filter((p) => p.event.uid === 'u3')).toHaveLength(1);
    expect((await repo.find(L_ACTIVE))!.seatsLeft).toBe(7);
  });

  it('takeSeats: a full licence is logged, not thrown; the launch takes the seats of the others', async () => {
    const { service, repo, published, licence } = setup();
    const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    try {
      await repo.insert(licence(L_FULL, { seats: 1, seatsLeft: 1 }));
      await repo.insert(licence(L_ACTIVE));
      await service.takeSeats(P1, 'u1');
      await expect(service.takeSeats(P1, 'u2')).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith(
        { licenceId: L_FULL, uid: 'u2' },
        'licence full: no seat for the learner',
      );
      expect(await repo.findSeat(L_FULL, 'u2')).toBeNull();
      expect((await repo.findSeat(L_ACTIVE, 'u2'))!.active).toBe(true);
      expect(published.map((p) => p.msgId).sort()).toEqual(
        [
          `licence-seat-taken:${L_ACTIVE}:u1:1`,
          `licence-seat-taken:${L_ACTIVE}:u2:1`,
          `licence-seat-taken:${L_FULL}:u1:1`,
        ].sort(),
      );
      expect((await repo.find(L_FULL))!.seatsLeft).toBe(0);
    } finally {
      warn.mockRestore();
    }
  });

  it('releaseSeat: the seat freed and its fact published; taken again it is the next seat; a learner without a seat 404', async () => {
    const { service, repo, published, licence, clock } = setup();
    await repo.insert(licence(L_ACTIVE));
    await service.takeSeats(P1, 'u1');
    await service.takeSeats(P1, 'u-nameless');
    expect(await service.seats(ADMIN, L_ACTIVE)).toEqual({
      seats: [
        { uid: 'u1', email: 'u1@school.edu', takenAt: new Date(T0).toISOString() },
        { uid: 'u-nameless', email: '', takenAt: new Date(T0).toISOString() },
      ],
    });

    clock.t += 1000;
    expect(await service.releaseSeat(ADMIN, L_ACTIVE, 'u1')).toEqual({ released: true });
    expect(published.at(-1)).toEqual({
      subject: Events.licenceSeatReleased,
      msgId: `licence-seat-released:${L_ACTIVE}:u1:1`,
      event: {
        licenceId: L_ACTIVE,
        uid: 'u1',
        seat: 1,
        productIds: ['teas_math_qbank'],
        at: new Date(T0 + 1000).toISOString(),
      },
    });
    expect(await repo.findSeat(L_ACTIVE, 'u1')).toMatchObject({ active: false, pending: null });
    expect((await repo.find(L_ACTIVE))!.seatsLeft).toBe(9);
    expect((await service.seats(ADMIN, L_ACTIVE)).seats.map((s) => s.uid)).toEqual(['u-nameless']);

    // freed already, never held, an unknown licence
    for (const [id, uid] of [
      [L_ACTIVE, 'u1'],
      [L_ACTIVE, 'u9'],
      [UNKNOWN, 'u1'],
      ['not-an-id', 'u1'],
    ] as const) {
      expect(await errorOf(service.releaseSeat(ADMIN, id, uid))).toMatchObject({
        status: 404,
        code: ErrorCodes.NOT_FOUND,
        message: M.seatNotFound,
      });
    }
    expect(await errorOf(service.seats(ADMIN, UNKNOWN))).toMatchObject({
      status: 404,
      message: M.notFound,
    });

    // the learner launches again: their second seat of the licence, with its own keys
    clock.t += 1000;
    await service.takeSeats(P1, 'u1');
    expect(published.at(-1)).toMatchObject({
      subject: Events.licenceSeatTaken,
      msgId: `licence-seat-taken:${L_ACTIVE}:u1:2`,
      event: { seat: 2, uid: 'u1' },
    });
    expect(await repo.findSeat(L_ACTIVE, 'u1')).toMatchObject({
      seat: 2,
      active: true,
      pending: null,
    });
    expect((await repo.find(L_ACTIVE))!.seatsLeft).toBe(8);
    expect(published).toHaveLength(4);
  });

  it('a failed publish leaves the fact pending; the sweep publishes it later, once', async () => {
    const { service, repo, published, bus, licence } = setup();
    const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    try {
      await repo.insert(licence(L_ACTIVE));
      bus.refuse = 1;
      await expect(service.takeSeats(P1, 'u1')).resolves.toBeUndefined();
      expect(published).toEqual([]);
      // the seat is taken, its fact still to publish
      expect(await repo.findSeat(L_ACTIVE, 'u1')).toMatchObject({ active: true, pending: 'taken' });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ seatId: `${L_ACTIVE}:u1` }),
        'seat fact not published yet (the sweep retries)',
      );

      // a release refused as well
      await service.takeSeats(P1, 'u2');
      bus.refuse = 1;
      await service.releaseSeat(ADMIN, L_ACTIVE, 'u2');
      expect(await repo.findSeat(L_ACTIVE, 'u2')).toMatchObject({
        active: false,
        pending: 'released',
      });

      await service.sweep();
      expect(published.map((p) => [p.subject, p.msgId])).toEqual([
        [Events.licenceSeatTaken, `licence-seat-taken:${L_ACTIVE}:u2:1`],
        [Events.licenceSeatTaken, `licence-seat-taken:${L_ACTIVE}:u1:1`],
        [Events.licenceSeatReleased, `licence-seat-released:${L_ACTIVE}:u2:1`],
      ]);
      expect((await repo.findSeat(L_ACTIVE, 'u1'))!.pending).toBeNull();
      expect((await repo.findSeat(L_ACTIVE, 'u2'))!.pending).toBeNull();
      await service.sweep();
      expect(published).toHaveLength(3);
    } finally {
      warn.mockRestore();
    }
  });

  it('the sweep ends a term whose last day was yesterday (its seats freed, once) and leaves a running one', async () => {
    const { service, repo, published, licence, clock } = setup();
    await repo.insert(licence(L_ENDED, { endsOn: '2027-03-03' }));
    await repo.insert(licence(L_ACTIVE, { endsOn: '2027-03-04' }));
    await service.takeSeats(P1, 'u1');
    await service.takeSeats(P1, 'u2');
    expect(published).toHaveLength(4);

    // the 3rd is L_ENDED's last day: still running
    clock.t += DAY;
    await service.sweep();
    expect(published).toHaveLength(4);
    expect((await repo.find(L_ENDED))!.ended).toBe(false);

    // the 4th: L_ENDED's term is over, L_ACTIVE's last day
    clock.t += DAY;
    await service.sweep();
    expect(
      published
        .slice(4)
        .map((p) => p.msgId)
        .sort(),
    ).toEqual([`licence-seat-released:${L_ENDED}:u1:1`, `licence-seat-released:${L_ENDED}:u2:1`]);
    expect(await repo.find(L_ENDED)).toMatchObject({ ended: true, seatsLeft: 10 });
    expect(await repo.activeSeats(L_ENDED)).toEqual([]);
    expect((await repo.activeSeats(L_ACTIVE)).map((s) => s.uid)).toEqual(['u1', 'u2']);
    expect((await service.list(ADMIN)).licences.find((l) => l.id === L_ENDED)!.status).toBe(
      'ended',
    );

    // once: a second sweep (or another replica's) releases nothing more
    await service.sweep();
    expect(published).toHaveLength(6);
    // and a launch takes no seat of the ended term
    await service.takeSeats(P1, 'u3');
    expect(await repo.findSeat(L_ENDED, 'u3')).toBeNull();
    expect((await repo.findSeat(L_ACTIVE, 'u3'))!.active).toBe(true);
  });

  it('removeUser: an erased learner’s active seats go back to their licences, their seat records go; no fact published', async () => {
    const { service, repo, published, licence } = setup();
    await repo.insert(licence(L_ACTIVE));
    await repo.insert(licence(L_FULL, { seats: 1, seatsLeft: 1 }));
    await service.takeSeats(P1, 'u1');
    await service.takeSeats(P1, 'u2');
    await service.releaseSeat(ADMIN, L_FULL, 'u1');
    await service.takeSeats(P1, 'u2');
    const before = published.length;

    await service.removeUser('u1');
    expect(await repo.findSeat(L_ACTIVE, 'u1')).toBeNull();
    expect(await repo.findSeat(L_FULL, 'u1')).toBeNull();
    // the active seat is given back, the freed one is not given back twice
    expect((await repo.find(L_ACTIVE))!.seatsLeft).toBe(9);
    expect((await repo.find(L_FULL))!.seatsLeft).toBe(0);
    expect((await repo.findSeat(L_FULL, 'u2'))!.active).toBe(true);
    // the catalog erases the learner's ledger itself
    expect(published).toHaveLength(before);
    await service.removeUser('u1');
    expect((await repo.find(L_ACTIVE))!.seatsLeft).toBe(9);
  });
});
