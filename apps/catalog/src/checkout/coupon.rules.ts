/**
 * Coupon rules (learner spec §5 Coupon, §8 Checkout messages; ADR 0018), pure: which coupons
 * may be used and what they take off an order.
 */
import { formatUsd } from '@examprep/contracts';
import { validateCoupon } from '@examprep/validation';

/** A coupon the system knows (collection `coupons`). */
export interface Coupon {
  /** Upper case. */
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  expiresAt: Date | null;
  active: boolean;
}

/** The code as typed: absent and '' mean no coupon. */
export function couponCodeOf(raw: string | undefined | null): string {
  return typeof raw === 'string' ? raw : '';
}

/** The spec's format message for a code (libs/validation), or null when the format is fine. */
export function couponFormatProblem(code: string): string | null {
  const result = validateCoupon(code);
  return result.isValid ? null : result.error;
}

/** The stored key of a code: codes match case-insensitively. */
export function couponKey(code: string): string {
  return code.toUpperCase();
}

function hasOneDiscount(c: Coupon): boolean {
  const percent = c.percentOff !== null && c.percentOff > 0 && c.percentOff <= 100;
  const amount =
    c.amountOffCents !== null && Number.isInteger(c.amountOffCents) && c.amountOffCents > 0;
  return percent !== amount;
}

/** Active, not expired at `now`, and exactly one well-formed discount. */
export function isCouponUsable(coupon: Coupon | null | undefined, now: Date): coupon is Coupon {
  if (!coupon || !coupon.active || !hasOneDiscount(coupon)) return false;
  return coupon.expiresAt === null || coupon.expiresAt.getTime() > now.getTime();
}

/** Cents the coupon takes off `subtotalCents`: never more than the subtotal, never negative. */
export function couponDiscountCents(coupon: Coupon, subtotalCents: number): number {
  const subtotal = Math.max(0, Math.trunc(subtotalCents));
  const off =
    coupon.percentOff !== null
      ? Math.round((subtotal * coupon.percentOff) / 100)
      : (coupon.amountOffCents ?? 0);
  return Math.min(subtotal, Math.max(0, off));
}

/** 'Coupon NURSE10 (10% off)', 'Coupon WELCOME5 ($5 off)' */
export function couponLabel(coupon: Coupon): string {
  const off =
    coupon.percentOff !== null
      ? `${coupon.percentOff}% off`
      : `${formatUsd(coupon.amountOffCents ?? 0)} off`;
  return `Coupon ${coupon.code} (${off})`;
}
