// An in-memory OrdersRepository for the unit specs of the checkout services.
import type { OrderStatus } from '@examprep/contracts';
import type { FollowUpState, Order } from '../../src/checkout/order.schema';
import type { NewOrder, OrderChange, OrdersRepository } from '../../src/checkout/orders.repository';

/** A copy of the fields given, its dates and lists this realm's own (no structuredClone). */
function fields<T extends object>(given: T): T {
  return Object.fromEntries(
    Object.entries(given).map(([k, v]) => [
      k,
      Array.isArray(v) ? [...v] : v instanceof Date ? new Date(v.getTime()) : v,
    ]),
  ) as T;
}

/** The store's answer to an insert of a taken id (MongoDB's duplicate key error). */
class DuplicateKeyError extends Error {
  readonly code = 11000;
}

/**
 * Orders in a map (`byId`); every method a jest.fn, so specs count and replace calls. Kept to
 * the store's semantics by apps/catalog/test/repositories.int-spec.ts: a taken id is refused,
 * every write that changes an order moves its updatedAt (mongoose timestamps), a field an older
 * order lacks reads as null in a condition, the relay's list is oldest first and limited.
 */
export class FakeOrdersRepository implements OrdersRepository {
  readonly byId = new Map<string, Order>();

  insert = jest.fn(async (o: NewOrder) => {
    if (this.byId.has(o._id)) throw new DuplicateKeyError(`E11000 duplicate key: ${o._id}`);
    this.byId.set(o._id, { ...fields(o), createdAt: new Date(), updatedAt: new Date() });
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
    if (o && o.status === 'open') this.write(o, { sessionId, checkoutUrl });
  });
  transition = jest.fn(
    async (
      id: string,
      from: readonly OrderStatus[],
      set: OrderChange & { status: OrderStatus },
    ) => {
      const o = this.byId.get(id);
      if (!o || !from.includes(o.status)) return null;
      this.write(o, set);
      return this.copy(o);
    },
  );
  setFulfilment = jest.fn(async (id: string, from: FollowUpState, to: FollowUpState) => {
    const o = this.byId.get(id);
    if (o && (o.fulfilment ?? null) === from) this.write(o, { fulfilment: to });
  });
  setRevocation = jest.fn(async (id: string, from: FollowUpState, to: FollowUpState) => {
    const o = this.byId.get(id);
    if (o && (o.revocation ?? null) === from) this.write(o, { revocation: to });
  });
  recordAlreadyOwned = jest.fn(
    async (id: string, alreadyOwned: readonly string[], refundCents: number) => {
      const o = this.byId.get(id);
      // null: an order recorded before the field existed (the store's filter reads it as null)
      if (!o || (o.refund ?? 'none') !== 'none') return null;
      this.write(o, { alreadyOwned: [...alreadyOwned], refund: 'pending', refundCents });
      return this.copy(o);
    },
  );
  refundMade = jest.fn(async (id: string, refundId: string | null) => {
    const o = this.byId.get(id);
    if (!o || o.refund !== 'pending') return null;
    this.write(o, { refund: 'done', refundId });
    return this.copy(o);
  });
  idsOf = jest.fn(async (uid: string) =>
    [...this.byId.values()].filter((o) => o.uid === uid).map((o) => o._id),
  );
  anonymise = jest.fn(async (id: string, pseudonym: string, at: Date) => {
    const o = this.byId.get(id);
    if (o) this.write(o, { uid: pseudonym, email: '', erasedAt: at });
  });
  openOf = jest.fn(async (uid: string) =>
    [...this.byId.values()]
      .filter((o) => o.uid === uid && o.status === 'open')
      .slice(0, 100)
      .map((o) => structuredClone(o)),
  );
  /** Oldest change first, at most `limit` (an order without updatedAt is not the relay's). */
  unfinished = jest.fn(async (cutoff: Date, limit: number) =>
    [...this.byId.values()]
      .filter(
        (o) =>
          (o.fulfilment === 'pending' || o.revocation === 'pending' || o.refund === 'pending') &&
          o.updatedAt != null &&
          new Date(o.updatedAt).getTime() < cutoff.getTime(),
      )
      .sort((a, b) => new Date(a.updatedAt!).getTime() - new Date(b.updatedAt!).getTime())
      .slice(0, limit)
      .map((o) => structuredClone(o)),
  );

  /** A write of the store: the fields set, updatedAt moved (mongoose timestamps). */
  private write(o: Order, set: Partial<Order>): void {
    Object.assign(o, fields(set), { updatedAt: new Date() });
  }

  private copy(o: Order | undefined): Order | null {
    return o ? structuredClone(o) : null;
  }
}
