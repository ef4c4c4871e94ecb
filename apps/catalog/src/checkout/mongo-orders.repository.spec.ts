import type { Order } from './order.schema';
import { matches } from './mongo-orders.repository';

const order = { _id: 'ord_1', status: 'paid', fulfilment: 'pending', revocation: 'none' } as Order;

describe('matches (the conditional update checked on the order read by _id)', () => {
  it('equality per field', () => {
    expect(matches(order, { fulfilment: 'pending' })).toBe(true);
    expect(matches(order, { fulfilment: 'done' })).toBe(false);
    expect(matches(order, { status: 'paid', revocation: 'none' })).toBe(true);
    expect(matches(order, { status: 'paid', revocation: 'pending' })).toBe(false);
  });

  it('$in: one of the listed values', () => {
    expect(matches(order, { status: { $in: ['open', 'paid'] } })).toBe(true);
    expect(matches(order, { status: { $in: ['open', 'awaiting_payment'] } })).toBe(false);
    expect(matches(order, { status: { $in: [] } })).toBe(false);
  });
});

describe('matches: a field the stored order lacks (recorded before the field existed)', () => {
  it('reads null, as in a MongoDB filter', () => {
    expect(matches(order, { refund: { $in: ['none', null] } })).toBe(true);
    expect(matches(order, { refund: null })).toBe(true);
    expect(matches(order, { refund: 'none' })).toBe(false);
    expect(matches({ ...order, refund: 'pending' }, { refund: { $in: ['none', null] } })).toBe(
      false,
    );
  });
});
