/**
 * The local test checkout's webhook (dev/test only; ADR 0018): a `checkout.session.completed`
 * event shaped like Stripe's (API version, created, livemode false, a checkout.session object
 * with our client_reference_id, metadata, amounts and payment intent), signed with the webhook
 * secret by Stripe's own helper, so it goes through exactly the verification a real delivery
 * does.
 */
import Stripe from 'stripe';
import type { Order } from './order.schema';

export interface LocalCompletedEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: 'checkout.session.completed';
  data: { object: Record<string, unknown> };
}

export interface LocalEventIds {
  eventId: string;
  paymentIntentId: string;
  /** Unix seconds. */
  created: number;
}

type OrderForEvent = Pick<
  Order,
  | '_id'
  | 'uid'
  | 'email'
  | 'productIds'
  | 'sessionId'
  | 'subtotalCents'
  | 'totalCents'
  | 'currency'
  | 'createdAt'
>;

export function buildCompletedEvent(
  order: OrderForEvent,
  ids: LocalEventIds,
  urls: { success: string; cancel: string },
): LocalCompletedEvent {
  const createdAt = order.createdAt
    ? Math.floor(new Date(order.createdAt).getTime() / 1000)
    : ids.created;
  return {
    id: ids.eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
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
        client_reference_id: order._id,
        metadata: { orderId: order._id, uid: order.uid, productIds: order.productIds.join(',') },
        customer_email: order.email,
        customer_details: { email: order.email },
        currency: order.currency,
        amount_subtotal: order.subtotalCents,
        amount_total: order.totalCents,
        payment_intent: ids.paymentIntentId,
        livemode: false,
        created: createdAt,
        expires_at: createdAt + 24 * 3600,
        success_url: urls.success,
        cancel_url: urls.cancel,
      },
    },
  };
}

/** The body and Stripe-Signature header, signed now with `secret` (Stripe's test helper). */
export function signEvent(
  stripe: Pick<Stripe, 'webhooks'>,
  event: object,
  secret: string,
): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
