import Stripe from 'stripe';
import { CHECKOUT_SESSION_ID_PATTERN } from '@examprep/contracts';
import {
  checkoutUrls,
  newLocalEventId,
  newLocalPaymentIntentId,
  newLocalSessionId,
  newOrderId,
} from './checkout-ids';
import { buildCompletedEvent, signEvent } from './local-checkout-event';
import { decide, locateOrder, type WebhookEvent } from './webhook-decision';

const stripe = new Stripe('sk_test_unit', { telemetry: false });
const SECRET = 'whsec_unit_test_secret';
const urls = checkoutUrls('http://localhost:15173/');
const order = {
  _id: 'ord_abc',
  uid: 'user-1',
  email: 'learner@examprep.test',
  productIds: ['teas_math_qbank', 'med_dosage_qbank'],
  sessionId: newLocalSessionId(),
  subtotalCents: 4_000,
  totalCents: 3_500,
  currency: 'usd' as const,
  createdAt: new Date('2026-03-01T10:00:00Z'),
};
const now = Math.floor(Date.now() / 1000);
const event = buildCompletedEvent(
  order,
  { eventId: newLocalEventId(), paymentIntentId: newLocalPaymentIntentId(), created: now },
  { success: urls.success(order.sessionId), cancel: urls.cancel },
);

describe('the local test checkout’s checkout.session.completed', () => {
  it('looks like Stripe’s event', () => {
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_local_[A-Za-z0-9]{24}$/),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now,
      livemode: false,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: order.sessionId,
          object: 'checkout.session',
          client_reference_id: 'ord_abc',
          metadata: {
            orderId: 'ord_abc',
            uid: 'user-1',
            productIds: 'teas_math_qbank,med_dosage_qbank',
          },
          payment_status: 'paid',
          status: 'complete',
          amount_subtotal: 4_000,
          amount_total: 3_500,
          currency: 'usd',
          payment_intent: expect.stringMatching(/^pi_local_[A-Za-z0-9]{24}$/),
          customer_email: 'learner@examprep.test',
          mode: 'payment',
        },
      },
    });
  });

  it('signed with Stripe’s helper, it passes Stripe’s own verification (300 s tolerance)', () => {
    const { payload, signature } = signEvent(stripe, event, SECRET);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verified = stripe.webhooks.constructEvent(payload, signature, SECRET, 300);
    expect(verified).toEqual(JSON.parse(payload));
    // and the webhook reads it as a payment of that order
    const e = verified as unknown as WebhookEvent;
    expect(locateOrder(e)).toEqual({ by: 'order', orderId: 'ord_abc', sessionId: order.sessionId });
    expect(decide(e, { status: 'open', sessionId: order.sessionId })).toMatchObject({
      action: 'paid',
    });
  });

  it('another secret, a changed body or a stale signature fail verification', () => {
    const { payload, signature } = signEvent(stripe, event, SECRET);
    expect(() => stripe.webhooks.constructEvent(payload, signature, 'whsec_other', 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() =>
      stripe.webhooks.constructEvent(payload.replace('3500', '1'), signature, SECRET, 300),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: now - 301,
    });
    expect(() => stripe.webhooks.constructEvent(payload, stale, SECRET, 300)).toThrow(/tolerance/);
  });
});

describe('checkout ids and URLs', () => {
  it('session ids are unguessable and match the route’s pattern', () => {
    const ids = new Set(Array.from({ length: 200 }, newLocalSessionId));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^cs_test_local_[A-Za-z0-9]{32}$/);
      expect(id).toMatch(CHECKOUT_SESSION_ID_PATTERN);
    }
    expect(newOrderId()).toMatch(/^ord_[A-Za-z0-9]{24}$/);
  });

  it('success and cancel pages of the web app', () => {
    expect(urls.successTemplate).toBe(
      'http://localhost:15173/checkout-success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(urls.success('cs_test_1')).toBe(
      'http://localhost:15173/checkout-success?session_id=cs_test_1',
    );
    expect(urls.cancel).toBe('http://localhost:15173/checkout-cancel');
    expect(urls.devCheckout('cs_test_local_x')).toBe(
      'http://localhost:15173/dev-checkout/cs_test_local_x',
    );
  });
});
