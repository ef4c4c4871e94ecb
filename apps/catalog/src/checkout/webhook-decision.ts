/**
 * What a Stripe event does to an order (ADR 0018), pure. Orders move along a monotone machine:
 *
 *   open ──► awaiting_payment ──► paid ──► refunded
 *     │              │                 ▲
 *     ├──► canceled ─┼─────────────────┘ (a payment still arriving for a closed checkout)
 *     │              └──► failed        (a refunded order never becomes paid again)
 *
 * A checkout is canceled when the learner cancels it, or when the same products were bought
 * in another checkout (OpenCheckoutsService expires it at Stripe). Should a payment arrive for
 * it all the same, it is recorded: its products are found held and refunded (issue 24), and
 * no money is kept for nothing.
 *
 * Events arrive more than once and out of order; each decision depends only on the event and
 * the order's current status, and the repository applies it as a conditional update from the
 * same `from` statuses, so concurrent deliveries change an order once.
 */
import type { OrderStatus } from '@examprep/contracts';

/** The events the webhook endpoint is registered for (every other type is recorded, ignored). */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
] as const;

/** The part of a Stripe event read here (the payload is signed, its shape still checked). */
export interface WebhookEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

/** Where an event's order is found. */
export type OrderLocator =
  | { by: 'order'; orderId: string; sessionId: string }
  | { by: 'paymentIntent'; paymentIntentId: string };

export type Decision =
  | { action: 'paid'; paymentIntentId: string | null }
  | { action: 'awaiting_payment' }
  | { action: 'failed' }
  | { action: 'canceled' }
  | { action: 'refunded'; paymentIntentId: string | null }
  | { action: 'none'; reason: string };

export type StatusChange = Exclude<Decision['action'], 'none'>;

/** The statuses each change may start from (the conditional update uses the same table). */
export const ALLOWED_FROM: Readonly<Record<StatusChange, readonly OrderStatus[]>> = {
  paid: ['open', 'awaiting_payment', 'canceled'],
  awaiting_payment: ['open'],
  failed: ['open', 'awaiting_payment'],
  canceled: ['open'],
  refunded: ['open', 'awaiting_payment', 'paid'],
};

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A reference that may be an id or an expanded object with an id. */
function idOf(v: unknown): string | null {
  if (typeof v === 'string') return text(v);
  if (typeof v === 'object' && v !== null) return text((v as { id?: unknown }).id);
  return null;
}

export function isHandledEventType(type: string): boolean {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(type);
}

/** The order an event is about; null for types not handled or an event naming no order. */
export function locateOrder(event: WebhookEvent): OrderLocator | null {
  if (!isHandledEventType(event.type)) return null;
  const obj = event.data?.object ?? {};
  if (event.type === 'charge.refunded') {
    const paymentIntentId = idOf(obj.payment_intent);
    return paymentIntentId ? { by: 'paymentIntent', paymentIntentId } : null;
  }
  const metadata = (obj.metadata ?? {}) as Record<string, unknown>;
  const orderId = text(obj.client_reference_id) ?? text(metadata.orderId);
  const sessionId = text(obj.id);
  return orderId && sessionId ? { by: 'order', orderId, sessionId } : null;
}

function change(
  order: { status: OrderStatus },
  decision: Exclude<Decision, { action: 'none' }>,
): Decision {
  return ALLOWED_FROM[decision.action].includes(order.status)
    ? decision
    : { action: 'none', reason: `${decision.action} not from ${order.status}` };
}

/** What `event` does to `order` (found by `locateOrder`). */
export function decide(
  event: WebhookEvent,
  order: { status: OrderStatus; sessionId: string | null },
): Decision {
  const obj = event.data?.object ?? {};
  if (event.type.startsWith('checkout.session.') && obj.id !== order.sessionId) {
    return { action: 'none', reason: 'session does not match the order' };
  }
  switch (event.type) {
    case 'checkout.session.completed': {
      const status = obj.payment_status;
      if (status === 'paid' || status === 'no_payment_required') {
        return change(order, { action: 'paid', paymentIntentId: idOf(obj.payment_intent) });
      }
      if (status === 'unpaid') return change(order, { action: 'awaiting_payment' });
      return { action: 'none', reason: `payment_status ${String(status)}` };
    }
    case 'checkout.session.async_payment_succeeded':
      return change(order, { action: 'paid', paymentIntentId: idOf(obj.payment_intent) });
    case 'checkout.session.async_payment_failed':
      return change(order, { action: 'failed' });
    case 'checkout.session.expired':
      return change(order, { action: 'canceled' });
    case 'charge.refunded':
      // a partial refund (refunded false) leaves the purchase in place
      if (obj.refunded !== true) return { action: 'none', reason: 'partial refund' };
      return change(order, { action: 'refunded', paymentIntentId: idOf(obj.payment_intent) });
    default:
      return { action: 'none', reason: `${event.type} not handled` };
  }
}
