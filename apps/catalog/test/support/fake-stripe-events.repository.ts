// An in-memory StripeEventsRepository for the unit specs of the checkout services.
import type { Delivery, StripeEventsRepository } from '../../src/checkout/stripe-events.repository';
import type { WebhookEvent } from '../../src/checkout/webhook-decision';

/**
 * The inbox in a map (`byId`, by event id); every method a jest.fn. Kept to the store's
 * semantics by apps/catalog/test/repositories.int-spec.ts.
 */
export class FakeStripeEventsRepository implements StripeEventsRepository {
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
  /** Oldest first, as the store sorts them (not in the order they were recorded). */
  unprocessed = jest.fn(async (cutoff: Date, limit: number) =>
    [...this.byId.entries()]
      .filter(([, e]) => !e.processedAt && e.receivedAt.getTime() < cutoff.getTime())
      .sort(([, a], [, b]) => a.receivedAt.getTime() - b.receivedAt.getTime())
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
}
