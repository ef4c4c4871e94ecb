import type { Coupon } from '../../src/checkout/coupon.rules';
import type { CouponsRepository } from '../../src/checkout/coupons.repository';

/** An in-memory CouponsRepository: the coupons given, by key; `findByKey` counts its calls. */
export class FakeCouponsRepository implements CouponsRepository {
  readonly byKey: Map<string, Coupon>;

  constructor(coupons: Record<string, Coupon> = {}) {
    this.byKey = new Map(Object.entries(coupons));
  }

  findByKey = jest.fn(async (key: string): Promise<Coupon | null> => this.byKey.get(key) ?? null);
}
