// In-memory stand-ins for the unit specs of the checkout services (src/checkout/*.spec.ts).
import type { OrderStatus } from '@examprep/contracts';
import type { FollowUpState, Order } from '../../src/checkout/order.schema';
import type { OrdersRepository } from '../../src/checkout/orders.repository';
import type { Delivery, StripeEventsRepository } from '../../src/checkout/stripe-events.repository';
import type { WebhookEvent } from '../../src/checkout/webhook-decision';

export class FakeOrders {
  readonly byId = new Map<string, Order>();

  insert = jest.fn(async (o: Omit<Order, 'createdAt' | 'updatedAt'>) => {
    this.byId.set(o._id, { ...o, createdAt: new Date(), updatedAt: new Date() } as Order);
  });
  findById = jest.fn(async (id: string) => this.copy(this.byId.get(id)));
  findBySessionId = jest.fn(async (sid: string) =>
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
      set: Partial<Order> & { status: OrderStatus },
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
  unfinished = jest.fn(async (cutoff: Date) =>
    [...this.byId.values()].filter(
      (o) =>
        (o.fulfilment === 'pending' || o.revocation === 'pending' || o.refund === 'pending') &&
        (o.updatedAt ?? new Date(0)) < cutoff,
    ),
  );

  private copy(o: Order | undefined): Order | null {
    return o ? structuredClone(o) : null;
  }

  asRepository(): OrdersRepository {
    return this as unknown as OrdersRepository;
  }
}

export class FakeStripeEvents {
  readonly byId = new Map<
    string,
    {
      event: WebhookEvent;
      receivedAt: Date;
      processedAt: Date | null;
      outcome: string | null;
      orderId: string | null;
      deliveries: number;
    }
  >();

  record = jest.fn(async (event: WebhookEvent, at: Date): Promise<Delivery> => {
    const e = this.byId.get(event.id);
    if (!e) {
      this.byId.set(event.id, {
        event: structuredClone(event),
        receivedAt: at,
        processedAt: null,
        outcome: null,
        orderId: null,
        deliveries: 1,
      });
      return { duplicate: false };
    }
    e.deliveries++;
    return { duplicate: true, processed: !!e.processedAt, orderId: e.orderId };
  });
  unprocessedEvent = jest.fn(async (id: string) => {
    const e = this.byId.get(id);
    return e && !e.processedAt ? structuredClone(e.event) : null;
  });
  unprocessed = jest.fn(async (cutoff: Date, limit: number) =>
    [...this.byId.entries()]
      .filter(([, e]) => !e.processedAt && e.receivedAt < cutoff)
      .slice(0, limit)
      .map(([id]) => id),
  );
  markProcessed = jest.fn(async (id: string, outcome: string, orderId: string | null, at: Date) => {
    const e = this.byId.get(id);
    if (e && !e.processedAt) Object.assign(e, { processedAt: at, outcome, orderId });
  });
  forgetProcessed = jest.fn(async (orderIds: readonly string[]) => {
    let n = 0;
    for (const [id, e] of this.byId)
      if (e.processedAt && e.orderId && orderIds.includes(e.orderId)) {
        this.byId.delete(id);
        n++;
      }
    return n;
  });

  asRepository(): StripeEventsRepository {
    return this as unknown as StripeEventsRepository;
  }
}
