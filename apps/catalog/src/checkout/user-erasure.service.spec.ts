import Stripe from 'stripe';
import { FakeOrdersRepository } from '../../test/support/fake-orders.repository';
import { FakeStripeEventsRepository } from '../../test/support/fake-stripe-events.repository';
import type { CatalogEnv } from '../config/catalog.env';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import { OpenCheckoutsService } from './open-checkouts.service';
import { OrderLocks } from './order-locks';
import type { Order } from './order.schema';
import { UserErasureService } from './user-erasure.service';

const env = { NODE_ENV: 'test', STRIPE_API_URL: 'http://127.0.0.1:22111' } as CatalogEnv;

function setup() {
  const orders = new FakeOrdersRepository();
  const events = new FakeStripeEventsRepository();
  const erased: string[] = [];
  const entitlements = {
    erase: jest.fn(async (uid: string) => {
      erased.push(uid);
    }),
  } as unknown as EntitlementsService;
  const stripe = { checkout: { sessions: { expire: jest.fn(async () => ({})) } } };
  const locks = new OrderLocks();
  const open = new OpenCheckoutsService(orders, locks, stripe as unknown as Stripe, env);
  const sut = new UserErasureService(entitlements, orders, locks, open, events);
  const order = (over: Partial<Order>) =>
    orders.byId.set(over._id!, {
      uid: 'u1',
      email: 'u1@examprep.test',
      productIds: ['teas_math_qbank'],
      status: 'paid',
      sessionId: `cs_test_${over._id}`,
      totalCents: 2_000,
      ...over,
    } as Order);
  return { sut, orders, events, erased, stripe, order };
}

describe('UserErasureService (user.deleted; ADR 0023)', () => {
  it('expires the open checkouts, anonymises every order, erases the ledger, forgets the processed events', async () => {
    const { sut, orders, events, erased, stripe, order } = setup();
    order({ _id: 'ord_paid' });
    order({ _id: 'ord_open', status: 'open' });
    order({ _id: 'ord_other', uid: 'u2' });
    await events.record(
      { id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } },
      new Date(),
    );
    await events.markProcessed('evt_1', 'paid', 'ord_paid', new Date());
    await events.record(
      { id: 'evt_2', type: 'checkout.session.completed', data: { object: {} } },
      new Date(),
    );
    const report = await sut.handle({ uid: 'u1', at: new Date().toISOString() });
    expect(report).toBeUndefined();
    expect(stripe.checkout.sessions.expire).toHaveBeenCalledWith('cs_test_ord_open');
    const paid = orders.byId.get('ord_paid')!;
    expect(paid).toMatchObject({
      uid: expect.stringMatching(/^erased-[A-Za-z0-9]{24}$/),
      email: '',
      erasedAt: expect.any(Date),
      status: 'paid',
      totalCents: 2_000,
      productIds: ['teas_math_qbank'],
      sessionId: 'cs_test_ord_paid',
    });
    // one pseudonym per erasure, linked to nobody
    expect(orders.byId.get('ord_open')).toMatchObject({ uid: paid.uid, status: 'canceled' });
    expect(orders.byId.get('ord_other')).toMatchObject({ uid: 'u2', email: 'u1@examprep.test' });
    expect(erased).toEqual(['u1']);
    expect([...events.byId.keys()]).toEqual(['evt_2']);
  });

  it('a redelivery finds nothing left; an empty uid is ignored', async () => {
    const { sut, orders, order } = setup();
    order({ _id: 'ord_paid' });
    await sut.erase('u1');
    const pseudonym = orders.byId.get('ord_paid')!.uid;
    await expect(sut.erase('u1')).resolves.toEqual({
      closed: 0,
      anonymised: 0,
      forgottenEvents: 0,
    });
    expect(orders.byId.get('ord_paid')!.uid).toBe(pseudonym);
    await sut.handle({ uid: '', at: '' });
  });
});
