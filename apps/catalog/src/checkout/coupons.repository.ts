import type { Coupon } from './coupon.rules';

/**
 * The port of the coupons' store (`coupons`, document id = the upper-cased code; written only
 * by tools/seed). MongoCouponsRepository is the real one; unit specs use FakeCouponsRepository.
 * Coupons belong to no user.
 */
export abstract class CouponsRepository {
  /** The coupon with this key, or null. `key`: a validated, upper-cased code (letters, digits). */
  abstract findByKey(key: string): Promise<Coupon | null>;
}
