import Stripe from 'stripe';
import { refusalOf } from '@examprep/nest-kit';
import { ErrorCodes } from '@examprep/contracts';
import { FakeOrdersRepository } from '../../test/support/fake-orders.repository';
import { FakeStripeEventsRepository } from '../../test/support/fake-stripe-events.repository';
import type { CatalogEnv } from '../config/catalog.env';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import { FulfilmentQueue } from './fulfilment.queue';
import { FulfilmentRelay } from './fulfilment.relay';
import { FulfilmentService } from './fulfilment.service';
import { OpenCheckoutsService } from './open-checkouts.service';
import { OrderLocks } from './order-locks';
import type { Order } from './order.schema';
import { WebhookService } from './webhook.service';
import { WEBHOOK_WORKER_CONCURRENCY, WebhookWorker } from './webhook.worker';

const SECRET = 'whsec_unit_webhook';
const stripe = new Stripe('sk_test_unit', { telemetry: false });
const env = {
  NODE_ENV: 'test',
  STRIPE_API_URL: 'http://127.0.0.1:22111',
  STRIPE_WEBHOOK_SECRET: SECRET,
} as CatalogEnv;
const SESSION = 'cs_test_local_0123456789abcdefghijklmnopqrstuv';

let orders: FakeOrdersRepository;
let events: FakeStripeEventsRepository;
/** The ledger's keys (`${orderId}:${productId}:${action}`), in the order recorded. */
let ledger: string[];
/**
 * The purchases changes the learner is told about: one per ledger change that recorded something
 * new (EntitlementsService publishes each as events.user.purchasesChanged, its own spec shows).
 */
let told: { uid: string; version: number }[];
let sut: WebhookService;
let fulfilment: FulfilmentService;
let locks: OrderLocks;
let queue: FulfilmentQueue;
let worker: WebhookWorker;
let entitlements: EntitlementsService;
/** Products the user held before these orders (an admin grant, an earlier purchase). */
let preHeld: Set<string>;
/** Refunds made at the fake Stripe: id, Idempotency-Key, parameters. */
let refunds: { id: string; key: string; params: Stripe.RefundCreateParams }[];
let stripeCalls: {
  refunds: { create: jest.Mock };
  checkout: { sessions: { expire: jest.Mock; retrieve: jest.Mock } };
};
let openCheckouts: OpenCheckoutsService;

/** Waits until the worker and the queue behind the webhook have finished what they were given. */
async function settled(): Promise<void> {
  const busy = () => worker.size > 0 || queue.size > 0;
  // a nudge behind the answer may still be reading the order: a tick first, then until idle
  await new Promise((r) => setTimeout(r, 1));
  for (let i = 0; i < 1_000 && busy(); i++) await new Promise((r) => setTimeout(r, 1));
  expect(worker.size).toBe(0);
  expect(queue.size).toBe(0);
}

function seedOrder(over: Partial<Order> = {}): Order {
  const order = {
    _id: 'ord_1',
    uid: 'learner-1',
    email: 'learner@examprep.test',
    productIds: ['teas_math_qbank', 'med_dosage_qbank'],
    lines: [],
    subtotalCents: 4_000,
    discountCents: 500,
    totalCents: 3_500,
    discountLabel: 'Bundle discount',
    couponCode: null,
    intendedProductType: 'math',
    currency: 'usd',
    status: 'open',
    sessionId: SESSION,
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
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  } as Order;
  orders.byId.set(order._id, order);
  return order;
}

let n = 0;
function signed(type: string, object: Record<string, unknown>, timestamp?: number) {
  const payload = JSON.stringify({
    id: `evt_${++n}`,
    object: 'event',
    type,
    data: { object },
  });
  return {
    payload,
    signature: stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp }),
  };
}
const session = (type: string, extra: Record<string, unknown> = {}) =>
  signed(type, {
    id: SESSION,
    object: 'checkout.session',
    client_reference_id: 'ord_1',
    metadata: { orderId: 'ord_1' },
    payment_intent: 'pi_1',
    ...extra,
  });
const completedPaid = () => session('checkout.session.completed', { payment_status: 'paid' });

beforeEach(() => {
  orders = new FakeOrdersRepository();
  events = new FakeStripeEventsRepository();
  ledger = [];
  preHeld = new Set();
  told = [];
  // the ledger's rules over its keys (ledger.spec.ts proves the real ones): a payment grants
  // what is not held and records a refund for what is; a refund revokes what the order granted
  const has = (key: string) => ledger.includes(key);
  const owner = new Map<string, string>();
  const held = (uid: string, productId: string) =>
    ledger.reduce(
      (h, key) => {
        const [, p, action] = key.split(':');
        if (p !== productId || owner.get(key) !== uid) return h;
        return action === 'grant' ? true : action === 'revoke' ? false : h;
      },
      uid === 'learner-1' && preHeld.has(productId),
    );
  const apply = jest.fn(
    async (
      uid: string,
      changes: { productId: string; action: string }[],
      meta: { orderId: string },
    ) => {
      const before = ledger.length;
      for (const c of changes) {
        const key = `${meta.orderId}:${c.productId}:${c.action}`;
        if (!has(key)) ledger.push(key);
        owner.set(key, uid);
      }
      if (ledger.length > before) told.push({ uid, version: ledger.length });
      return { purchases: {}, version: ledger.length };
    },
  );
  entitlements = {
    apply,
    applyPayment: jest.fn(async (uid: string, orderId: string, productIds: string[]) => {
      const changes = productIds
        .filter((p) => !has(`${orderId}:${p}:grant`) && !has(`${orderId}:${p}:refund`))
        .map((p) => ({ productId: p, action: held(uid, p) ? 'refund' : 'grant' }));
      const holdings = await apply(uid, changes, { orderId });
      return {
        holdings,
        granted: productIds.filter((p) => has(`${orderId}:${p}:grant`)),
        alreadyOwned: productIds.filter((p) => has(`${orderId}:${p}:refund`)),
      };
    }),
    revokeOrder: jest.fn(async (uid: string, orderId: string, productIds: string[]) =>
      apply(
        uid,
        productIds
          .filter((p) => has(`${orderId}:${p}:grant`) && !has(`${orderId}:${p}:revoke`))
          .map((p) => ({ productId: p, action: 'revoke' })),
        { orderId },
      ),
    ),
  } as unknown as EntitlementsService;
  locks = new OrderLocks();
  refunds = [];
  stripeCalls = {
    refunds: {
      create: jest.fn(async (params: Stripe.RefundCreateParams, options: Stripe.RequestOptions) => {
        const known = refunds.find((r) => r.key === options.idempotencyKey);
        if (known) return { id: known.id };
        const id = `re_${refunds.length + 1}`;
        refunds.push({ id, key: options.idempotencyKey!, params });
        return { id };
      }),
    },
    checkout: {
      sessions: {
        expire: jest.fn(async (id: string) => ({ id, status: 'expired' })),
        retrieve: jest.fn(async () => ({ payment_intent: 'pi_retrieved' })),
      },
    },
  };
  fulfilment = new FulfilmentService(entitlements, orders, stripeCalls as unknown as Stripe);
  openCheckouts = new OpenCheckoutsService(orders, locks, stripeCalls as unknown as Stripe, env);
  queue = new FulfilmentQueue(orders, fulfilment, locks, openCheckouts);
  worker = new WebhookWorker(stripe, env, orders, events, queue, locks);
  sut = new WebhookService(stripe, env, orders, events, queue, worker);
});

describe('WebhookService.handle', () => {
  it('checkout.session.completed (paid): the order is paid, granted (the learner is told), done', async () => {
    seedOrder();
    const { payload, signature } = completedPaid();
    await expect(sut.handle(payload, signature)).resolves.toEqual({
      received: true,
      duplicate: false,
    });
    await settled();
    expect(orders.byId.get('ord_1')).toMatchObject({
      status: 'paid',
      fulfilment: 'done',
      paymentIntentId: 'pi_1',
    });
    expect(ledger).toEqual(['ord_1:teas_math_qbank:grant', 'ord_1:med_dosage_qbank:grant']);
    expect(told).toEqual([{ uid: 'learner-1', version: 2 }]);
  });

  it('the same event 5 times: processed once, then answered as a duplicate', async () => {
    seedOrder();
    const delivery = completedPaid();
    const replies = [];
    for (let i = 0; i < 5; i++)
      replies.push(await sut.handle(delivery.payload, delivery.signature));
    expect(replies.map((r) => r.duplicate)).toEqual([false, true, true, true, true]);
    await settled();
    expect(ledger).toHaveLength(2);
    expect(told.length).toBe(1);
  });

  it('async_payment_succeeded before completed: paid once; the late completed changes nothing', async () => {
    seedOrder();
    const early = session('checkout.session.async_payment_succeeded');
    const late = session('checkout.session.completed', { payment_status: 'unpaid' });
    await sut.handle(early.payload, early.signature);
    await sut.handle(late.payload, late.signature);
    await settled();
    expect(orders.byId.get('ord_1')?.status).toBe('paid');
    expect(ledger).toHaveLength(2);
  });

  it('a refund revokes; a late payment event never pays the refunded order again', async () => {
    seedOrder();
    const paid = completedPaid();
    await sut.handle(paid.payload, paid.signature);
    const refund = signed('charge.refunded', {
      object: 'charge',
      payment_intent: 'pi_1',
      refunded: true,
    });
    await sut.handle(refund.payload, refund.signature);
    await settled();
    expect(orders.byId.get('ord_1')).toMatchObject({ status: 'refunded', revocation: 'done' });
    const late = session('checkout.session.async_payment_succeeded');
    await sut.handle(late.payload, late.signature);
    await settled();
    expect(orders.byId.get('ord_1')?.status).toBe('refunded');
    expect(ledger).toEqual([
      'ord_1:teas_math_qbank:grant',
      'ord_1:med_dosage_qbank:grant',
      'ord_1:teas_math_qbank:revoke',
      'ord_1:med_dosage_qbank:revoke',
    ]);
  });

  it('expired cancels an open order; async failure fails an awaiting one', async () => {
    seedOrder();
    const expired = session('checkout.session.expired');
    await sut.handle(expired.payload, expired.signature);
    await settled();
    expect(orders.byId.get('ord_1')?.status).toBe('canceled');
    seedOrder({ _id: 'ord_2', sessionId: 'cs_test_other', status: 'awaiting_payment' });
    const failed = signed('checkout.session.async_payment_failed', {
      id: 'cs_test_other',
      client_reference_id: 'ord_2',
    });
    await sut.handle(failed.payload, failed.signature);
    await settled();
    expect(orders.byId.get('ord_2')?.status).toBe('failed');
    expect(ledger).toEqual([]);
  });

  it('an unknown order or a session that does not match: recorded, acknowledged, nothing granted', async () => {
    seedOrder();
    const unknown = signed('checkout.session.completed', {
      id: 'cs_test_x',
      client_reference_id: 'ord_unknown',
      payment_status: 'paid',
    });
    await expect(sut.handle(unknown.payload, unknown.signature)).resolves.toEqual({
      received: true,
      duplicate: false,
    });
    const mismatch = session('checkout.session.completed', {
      payment_status: 'paid',
      id: 'cs_test_forged',
    });
    await sut.handle(mismatch.payload, mismatch.signature);
    await settled();
    expect(orders.byId.get('ord_1')?.status).toBe('open');
    expect(ledger).toEqual([]);
    expect([...events.byId.values()].map((e) => e.outcome)).toEqual([
      'unknown order',
      'session does not match the order',
    ]);
  });

  const stale = () => {
    const { payload } = completedPaid();
    const timestamp = Math.floor(Date.now() / 1000) - 301;
    return {
      payload,
      signature: stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp }),
    };
  };
  const wrongSecret = () => {
    const { payload } = completedPaid();
    return {
      payload,
      signature: stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
    };
  };
  const changedBody = () => {
    const d = completedPaid();
    return { payload: d.payload.replace('"paid"', '"paid" '), signature: d.signature };
  };
  const unsigned = () => ({ payload: completedPaid().payload, signature: '' });

  it.each([
    ['a wrong secret', wrongSecret],
    ['a stale signature (301 s)', stale],
    ['a changed body', changedBody],
    ['no signature', unsigned],
  ])('%s: 400 WEBHOOK_SIGNATURE_INVALID, nothing recorded', async (_, make) => {
    seedOrder();
    const d = make();
    expect(await refusalOf(sut.handle(d.payload, d.signature))).toEqual({
      status: 400,
      code: ErrorCodes.WEBHOOK_SIGNATURE_INVALID,
      message: 'The Stripe-Signature header is missing, wrong or too old.',
    });
    expect(events.record).not.toHaveBeenCalled();
    await settled();
    expect(events.byId.size).toBe(0);
    expect(orders.byId.get('ord_1')?.status).toBe('open');
  });

  it('a crash after recording the payment: the relay grants and publishes once', async () => {
    // what the webhook left when the process died: paid, fulfilment pending
    seedOrder({ status: 'paid', fulfilment: 'pending', updatedAt: new Date(Date.now() - 60_000) });
    const relay = new FulfilmentRelay(orders, queue, events, worker);
    await expect(relay.pass(new Date())).resolves.toBe(1);
    expect(orders.byId.get('ord_1')?.fulfilment).toBe('done');
    expect(ledger).toHaveLength(2);
    expect(told.length).toBe(1);
    await expect(relay.pass(new Date())).resolves.toBe(0);
  });

  it('a redelivery finds the order paid but unfinished (a crash) and finishes it', async () => {
    seedOrder({ status: 'paid', fulfilment: 'pending' });
    const d = completedPaid();
    await sut.handle(d.payload, d.signature);
    await settled();
    expect(orders.byId.get('ord_1')?.fulfilment).toBe('done');
    expect(ledger).toHaveLength(2);
  });

  it('answers once the event is in the inbox (one insert), before the order changes; the worker processes it', async () => {
    seedOrder();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const apply = entitlements.apply as jest.Mock;
    const real = apply.getMockImplementation()!;
    apply.mockImplementation(async (...args: unknown[]) => {
      await held; // the ledger is slow (a storm)
      return real(...args);
    });
    const d = completedPaid();
    const eventId = (JSON.parse(d.payload) as { id: string }).id;
    await expect(sut.handle(d.payload, d.signature)).resolves.toEqual({
      received: true,
      duplicate: false,
    });
    // at the answer: the verified event is recorded, unprocessed; nothing else was touched
    expect(events.record).toHaveBeenCalledTimes(1);
    expect(events.byId.get(eventId)).toMatchObject({
      event: expect.objectContaining({ id: eventId, type: 'checkout.session.completed' }),
      processedAt: null,
    });
    expect(orders.transition).not.toHaveBeenCalled();
    expect(orders.byId.get('ord_1')).toMatchObject({ status: 'open', fulfilment: 'none' });
    // behind the answer: the order is recorded paid and the event processed, then granted
    for (let i = 0; i < 1_000 && !events.byId.get(eventId)?.processedAt; i++) {
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(orders.byId.get('ord_1')).toMatchObject({ status: 'paid', fulfilment: 'pending' });
    expect([...events.byId.values()]).toEqual([
      expect.objectContaining({ outcome: 'paid', orderId: 'ord_1', processedAt: expect.any(Date) }),
    ]);
    expect(ledger).toEqual([]);
    expect(told.length).toBe(0);
    release();
    await settled();
    expect(orders.byId.get('ord_1')?.fulfilment).toBe('done');
    expect(ledger).toHaveLength(2);
    expect(told.length).toBe(1);
  });

  it('a fulfilment that fails leaves the order pending; a redelivery (duplicate) queues it again', async () => {
    seedOrder();
    const apply = entitlements.apply as jest.Mock;
    apply.mockRejectedValueOnce(new Error('ledger unavailable'));
    const d = completedPaid();
    await sut.handle(d.payload, d.signature);
    await settled();
    expect(orders.byId.get('ord_1')).toMatchObject({ status: 'paid', fulfilment: 'pending' });
    expect(ledger).toEqual([]);
    await expect(sut.handle(d.payload, d.signature)).resolves.toEqual({
      received: true,
      duplicate: true,
    });
    await settled();
    expect(orders.byId.get('ord_1')?.fulfilment).toBe('done');
    expect(ledger).toHaveLength(2);
    expect(told.length).toBe(1);
  });

  it('a refund is recorded with revocation pending and revoked behind the answer', async () => {
    seedOrder({ status: 'paid', fulfilment: 'done', paymentIntentId: 'pi_1' });
    ledger.push('ord_1:teas_math_qbank:grant', 'ord_1:med_dosage_qbank:grant');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const apply = entitlements.apply as jest.Mock;
    const real = apply.getMockImplementation()!;
    apply.mockImplementation(async (...args: unknown[]) => {
      await held;
      return real(...args);
    });
    const refund = signed('charge.refunded', {
      object: 'charge',
      payment_intent: 'pi_1',
      refunded: true,
    });
    await sut.handle(refund.payload, refund.signature);
    expect(orders.byId.get('ord_1')).toMatchObject({ status: 'paid', revocation: 'none' });
    for (let i = 0; i < 1_000 && orders.byId.get('ord_1')?.status !== 'refunded'; i++) {
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(orders.byId.get('ord_1')).toMatchObject({ status: 'refunded', revocation: 'pending' });
    release();
    await settled();
    expect(orders.byId.get('ord_1')?.revocation).toBe('done');
    expect(ledger.filter((k) => k.endsWith(':revoke'))).toHaveLength(2);
  });
});

describe('a product paid for twice (two open checkouts; issue 24)', () => {
  const line = (productId: string) => ({ productId, name: productId, amountCents: 2_000 });
  /** An open order of learner-1 for `products` at the spec's prices (bundle discount). */
  function openOrder(id: string, products: string[], over: Partial<Order> = {}): Order {
    const subtotal = products.length * 2_000;
    const discount = [0, 0, 500, 1_000][products.length] ?? 1_500;
    return seedOrder({
      _id: id,
      sessionId: `cs_test_${id}`,
      productIds: products,
      lines: products.map(line),
      subtotalCents: subtotal,
      discountCents: discount,
      totalCents: subtotal - discount,
      ...over,
    });
  }
  const pay = (id: string, pi = `pi_${id}`) =>
    signed('checkout.session.completed', {
      id: `cs_test_${id}`,
      object: 'checkout.session',
      client_reference_id: id,
      payment_status: 'paid',
      payment_intent: pi,
    });
  async function deliver(e: { payload: string; signature: string }) {
    await sut.handle(e.payload, e.signature);
    await settled();
  }

  it("paying one closes the learner's other open checkouts of the same products at Stripe; others stay open", async () => {
    openOrder('ord_a', ['teas_math_qbank']);
    openOrder('ord_b', ['teas_math_qbank']);
    openOrder('ord_c', ['med_dosage_qbank']);
    seedOrder({
      _id: 'ord_other',
      uid: 'learner-2',
      sessionId: 'cs_test_o',
      productIds: ['teas_math_qbank'],
    });
    await deliver(pay('ord_a'));
    expect(stripeCalls.checkout.sessions.expire.mock.calls).toEqual([['cs_test_ord_b']]);
    expect(orders.byId.get('ord_b')).toMatchObject({
      status: 'canceled',
      failureReason: 'expired: its products were bought in order ord_a',
    });
    expect(orders.byId.get('ord_c')?.status).toBe('open');
    expect(orders.byId.get('ord_other')?.status).toBe('open');
    expect(refunds).toEqual([]);
  });

  it('a session Stripe will not expire (its payment is under way) stays open', async () => {
    openOrder('ord_a', ['teas_math_qbank']);
    openOrder('ord_b', ['teas_math_qbank']);
    stripeCalls.checkout.sessions.expire.mockRejectedValue(
      new Stripe.errors.StripeInvalidRequestError({ message: 'not in an expirable state' }),
    );
    const real = new OpenCheckoutsService(
      orders,
      locks,
      stripeCalls as unknown as Stripe,
      { ...env, STRIPE_API_URL: undefined } as CatalogEnv,
    );
    await expect(real.closeOthers(orders.byId.get('ord_a')!)).resolves.toEqual([]);
    expect(orders.byId.get('ord_b')?.status).toBe('open');
  });

  it('the second payment grants nothing: the product is recorded as refunded, all of it goes back (key from the order), the order is refunded', async () => {
    openOrder('ord_a', ['teas_math_qbank']);
    openOrder('ord_b', ['teas_math_qbank']);
    // both paid before either was fulfilled (Stripe could not expire the second any more)
    stripeCalls.checkout.sessions.expire.mockRejectedValue(new Error('complete'));
    await Promise.all([pay('ord_a'), pay('ord_b')].map((e) => sut.handle(e.payload, e.signature)));
    await settled();
    const grants = ledger.filter((k) => k.endsWith(':grant'));
    const refundEntries = ledger.filter((k) => k.endsWith(':refund'));
    expect(grants).toHaveLength(1);
    expect(refundEntries).toHaveLength(1);
    const [second] = refundEntries[0]!.split(':');
    expect(refunds).toEqual([
      {
        id: 're_1',
        key: `refund-already-owned:${second}`,
        params: expect.objectContaining({
          payment_intent: `pi_${second}`,
          amount: 2_000,
          reason: 'duplicate',
        }),
      },
    ]);
    expect(orders.byId.get(second!)).toMatchObject({
      status: 'refunded',
      fulfilment: 'done',
      alreadyOwned: ['teas_math_qbank'],
      refund: 'done',
      refundCents: 2_000,
      refundId: 're_1',
    });
    // the learner is told of the first order's grant; the second recorded only a refund entry
    expect(told.map((t) => t.uid)).toEqual(['learner-1', 'learner-1']);
    // a redelivery changes nothing and refunds nothing more
    await deliver(pay(second!));
    expect(refunds).toHaveLength(1);
    expect(ledger.filter((k) => k.endsWith(':refund'))).toHaveLength(1);
  });

  it("Stripe's charge.refunded that follows the automatic refund takes nothing away: the first order's product stays", async () => {
    openOrder('ord_a', ['teas_math_qbank']);
    await deliver(pay('ord_a'));
    // a payment arriving for a checkout closed by then: recorded, refunded
    openOrder('ord_b', ['teas_math_qbank'], { status: 'canceled' });
    await deliver(pay('ord_b'));
    expect(orders.byId.get('ord_b')).toMatchObject({ status: 'refunded', refund: 'done' });
    const refunded = signed('charge.refunded', {
      object: 'charge',
      payment_intent: 'pi_ord_b',
      refunded: true,
    });
    await deliver(refunded);
    expect(ledger.filter((k) => k.endsWith(':revoke'))).toEqual([]);
    expect(ledger).toContain('ord_a:teas_math_qbank:grant');
  });

  it('one of two products held already (an admin gave it): the other is granted, the held one’s share is refunded, the order stays paid', async () => {
    preHeld.add('med_dosage_qbank');
    openOrder('ord_a', ['teas_math_qbank', 'med_dosage_qbank']);
    await deliver(pay('ord_a'));
    expect(ledger).toEqual(['ord_a:teas_math_qbank:grant', 'ord_a:med_dosage_qbank:refund']);
    // $35 paid for two: the kept one costs its half, $17.50 goes back
    expect(refunds.map((r) => r.params.amount)).toEqual([1_750]);
    expect(orders.byId.get('ord_a')).toMatchObject({
      status: 'paid',
      refund: 'done',
      refundCents: 1_750,
      alreadyOwned: ['med_dosage_qbank'],
    });
  });

  it("a payment arriving after the user's data was deleted grants nobody anything and is refunded whole", async () => {
    openOrder('ord_a', ['teas_math_qbank', 'med_dosage_qbank'], {
      uid: 'erased-x',
      email: '',
      erasedAt: new Date(),
    });
    await deliver(pay('ord_a'));
    expect(ledger).toEqual([]);
    expect(refunds.map((r) => r.params.amount)).toEqual([3_500]);
    expect(orders.byId.get('ord_a')).toMatchObject({ status: 'refunded', refund: 'done' });
  });

  it('Stripe down at the refund: the refund stays pending and the relay makes it once, with the same key', async () => {
    preHeld.add('teas_math_qbank');
    openOrder('ord_a', ['teas_math_qbank']);
    stripeCalls.refunds.create.mockRejectedValueOnce(
      new Stripe.errors.StripeConnectionError({ message: 'down' }),
    );
    await deliver(pay('ord_a'));
    expect(orders.byId.get('ord_a')).toMatchObject({ fulfilment: 'done', refund: 'pending' });
    expect(refunds).toEqual([]);
    orders.byId.get('ord_a')!.updatedAt = new Date(0);
    const relay = new FulfilmentRelay(orders, queue, events, worker);
    await relay.pass(new Date());
    await settled();
    expect(orders.byId.get('ord_a')).toMatchObject({ status: 'refunded', refund: 'done' });
    expect(refunds.map((r) => r.key)).toEqual(['refund-already-owned:ord_a']);
  });
});

describe('concurrent deliveries', () => {
  it('5 different events paying one order at once (Promise.all): one transition, one grant per product', async () => {
    seedOrder();
    // a store whose conditional update is not atomic (FerretDB 1.x): every caller that read
    // 'open' would win; the order's lock must keep the decisions one at a time
    orders.transition.mockImplementation(async (id, from, set) => {
      const o = orders.byId.get(id);
      const matched = !!o && from.includes(o.status); // read ...
      await new Promise((r) => setTimeout(r, 5));
      if (!o || !matched) return null;
      Object.assign(o, set); // ... and write later, like a lost-update store
      return structuredClone(o);
    });
    const deliveries = [
      completedPaid(),
      completedPaid(),
      session('checkout.session.async_payment_succeeded'),
      completedPaid(),
      session('checkout.session.async_payment_succeeded'),
    ];
    const replies = await Promise.all(deliveries.map((d) => sut.handle(d.payload, d.signature)));
    expect(replies.every((r) => r.received)).toBe(true);
    await settled();
    const outcomes = [...events.byId.values()].map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(ledger).toEqual(['ord_1:teas_math_qbank:grant', 'ord_1:med_dosage_qbank:grant']);
    expect(told.length).toBe(1);
  });
});

describe('the inbox behind the answer', () => {
  const idOf = (d: { payload: string }) => (JSON.parse(d.payload) as { id: string }).id;

  it('a crash before processing: the entry stays unprocessed; the relay processes and fulfils it', async () => {
    seedOrder();
    const d = completedPaid();
    // the process died right after the insert (the 2xx was sent): only the inbox entry exists
    const event = JSON.parse(d.payload);
    await events.record(event, new Date(Date.now() - 60_000));
    expect(orders.byId.get('ord_1')?.status).toBe('open');
    const relay = new FulfilmentRelay(orders, queue, events, worker);
    await relay.pass(new Date());
    await settled();
    expect(events.byId.get(idOf(d))).toMatchObject({
      outcome: 'paid',
      processedAt: expect.any(Date),
    });
    expect(orders.byId.get('ord_1')).toMatchObject({ status: 'paid', fulfilment: 'done' });
    expect(ledger).toHaveLength(2);
    expect(told.length).toBe(1);
    // a redelivery afterwards: a duplicate, nothing new
    await expect(sut.handle(d.payload, d.signature)).resolves.toEqual({
      received: true,
      duplicate: true,
    });
    await settled();
    expect(ledger).toHaveLength(2);
    expect(told.length).toBe(1);
  });

  it('the relay leaves entries younger than its cutoff (the worker has them) and skips processed ones', async () => {
    seedOrder();
    const d = completedPaid();
    await sut.handle(d.payload, d.signature);
    await settled();
    const relay = new FulfilmentRelay(orders, queue, events, worker);
    await relay.pass(new Date(Date.now() - 10_000));
    expect(events.unprocessed).toHaveBeenCalledTimes(1);
    expect(events.unprocessedEvent).not.toHaveBeenCalled();
    await relay.pass(new Date());
    expect(events.unprocessedEvent).not.toHaveBeenCalled(); // processed: not in the scan
    expect(ledger).toHaveLength(2);
  });

  it('processing that fails leaves the entry unprocessed; a redelivery is a duplicate and processes it', async () => {
    seedOrder();
    orders.findById.mockRejectedValueOnce(new Error('store unavailable'));
    const d = completedPaid();
    await expect(sut.handle(d.payload, d.signature)).resolves.toEqual({
      received: true,
      duplicate: false,
    });
    await settled();
    expect(events.byId.get(idOf(d))).toMatchObject({ processedAt: null, deliveries: 1 });
    expect(orders.byId.get('ord_1')?.status).toBe('open');
    await expect(sut.handle(d.payload, d.signature)).resolves.toEqual({
      received: true,
      duplicate: true,
    });
    await settled();
    expect(events.byId.get(idOf(d))).toMatchObject({
      processedAt: expect.any(Date),
      outcome: 'paid',
      deliveries: 2,
    });
    expect(orders.byId.get('ord_1')).toMatchObject({ status: 'paid', fulfilment: 'done' });
    expect(ledger).toHaveLength(2);
  });

  it('a redelivery while the first is being processed: processed once, its outcome kept', async () => {
    seedOrder();
    const d = completedPaid();
    const replies = await Promise.all([
      sut.handle(d.payload, d.signature),
      sut.handle(d.payload, d.signature),
      sut.handle(d.payload, d.signature),
    ]);
    expect(replies.map((r) => r.duplicate).sort()).toEqual([false, true, true]);
    await settled();
    expect(events.byId.get(idOf(d))).toMatchObject({ outcome: 'paid', deliveries: 3 });
    expect(orders.transition).toHaveBeenCalledTimes(1);
    expect(ledger).toHaveLength(2);
  });

  it('a refund answered right after its payment is processed after it (the intent is known by then)', async () => {
    seedOrder();
    const paid = completedPaid();
    const refund = signed('charge.refunded', {
      object: 'charge',
      payment_intent: 'pi_1',
      refunded: true,
    });
    await sut.handle(paid.payload, paid.signature);
    await sut.handle(refund.payload, refund.signature);
    await settled();
    expect(orders.byId.get('ord_1')).toMatchObject({ status: 'refunded', revocation: 'done' });
    expect([...events.byId.values()].map((e) => e.outcome)).toEqual(['paid', 'refunded']);
  });

  it('bounded: at most WEBHOOK_WORKER_CONCURRENCY events are processed at once; each answer is immediate', async () => {
    let active = 0;
    let most = 0;
    const real = orders.transition.getMockImplementation()!;
    orders.transition.mockImplementation(async (...args: Parameters<typeof real>) => {
      active++;
      most = Math.max(most, active);
      await new Promise((r) => setTimeout(r, 2));
      active--;
      return real(...args);
    });
    const deliveries = Array.from({ length: 12 }, (_, i) => {
      // learners of their own: no order closes another's checkout
      seedOrder({ _id: `ord_c${i}`, uid: `learner-c${i}`, sessionId: `cs_test_c${i}` });
      return signed('checkout.session.completed', {
        id: `cs_test_c${i}`,
        client_reference_id: `ord_c${i}`,
        payment_status: 'paid',
      });
    });
    const replies = await Promise.all(deliveries.map((d) => sut.handle(d.payload, d.signature)));
    expect(replies.every((r) => r.duplicate === false)).toBe(true);
    expect(orders.transition).not.toHaveBeenCalled();
    await settled();
    expect(most).toBe(WEBHOOK_WORKER_CONCURRENCY);
    expect([...events.byId.values()].every((e) => e.outcome === 'paid')).toBe(true);
    expect(ledger).toHaveLength(24);
  });
});
