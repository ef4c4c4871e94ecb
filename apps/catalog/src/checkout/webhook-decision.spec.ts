import { ORDER_STATUSES, type OrderStatus } from '@examprep/contracts';
import { decide, locateOrder, type WebhookEvent } from './webhook-decision';

const SESSION = 'cs_test_local_abcdefghijklmnopqrstuvwx';
const session = (type: string, fields: Record<string, unknown> = {}): WebhookEvent => ({
  id: 'evt_1',
  type,
  data: {
    object: {
      object: 'checkout.session',
      id: SESSION,
      client_reference_id: 'ord_1',
      metadata: { orderId: 'ord_1' },
      payment_intent: 'pi_1',
      ...fields,
    },
  },
});
const refund = (refunded: boolean): WebhookEvent => ({
  id: 'evt_2',
  type: 'charge.refunded',
  data: { object: { object: 'charge', payment_intent: 'pi_1', refunded } },
});
const order = (status: OrderStatus) => ({ status, sessionId: SESSION });

describe('locateOrder', () => {
  it('session events: by client_reference_id (else metadata.orderId) and the session id', () => {
    expect(locateOrder(session('checkout.session.completed'))).toEqual({
      by: 'order',
      orderId: 'ord_1',
      sessionId: SESSION,
    });
    expect(locateOrder(session('checkout.session.expired', { client_reference_id: null }))).toEqual(
      { by: 'order', orderId: 'ord_1', sessionId: SESSION },
    );
  });

  it('charge.refunded: by payment intent (an id or an expanded object)', () => {
    expect(locateOrder(refund(true))).toEqual({ by: 'paymentIntent', paymentIntentId: 'pi_1' });
    const expanded = refund(true);
    expanded.data.object.payment_intent = { id: 'pi_9', object: 'payment_intent' };
    expect(locateOrder(expanded)).toEqual({ by: 'paymentIntent', paymentIntentId: 'pi_9' });
  });

  it('no order named, or a type not handled: null', () => {
    expect(
      locateOrder(
        session('checkout.session.completed', { client_reference_id: null, metadata: {} }),
      ),
    ).toBeNull();
    expect(locateOrder(session('customer.created'))).toBeNull();
    expect(locateOrder({ ...refund(true), data: { object: {} } })).toBeNull();
  });
});

describe('decide', () => {
  it('checkout.session.completed, paid or nothing to pay -> paid, with the payment intent', () => {
    expect(
      decide(session('checkout.session.completed', { payment_status: 'paid' }), order('open')),
    ).toEqual({
      action: 'paid',
      paymentIntentId: 'pi_1',
    });
    expect(
      decide(
        session('checkout.session.completed', {
          payment_status: 'no_payment_required',
          payment_intent: null,
        }),
        order('open'),
      ),
    ).toEqual({ action: 'paid', paymentIntentId: null });
  });

  it('completed but unpaid (a delayed method) -> awaiting_payment; then async succeeded -> paid', () => {
    const unpaid = session('checkout.session.completed', { payment_status: 'unpaid' });
    expect(decide(unpaid, order('open'))).toEqual({ action: 'awaiting_payment' });
    expect(
      decide(session('checkout.session.async_payment_succeeded'), order('awaiting_payment')),
    ).toMatchObject({
      action: 'paid',
    });
  });

  it('out of order: async succeeded before completed pays; the late completed changes nothing', () => {
    expect(
      decide(session('checkout.session.async_payment_succeeded'), order('open')),
    ).toMatchObject({
      action: 'paid',
    });
    expect(
      decide(session('checkout.session.completed', { payment_status: 'unpaid' }), order('paid')),
    ).toMatchObject({ action: 'none' });
    expect(
      decide(session('checkout.session.completed', { payment_status: 'paid' }), order('paid')),
    ).toMatchObject({ action: 'none' });
  });

  it('async_payment_failed -> failed unless paid', () => {
    const failed = session('checkout.session.async_payment_failed');
    expect(decide(failed, order('awaiting_payment'))).toEqual({ action: 'failed' });
    expect(decide(failed, order('open'))).toEqual({ action: 'failed' });
    expect(decide(failed, order('paid'))).toMatchObject({ action: 'none' });
    expect(decide(failed, order('refunded'))).toMatchObject({ action: 'none' });
  });

  it('expired -> canceled only while open', () => {
    const expired = session('checkout.session.expired');
    expect(decide(expired, order('open'))).toEqual({ action: 'canceled' });
    for (const s of ORDER_STATUSES.filter((x) => x !== 'open')) {
      expect(decide(expired, order(s))).toMatchObject({ action: 'none' });
    }
  });

  it('charge.refunded (fully) -> refunded; a partial refund changes nothing', () => {
    expect(decide(refund(true), order('paid'))).toEqual({
      action: 'refunded',
      paymentIntentId: 'pi_1',
    });
    expect(decide(refund(false), order('paid'))).toMatchObject({ action: 'none' });
    expect(decide(refund(true), order('refunded'))).toMatchObject({ action: 'none' });
  });

  it('monotone: a refunded order never becomes paid again, whatever arrives late', () => {
    for (const e of [
      session('checkout.session.completed', { payment_status: 'paid' }),
      session('checkout.session.async_payment_succeeded'),
      session('checkout.session.completed', { payment_status: 'unpaid' }),
      session('checkout.session.async_payment_failed'),
      session('checkout.session.expired'),
    ]) {
      expect(decide(e, order('refunded'))).toMatchObject({ action: 'none' });
    }
  });

  it('a payment still arriving for a closed (canceled) checkout is recorded: granted, or refunded when held by then; a failed one stays failed', () => {
    const paid = session('checkout.session.completed', { payment_status: 'paid' });
    expect(decide(paid, order('canceled'))).toMatchObject({ action: 'paid' });
    expect(decide(session('checkout.session.async_payment_succeeded'), order('canceled'))).toMatchObject({
      action: 'paid',
    });
    expect(decide(paid, order('failed'))).toMatchObject({ action: 'none' });
  });

  it('a session event must match the order’s session', () => {
    expect(
      decide(
        session('checkout.session.completed', { payment_status: 'paid', id: 'cs_test_other' }),
        order('open'),
      ),
    ).toEqual({ action: 'none', reason: 'session does not match the order' });
  });

  it('an unknown payment_status changes nothing', () => {
    expect(
      decide(session('checkout.session.completed', { payment_status: 'weird' }), order('open')),
    ).toMatchObject({ action: 'none' });
  });
});
