/**
 * Pricing (learner spec §9), one pure module for the server (what Stripe is asked to charge)
 * and the web app (the total it shows). Amounts are integer US cents.
 *
 * - $20 per item (each product's catalogue price; every paid product is $20 today).
 * - Bundle discount only without a coupon: 2 items −$5, 3 −$10, 4 or more −$15
 *   (the interface text says '$5 off per additional item').
 * - With a coupon the interface total is the plain sum; the coupon's own discount is applied
 *   by the payment page (and by the server's order), not by this module.
 */

export const PRICE_PER_ITEM_CENTS = 2_000;

/** Bundle discount in cents for `itemCount` paid items (no coupon). */
export function bundleDiscountCents(itemCount: number): number {
  if (!Number.isFinite(itemCount) || itemCount < 2) return 0;
  if (itemCount === 2) return 500;
  if (itemCount === 3) return 1_000;
  return 1_500;
}

export interface PriceQuote {
  itemCount: number;
  subtotalCents: number;
  /** The bundle discount (0 with a coupon). */
  bundleDiscountCents: number;
  /** What the interface shows as the total. */
  totalCents: number;
}

/**
 * The interface total for items priced `itemPricesCents` (paid items only), with or without
 * a coupon. Never negative; monotone in the number of items.
 */
export function quote(itemPricesCents: readonly number[], hasCoupon: boolean): PriceQuote {
  const prices = itemPricesCents.filter((p) => Number.isInteger(p) && p > 0);
  const subtotalCents = prices.reduce((a, b) => a + b, 0);
  const discount = hasCoupon ? 0 : Math.min(bundleDiscountCents(prices.length), subtotalCents);
  return {
    itemCount: prices.length,
    subtotalCents,
    bundleDiscountCents: discount,
    totalCents: subtotalCents - discount,
  };
}

/** '$20', '$12.50' */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}
