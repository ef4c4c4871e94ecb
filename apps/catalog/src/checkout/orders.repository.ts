import type { OrderStatus } from '@examprep/contracts';
import type { FollowUpState, Order, OrderRecord } from './order.schema';

/** A new order as the checkout records it (the store adds createdAt and updatedAt). */
export type NewOrder = Omit<OrderRecord, 'createdAt' | 'updatedAt'>;

/** Fields an order change sets. */
export type OrderChange = Partial<Omit<OrderRecord, '_id' | 'createdAt' | 'updatedAt'>>;

/**
 * The port of the orders' store (`orders`, document id = order id; ADR 0018).
 * MongoOrdersRepository is the real one; unit specs use FakeOrdersRepository.
 *
 * Every order belongs to a learner (`uid`). A learner's request reads its orders with the
 * owner as a required argument: findOwnBySessionId (the payment result page), openOf and idsOf.
 * The other reads and the writes are the payment system's own, by the ids Stripe and the order
 * carry (the webhook and its worker, fulfilment, the relay, the local test checkout whose
 * session id is its capability, as Stripe's hosted page): no learner is behind those calls.
 * Status changes are conditional: the first writer wins; every change of an order runs under
 * its OrderLocks lock in the one catalog process.
 */
export abstract class OrdersRepository {
  abstract insert(order: NewOrder): Promise<void>;

  /** The order by id (the payment system's read). */
  abstract findById(orderId: string): Promise<Order | null>;

  /** The learner's own order of this Checkout Session; null for an unknown one and another's. */
  abstract findOwnBySessionId(sessionId: string, ownerId: string): Promise<Order | null>;

  /**
   * ANY order by its Checkout Session id, whoever owns it: the local test checkout's, which is
   * anonymous like Stripe's page (the unguessable session id is the capability). A learner's
   * request reads with findOwnBySessionId.
   */
  abstract findAnyBySessionId(sessionId: string): Promise<Order | null>;

  /** The order of Stripe's payment intent (the webhook's read). */
  abstract findByPaymentIntent(paymentIntentId: string): Promise<Order | null>;

  /** The open order gets its Checkout Session. */
  abstract attachSession(orderId: string, sessionId: string, checkoutUrl: string): Promise<void>;

  /**
   * Moves the order to a new status if it is in one of `from` (of two concurrent deliveries
   * exactly one gets the order back); null when it was not.
   */
  abstract transition(
    orderId: string,
    from: readonly OrderStatus[],
    set: OrderChange & { status: OrderStatus },
  ): Promise<Order | null>;

  /** Moves the order's fulfilment from `from` to `to` (nothing when it is not in `from`). */
  abstract setFulfilment(orderId: string, from: FollowUpState, to: FollowUpState): Promise<void>;

  /** Moves the order's revocation from `from` to `to` (nothing when it is not in `from`). */
  abstract setRevocation(orderId: string, from: FollowUpState, to: FollowUpState): Promise<void>;

  /**
   * The payment found these products held already: their refund of `refundCents` is due. The
   * changed order, or null when a refund was recorded already.
   */
  abstract recordAlreadyOwned(
    orderId: string,
    alreadyOwned: readonly string[],
    refundCents: number,
  ): Promise<Order | null>;

  /** The refund of the products held already was made (Stripe's id); null if none was pending. */
  abstract refundMade(orderId: string, refundId: string | null): Promise<Order | null>;

  /** The ids of every order of the user: a deleted user's, to anonymise. */
  abstract idsOf(uid: string): Promise<string[]>;

  /**
   * Takes the person out of an order (ADR 0023): the uid becomes `pseudonym`, the email goes;
   * amounts, products, status and Stripe's ids stay for accounting.
   */
  abstract anonymise(orderId: string, pseudonym: string, at: Date): Promise<void>;

  /** The user's open orders (checkouts started, not paid, canceled or expired); few per user. */
  abstract openOf(uid: string): Promise<Order[]>;

  /**
   * Orders of every user whose fulfilment, refund or revocation was recorded but not finished,
   * last changed before `cutoff`, oldest first (the relay's).
   */
  abstract unfinished(cutoff: Date, limit: number): Promise<Order[]>;
}
