import type { WebhookEvent } from './webhook-decision';

/** What recording a delivery found. */
export type Delivery =
  { duplicate: false } | { duplicate: true; processed: boolean; orderId: string | null };

/**
 * The port of the webhook's inbox (`stripe_events`, document id = Stripe's event id).
 * MongoStripeEventsRepository is the real one; unit specs use FakeStripeEventsRepository.
 * Events come from Stripe (or the local test checkout), not from a learner: no read here is
 * a learner's request. A deleted user's entries are reached through their orders' ids
 * (forgetProcessed).
 */
export abstract class StripeEventsRepository {
  /**
   * Records the verified event, unprocessed. A redelivery counts itself on the entry and
   * answers whether it was processed (and for which order).
   */
  abstract record(event: WebhookEvent, at: Date): Promise<Delivery>;

  /** The recorded event if it still waits for processing (null when processed or unknown). */
  abstract unprocessedEvent(eventId: string): Promise<WebhookEvent | null>;

  /** Ids of entries received before `cutoff`, unprocessed, oldest first (the relay's scan). */
  abstract unprocessed(cutoff: Date, limit: number): Promise<string[]>;

  /**
   * Forgets the processed entries of these orders (a deleted user's: the stored events carry
   * their email and ids); answers how many. Unprocessed ones stay for the worker.
   */
  abstract forgetProcessed(orderIds: readonly string[]): Promise<number>;

  /** Marks the event processed with its outcome; the first processing's outcome stays. */
  abstract markProcessed(
    eventId: string,
    outcome: string,
    orderId: string | null,
    at: Date,
  ): Promise<void>;
}
