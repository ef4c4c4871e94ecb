/**
 * The entitlement ledger's rules as pure functions (ADR 0018): what a user holds is the fold of
 * their grant/revoke entries in `seq` order; payment and refund entries have a key made of the
 * order, the product and the action, and a licence seat's entries one made of the seat, the
 * product and the action (ADR 0040), so recording one twice is a duplicate key, not a second
 * grant.
 */
import { randomUUID } from 'node:crypto';
import {
  ENTITLEMENT_ACTIONS,
  ENTITLEMENT_SOURCES,
  type EntitlementAction,
  type EntitlementEntry,
  type EntitlementSource,
  hasOwnKey,
  isPurchaseHeld,
  PRODUCT_ID_PATTERN,
  type Purchases,
} from '@examprep/contracts';

export { ENTITLEMENT_ACTIONS, type EntitlementAction };

/** One change asked of the ledger. */
export interface EntitlementChange {
  productId: string;
  action: EntitlementAction;
  /** Its own idempotency key (a licence seat's); without one, `entryKey` of the meta's order. */
  key?: string;
  /** Who the entry is by, when not the meta's (a seat's grant handed over to another licence). */
  by?: string;
}

/** Who or what asks, and for which order (payments and refunds). */
export interface EntitlementMeta {
  source: EntitlementSource;
  /** An admin's email, 'stripe', or 'system:<reason>'. */
  by: string;
  orderId: string | null;
}

/** What a user holds now and how many entries it was folded from. */
export interface Holdings {
  purchases: Purchases;
  /** Number of the user's ledger entries: grows with every recorded change, never shrinks. */
  version: number;
}

/**
 * The entry's id, which makes recording idempotent: with an order, `${orderId}:${productId}:
 * ${action}` (a webhook delivered five times grants once); without one (admin edits) a fresh id.
 */
export function entryKey(orderId: string | null, productId: string, action: EntitlementAction) {
  return orderId ? `${orderId}:${productId}:${action}` : randomUUID();
}

/**
 * Held products after the entries, in `seq` order (whatever order they are given in). A refund
 * entry (a payment for a product already held) changes nothing held.
 */
export function foldEntries(
  entries: readonly Pick<EntitlementEntry, 'seq' | 'productId' | 'action'>[],
): Purchases {
  const held = new Set<string>();
  for (const e of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (e.action === 'grant') held.add(e.productId);
    else if (e.action === 'revoke') held.delete(e.productId);
  }
  return Object.fromEntries([...held].sort().map((id) => [id, true]));
}

type KeyedEntry = Pick<EntitlementEntry, 'seq' | 'productId' | 'action'> & { key: string };

/**
 * What a payment of `orderId` records for its products (ADR 0018, issue 24): a grant of each
 * product the user does not hold, a refund entry for each one they hold already (a second
 * checkout paid for it: the money goes back, nothing is granted twice). Products this order
 * recorded before (a redelivery, a retry after a crash) are left as they were decided.
 */
export function paymentChanges(
  entries: readonly KeyedEntry[],
  orderId: string,
  productIds: readonly string[],
): EntitlementChange[] {
  const keys = new Set(entries.map((e) => e.key));
  const held = foldEntries(entries);
  return productIds
    .filter(
      (productId) =>
        !keys.has(entryKey(orderId, productId, 'grant')) &&
        !keys.has(entryKey(orderId, productId, 'refund')),
    )
    .map((productId) => ({
      productId,
      action: Object.hasOwn(held, productId) ? ('refund' as const) : ('grant' as const),
    }));
}

/**
 * What a refund of `orderId` takes back: only what that order granted (a product it found held
 * and refunded at once stays with the user, who paid for it in another order).
 */
export function refundChanges(
  entries: readonly KeyedEntry[],
  orderId: string,
  productIds: readonly string[],
): EntitlementChange[] {
  const keys = new Set(entries.map((e) => e.key));
  return productIds
    .filter(
      (productId) =>
        keys.has(entryKey(orderId, productId, 'grant')) &&
        !keys.has(entryKey(orderId, productId, 'revoke')),
    )
    .map((productId) => ({ productId, action: 'revoke' as const }));
}

/** How the order's products were decided in the ledger: granted, or held already (refunded). */
export function orderOutcome(
  entries: readonly KeyedEntry[],
  orderId: string,
  productIds: readonly string[],
): { granted: string[]; alreadyOwned: string[] } {
  const keys = new Set(entries.map((e) => e.key));
  return {
    granted: productIds.filter((p) => keys.has(entryKey(orderId, p, 'grant'))),
    alreadyOwned: productIds.filter((p) => keys.has(entryKey(orderId, p, 'refund'))),
  };
}

/**
 * The changes that turn `current` into `wanted` for the products `wanted` names: a grant for
 * each wanted product not held, a revoke for each unwanted one held (values true, 'true' and 1
 * count as held). Products `wanted` does not name are left alone.
 */
export function purchaseChanges(
  current: Readonly<Record<string, unknown>> | undefined,
  wanted: Readonly<Record<string, boolean>>,
): EntitlementChange[] {
  const changes: EntitlementChange[] = [];
  for (const [productId, want] of Object.entries(wanted)) {
    const held = !!current && hasOwnKey(current, productId) && isPurchaseHeld(current[productId]);
    if (want && !held) changes.push({ productId, action: 'grant' });
    if (!want && held) changes.push({ productId, action: 'revoke' });
  }
  return changes;
}

/** The seat of a licence the ledger records: the learner's `seat`-th seat of `licenceId`. */
export interface LicenceSeat {
  licenceId: string;
  uid: string;
  /** 1 the first time the learner takes a seat of the licence, 2 after a release, ... */
  seat: number;
}

/** Who a seat's entries are by (the `by` of the history). */
export const licenceBy = (licenceId: string) => `licence:${licenceId}`;

/**
 * The key of a seat's entry (ADR 0040): `licence:<licenceId>:<uid>:<seat>:<productId>:<action>`.
 * A redelivered seat event finds its keys and records nothing; the seat counter keeps the keys
 * of a later seat of the same licence apart from an earlier one's.
 */
export function licenceKey(
  { licenceId, uid, seat }: LicenceSeat,
  productId: string,
  action: 'grant' | 'revoke',
): string {
  return `licence:${licenceId}:${uid}:${seat}:${productId}:${action}`;
}

/**
 * What taking a seat records: a grant of each of the licence's products the user does not hold
 * now. A product held already (paid for, given by an admin, or by another licence) is left
 * alone, so that the seat's release never takes away what the user holds otherwise. A product
 * this seat granted before (a redelivery) is not granted again, even when revoked since.
 */
export function licenceGrantChanges(
  entries: readonly KeyedEntry[],
  seat: LicenceSeat,
  productIds: readonly string[],
): EntitlementChange[] {
  const keys = new Set(entries.map((e) => e.key));
  const held = foldEntries(entries);
  return [...new Set(productIds)]
    .filter((p) => !Object.hasOwn(held, p) && !keys.has(licenceKey(seat, p, 'grant')))
    .map((productId) => ({
      productId,
      action: 'grant',
      key: licenceKey(seat, productId, 'grant'),
    }));
}

/**
 * Another seat the learner holds now (of another licence, or a later one of the same), with its
 * licence's products: a release's heir.
 */
export interface HeldSeat {
  seat: LicenceSeat;
  productIds: readonly string[];
}

/**
 * What releasing a seat records, for each product that this seat's grant gave and that the user
 * still holds by that grant (the product's newest grant or revoke is it): a grant handed over to
 * another seat the user holds (`others`) whose licence has the product too (keyed and attributed to that
 * seat, whose own release takes it back later), else a revoke. A product revoked since, or
 * revoked and given again by someone else (an admin), is left alone; a redelivered release
 * finds its keys (or nothing held by this seat) and records nothing.
 */
export function licenceRevokeChanges(
  entries: readonly KeyedEntry[],
  seat: LicenceSeat,
  others: readonly HeldSeat[] = [],
): EntitlementChange[] {
  const keys = new Set(entries.map((e) => e.key));
  const newest = new Map<string, KeyedEntry>();
  for (const e of [...entries].sort((a, b) => a.seq - b.seq))
    if (e.action !== 'refund') newest.set(e.productId, e);
  return [...newest.values()]
    .filter(
      (e) =>
        e.action === 'grant' &&
        e.key === licenceKey(seat, e.productId, 'grant') &&
        !keys.has(licenceKey(seat, e.productId, 'revoke')),
    )
    .map((e): EntitlementChange => {
      const heir = others.find(
        (o) =>
          !(o.seat.licenceId === seat.licenceId && o.seat.seat === seat.seat) &&
          o.productIds.includes(e.productId) &&
          !keys.has(licenceKey(o.seat, e.productId, 'grant')),
      );
      if (heir)
        return {
          productId: e.productId,
          action: 'grant',
          key: licenceKey(heir.seat, e.productId, 'grant'),
          by: licenceBy(heir.seat.licenceId),
        };
      return {
        productId: e.productId,
        action: 'revoke',
        key: licenceKey(seat, e.productId, 'revoke'),
      };
    });
}

/** Why a change or its meta cannot be recorded (a programming error of the caller), or null. */
export function invalidChange(
  uid: string,
  changes: readonly EntitlementChange[],
  meta: EntitlementMeta,
): string | null {
  if (typeof uid !== 'string' || uid.length === 0 || uid.length > 128) return 'uid';
  if (!(ENTITLEMENT_SOURCES as readonly string[]).includes(meta?.source)) return 'source';
  if (typeof meta.by !== 'string' || meta.by.length === 0) return 'by';
  if (meta.orderId !== null && (typeof meta.orderId !== 'string' || meta.orderId.length === 0))
    return 'orderId';
  for (const c of changes) {
    if (typeof c?.productId !== 'string' || !PRODUCT_ID_PATTERN.test(c.productId))
      return 'productId';
    if (!ENTITLEMENT_ACTIONS.includes(c.action)) return 'action';
    if (c.key !== undefined && (typeof c.key !== 'string' || c.key.length === 0)) return 'key';
    if (c.by !== undefined && (typeof c.by !== 'string' || c.by.length === 0)) return 'by';
  }
  return null;
}
