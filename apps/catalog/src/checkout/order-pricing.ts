/**
 * What an order costs (learner spec §9 Pricing), pure: line amounts from the catalogue, the
 * bundle discount only without a coupon (libs/contracts `quote`, shared with the web app), or
 * the coupon's own discount; and the Stripe coupon that gives the same discount on the hosted
 * page.
 */
import { quote, type Product } from '@examprep/contracts';
import { type Coupon, couponDiscountCents, couponLabel } from './coupon.rules';

export interface OrderLine {
  productId: string;
  name: string;
  amountCents: number;
}

/** A Stripe coupon: its id names its terms, so the same id always means the same discount. */
export interface StripeCouponSpec {
  id: string;
  name: string;
  percentOff: number | null;
  amountOffCents: number | null;
}

export interface PricedOrder {
  lines: OrderLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** 'Bundle discount', 'Coupon NURSE10 (10% off)', or null. */
  discountLabel: string | null;
  /** Null when nothing is taken off. */
  stripeCoupon: StripeCouponSpec | null;
}

export const BUNDLE_DISCOUNT_LABEL = 'Bundle discount';

/** Whole dollars (the catalogue's price) to cents. */
export function priceCents(product: Pick<Product, 'price'>): number {
  return Math.round(product.price * 100);
}

export function bundleStripeCoupon(discountCents: number): StripeCouponSpec {
  return {
    id: `examprep_bundle_usd${discountCents}`,
    name: BUNDLE_DISCOUNT_LABEL,
    percentOff: null,
    amountOffCents: discountCents,
  };
}

export function couponStripeCoupon(coupon: Coupon): StripeCouponSpec {
  const terms =
    coupon.percentOff !== null ? `pct${coupon.percentOff}` : `usd${coupon.amountOffCents}`;
  return {
    id: `examprep_${coupon.code}_${terms}`.replace(/[^A-Za-z0-9_]/g, '_'),
    name: coupon.code.slice(0, 40),
    percentOff: coupon.percentOff,
    amountOffCents: coupon.percentOff !== null ? null : coupon.amountOffCents,
  };
}

/** Prices `products` (paid ones; the caller has refused the others) with an optional coupon. */
export function priceOrder(
  products: readonly Pick<Product, 'id' | 'name' | 'price'>[],
  coupon: Coupon | null,
): PricedOrder {
  const lines = products.map((p) => ({
    productId: p.id,
    name: p.name,
    amountCents: priceCents(p),
  }));
  const q = quote(
    lines.map((l) => l.amountCents),
    coupon !== null,
  );
  if (coupon) {
    const discountCents = couponDiscountCents(coupon, q.subtotalCents);
    return {
      lines,
      subtotalCents: q.subtotalCents,
      discountCents,
      totalCents: q.subtotalCents - discountCents,
      discountLabel: discountCents > 0 ? couponLabel(coupon) : null,
      stripeCoupon: discountCents > 0 ? couponStripeCoupon(coupon) : null,
    };
  }
  const discountCents = q.bundleDiscountCents;
  return {
    lines,
    subtotalCents: q.subtotalCents,
    discountCents,
    totalCents: q.totalCents,
    discountLabel: discountCents > 0 ? BUNDLE_DISCOUNT_LABEL : null,
    stripeCoupon: discountCents > 0 ? bundleStripeCoupon(discountCents) : null,
  };
}

/**
 * What to refund when some of an order's products were held already (issue 24): their share of
 * what was paid, so the products kept cost their share of the discounted total. All of them:
 * the whole total. Whole cents; never more than the total, never negative.
 */
export function refundCentsFor(
  order: Pick<PricedOrder, 'lines' | 'subtotalCents' | 'totalCents'>,
  refundedProductIds: readonly string[],
): number {
  const refunded = new Set(refundedProductIds);
  const keptSubtotal = order.lines
    .filter((l) => !refunded.has(l.productId))
    .reduce((sum, l) => sum + l.amountCents, 0);
  if (keptSubtotal <= 0 || order.subtotalCents <= 0) return Math.max(0, order.totalCents);
  const keptCents = Math.round((order.totalCents * keptSubtotal) / order.subtotalCents);
  return Math.min(order.totalCents, Math.max(0, order.totalCents - keptCents));
}
