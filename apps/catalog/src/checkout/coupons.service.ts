import { Injectable } from '@nestjs/common';
import { CATALOG_MESSAGES, ErrorCodes } from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';
import {
  type Coupon,
  couponCodeOf,
  couponFormatProblem,
  couponKey,
  isCouponUsable,
} from './coupon.rules';
import { CouponsRepository } from './coupons.repository';

/** The field the coupon's messages belong to (POST /api/create-checkout-session). */
const FIELD = 'couponCode';

@Injectable()
export class CouponsService {
  constructor(private readonly repository: CouponsRepository) {}

  /** The spec's format rules only (400 VALIDATION_FAILED naming couponCode); no lookup. */
  checkFormat(raw: string | undefined | null): string {
    const code = couponCodeOf(raw);
    const problem = couponFormatProblem(code);
    if (problem) throw ServiceError.badRequest(problem, { [FIELD]: [problem] });
    return code;
  }

  /**
   * The coupon a checkout uses: null without one; the format first (libs/validation), then the
   * known coupons — unknown, inactive or expired answer 400 INVALID_COUPON with 'Invalid coupon
   * code. Please check the code and try again.'
   */
  async resolve(raw: string | undefined | null, now: Date = new Date()): Promise<Coupon | null> {
    const code = this.checkFormat(raw);
    if (code === '') return null;
    const coupon = await this.repository.findByKey(couponKey(code));
    if (!isCouponUsable(coupon, now)) {
      throw ServiceError.badRequest(
        CATALOG_MESSAGES.invalidCoupon,
        { [FIELD]: [CATALOG_MESSAGES.invalidCoupon] },
        ErrorCodes.INVALID_COUPON,
      );
    }
    return coupon;
  }
}
