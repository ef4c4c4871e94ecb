import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type {
  CheckoutResult,
  CheckoutSessionAnswer,
  CheckoutSessionInput,
  DevCheckoutResult,
  DevCheckoutView,
  Envelope,
  PageRequest,
  ProductAccessAnswer,
  ProductsResponse,
  Purchases,
  UpdateUserPurchasesInput,
  UserPurchasesAnswer,
} from '../types';

export type ListProductsMessage = Envelope;
export type CheckAccessMessage = Envelope<{ productId: string }>;
export type CheckSimulationsAccessMessage = Envelope;
export type CreateCheckoutMessage = Envelope<{ input: CheckoutSessionInput }>;
/**
 * A Stripe webhook delivery as the gateway received it: the raw body (the signature covers
 * those exact bytes) and the Stripe-Signature header. The catalog verifies it.
 */
export type StripeWebhookMessage = Envelope<{ payload: string; signature: string }>;
export interface StripeWebhookReply {
  received: true;
  /** The event id was handled before (a redelivery). */
  duplicate: boolean;
}
export type CheckoutResultMessage = Envelope<{ sessionId: string }>;
export type DevCheckoutViewMessage = Envelope<{ sessionId: string }>;
export type DevCheckoutCompleteMessage = Envelope<{
  sessionId: string;
  outcome: 'pay' | 'cancel';
}>;
export type UpdateUserPurchasesMessage = Envelope<{ input: UpdateUserPurchasesInput }>;
/** `page` pages the history (ADR 0026); the holdings are whole (bounded by the catalogue). */
export type UserPurchasesMessage = Envelope<{ uid: string; page?: PageRequest }>;
/**
 * A user's purchases and one page of their history, newest first; `next` is the cursor of the
 * history's next page (null at the end): the gateway sends it as the Link header.
 */
export interface UserPurchasesPage extends UserPurchasesAnswer {
  next: string | null;
}

/** The catalog part of RpcMap. */
export interface CatalogRpc {
  [Subjects.catalog.listProducts]: RpcPair<ListProductsMessage, ProductsResponse>;
  [Subjects.catalog.checkAccess]: RpcPair<CheckAccessMessage, ProductAccessAnswer>;
  [Subjects.catalog.checkSimulationsAccess]: RpcPair<
    CheckSimulationsAccessMessage,
    ProductAccessAnswer
  >;
  [Subjects.catalog.createCheckoutSession]: RpcPair<CreateCheckoutMessage, CheckoutSessionAnswer>;
  [Subjects.catalog.checkoutResult]: RpcPair<CheckoutResultMessage, CheckoutResult>;
  [Subjects.catalog.stripeWebhook]: RpcPair<StripeWebhookMessage, StripeWebhookReply>;
  [Subjects.catalog.devCheckoutView]: RpcPair<DevCheckoutViewMessage, DevCheckoutView>;
  [Subjects.catalog.devCheckoutComplete]: RpcPair<DevCheckoutCompleteMessage, DevCheckoutResult>;
  [Subjects.catalog.updateUserPurchases]: RpcPair<UpdateUserPurchasesMessage, UserPurchasesAnswer>;
  [Subjects.catalog.userPurchases]: RpcPair<UserPurchasesMessage, UserPurchasesPage>;
}

/**
 * What a user owns now, after a grant or revocation (the catalog's entitlement ledger is the
 * source of truth; ADR 0018). `version` grows with every change of that user: a consumer
 * keeps the highest it saw and ignores older ones (redelivery, disorder). Message id =
 * `${uid}:${version}`.
 */
export interface UserPurchasesChangedEvent {
  uid: string;
  purchases: Purchases;
  version: number;
  /** ISO 8601 */
  at: string;
}

/** The catalog part of EventMap. */
export interface CatalogEvents {
  [Events.userPurchasesChanged]: UserPurchasesChangedEvent;
}
