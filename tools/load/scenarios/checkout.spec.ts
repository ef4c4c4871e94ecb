import Stripe from 'stripe';
import { buildCompletedEvent } from '../../../apps/catalog/src/checkout/local-checkout-event.js';
import { checkoutUrls } from '../../../apps/catalog/src/checkout/checkout-ids.js';
import { failedChecks } from './http.js';
import {
  checkoutSessionChecks,
  checkoutSessionRequest,
  completedSessionEvent,
  paidOrderOf,
  stormOrder,
  stripeWebhookChecks,
  stripeWebhookRequest,
} from './checkout.js';

const res = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

/** A small seeded generator, so the shuffles are reproducible. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('checkout scenario', () => {
  it('asks for a session with the product ids (and a coupon only when given)', () => {
    const r = checkoutSessionRequest('http://127.0.0.1:13000/', 'tok', ['teas_math_qbank']);
    expect(r).toEqual({
      name: 'create-checkout-session',
      method: 'POST',
      url: 'http://127.0.0.1:13000/api/create-checkout-session',
      headers: {
        Accept: 'application/json',
        Authorization: 'Bearer tok',
        'Content-Type': 'application/json',
      },
      body: '{"products":["teas_math_qbank"]}',
    });
    expect(checkoutSessionRequest('http://x', 't', ['a', 'b'], 'NURSE10').body).toBe(
      '{"products":["a","b"],"couponCode":"NURSE10"}',
    );
  });

  it('passes a session with its id, product type and payment page; fails a refusal', () => {
    const ok = {
      id: 'cs_test_local_AbC123xyz',
      intendedProductType: 'math',
      url: 'http://localhost:15173/dev-checkout/cs_test_local_AbC123xyz',
    };
    expect(failedChecks(checkoutSessionChecks, res(200, ok))).toEqual([]);
    expect(failedChecks(checkoutSessionChecks, res(201, ok))).toEqual([]);
    expect(
      failedChecks(checkoutSessionChecks, res(400, { code: 'PRODUCT_PROBLEM', message: 'x' })),
    ).toHaveLength(2);
    expect(failedChecks(checkoutSessionChecks, res(200, { ...ok, id: 'evil' }))).toEqual([
      'create-checkout-session: a session id, the product type and a payment page',
    ]);
  });

  it("builds the completed-session event exactly as the catalog's local test checkout does", () => {
    const created = new Date('2026-11-24T10:00:00Z');
    const order = {
      _id: 'ord_AAAAAAAAAAAAAAAAAAAAAAAA',
      uid: '5eed0001-0000-4000-8000-00000000a002',
      email: 'learner@examprep.test',
      productIds: ['teas_math_qbank', 'med_dosage_qbank'],
      sessionId: 'cs_test_local_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
      subtotalCents: 4000,
      totalCents: 3500,
      currency: 'usd' as const,
      createdAt: created,
    };
    const ids = { eventId: 'evt_local_1', paymentIntentId: 'pi_local_1', created: 1_790_000_000 };
    const web = 'http://localhost:15173';
    const urls = checkoutUrls(web);
    const theirs = buildCompletedEvent(order, ids, {
      success: urls.success(order.sessionId),
      cancel: urls.cancel,
    });
    const ours = completedSessionEvent(
      {
        orderId: order._id,
        sessionId: order.sessionId,
        uid: order.uid,
        email: order.email,
        productIds: order.productIds,
        subtotalCents: order.subtotalCents,
        totalCents: order.totalCents,
        currency: order.currency,
        createdAt: Math.floor(created.getTime() / 1000),
      },
      { ...ids, apiVersion: Stripe.API_VERSION },
      `${web}/`,
    );
    expect(ours).toEqual(theirs);
  });

  it('delivers the signed payload as it is, with its Stripe-Signature, anonymously', () => {
    expect(stripeWebhookRequest('http://x/', '{"id":"evt_1"}', 't=1,v1=ab')).toEqual({
      name: 'stripe-webhook',
      method: 'POST',
      url: 'http://x/api/stripe/webhook',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Stripe-Signature': 't=1,v1=ab',
      },
      body: '{"id":"evt_1"}',
    });
    expect(failedChecks(stripeWebhookChecks, res(200, { received: true }))).toEqual([]);
    expect(
      failedChecks(stripeWebhookChecks, res(400, { code: 'WEBHOOK_SIGNATURE_INVALID' })),
    ).toEqual(['stripe-webhook: status is 200', 'stripe-webhook: received']);
  });

  it('a storm: every event at least once, redeliveries make the asked share, shuffled', () => {
    const order = stormOrder(1400, 0.3, seeded(7));
    expect(order).toHaveLength(2000);
    const counts = new Map<number, number>();
    for (const i of order) counts.set(i, (counts.get(i) ?? 0) + 1);
    expect(counts.size).toBe(1400);
    expect([...counts.values()].filter((n) => n === 2)).toHaveLength(600);
    // shuffled: some redelivery comes before the first delivery of the same event would in a
    // sorted list, i.e. the list is not in event order
    expect(order.slice(0, 1400)).not.toEqual([...Array(1400).keys()]);
  });

  it('more redeliveries than events: each event again before any a third time', () => {
    const order = stormOrder(10, 0.6, seeded(3));
    expect(order).toHaveLength(25);
    const counts = new Map<number, number>();
    for (const i of order) counts.set(i, (counts.get(i) ?? 0) + 1);
    expect([...counts.values()].sort()).toEqual([2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
    expect(stormOrder(5, 0)).toHaveLength(5);
    expect(() => stormOrder(0, 0.3)).toThrow(/events/);
    expect(() => stormOrder(5, 1)).toThrow(/dupShare/);
  });
});

describe('paidOrderOf', () => {
  it("reads an orders document as the event's order: id as a string, creation in Unix seconds", () => {
    expect(
      paidOrderOf({
        _id: { toString: () => '65a0c0ffee0000000000abcd' },
        sessionId: 'cs_test_1',
        uid: 'u1',
        email: 'a@b.test',
        productIds: ['teas_math_qbank'],
        subtotalCents: 4900,
        totalCents: 3900,
        currency: 'usd',
        createdAt: new Date('2026-11-24T10:00:00.750Z'),
      }),
    ).toEqual({
      orderId: '65a0c0ffee0000000000abcd',
      sessionId: 'cs_test_1',
      uid: 'u1',
      email: 'a@b.test',
      productIds: ['teas_math_qbank'],
      subtotalCents: 4900,
      totalCents: 3900,
      currency: 'usd',
      createdAt: 1795514400,
    });
  });
});
