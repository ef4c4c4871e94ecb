// Seats of a school licence in the ledger (ADR 0040) against the RUNNING test system: the
// seat facts are published on JetStream as the schools service publishes them, the catalog's
// durable consumers record them, and the learner's holdings are read as the admin editor and
// the dashboard read them (over NATS and through the gateway). A product paid for before the
// seat stays after its release; redelivered facts change nothing; a product two licences cover
// is handed over; a release consumed before its take grants nothing; checkout refuses what a
// seat holds (nobody pays twice, ADR 0023).
import { randomUUID } from 'node:crypto';
import {
  type Actor,
  type EntitlementEntry,
  ErrorCodes,
  Events,
  type LicenceSeatEvent,
  Subjects,
} from '@examprep/contracts';
import { JetStreamBus, NatsRpcClient } from '@examprep/nest-kit';
import { adminActor, waitFor } from '@examprep/test-kit';
import {
  type Buyer,
  catalogApp,
  cfg,
  catalogDb,
  cleanup,
  createSession,
  deliver,
  ledgerOf,
  newBuyer,
  orderOf,
  owns,
  seed,
  sessionEvent,
  settledOrder,
} from './support/checkout-system';

jest.setTimeout(60_000);

const rpc = new NatsRpcClient({
  servers: cfg.natsUrl,
  name: 'licence-ledger-it',
  timeoutMs: 10_000,
});
let bus: JetStreamBus;
const ADMIN: Actor = adminActor('it-licence-admin@examprep.test');

beforeAll(async () => {
  catalogApp('start');
  seed();
  await rpc.connect();
  bus = await JetStreamBus.create(rpc.connection!);
});

afterAll(async () => {
  try {
    await cleanup();
  } finally {
    await rpc.close();
  }
});

/** A seat of a licence made for one spec: its facts, published with the schools service's ids. */
function seatOf(buyer: Buyer, productIds: string[], seat = 1): LicenceSeatEvent {
  return {
    licenceId: `it-lic-${randomUUID().slice(0, 8)}`,
    uid: buyer.uid,
    seat,
    productIds,
    at: new Date().toISOString(),
  };
}
/** `msgSuffix` sends a redelivery past JetStream's duplicate window (a new message id). */
const take = (s: LicenceSeatEvent, msgSuffix = '') =>
  bus.publish(
    Events.licenceSeatTaken,
    s,
    `licence-seat-taken:${s.licenceId}:${s.uid}:${s.seat}${msgSuffix}`,
  );
const release = (s: LicenceSeatEvent, msgSuffix = '') =>
  bus.publish(
    Events.licenceSeatReleased,
    s,
    `licence-seat-released:${s.licenceId}:${s.uid}:${s.seat}${msgSuffix}`,
  );

/** What the admin editor shows: holdings and history (newest first). */
const editorView = (uid: string) =>
  rpc.request(Subjects.catalog.userPurchases, { actor: ADMIN, uid }) as Promise<{
    purchases: Record<string, true>;
    history: EntitlementEntry[];
  }>;

/**
 * Waits until the learner's history has `count` entries, then answers the editor's view read
 * again: a change stores its history entries after its holdings, and the view reads both side
 * by side, so the first read may show the new entries with the holdings before them.
 */
async function settledAt(uid: string, count: number, description: string) {
  await waitFor(async () => (await editorView(uid)).history.length === count, {
    timeoutMs: 15_000,
    description,
  });
  return editorView(uid);
}

/** A paid order of `products` for the buyer, delivered as Stripe would and settled. */
async function buy(buyer: Buyer, products: string[]) {
  const res = await createSession(buyer, { products });
  expect(res.status).toBe(200);
  const order = (await orderOf(res.body.id))!;
  const sessionId = res.body.id as string;
  await deliver(
    sessionEvent('checkout.session.completed', { ...order, sessionId }, { payment_status: 'paid' }),
  );
  return settledOrder(sessionId, 15_000);
}

describe('a licence seat in the ledger (ADR 0040)', () => {
  it('seat taken: the products are held (source licence in the history); released: revoked; a product bought before stays', async () => {
    const learner = await newBuyer();
    expect(await buy(learner, ['teas_math_qbank'])).toMatchObject({ fulfilment: 'done' });
    const seat = seatOf(learner, ['teas_math_qbank', 'med_dosage_qbank']);

    await take(seat);
    const taken = await settledAt(learner.uid, 2, 'the seat granted');
    expect(taken.purchases).toEqual({ med_dosage_qbank: true, teas_math_qbank: true });
    expect(taken.history[0]).toMatchObject({
      seq: 2,
      productId: 'med_dosage_qbank',
      action: 'grant',
      source: 'licence',
      by: `licence:${seat.licenceId}`,
      orderId: null,
    });
    expect(taken.history[1]).toMatchObject({ productId: 'teas_math_qbank', source: 'payment' });
    expect(await owns(learner, 'med_dosage_simulations')).toBe(true);
    const keys = (await ledgerOf(learner.uid)).map((e) => e.key);
    expect(keys).toContain(`licence:${seat.licenceId}:${learner.uid}:1:med_dosage_qbank:grant`);

    // nobody pays twice: the seat's product cannot be bought (ADR 0023)
    const again = await createSession(learner, { products: ['med_dosage_qbank'] });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: ErrorCodes.PRODUCT_PROBLEM,
      fields: { products: ['You already own Med Dosage QBank.'] },
    });

    await release(seat);
    const released = await settledAt(learner.uid, 3, 'the seat revoked');
    expect(released.purchases).toEqual({ teas_math_qbank: true });
    expect(released.history[0]).toMatchObject({
      seq: 3,
      productId: 'med_dosage_qbank',
      action: 'revoke',
      source: 'licence',
    });
    expect(await owns(learner, 'med_dosage_simulations')).toBe(false);
    expect(await owns(learner, 'teas_math_qbank')).toBe(true);
  });

  it('redelivered facts change nothing: a take and a release delivered again (new message ids) record no entry', async () => {
    const learner = await newBuyer();
    const seat = seatOf(learner, ['teas_math_workbook']);
    await take(seat);
    await settledAt(learner.uid, 1, 'the seat granted');
    await take(seat, ':again');
    await release(seat);
    await settledAt(learner.uid, 2, 'the seat revoked');
    await release(seat, ':again');
    await take(seat, ':late');
    // a later seat of the same licence is a fact of its own: it shows that the ones before it
    // were consumed (one consumer per fact, in stream order) and recorded nothing
    const next = { ...seat, seat: 2 };
    await take(next);
    const view = await settledAt(learner.uid, 3, 'the second seat granted');
    expect(view.history.map((e) => [e.seq, e.productId, e.action, e.source])).toEqual([
      [3, 'teas_math_workbook', 'grant', 'licence'],
      [2, 'teas_math_workbook', 'revoke', 'licence'],
      [1, 'teas_math_workbook', 'grant', 'licence'],
    ]);
    await release(next);
    await release(seat, ':last');
    const last = await settledAt(learner.uid, 4, 'the second seat revoked');
    expect(last.purchases).toEqual({});
    // nothing after the second seat's release
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await editorView(learner.uid)).history).toHaveLength(4);
  });

  it('two licences with one product: freeing the older hands it over to the newer, freeing the newer takes it back', async () => {
    const learner = await newBuyer();
    const older = seatOf(learner, ['teas_math_qbank', 'med_dosage_qbank']);
    const newer = seatOf(learner, ['teas_math_qbank']);
    await take(older);
    await settledAt(learner.uid, 2, 'the older seat granted');
    await take(newer);
    // the newer seat is held when the older is freed (the facts in the other order, or at
    // once, end the same: licence-seats.service.spec.ts's property)
    await waitFor(async () => (await seatsNoted(learner.uid))[newer.licenceId]?.taken === 1, {
      timeoutMs: 15_000,
      description: 'the newer seat noted',
    });
    await release(older);
    const handed = await settledAt(learner.uid, 4, 'the older seat freed');
    expect(handed.purchases).toEqual({ teas_math_qbank: true });
    expect(
      handed.history
        .slice(0, 2)
        .map((e) => [e.productId, e.action, e.by])
        .sort(),
    ).toEqual([
      ['med_dosage_qbank', 'revoke', `licence:${older.licenceId}`],
      ['teas_math_qbank', 'grant', `licence:${newer.licenceId}`],
    ]);
    await release(newer);
    const ended = await settledAt(learner.uid, 5, 'the newer seat freed');
    expect(ended.purchases).toEqual({});
    expect(ended.history[0]).toMatchObject({
      productId: 'teas_math_qbank',
      action: 'revoke',
      by: `licence:${newer.licenceId}`,
    });
  });

  it('a release consumed before its take: the seat grants nothing when its take comes', async () => {
    const learner = await newBuyer();
    const seat = seatOf(learner, ['teas_math_workbook']);
    await release(seat);
    // the release is noted before the take is published
    await waitFor(async () => (await seatsNoted(learner.uid))[seat.licenceId]?.released === 1, {
      timeoutMs: 15_000,
      description: 'the release noted',
    });
    await take(seat);
    // a later fact on the take's consumer shows the late take was consumed
    const marker = seatOf(learner, ['med_dosage_qbank']);
    await take(marker);
    const view = await settledAt(learner.uid, 1, 'the marker seat granted');
    expect(view.purchases).toEqual({ med_dosage_qbank: true });
    expect(await seatsNoted(learner.uid)).toMatchObject({
      [seat.licenceId]: { taken: 1, released: 1 },
      [marker.licenceId]: { taken: 1, released: 0 },
    });
  });
});

/** The seat facts the catalog has noted for the learner (licence_seats, by licence id). */
async function seatsNoted(
  uid: string,
): Promise<Record<string, { taken: number; released: number }>> {
  const doc = await (
    await catalogDb()
  )
    .collection<{ _id: string; seats: Record<string, { taken: number; released: number }> }>(
      'licence_seats',
    )
    .findOne({ _id: uid });
  return doc?.seats ?? {};
}
