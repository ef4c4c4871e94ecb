import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { Coupon } from './coupon.rules';
import { CouponRecord, toCoupon } from './coupon.schema';
import { CouponsRepository } from './coupons.repository';

/** The coupons' queries. */
@Injectable()
export class MongoCouponsRepository extends CouponsRepository {
  constructor(@InjectModel(CouponRecord.name) private readonly coupons: Model<CouponRecord>) {
    super();
  }

  /** `key` is a validated, upper-cased code (letters and digits only). By the `_id` index. */
  async findByKey(key: string): Promise<Coupon | null> {
    const doc = await this.coupons.findById(key).lean<CouponRecord>().exec();
    return doc ? toCoupon(doc) : null;
  }
}
