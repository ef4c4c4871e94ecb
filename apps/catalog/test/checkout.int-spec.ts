// Stripe Checkout against the RUNNING test system (learner spec §4, §5, §7, §8; ADR 0018): the
// gateway's routes as the browser and Stripe call them, the catalog behind them on NATS, the
// real stripe-mock (every Checkout Session create is validated by it) and FerretDB. Buyers are
// fresh Keycloak accounts; deliveries are signed with Stripe's own test-header helper.
import { CATALOG_MESSAGES, ErrorCodes } from '@examprep/contracts';
import { waitFor } from '@examprep/test-kit';
import {
  type Buyer,
  catalogDb,
  cfg,
  cleanup,
  createSession,
  deliver,
  http,
  ledgerOf,
  newBuyer,
  orderOf,
  owns,
  seed,
  sessionEvent,
  settledOrder,
  signedEvent,
  storedPurchasesChanges,
  catalogApp,
} from './support/checkout-system';

jest.setTimeout(60_000);

beforeAll(() => {
  catalogApp('start');
  seed();
});
afterAll(() => cleanup());

async function ordersOf(buyer: Buyer): Promise<number> {
  return (await catalogDb()).collection('orders').countDocuments({ uid: buyer.uid });
}

/** A fresh order of `products` for the buyer, read back from the catalog database. */
async function openOrder(buyer: Buyer, products: string[]) {
  const res = await createSession(buyer, { products });
  expect(res.status).toBe(200);
  const order = await orderOf(res.body.id);
  expect(order).not.toBeNull();
  return { ...order!, sessionId: res.body.id as string };
}

const grantsOf = async (uid: string) =>
  (await ledgerOf(uid)).filter((e) => e.action === 'grant').map((e) => e.productId);

describe('POST /api/create-checkout-session: the server prices the order (learner spec §9)', () => {
  let buyer: Buyer;
  beforeAll(async () => {
    buyer = await newBuyer();
  });

  it.each([
    [['teas_math_qbank'], undefined, 2_000, 0],
    [['teas_math_qbank', 'med_dosage_qbank'], undefined, 3_500, 500],
    [
      ['teas_math_qbank', 'med_dosage_qbank', 'teas_math_workbook', 'med_dosage_workbook'],
      undefined,
      6_500,
      1_500,
    ],
    [['teas_math_qbank', 'med_dosage_qbank'], 'NURSE10', 3_600, 400],
    [['teas_math_qbank', 'med_dosage_qbank'], 'nurse10', 3_600, 400],
    [['teas_math_qbank', 'med_dosage_qbank'], 'WELCOME5', 3_500, 500],
  ])('%j with coupon %s: total %i cents (%i off)', async (products, couponCode, total, off) => {
    const res = await createSession(buyer, { products, ...(couponCode ? { couponCode } : {}) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^cs_test_local_[A-Za-z0-9]{32}$/),
      intendedProductType: 'math',
      url: `${cfg.webUrl}/dev-checkout/${res.body.id}`,
    });
    const order = await orderOf(res.body.id);
    expect(order).toMatchObject({
      uid: buyer.uid,
      email: buyer.email,
      productIds: products,
      subtotalCents: products.length * 2_000,
      discountCents: off,
      totalCents: total,
      status: 'open',
      fulfilment: 'none',
      couponCode: couponCode ? couponCode.toUpperCase() : null,
    });
    // what the local hosted page shows is the same order
    const view = await http('GET', `/api/dev-checkout/${res.body.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      sessionId: res.body.id,
      totalCents: total,
      discountCents: off,
      status: 'open',
      successUrl: `${cfg.webUrl}/checkout-success?session_id=${res.body.id}`,
      cancelUrl: `${cfg.webUrl}/checkout-cancel`,
    });
  });

  it('design products only: intendedProductType design; every call gets its own session', async () => {
    const a = await createSession(buyer, { products: ['premium_3d_assets'] });
    const b = await createSession(buyer, { products: ['premium_3d_assets'] });
    expect(a.body.intendedProductType).toBe('design');
    expect(a.body.id).not.toBe(b.body.id);
  });
});

describe('bad input: 400 naming the field, nothing recorded, nothing sent to Stripe', () => {
  let buyer: Buyer;
  beforeAll(async () => {
    buyer = await newBuyer();
    // the buyer owns teas_math_qbank (paid through the webhook)
    const order = await openOrder(buyer, ['teas_math_qbank']);
    const paid = await deliver(
      sessionEvent('checkout.session.completed', order, { payment_status: 'paid' }),
    );
    expect(paid.status).toBe(200);
    await settledOrder(order.sessionId);
    expect(await owns(buyer, 'teas_math_qbank')).toBe(true);
  });

  const long = 'A'.repeat(33);
  it.each([
    [
      'an unknown product',
      { products: ['no_such_product'] },
      ErrorCodes.PRODUCT_PROBLEM,
      { products: ['There is no product "no_such_product".'] },
    ],
    [
      'a free product',
      { products: ['infinite_qbank'] },
      ErrorCodes.PRODUCT_PROBLEM,
      { products: [expect.stringMatching(/is free: it needs no purchase\.$/)] },
    ],
    [
      'an owned product',
      { products: ['med_dosage_qbank', 'teas_math_qbank'] },
      ErrorCodes.PRODUCT_PROBLEM,
      { products: [expect.stringMatching(/^You already own .*QBank\.$/)] },
    ],
    [
      'a product twice',
      { products: ['med_dosage_qbank', 'med_dosage_qbank'] },
      ErrorCodes.VALIDATION_FAILED,
      { products: ['The products field must name each product once.'] },
    ],
    [
      'no product',
      { products: [] },
      ErrorCodes.VALIDATION_FAILED,
      { products: [CATALOG_MESSAGES.selectAtLeastOne] },
    ],
    [
      'a coupon of 33 characters',
      { products: ['med_dosage_qbank'], couponCode: long },
      ErrorCodes.VALIDATION_FAILED,
      { couponCode: ['Coupon too long. Maximum 32 characters allowed.'] },
    ],
    [
      'a coupon with symbols',
      { products: ['med_dosage_qbank'], couponCode: 'NURSE-10!' },
      ErrorCodes.VALIDATION_FAILED,
      { couponCode: ['Coupon codes can only contain letters and numbers.'] },
    ],
    [
      'an unknown coupon',
      { products: ['med_dosage_qbank'], couponCode: 'NOSUCHCOUPON' },
      ErrorCodes.INVALID_COUPON,
      { couponCode: ['Invalid coupon code. Please check the code and try again.'] },
    ],
    [
      'an expired coupon',
      { products: ['med_dosage_qbank'], couponCode: 'EXPIRED2025' },
      ErrorCodes.INVALID_COUPON,
      { couponCode: ['Invalid coupon code. Please check the code and try again.'] },
    ],
    [
      'a price sent by the browser',
      { products: ['med_dosage_qbank'], amount: 1 },
      ErrorCodes.VALIDATION_FAILED,
      { amount: ['Field "amount" is not allowed.'] },
    ],
    [
      'a NoSQL operator as a product',
      { products: [{ $gt: '' }] },
      ErrorCodes.VALIDATION_FAILED,
      { products: expect.any(Array) },
    ],
  ])('%s', async (_, body, code, fields) => {
    const before = await ordersOf(buyer);
    const res = await createSession(buyer, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, fields });
    if (code === ErrorCodes.INVALID_COUPON) {
      expect(res.body.message).toBe('Invalid coupon code. Please check the code and try again.');
    }
    expect(await ordersOf(buyer)).toBe(before);
  });
});

describe('POST /api/stripe/webhook: fulfilment exactly once', () => {
  let buyer: Buyer;
  beforeAll(async () => {
    buyer = await newBuyer();
  });

  it('delivered 5 times: one paid order, one grant per product, the learner told once', async () => {
    const since = new Date();
    const order = await openOrder(buyer, ['teas_math_qbank', 'med_dosage_qbank']);
    const event = sessionEvent('checkout.session.completed', order, { payment_status: 'paid' });
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await deliver(event));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies[0].body).toEqual({ received: true });
    expect(await settledOrder(order.sessionId)).toMatchObject({
      status: 'paid',
      fulfilment: 'done',
    });
    expect((await grantsOf(buyer.uid)).sort()).toEqual(['med_dosage_qbank', 'teas_math_qbank']);
    expect(await owns(buyer, 'teas_math_qbank_practice')).toBe(true); // alias
    expect(await owns(buyer, 'med_dosage_simulations')).toBe(true);
    const record = await (
      await catalogDb()
    )
      .collection('stripe_events')
      .findOne({ _id: event.id as never });
    expect(record).toMatchObject({ deliveries: 5, outcome: 'paid', orderId: order._id });
    expect(await storedPurchasesChanges(buyer.uid, since)).toEqual([
      {
        uid: buyer.uid,
        purchases: { teas_math_qbank: true, med_dosage_qbank: true },
        version: expect.any(Number),
        at: expect.any(String),
      },
    ]);
  });

  it('out of order: async_payment_succeeded before completed (unpaid) pays once', async () => {
    const order = await openOrder(buyer, ['teas_math_workbook']);
    expect(
      (await deliver(sessionEvent('checkout.session.async_payment_succeeded', order))).status,
    ).toBe(200);
    const late = sessionEvent('checkout.session.completed', order, { payment_status: 'unpaid' });
    expect((await deliver(late)).status).toBe(200);
    expect(await settledOrder(order.sessionId)).toMatchObject({
      status: 'paid',
      fulfilment: 'done',
    });
    expect((await grantsOf(buyer.uid)).filter((p) => p === 'teas_math_workbook')).toHaveLength(1);
  });

  it('concurrently (Promise.all of 5 deliveries, 3 distinct events): one grant per product', async () => {
    const order = await openOrder(buyer, ['med_dosage_workbook', 'premium_3d_assets']);
    const completed = sessionEvent('checkout.session.completed', order, { payment_status: 'paid' });
    const again = sessionEvent('checkout.session.completed', order, { payment_status: 'paid' });
    const succeeded = sessionEvent('checkout.session.async_payment_succeeded', order);
    const replies = await Promise.all(
      [completed, again, succeeded, completed, succeeded].map((d) => deliver(d)),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await settledOrder(order.sessionId);
    const grants = await grantsOf(buyer.uid);
    expect(grants.filter((p) => p === 'med_dosage_workbook')).toHaveLength(1);
    expect(grants.filter((p) => p === 'premium_3d_assets')).toHaveLength(1);
    expect(await orderOf(order.sessionId)).toMatchObject({ status: 'paid', fulfilment: 'done' });
    expect(
      await (await catalogDb()).collection('orders').countDocuments({ sessionId: order.sessionId }),
    ).toBe(1);
  });

  it.each([
    ['stale (signed 301 s ago)', { ageSeconds: 301 }],
    ['signed with another secret', { secret: 'whsec_notTheCatalogsSecret' }],
  ])('%s: 400 WEBHOOK_SIGNATURE_INVALID and nothing recorded', async (_, opts) => {
    const other = await newBuyer();
    const order = await openOrder(other, ['teas_math_qbank']);
    const d = sessionEvent('checkout.session.completed', order, { payment_status: 'paid' }, opts);
    const res = await deliver(d);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: ErrorCodes.WEBHOOK_SIGNATURE_INVALID,
      message: 'The Stripe-Signature header is missing, wrong or too old.',
    });
    expect(
      await (await catalogDb()).collection('stripe_events').findOne({ _id: d.id as never }),
    ).toBeNull();
    expect(await orderOf(order.sessionId)).toMatchObject({ status: 'open' });
    expect(await ledgerOf(other.uid)).toEqual([]);
    expect(await owns(other, 'teas_math_qbank')).toBe(false);
  });

  it('a body changed after signing: 400, nothing recorded', async () => {
    const order = await openOrder(buyer, ['premium_android_stuff']);
    const d = sessionEvent('checkout.session.completed', order, { payment_status: 'unpaid' });
    const forged = { payload: d.payload.replace('"unpaid"', '"paid"'), signature: d.signature };
    expect((await deliver(forged)).status).toBe(400);
    expect(await orderOf(order.sessionId)).toMatchObject({ status: 'open' });
    expect(
      await (await catalogDb()).collection('stripe_events').findOne({ _id: d.id as never }),
    ).toBeNull();
  });

  it('charge.refunded revokes what the order granted (the entries stay)', async () => {
    const refundee = await newBuyer();
    const order = await openOrder(refundee, ['teas_math_qbank']);
    await deliver(sessionEvent('checkout.session.completed', order, { payment_status: 'paid' }));
    const paid = await settledOrder(order.sessionId);
    expect(await owns(refundee, 'teas_math_qbank')).toBe(true);
    const refund = signedEvent('charge.refunded', {
      id: 'ch_it_1',
      object: 'charge',
      payment_intent: paid!.paymentIntentId,
      refunded: true,
      amount_refunded: 2_000,
    });
    expect((await deliver(refund)).status).toBe(200);
    expect(await settledOrder(order.sessionId)).toMatchObject({
      status: 'refunded',
      revocation: 'done',
    });
    expect(await owns(refundee, 'teas_math_qbank')).toBe(false);
    expect((await ledgerOf(refundee.uid)).map((e) => [e.productId, e.action, e.source])).toEqual([
      ['teas_math_qbank', 'grant', 'payment'],
      ['teas_math_qbank', 'revoke', 'refund'],
    ]);
    // a late payment event never pays the refunded order again
    expect(
      (await deliver(sessionEvent('checkout.session.async_payment_succeeded', order))).status,
    ).toBe(200);
    expect(await settledOrder(order.sessionId)).toMatchObject({ status: 'refunded' });
    expect(await owns(refundee, 'teas_math_qbank')).toBe(false);
  });

  it('an event for an order the catalog does not know: 200 (Stripe must not retry), nothing granted', async () => {
    const d = signedEvent('checkout.session.completed', {
      id: 'cs_test_unknown_0000000000',
      object: 'checkout.session',
      client_reference_id: 'ord_doesnotexist',
      payment_status: 'paid',
    });
    expect((await deliver(d)).status).toBe(200);
    // processed behind the answer (the inbox): wait for it, then the outcome
    const record = await waitFor(
      async () => {
        const r = await (
          await catalogDb()
        )
          .collection('stripe_events')
          .findOne({ _id: d.id as never });
        return r?.processedAt ? r : null;
      },
      { timeoutMs: 5_000, intervalMs: 50, description: `event ${d.id} processed` },
    );
    expect(record).toMatchObject({ outcome: 'unknown order' });
  });
});

describe('a product paid for twice (two tabs of checkout; issue 24)', () => {
  it('paying the first closes the second (expired at Stripe, canceled): its Pay goes to the cancel page and takes nothing', async () => {
    const buyer = await newBuyer();
    const first = await openOrder(buyer, ['teas_math_qbank']);
    const second = await openOrder(buyer, ['teas_math_qbank']);
    const other = await openOrder(buyer, ['med_dosage_workbook']);
    const pay = await http('POST', `/api/dev-checkout/${first.sessionId}/complete`, {
      body: { outcome: 'pay' },
    });
    expect(pay.status).toBe(200);
    await settledOrder(first.sessionId);
    const closed = await waitFor(
      async () => {
        const o = await orderOf(second.sessionId);
        return o?.status === 'canceled' ? o : null;
      },
      { timeoutMs: 5_000, intervalMs: 50, description: 'the second checkout closed' },
    );
    expect(closed).toMatchObject({
      failureReason: `expired: its products were bought in order ${String(first._id)}`,
    });
    // a checkout of other products stays open
    expect(await orderOf(other.sessionId)).toMatchObject({ status: 'open' });
    // the second tab's Pay: the cancel page, nothing charged, nothing granted twice
    expect((await http('GET', `/api/dev-checkout/${second.sessionId}`)).body.status).toBe(
      'canceled',
    );
    const late = await http('POST', `/api/dev-checkout/${second.sessionId}/complete`, {
      body: { outcome: 'pay' },
    });
    expect(late.body).toEqual({ redirectUrl: `${cfg.webUrl}/checkout-cancel` });
    expect(await orderOf(second.sessionId)).toMatchObject({ status: 'canceled', refund: 'none' });
    expect(await grantsOf(buyer.uid)).toEqual(['teas_math_qbank']);
    const result = await http('GET', `/api/checkout-sessions/${first.sessionId}`, {
      token: await buyer.token(),
    });
    expect(result).toMatchObject({
      status: 200,
      body: { status: 'paid', alreadyOwned: [], refund: null },
    });
  });

  it('both paid before either is fulfilled: granted once; the other payment is refunded whole at Stripe (key from the order) and recorded as a refund; the result route says so', async () => {
    const buyer = await newBuyer();
    const a = await openOrder(buyer, ['med_dosage_qbank']);
    const b = await openOrder(buyer, ['med_dosage_qbank']);
    const replies = await Promise.all(
      [a, b].map((o) =>
        deliver(sessionEvent('checkout.session.completed', o, { payment_status: 'paid' })),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const [oa, ob] = await Promise.all([settledOrder(a.sessionId), settledOrder(b.sessionId)]);
    const entries = await ledgerOf(buyer.uid);
    expect(entries.filter((e) => e.action === 'grant')).toHaveLength(1);
    const refundEntries = entries.filter((e) => e.action === 'refund');
    expect(refundEntries).toEqual([
      expect.objectContaining({ productId: 'med_dosage_qbank', source: 'refund', by: 'stripe' }),
    ]);
    const refunded = [oa, ob].find((o) => String(o!._id) === refundEntries[0]!.orderId)!;
    const kept = [oa, ob].find((o) => String(o!._id) !== refundEntries[0]!.orderId)!;
    expect(kept).toMatchObject({ status: 'paid', refund: 'none' });
    expect(refunded).toMatchObject({
      status: 'refunded',
      alreadyOwned: ['med_dosage_qbank'],
      refund: 'done',
      refundCents: 2_000,
      refundId: expect.stringMatching(/^re_/),
    });
    expect(await owns(buyer, 'med_dosage_qbank')).toBe(true);
    const result = await http('GET', `/api/checkout-sessions/${String(refunded.sessionId)}`, {
      token: await buyer.token(),
    });
    expect(result).toEqual({
      status: 200,
      body: {
        sessionId: refunded.sessionId,
        status: 'refunded',
        intendedProductType: 'math',
        products: [{ id: 'med_dosage_qbank', name: 'Med Dosage QBank' }],
        totalCents: 2_000,
        alreadyOwned: [{ id: 'med_dosage_qbank', name: 'Med Dosage QBank' }],
        refund: { amountCents: 2_000, state: 'done' },
      },
    });
    // Stripe's charge.refunded for that refund takes nothing away
    expect(
      (
        await deliver(
          signedEvent('charge.refunded', {
            id: 'ch_it_dup',
            object: 'charge',
            payment_intent: refunded.paymentIntentId,
            refunded: true,
            amount_refunded: 2_000,
          }),
        )
      ).status,
    ).toBe(200);
    await settledOrder(String(refunded.sessionId));
    expect(await owns(buyer, 'med_dosage_qbank')).toBe(true);
    // another learner reads nothing of it
    const stranger = await newBuyer();
    expect(
      await http('GET', `/api/checkout-sessions/${String(refunded.sessionId)}`, {
        token: await stranger.token(),
      }),
    ).toMatchObject({ status: 404 });
  });
});

describe('the local test checkout (GET/POST /api/dev-checkout/:sessionId)', () => {
  let buyer: Buyer;
  beforeAll(async () => {
    buyer = await newBuyer();
  });

  it('Pay: signed completed webhook through the public route; the buyer owns the products', async () => {
    const since = new Date();
    const created = await createSession(buyer, {
      products: ['med_dosage_qbank', 'med_dosage_workbook'],
      couponCode: 'WELCOME5',
    });
    const id = created.body.id as string;
    const view = await http('GET', `/api/dev-checkout/${id}`);
    expect(view.body).toMatchObject({
      email: buyer.email,
      lines: [
        { productId: 'med_dosage_qbank', amountCents: 2_000 },
        { productId: 'med_dosage_workbook', amountCents: 2_000 },
      ],
      discountLabel: 'Coupon WELCOME5 ($5 off)',
      totalCents: 3_500,
      currency: 'usd',
    });
    const pay = await http('POST', `/api/dev-checkout/${id}/complete`, {
      body: { outcome: 'pay' },
    });
    expect(pay).toEqual({
      status: 200,
      body: { redirectUrl: `${cfg.webUrl}/checkout-success?session_id=${id}` },
    });
    // the grant follows the success page within a second or two
    await settledOrder(id, 2_000);
    expect(await owns(buyer, 'med_dosage_qbank')).toBe(true);
    expect(await owns(buyer, 'med_dosage_workbook')).toBe(true);
    expect(await orderOf(id)).toMatchObject({
      status: 'paid',
      fulfilment: 'done',
      paymentIntentId: expect.stringMatching(/^pi_local_/),
    });
    expect(await storedPurchasesChanges(buyer.uid, since)).toEqual([
      expect.objectContaining({
        purchases: { med_dosage_qbank: true, med_dosage_workbook: true },
      }),
    ]);
    // Pay again (a double click): the success page, nothing new
    const again = await http('POST', `/api/dev-checkout/${id}/complete`, {
      body: { outcome: 'pay' },
    });
    expect(again.body.redirectUrl).toBe(`${cfg.webUrl}/checkout-success?session_id=${id}`);
    expect((await grantsOf(buyer.uid)).sort()).toEqual(['med_dosage_qbank', 'med_dosage_workbook']);
  });

  it('Cancel: the order is canceled, the cancel page, nothing granted', async () => {
    const created = await createSession(buyer, { products: ['teas_math_workbook'] });
    const id = created.body.id as string;
    const cancel = await http('POST', `/api/dev-checkout/${id}/complete`, {
      body: { outcome: 'cancel' },
    });
    expect(cancel).toEqual({ status: 200, body: { redirectUrl: `${cfg.webUrl}/checkout-cancel` } });
    expect(await orderOf(id)).toMatchObject({ status: 'canceled' });
    expect(await owns(buyer, 'teas_math_workbook')).toBe(false);
  });

  it('an unknown session: 404 "The test checkout is not available."', async () => {
    const res = await http('GET', '/api/dev-checkout/cs_test_local_doesnotexist0000000000');
    expect(res).toMatchObject({
      status: 404,
      body: { code: ErrorCodes.NOT_FOUND, message: 'The test checkout is not available.' },
    });
  });
});
