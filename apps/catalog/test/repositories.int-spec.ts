// The catalog service's repositories against the REAL store of the test profile (FerretDB
// locally, MongoDB in containers), in a scratch database of their own: each case runs on the
// Mongo* repository and on the in-memory fake the unit specs use, so the fakes keep the
// semantics the services rely on (conditional transitions from the listed states only, a field
// an older order lacks read as null, unique ids decided by the store, the relays' cutoffs,
// order and limits, erasure). Last, every query the Mongo repositories sent is explained: none
// may read a whole collection that grows with users (issue 26, ADR 0028).
import { PAGE_MESSAGES, type Product } from '@examprep/contracts';
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '@examprep/test-kit';
import type { Model } from 'mongoose';
import { CouponRecord, CouponSchema, toCoupon } from '../src/checkout/coupon.schema';
import type { CouponsRepository } from '../src/checkout/coupons.repository';
import { MongoCouponsRepository } from '../src/checkout/mongo-coupons.repository';
import { MongoOrdersRepository } from '../src/checkout/mongo-orders.repository';
import { MongoStripeEventsRepository } from '../src/checkout/mongo-stripe-events.repository';
import { type Order, OrderRecord, OrderSchema } from '../src/checkout/order.schema';
import type { NewOrder, OrdersRepository } from '../src/checkout/orders.repository';
import { StripeEventRecord, StripeEventSchema } from '../src/checkout/stripe-event.schema';
import type { StripeEventsRepository } from '../src/checkout/stripe-events.repository';
import type { WebhookEvent } from '../src/checkout/webhook-decision';
import {
  HoldingsRecord,
  HoldingsSchema,
  LedgerEntryDocRecord,
  LedgerEntryDocSchema,
  LicenceSeatsRecord,
  LicenceSeatsSchema,
  type LedgerSnapshotRecord,
  LedgerSnapshotRecord as LedgerSnapshotModel,
  LedgerSnapshotSchema,
  PendingChangeRecord,
  PendingChangeSchema,
  snapshotId,
} from '../src/entitlements/entitlement.schema';
import type { EntitlementsRepository } from '../src/entitlements/entitlements.repository';
import { MongoEntitlementsRepository } from '../src/entitlements/mongo-entitlements.repository';
import { MongoProductsRepository } from '../src/products/mongo-products.repository';
import { ProductRecord, ProductSchema, toProduct } from '../src/products/product.schema';
import type { ProductsRepository } from '../src/products/products.repository';
import { FakeCouponsRepository } from './support/fake-coupons.repository';
import { FakeEntitlementsRepository } from './support/fake-entitlements.repository';
import { FakeOrdersRepository } from './support/fake-orders.repository';
import { FakeProductsRepository } from './support/fake-products.repository';
import { FakeStripeEventsRepository } from './support/fake-stripe-events.repository';

const db = scratchDatabase('catalog_repositories_it', [
  [OrderRecord.name, OrderSchema],
  [StripeEventRecord.name, StripeEventSchema],
  [CouponRecord.name, CouponSchema],
  [LedgerSnapshotModel.name, LedgerSnapshotSchema],
  [HoldingsRecord.name, HoldingsSchema],
  [PendingChangeRecord.name, PendingChangeSchema],
  [LedgerEntryDocRecord.name, LedgerEntryDocSchema],
  [LicenceSeatsRecord.name, LicenceSeatsSchema],
  [ProductRecord.name, ProductSchema],
]);
/** Collections that do not grow with users (a whole read of them is no scan to fear). */
const BOUNDED = {
  products: 'the catalogue: a dozen products written by tools/seed, read whole and cached',
  coupons: 'written by tools/seed (admin-made codes), read by _id only',
};
let recorded: ReturnType<typeof recordQueries>;
beforeAll(async () => {
  await db.open();
  recorded = recordQueries(db.conn);
}, 60_000);
afterAll(() => db.close());

/** A stored document as it is, written past the repository (an older shape, a chosen time). */
type PutRaw<T> = (doc: T) => Promise<void>;

const implementations: [
  string,
  {
    orders: () => Promise<{ repo: OrdersRepository; putRaw: PutRaw<Partial<Order>> }>;
    events: () => Promise<StripeEventsRepository>;
    coupons: (docs: CouponRecord[]) => Promise<CouponsRepository>;
    entitlements: () => Promise<EntitlementsRepository>;
    products: (docs: ProductRecord[]) => Promise<ProductsRepository>;
  },
][] = [
  [
    'MongoDB',
    {
      orders: async () => {
        const model = await db.empty<OrderRecord>(OrderRecord.name);
        return {
          repo: new MongoOrdersRepository(model),
          putRaw: async (doc) => {
            // the driver's insert: no defaults, no timestamps
            await model.collection.insertOne(doc as never);
          },
        };
      },
      events: async () =>
        new MongoStripeEventsRepository(await db.empty<StripeEventRecord>(StripeEventRecord.name)),
      coupons: async (docs) => {
        const model = await db.empty<CouponRecord>(CouponRecord.name);
        await model.insertMany(docs);
        return new MongoCouponsRepository(model);
      },
      entitlements: async () =>
        new MongoEntitlementsRepository(
          await db.empty<LedgerSnapshotRecord>(LedgerSnapshotModel.name),
          await db.empty<HoldingsRecord>(HoldingsRecord.name),
          await db.empty<PendingChangeRecord>(PendingChangeRecord.name),
          await db.empty<LedgerEntryDocRecord>(LedgerEntryDocRecord.name),
          await db.empty<LicenceSeatsRecord>(LicenceSeatsRecord.name),
        ),
      products: async (docs) => {
        const model: Model<ProductRecord> = await db.empty<ProductRecord>(ProductRecord.name);
        await model.insertMany(docs);
        return new MongoProductsRepository(model);
      },
    },
  ],
  [
    'fake',
    {
      orders: async () => {
        const repo = new FakeOrdersRepository();
        return {
          repo,
          putRaw: async (doc) => {
            repo.byId.set(doc._id!, structuredClone(doc) as Order);
          },
        };
      },
      events: async () => new FakeStripeEventsRepository(),
      coupons: async (docs) =>
        new FakeCouponsRepository(Object.fromEntries(docs.map((d) => [d._id, toCoupon(d)]))),
      entitlements: async () => new FakeEntitlementsRepository(),
      products: async (docs) => new FakeProductsRepository(docs.map(toProduct)),
    },
  ],
];

/** A Date (the fakes' copies may come from another realm than jest's: no instanceof). */
const isDate = (d: unknown) => Object.prototype.toString.call(d) === '[object Date]';
const T0 = new Date('2026-11-20T10:00:00.000Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);

/** An order as CheckoutService.create records it. */
const newOrder = (id: string, uid: string, over: Partial<NewOrder> = {}): NewOrder => ({
  _id: id,
  uid,
  email: `${uid}@x.test`,
  productIds: ['teas_math_qbank'],
  lines: [{ productId: 'teas_math_qbank', name: 'TEAS Math QBank', cents: 4900 }] as never,
  subtotalCents: 4900,
  discountCents: 0,
  totalCents: 4900,
  discountLabel: null,
  couponCode: null,
  intendedProductType: 'math',
  currency: 'usd',
  status: 'open',
  sessionId: null,
  checkoutUrl: null,
  paymentIntentId: null,
  fulfilment: 'none',
  revocation: 'none',
  failureReason: null,
  paidAt: null,
  refundedAt: null,
  alreadyOwned: [],
  refund: 'none',
  refundCents: null,
  refundId: null,
  erasedAt: null,
  ...over,
});

/** A stored order with chosen timestamps (the relay's cutoff reads updatedAt). */
const storedOrder = (id: string, uid: string, over: Partial<Order> = {}): Order => ({
  ...newOrder(id, uid),
  createdAt: T0,
  updatedAt: T0,
  ...over,
});

describe.each(implementations)('OrdersRepository (%s)', (_name, make) => {
  let repo: OrdersRepository;
  let putRaw: PutRaw<Partial<Order>>;
  beforeEach(async () => {
    ({ repo, putRaw } = await make.orders());
  });

  it('insert records the order with its times; a taken id is refused and the first kept', async () => {
    await repo.insert(newOrder('o1', 'u1'));
    const found = await repo.findById('o1');
    expect(found).toMatchObject(newOrder('o1', 'u1'));
    expect(isDate(found?.createdAt)).toBe(true);
    expect(isDate(found?.updatedAt)).toBe(true);
    await expect(repo.insert(newOrder('o1', 'u2'))).rejects.toMatchObject({ code: 11000 });
    expect((await repo.findById('o1'))?.uid).toBe('u1');
    expect(await repo.findById('nope')).toBeNull();
  });

  it('attachSession only to an open order; reads by session id (own or any) and payment intent', async () => {
    await repo.insert(newOrder('o1', 'u1'));
    await repo.insert(newOrder('o2', 'u1', { status: 'canceled' }));
    await repo.attachSession('o1', 'cs_1', 'https://pay/cs_1');
    await repo.attachSession('o2', 'cs_2', 'https://pay/cs_2');
    await repo.attachSession('missing', 'cs_3', 'https://pay/cs_3');
    expect(await repo.findById('o1')).toMatchObject({
      sessionId: 'cs_1',
      checkoutUrl: 'https://pay/cs_1',
    });
    expect(await repo.findById('o2')).toMatchObject({ sessionId: null, checkoutUrl: null });
    expect(await repo.findById('missing')).toBeNull();

    expect((await repo.findOwnBySessionId('cs_1', 'u1'))?._id).toBe('o1');
    expect(await repo.findOwnBySessionId('cs_1', 'u2')).toBeNull();
    expect(await repo.findOwnBySessionId('cs_2', 'u1')).toBeNull();
    expect((await repo.findAnyBySessionId('cs_1'))?._id).toBe('o1');
    expect(await repo.findAnyBySessionId('cs_x')).toBeNull();

    expect(await repo.findByPaymentIntent('pi_1')).toBeNull();
    await repo.transition('o1', ['open'], { status: 'paid', paymentIntentId: 'pi_1', paidAt: T0 });
    expect((await repo.findByPaymentIntent('pi_1'))?._id).toBe('o1');
  });

  it('transition moves the order only from one of the listed statuses, and answers it', async () => {
    await repo.insert(newOrder('o1', 'u1'));
    expect(await repo.transition('o1', ['paid'], { status: 'refunded' })).toBeNull();
    expect(await repo.transition('o1', [], { status: 'paid' })).toBeNull();
    const paid = await repo.transition('o1', ['awaiting_payment', 'open'], {
      status: 'paid',
      paymentIntentId: 'pi_1',
      paidAt: T0,
      fulfilment: 'pending',
    });
    expect(paid).toMatchObject({
      _id: 'o1',
      status: 'paid',
      paymentIntentId: 'pi_1',
      fulfilment: 'pending',
    });
    expect(paid?.paidAt && new Date(paid.paidAt).getTime()).toBe(T0.getTime());
    // a second delivery of the same payment finds it paid
    expect(
      await repo.transition('o1', ['awaiting_payment', 'open'], { status: 'paid' }),
    ).toBeNull();
    expect(await repo.transition('missing', ['open'], { status: 'paid' })).toBeNull();
    expect(
      await repo.transition('o1', ['paid'], { status: 'refunded', refundedAt: at(5) }),
    ).toMatchObject({ status: 'refunded', paymentIntentId: 'pi_1' });
    expect((await repo.findById('o1'))?.status).toBe('refunded');
  });

  it('setFulfilment and setRevocation move only from the given state', async () => {
    await repo.insert(newOrder('o1', 'u1'));
    await repo.setFulfilment('o1', 'pending', 'done');
    expect(await repo.findById('o1')).toMatchObject({ fulfilment: 'none', revocation: 'none' });
    await repo.setFulfilment('o1', 'none', 'pending');
    await repo.setRevocation('o1', 'pending', 'done');
    expect(await repo.findById('o1')).toMatchObject({ fulfilment: 'pending', revocation: 'none' });
    await repo.setFulfilment('o1', 'pending', 'done');
    await repo.setRevocation('o1', 'none', 'pending');
    expect(await repo.findById('o1')).toMatchObject({ fulfilment: 'done', revocation: 'pending' });
    await repo.setRevocation('o1', 'pending', 'done');
    expect(await repo.findById('o1')).toMatchObject({ fulfilment: 'done', revocation: 'done' });
    await repo.setFulfilment('missing', 'none', 'pending');
    expect(await repo.findById('missing')).toBeNull();
  });

  it('recordAlreadyOwned once (an order without the refund field reads as none); refundMade once', async () => {
    await repo.insert(newOrder('o1', 'u1', { status: 'paid' }));
    const recorded1 = await repo.recordAlreadyOwned('o1', ['a', 'b'], 1200);
    expect(recorded1).toMatchObject({
      alreadyOwned: ['a', 'b'],
      refund: 'pending',
      refundCents: 1200,
    });
    expect(await repo.recordAlreadyOwned('o1', ['c'], 100)).toBeNull();
    expect(await repo.findById('o1')).toMatchObject({
      alreadyOwned: ['a', 'b'],
      refundCents: 1200,
    });

    // recorded before the refund fields existed
    const legacy = storedOrder('o2', 'u1', { status: 'paid' }) as Partial<Order>;
    delete legacy.refund;
    delete legacy.refundCents;
    delete legacy.refundId;
    delete legacy.alreadyOwned;
    await putRaw(legacy);
    expect(await repo.refundMade('o2', 're_x')).toBeNull();
    expect(await repo.recordAlreadyOwned('o2', ['a'], 500)).toMatchObject({
      _id: 'o2',
      refund: 'pending',
      refundCents: 500,
    });
    expect(await repo.recordAlreadyOwned('missing', ['a'], 500)).toBeNull();

    expect(await repo.refundMade('o1', 're_1')).toMatchObject({ refund: 'done', refundId: 're_1' });
    expect(await repo.refundMade('o1', 're_2')).toBeNull();
    expect((await repo.findById('o1'))?.refundId).toBe('re_1');
    // stripe-mock may answer no id: done all the same
    expect(await repo.refundMade('o2', null)).toMatchObject({ refund: 'done', refundId: null });
    expect(await repo.recordAlreadyOwned('o2', ['b'], 1)).toBeNull();
    expect(await repo.refundMade('missing', 're_3')).toBeNull();
  });

  it("idsOf and openOf: the user's orders only (open ones for openOf); anonymise takes the person out", async () => {
    await repo.insert(newOrder('o1', 'u1'));
    await repo.insert(newOrder('o2', 'u1', { status: 'paid' }));
    await repo.insert(newOrder('o3', 'u1', { status: 'awaiting_payment' }));
    await repo.insert(newOrder('o4', 'u1'));
    await repo.insert(newOrder('o5', 'u2'));
    expect((await repo.idsOf('u1')).sort()).toEqual(['o1', 'o2', 'o3', 'o4']);
    expect(await repo.idsOf('nobody')).toEqual([]);
    expect((await repo.openOf('u1')).map((o) => o._id).sort()).toEqual(['o1', 'o4']);
    expect((await repo.openOf('u2')).map((o) => o._id)).toEqual(['o5']);
    expect(await repo.openOf('nobody')).toEqual([]);

    await repo.anonymise('o2', 'erased-1', at(9));
    await repo.anonymise('missing', 'erased-1', at(9));
    const erased = await repo.findById('o2');
    expect(erased).toMatchObject({
      uid: 'erased-1',
      email: '',
      status: 'paid',
      totalCents: 4900,
      productIds: ['teas_math_qbank'],
    });
    expect(erased?.erasedAt && new Date(erased.erasedAt).getTime()).toBe(at(9).getTime());
    expect((await repo.idsOf('u1')).sort()).toEqual(['o1', 'o3', 'o4']);
    expect(await repo.idsOf('erased-1')).toEqual(['o2']);
    expect(await repo.findById('missing')).toBeNull();
  });

  it('unfinished: any pending follow-up last changed before the cutoff, oldest first, at most `limit`', async () => {
    await putRaw(storedOrder('fulfil', 'u1', { fulfilment: 'pending', updatedAt: at(3) }));
    await putRaw(storedOrder('revoke', 'u2', { revocation: 'pending', updatedAt: at(1) }));
    await putRaw(storedOrder('refund', 'u3', { refund: 'pending', updatedAt: at(2) }));
    await putRaw(storedOrder('edge', 'u1', { fulfilment: 'pending', updatedAt: at(10) }));
    await putRaw(storedOrder('young', 'u1', { fulfilment: 'pending', updatedAt: at(20) }));
    await putRaw(storedOrder('settled', 'u1', { fulfilment: 'done', updatedAt: at(0) }));
    await putRaw(storedOrder('quiet', 'u1', { updatedAt: at(0) }));
    const ids = async (cutoff: Date, limit: number) =>
      (await repo.unfinished(cutoff, limit)).map((o) => o._id);
    expect(await ids(at(10), 10)).toEqual(['revoke', 'refund', 'fulfil']);
    expect(await ids(at(10), 2)).toEqual(['revoke', 'refund']);
    expect(await ids(at(30), 10)).toEqual(['revoke', 'refund', 'fulfil', 'edge', 'young']);
    expect(await ids(at(0), 10)).toEqual([]);
  });

  it('every change moves updatedAt: a follow-up just recorded is not the relay’s yet', async () => {
    await putRaw(storedOrder('o1', 'u1', { status: 'paid', updatedAt: at(0) }));
    await putRaw(storedOrder('o2', 'u1', { status: 'paid', updatedAt: at(0) }));
    await putRaw(storedOrder('o3', 'u1', { status: 'paid', updatedAt: at(0) }));
    const before = new Date();
    await repo.setFulfilment('o1', 'none', 'pending');
    await repo.setRevocation('o2', 'none', 'pending');
    await repo.recordAlreadyOwned('o3', ['a'], 100);
    for (const id of ['o1', 'o2', 'o3']) {
      const o = await repo.findById(id);
      expect(new Date(o!.updatedAt!).getTime()).toBeGreaterThanOrEqual(before.getTime());
    }
    expect(await repo.unfinished(before, 10)).toEqual([]);
    expect(
      (await repo.unfinished(new Date(Date.now() + 1000), 10)).map((o) => o._id).sort(),
    ).toEqual(['o1', 'o2', 'o3']);
  });
});

/** A verified Stripe event about an order. */
const event = (id: string, orderId = 'o1'): WebhookEvent => ({
  id,
  type: 'checkout.session.completed',
  data: { object: { id: `cs_${orderId}`, client_reference_id: orderId, amount_total: 4900 } },
});

describe.each(implementations)('StripeEventsRepository (%s)', (_name, make) => {
  let repo: StripeEventsRepository;
  beforeEach(async () => {
    repo = await make.events();
  });

  it('record: the first delivery is new, unprocessed; a redelivery says whether it was processed', async () => {
    expect(await repo.record(event('evt_1'), at(0))).toEqual({ duplicate: false });
    expect(await repo.unprocessedEvent('evt_1')).toEqual(event('evt_1'));
    expect(await repo.record(event('evt_1'), at(1))).toEqual({
      duplicate: true,
      processed: false,
      orderId: null,
    });
    await repo.markProcessed('evt_1', 'paid', 'o1', at(2));
    expect(await repo.unprocessedEvent('evt_1')).toBeNull();
    expect(await repo.unprocessedEvent('evt_unknown')).toBeNull();
    expect(await repo.record(event('evt_1'), at(3))).toEqual({
      duplicate: true,
      processed: true,
      orderId: 'o1',
    });
  });

  it('two deliveries of one event at once: the store decides which one is new', async () => {
    const both = await Promise.all([
      repo.record(event('evt_1'), at(0)),
      repo.record(event('evt_1'), at(0)),
    ]);
    expect(both.filter((d) => !d.duplicate)).toHaveLength(1);
    expect(both.filter((d) => d.duplicate)).toEqual([
      { duplicate: true, processed: false, orderId: null },
    ]);
  });

  it('markProcessed: the first outcome stays', async () => {
    await repo.record(event('evt_1'), at(0));
    await repo.markProcessed('evt_1', 'paid', 'o1', at(1));
    await repo.markProcessed('evt_1', 'unknown order', null, at(2));
    expect(await repo.record(event('evt_1'), at(3))).toEqual({
      duplicate: true,
      processed: true,
      orderId: 'o1',
    });
    await repo.markProcessed('evt_unknown', 'paid', 'o1', at(1));
    expect(await repo.unprocessedEvent('evt_unknown')).toBeNull();
  });

  it('unprocessed: entries received before the cutoff and not processed, oldest first, at most `limit`', async () => {
    await repo.record(event('evt_c'), at(3));
    await repo.record(event('evt_a'), at(1));
    await repo.record(event('evt_done'), at(0));
    await repo.record(event('evt_b'), at(2));
    await repo.record(event('evt_edge'), at(10));
    await repo.record(event('evt_young'), at(20));
    await repo.markProcessed('evt_done', 'paid', 'o1', at(1));
    expect(await repo.unprocessed(at(10), 10)).toEqual(['evt_a', 'evt_b', 'evt_c']);
    expect(await repo.unprocessed(at(10), 2)).toEqual(['evt_a', 'evt_b']);
    expect(await repo.unprocessed(at(21), 10)).toEqual([
      'evt_a',
      'evt_b',
      'evt_c',
      'evt_edge',
      'evt_young',
    ]);
    expect(await repo.unprocessed(at(0), 10)).toEqual([]);
  });

  it('forgetProcessed: the processed entries of these orders only; unprocessed ones stay', async () => {
    await repo.record(event('evt_1', 'o1'), at(0));
    await repo.record(event('evt_2', 'o1'), at(1));
    await repo.record(event('evt_3', 'o2'), at(2));
    await repo.record(event('evt_4', 'o3'), at(3));
    await repo.record(event('evt_5', 'o1'), at(4));
    await repo.markProcessed('evt_1', 'paid', 'o1', at(5));
    await repo.markProcessed('evt_2', 'refunded', 'o1', at(5));
    await repo.markProcessed('evt_3', 'paid', 'o2', at(5));
    await repo.markProcessed('evt_4', 'paid', 'o3', at(5));
    // evt_5 is unprocessed: the worker still needs it
    expect(await repo.forgetProcessed([])).toBe(0);
    expect(await repo.forgetProcessed(['o1', 'o2', 'o9'])).toBe(3);
    expect(await repo.forgetProcessed(['o1', 'o2'])).toBe(0);
    expect((await repo.record(event('evt_1', 'o1'), at(6))).duplicate).toBe(false);
    expect(await repo.record(event('evt_4', 'o3'), at(6))).toEqual({
      duplicate: true,
      processed: true,
      orderId: 'o3',
    });
    expect(await repo.unprocessedEvent('evt_5')).toEqual(event('evt_5', 'o1'));
  });
});

const COUPONS: CouponRecord[] = [
  { _id: 'NURSE10', percentOff: 10, amountOffCents: null, expiresAt: null, active: true },
  {
    _id: 'EXPIRED2025',
    percentOff: null,
    amountOffCents: 500,
    expiresAt: new Date('2025-12-31T23:59:59.000Z'),
    active: true,
  },
  { _id: 'OFF', percentOff: 50, amountOffCents: null, expiresAt: null, active: false },
];

describe.each(implementations)('CouponsRepository (%s)', (_name, make) => {
  it('findByKey: the coupon with exactly this key, or null', async () => {
    const repo = await make.coupons(COUPONS);
    expect(await repo.findByKey('NURSE10')).toEqual({
      code: 'NURSE10',
      percentOff: 10,
      amountOffCents: null,
      expiresAt: null,
      active: true,
    });
    const expired = await repo.findByKey('EXPIRED2025');
    expect(expired).toMatchObject({ code: 'EXPIRED2025', percentOff: null, amountOffCents: 500 });
    expect(expired?.expiresAt?.toISOString()).toBe('2025-12-31T23:59:59.000Z');
    expect(await repo.findByKey('OFF')).toMatchObject({ active: false });
    // the service upper-cases a code before it asks
    expect(await repo.findByKey('nurse10')).toBeNull();
    expect(await repo.findByKey('NOPE')).toBeNull();
  });
});

/** A ledger snapshot as EntitlementsService claims it. */
const snapshot = (uid: string, n: number, productIds: string[]): LedgerSnapshotRecord => ({
  _id: snapshotId(uid, n),
  uid,
  n,
  version: productIds.length,
  entries: productIds.map((productId, i) => ({
    key: `o${n}:${productId}:grant`,
    seq: i + 1,
    productId,
    action: 'grant',
    source: 'payment',
    by: 'stripe',
    at: at(n),
    orderId: `o${n}`,
  })),
  at: at(n),
});

describe.each(implementations)('EntitlementsRepository (%s)', (_name, make) => {
  let repo: EntitlementsRepository;
  beforeEach(async () => {
    repo = await make.entitlements();
  });

  it("snapshots: the user's n-th by number; a number is claimed once, the first claim kept", async () => {
    expect(await repo.snapshotOf('u1', 1)).toBeNull();
    expect(await repo.insertSnapshot(snapshot('u1', 1, ['a']))).toBe(true);
    expect(await repo.insertSnapshot(snapshot('u1', 2, ['a', 'b']))).toBe(true);
    expect(await repo.insertSnapshot(snapshot('u2', 1, ['c']))).toBe(true);
    expect(await repo.insertSnapshot(snapshot('u1', 2, ['z']))).toBe(false);
    const second = await repo.snapshotOf('u1', 2);
    expect(second).toMatchObject({ _id: 'u1#2', uid: 'u1', n: 2, version: 2 });
    expect(second?.entries.map((e) => e.productId)).toEqual(['a', 'b']);
    expect(second?.entries[0]).toMatchObject({
      key: 'o2:a:grant',
      seq: 1,
      action: 'grant',
      source: 'payment',
      by: 'stripe',
      orderId: 'o2',
    });
    expect(new Date(second!.entries[0].at).getTime()).toBe(at(2).getTime());
    expect(await repo.snapshotOf('u1', 3)).toBeNull();
    expect((await repo.snapshotOf('u2', 1))?.entries.map((e) => e.productId)).toEqual(['c']);
  });

  it('two writers claiming one snapshot number at once: exactly one wins', async () => {
    const claims = await Promise.all([
      repo.insertSnapshot(snapshot('u1', 1, ['a'])),
      repo.insertSnapshot(snapshot('u1', 1, ['b'])),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = claims[0] ? 'a' : 'b';
    expect((await repo.snapshotOf('u1', 1))?.entries.map((e) => e.productId)).toEqual([winner]);
  });

  it('holdings: written unconditionally (an older fold may land over a newer one), read back', async () => {
    expect(await repo.holdingsOf('u1')).toBeNull();
    expect(await repo.purchasesOf('u1')).toEqual({});
    await repo.writeHoldings('u1', { b: true, a: true }, 2, 2);
    expect(await repo.holdingsOf('u1')).toEqual({
      _id: 'u1',
      purchases: { a: true, b: true },
      version: 2,
      snapshot: 2,
    });
    expect(await repo.purchasesOf('u1')).toEqual({ a: true, b: true });
    // the service reads back and writes again until the newest fold is stored
    await repo.writeHoldings('u1', { a: true }, 1, 1);
    expect(await repo.holdingsOf('u1')).toEqual({
      _id: 'u1',
      purchases: { a: true },
      version: 1,
      snapshot: 1,
    });
    await repo.writeHoldings('u1', {}, 3, 3);
    expect(await repo.purchasesOf('u1')).toEqual({});
    expect(await repo.holdingsOf('u1')).toMatchObject({ version: 3, snapshot: 3 });
    expect(await repo.purchasesOf('u2')).toEqual({});
  });

  it('two first writes of one user’s holdings at once: both succeed, one of them stored', async () => {
    await Promise.all([
      repo.writeHoldings('u1', { a: true }, 1, 1),
      repo.writeHoldings('u1', { b: true }, 1, 1),
    ]);
    expect([{ a: true }, { b: true }]).toContainEqual(await repo.purchasesOf('u1'));
  });

  it('pending marks: cleared one by one or by ids; the relay reads the old ones, oldest first, at most `limit`', async () => {
    const m3 = await repo.markPending('u1', at(3));
    const m1 = await repo.markPending('u2', at(1));
    const m2 = await repo.markPending('u1', at(2));
    const edge = await repo.markPending('u3', at(10));
    const young = await repo.markPending('u3', at(20));
    expect(new Set([m1, m2, m3, edge, young]).size).toBe(5);
    const before = async (cutoff: Date, limit: number) =>
      (await repo.pendingBefore(cutoff, limit)).map((m) => m._id);
    expect(await before(at(10), 10)).toEqual([m1, m2, m3]);
    expect(await before(at(10), 2)).toEqual([m1, m2]);
    expect(await before(at(0), 10)).toEqual([]);
    const [first] = await repo.pendingBefore(at(10), 1);
    expect(first).toMatchObject({ _id: m1, uid: 'u2' });
    expect(new Date(first.since).getTime()).toBe(at(1).getTime());

    await repo.clearMark(m2);
    await repo.clearMark('unknown');
    expect(await before(at(30), 10)).toEqual([m1, m3, edge, young]);
    await repo.clearPending([]);
    await repo.clearPending([m1, young, 'unknown']);
    expect(await before(at(30), 10)).toEqual([m3, edge]);
  });

  /** Every page of the user's entries, `limit` at a time: their seqs in the order read. */
  const allEntries = async (uid: string, limit: number) => {
    const seqs: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await repo.entriesPage(uid, cursor, limit);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      expect(page.items.every((e) => e.uid === uid)).toBe(true);
      seqs.push(...page.items.map((e) => e.seq));
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
    return seqs;
  };

  it('entries: stored by seq (one stored before is kept, the rest written), paged newest first, the newest seq', async () => {
    expect(await repo.newestEntrySeq('u1')).toBe(0);
    expect(await repo.entriesPage('u1', undefined, 5)).toEqual({ items: [], next: null });
    const seven = snapshot('u1', 1, ['a', 'b', 'c', 'd', 'e', 'f', 'g']).entries;
    await repo.insertEntries('u1', seven.slice(0, 3));
    await repo.insertEntries('u2', snapshot('u2', 1, ['z']).entries);
    expect(await repo.newestEntrySeq('u1')).toBe(3);
    // a second writer with the whole snapshot: 1..3 stored before stay as they were
    await repo.insertEntries(
      'u1',
      seven.map((e) => (e.seq <= 3 ? { ...e, productId: 'x' } : e)),
    );
    await repo.insertEntries('u1', []);
    expect(await repo.newestEntrySeq('u1')).toBe(7);
    for (const limit of [1, 2, 3, 7, 50])
      expect(await allEntries('u1', limit)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const first = await repo.entriesPage('u1', undefined, 2);
    expect(first.items[0]).toMatchObject({
      _id: 'u1#7',
      uid: 'u1',
      key: 'o1:g:grant',
      seq: 7,
      productId: 'g',
      action: 'grant',
      source: 'payment',
      by: 'stripe',
      orderId: 'o1',
    });
    expect(new Date(first.items[0]!.at).getTime()).toBe(at(1).getTime());
    const last = await repo.entriesPage(
      'u1',
      (await repo.entriesPage('u1', undefined, 6)).next!,
      6,
    );
    expect(last.items.map((e) => e.productId)).toEqual(['a']);
    expect(last.next).toBeNull();
    expect(await allEntries('u2', 5)).toEqual([1]);
  });

  it('entriesPage: a cursor the history did not write is a 400 naming cursor', async () => {
    await repo.insertEntries('u1', snapshot('u1', 1, ['a']).entries);
    for (const cursor of ['nope!', Buffer.from('["1","u1#1"]').toString('base64url')])
      await expect(repo.entriesPage('u1', cursor, 5)).rejects.toMatchObject({
        payload: { status: 400, fields: { cursor: [PAGE_MESSAGES.cursor] } },
      });
  });

  it("eraseUser: the user's snapshots, holdings and marks go; other users' stay", async () => {
    await repo.insertSnapshot(snapshot('u1', 1, ['a']));
    await repo.insertSnapshot(snapshot('u1', 2, ['a', 'b']));
    await repo.insertSnapshot(snapshot('u2', 1, ['c']));
    await repo.writeHoldings('u1', { a: true, b: true }, 2, 2);
    await repo.writeHoldings('u2', { c: true }, 1, 1);
    await repo.markPending('u1', at(1));
    const kept = await repo.markPending('u2', at(2));
    await repo.insertEntries('u1', snapshot('u1', 2, ['a', 'b']).entries);
    await repo.insertEntries('u2', snapshot('u2', 1, ['c']).entries);
    await repo.eraseUser('u1');
    expect(await repo.entriesPage('u1', undefined, 5)).toEqual({ items: [], next: null });
    expect(await repo.newestEntrySeq('u2')).toBe(1);
    expect(await repo.snapshotOf('u1', 1)).toBeNull();
    expect(await repo.snapshotOf('u1', 2)).toBeNull();
    expect(await repo.holdingsOf('u1')).toBeNull();
    expect(await repo.purchasesOf('u1')).toEqual({});
    expect((await repo.pendingBefore(at(30), 10)).map((m) => m._id)).toEqual([kept]);
    expect(await repo.snapshotOf('u2', 1)).not.toBeNull();
    expect(await repo.purchasesOf('u2')).toEqual({ c: true });
    // a number erased may be claimed again (a user deleted and the uid reused never happens,
    // but nothing of the erased ledger stands in the way)
    expect(await repo.insertSnapshot(snapshot('u1', 1, ['z']))).toBe(true);
    await repo.eraseUser('nobody');
  });

  it('licence seats: numbers only grow, in any order; products of the newest seat taken; erased with the user', async () => {
    const lic = '6f1c2a9e-0000-4000-8000-000000000001';
    const other = '6f1c2a9e-0000-4000-8000-000000000002';
    expect(await repo.seatsOf('u1')).toEqual({});
    // a release seen before its take
    await repo.noteSeatReleased('u1', lic, 1);
    expect(await repo.seatsOf('u1')).toEqual({ [lic]: { taken: 0, released: 1 } });
    await repo.noteSeatTaken('u1', lic, 1, ['a']);
    expect(await repo.seatsOf('u1')).toEqual({
      [lic]: { taken: 1, released: 1, productIds: ['a'] },
    });
    await repo.noteSeatTaken('u1', lic, 2, ['a', 'b']);
    // a late fact of seat 1 lowers nothing and keeps the newest seat's products
    await repo.noteSeatTaken('u1', lic, 1, ['a']);
    await repo.noteSeatReleased('u1', lic, 1);
    await repo.noteSeatTaken('u1', other, 1, ['c']);
    await repo.noteSeatTaken('u2', lic, 1, ['z']);
    expect(await repo.seatsOf('u1')).toEqual({
      [lic]: { taken: 2, released: 1, productIds: ['a', 'b'] },
      [other]: { taken: 1, released: 0, productIds: ['c'] },
    });
    // the first two facts of a user at once (two consumers): both noted
    await Promise.all([
      repo.noteSeatTaken('u3', lic, 1, ['a']),
      repo.noteSeatReleased('u3', other, 1),
    ]);
    expect(await repo.seatsOf('u3')).toEqual({
      [lic]: { taken: 1, released: 0, productIds: ['a'] },
      [other]: { taken: 0, released: 1 },
    });
    await repo.eraseUser('u1');
    expect(await repo.seatsOf('u1')).toEqual({});
    expect(await repo.seatsOf('u2')).toEqual({
      [lic]: { taken: 1, released: 0, productIds: ['z'] },
    });
  });
});

/** Product documents as tools/seed writes them (some optional fields missing). */
const PRODUCTS: ProductRecord[] = [
  {
    _id: 'teas_math_qbank',
    docId: 'teas_math_qbank',
    name: 'TEAS Math QBank',
    description: 'Practice questions',
    price: 49,
    type: 'math',
    section: 'teas',
    category: 'qbank',
    available: { online: true, download: false },
    instructions: '',
    includes: {
      name: ['Practice'],
      description: [''],
      id: ['teas_math_qbank_practice'],
      link: [''],
      linkText: [''],
      course: 'teas_math',
      instructions: [''],
      kind: ['test'],
      mode: ['practice'],
      pool: [{ course: 'teas_math', questionCount: 20 }],
    },
    order: 1,
  },
  {
    _id: 'free_pdf',
    docId: 'free_pdf',
    name: 'Free PDF',
    price: 0,
    type: 'design',
    section: '3d',
    category: 'pdf',
    available: { online: false, download: true },
    includes: { course: '' },
  } as ProductRecord,
];

describe.each(implementations)('ProductsRepository (%s)', (_name, make) => {
  it('findAll: every product of the catalogue, in API shape (missing fields filled)', async () => {
    const repo = await make.products(PRODUCTS);
    const all = (await repo.findAll()).sort((a, b) => a.id.localeCompare(b.id));
    expect(all).toEqual(PRODUCTS.map(toProduct).sort((a, b) => a.id.localeCompare(b.id)));
    const free = all.find((p) => p.id === 'free_pdf') as Product;
    expect(free).toMatchObject({ description: '', instructions: '', order: 0, price: 0 });
    expect(free.includes.id).toEqual([]);
    expect(await (await make.products([])).findAll()).toEqual([]);
  });
});

// Last, once every case above has run: each query the Mongo repositories sent has an index that
// serves it (issue 26, ADR 0028; libs/test-kit/src/indexes.ts).
describe('MongoStripeEventsRepository.backfillProcessed (entries recorded before `processed`)', () => {
  it('gives them the field once, so the relay sees the unprocessed ones', async () => {
    const model = await db.empty<StripeEventRecord>(StripeEventRecord.name);
    const repo = new MongoStripeEventsRepository(model);
    await db.conn.collection('migrations').deleteMany({});
    const old = new Date('2026-11-01T00:00:00.000Z');
    // as written before the field existed
    await model.collection.insertMany([
      { _id: 'evt_old_open', receivedAt: old, processedAt: null, deliveries: 1 },
      { _id: 'evt_old_done', receivedAt: old, processedAt: old, deliveries: 1, orderId: 'ord_1' },
    ] as never[]);
    expect(await repo.unprocessed(new Date(), 10)).toEqual([]);

    await repo.onModuleInit();
    expect(await repo.unprocessed(new Date(), 10)).toEqual(['evt_old_open']);
    const done = await model.collection.findOne({ _id: 'evt_old_done' } as never);
    expect(done).toMatchObject({ processed: true });

    // the marker keeps the second start from reading every entry again
    await model.collection.insertOne({
      _id: 'evt_later',
      receivedAt: old,
      processedAt: null,
    } as never);
    await repo.onModuleInit();
    expect(await model.collection.findOne({ _id: 'evt_later' } as never)).not.toHaveProperty(
      'processed',
    );
  });
});

it('sends only queries that an index serves (explain on the real store)', async () => {
  recorded.stop();
  // the one-time backfill of `processed` reads every entry by design (a marker keeps it to the
  // first start): it is not a query of the request or relay paths
  const paths = recorded.queries.filter((q) => !JSON.stringify(q.filter).includes('"$exists"'));
  await expectEveryQueryIndexed(db.conn.name, paths, BOUNDED);
}, 60_000);
