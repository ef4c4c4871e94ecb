// Checkout and its fulfilment (learner spec §4, §7; ADR 0018): POST /api/create-checkout-session
// as a learner, and Stripe's `checkout.session.completed` deliveries to the public
// POST /api/stripe/webhook, shaped as the catalog's local test checkout sends them (a
// checkout.session whose client_reference_id is our order id). Signing needs the webhook secret
// and an HMAC, so it is left to the caller (tools/load/webhook-storm.mjs uses Stripe's own
// helper); everything here is plain data.
import { headers, isObject, json, trimBase } from './http.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */
/** @typedef {import('./http.js').Checks} Checks */

/**
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {string[]} products  product ids, each once, priced above 0, not held
 * @param {string} [couponCode]
 * @returns {LoadRequest}
 */
export function checkoutSessionRequest(baseUrl, token, products, couponCode) {
  return {
    name: 'create-checkout-session',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/create-checkout-session`,
    headers: headers(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify(couponCode ? { products, couponCode } : { products }),
  };
}

/** @type {Checks} */
export const checkoutSessionChecks = {
  'create-checkout-session: status is 200 or 201': (r) => r.status === 200 || r.status === 201,
  'create-checkout-session: a session id, the product type and a payment page': (r) => {
    const a = json(r);
    return (
      isObject(a) &&
      typeof a.id === 'string' &&
      /^cs_[A-Za-z0-9_]{8,200}$/.test(a.id) &&
      (a.intendedProductType === 'math' || a.intendedProductType === 'design') &&
      typeof a.url === 'string' &&
      /^https?:\/\//.test(a.url)
    );
  },
};

/**
 * What a completed-session event says about the order (the catalog's orders document).
 * @typedef {object} PaidOrder
 * @property {string} orderId     client_reference_id
 * @property {string} sessionId
 * @property {string} uid
 * @property {string} email
 * @property {string[]} productIds
 * @property {number} subtotalCents
 * @property {number} totalCents
 * @property {string} currency
 * @property {number} createdAt   Unix seconds
 */

/**
 * The order of a document of the catalog's `orders` collection, as the event describes it.
 * @param {{ _id: unknown, sessionId: string, uid: string, email: string, productIds: string[], subtotalCents: number, totalCents: number, currency: string, createdAt: string | number | Date }} d
 * @returns {PaidOrder}
 */
export function paidOrderOf(d) {
  return {
    orderId: String(d._id),
    sessionId: d.sessionId,
    uid: d.uid,
    email: d.email,
    productIds: d.productIds,
    subtotalCents: d.subtotalCents,
    totalCents: d.totalCents,
    currency: d.currency,
    createdAt: Math.floor(new Date(d.createdAt).getTime() / 1000),
  };
}

/**
 * A `checkout.session.completed` event as the catalog's local test checkout builds it
 * (apps/catalog/src/checkout/local-checkout-event.ts; the spec keeps the two equal).
 * @param {PaidOrder} order
 * @param {{ eventId: string, paymentIntentId: string, created: number, apiVersion: string }} ids
 * @param {string} webUrl  where the web app is served (success and cancel pages)
 */
export function completedSessionEvent(order, ids, webUrl) {
  const web = trimBase(webUrl);
  return {
    id: ids.eventId,
    object: 'event',
    api_version: ids.apiVersion,
    created: ids.created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: order.sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: order.orderId,
        metadata: {
          orderId: order.orderId,
          uid: order.uid,
          productIds: order.productIds.join(','),
        },
        customer_email: order.email,
        customer_details: { email: order.email },
        currency: order.currency,
        amount_subtotal: order.subtotalCents,
        amount_total: order.totalCents,
        payment_intent: ids.paymentIntentId,
        livemode: false,
        created: order.createdAt,
        expires_at: order.createdAt + 24 * 3600,
        success_url: `${web}/checkout-success?session_id=${encodeURIComponent(order.sessionId)}`,
        cancel_url: `${web}/checkout-cancel`,
      },
    },
  };
}

/**
 * One delivery of a signed event.
 * @param {string} baseUrl
 * @param {string} payload    the event's JSON text, exactly the signed bytes
 * @param {string} signature  the Stripe-Signature header: t=<unix>,v1=<hex HMAC-SHA256>
 * @returns {LoadRequest}
 */
export function stripeWebhookRequest(baseUrl, payload, signature) {
  return {
    name: 'stripe-webhook',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/stripe/webhook`,
    headers: headers(null, { 'Content-Type': 'application/json', 'Stripe-Signature': signature }),
    body: payload,
  };
}

/** @type {Checks} */
export const stripeWebhookChecks = {
  'stripe-webhook: status is 200': (r) => r.status === 200,
  'stripe-webhook: received': (r) => {
    const a = json(r);
    return isObject(a) && a.received === true;
  },
};

/**
 * The order of a storm's deliveries: each of `events` events once, plus redeliveries of
 * randomly chosen events (the same event id again) so that they make `dupShare` of all
 * deliveries, everything shuffled: a redelivery may come before the first delivery of its
 * event, as Stripe's retries can. Returns event indexes.
 * @param {number} events
 * @param {number} dupShare   0 <= dupShare < 1 (0.3: 30 % of deliveries are redeliveries)
 * @param {() => number} [random]  Math.random by default
 * @returns {number[]}
 */
export function stormOrder(events, dupShare, random = Math.random) {
  if (!(events >= 1) || !Number.isInteger(events))
    throw new Error('events must be a whole number >= 1');
  if (!(dupShare >= 0 && dupShare < 1)) throw new Error('dupShare must be at least 0 and below 1');
  const total = Math.round(events / (1 - dupShare));
  /** @type {number[]} */
  const order = [];
  for (let i = 0; i < events; i++) order.push(i);
  // redeliveries: distinct events while there are enough, then again from the start
  /** @type {number[]} */
  let pool = [];
  for (let k = 0; k < total - events; k++) {
    if (pool.length === 0) pool = shuffle(order.slice(0, events), random);
    order.push(/** @type {number} */ (pool.pop()));
  }
  return shuffle(order, random);
}

/**
 * Fisher-Yates, in place.
 * @template T
 * @param {T[]} xs
 * @param {() => number} random
 * @returns {T[]}
 */
export function shuffle(xs, random) {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = xs[i];
    xs[i] = xs[j];
    xs[j] = t;
  }
  return xs;
}
