// An in-memory OrdersRepository for the unit specs of the checkout services.
import type { OrderStatus } from '@examprep/contracts';
import type { FollowUpState, Order } from '../../src/checkout/order.schema';
import type { NewOrder, OrderChange, OrdersRepository } from '../../src/checkout/orders.repository';

/** Orders in a map (`byId`); every method a jest.fn, so specs count and replace calls. */
export class FakeOrdersRepository implements OrdersRepository {
  readonly byId = new Map<string, Order>();

  insert = jest.fn(async (o: NewOrder) => {
    this.byId.set(o._id, { ...o, createdAt: new Date(), updatedAt: new Date() } as Order);
  });
  findById = jest.fn(async (id: string) => this.copy(this.byId.get(id)));
  findOwnBySessionId = jest.fn(async (sid: string, ownerId: string) =>
    this.copy([...this.byId.values()].find((o) => o.sessionId === sid && o.uid === ownerId)),
  );
  findAnyBySessionId = jest.fn(async (sid: string) =>
    this.copy([...this.byId.values()].find((o) => o.sessionId === sid)),
  );
  findByPaymentIntent = jest.fn(async (pi: string) =>
    this.copy([...this.byId.values()].find((o) => o.paymentIntentId === pi)),
  );
  attachSession = jest.fn(async (id: string, sessionId: string, checkoutUrl: string) => {
    const o = this.byId.get(id);
    if (o && o.status === 'open') Object.assign(o, { sessionId, checkoutUrl });
  });
  transition = jest.fn(
    async (
      id: string,
      from: readonly OrderStatus[],
      set: OrderChange & { status: OrderStatus },
    ) => {
      const o = this.byId.get(id);
      if (!o || !from.includes(o.status)) return null;
      Object.assign(o, set, { updatedAt: new Date() });
      return this.copy(o);
    },
  );
  setFulfilment = jest.fn(async (id: string, from: FollowUpState, to: FollowUpState) => {
    const o = this.byId.get(id);
    if (o && o.fulfilment === from) o.fulfilment = to;
  });
  setRevocation = jest.fn(async (id: string, from: FollowUpState, to: FollowUpState) => {
    const o = this.byId.get(id);
    if (o && o.revocation === from) o.revocation = to;
  });
  recordAlreadyOwned = jest.fn(
    async (id: string, alreadyOwned: readonly string[], refundCents: number) => {
      const o = this.byId.get(id);
      if (!o || (o.refund ?? 'none') !== 'none') return null;
      Object.assign(o, { alreadyOwned: [...alreadyOwned], refund: 'pending', refundCents });
      return this.copy(o);
    },
  );
  refundMade = jest.fn(async (id: string, refundId: string | null) => {
    const o = this.byId.get(id);
    if (!o || o.refund !== 'pending') return null;
    Object.assign(o, { refund: 'done', refundId });
    return this.copy(o);
  });
  idsOf = jest.fn(async (uid: string) =>
    [...this.byId.values()].filter((o) => o.uid === uid).map((o) => o._id),
  );
  anonymise = jest.fn(async (id: string, pseudonym: string, at: Date) => {
    const o = this.byId.get(id);
    if (o) Object.assign(o, { uid: pseudonym, email: '', erasedAt: at });
  });
  openOf = jest.fn(async (uid: string) =>
    [...this.byId.values()]
      .filter((o) => o.uid === uid && o.status === 'open')
      .map((o) => structuredClone(o)),
  );
  unfinished = jest.fn(async (cutoff: Date, _limit: number) =>
    [...this.byId.values()].filter(
      (o) =>
        (o.fulfilment === 'pending' || o.revocation === 'pending' || o.refund === 'pending') &&
        (o.updatedAt ?? new Date(0)) < cutoff,
    ),
  );

  private copy(o: Order | undefined): Order | null {
    return o ? structuredClone(o) : null;
  }
}
