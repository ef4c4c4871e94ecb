import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Coupon } from './coupon.rules';

/**
 * coupons/{CODE}: the document id is the code in upper case (codes match case-insensitively).
 * Written by tools/seed (the demo coupons NURSE10, WELCOME5, EXPIRED2025); read here. A coupon
 * takes a percentage or a fixed amount off the order.
 */
@Schema({ collection: 'coupons', versionKey: false, timestamps: true })
export class CouponRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** 0 < percentOff <= 100, or null. */
  @Prop({ type: Number, default: null })
  percentOff!: number | null;

  /** Whole US cents off, or null. */
  @Prop({ type: Number, default: null })
  amountOffCents!: number | null;

  /** After this instant the coupon is refused; null = never expires. */
  @Prop({ type: Date, default: null })
  expiresAt!: Date | null;

  @Prop({ default: true })
  active!: boolean;
}

export const CouponSchema = SchemaFactory.createForClass(CouponRecord);

export function toCoupon(doc: CouponRecord): Coupon {
  return {
    code: doc._id,
    percentOff: typeof doc.percentOff === 'number' ? doc.percentOff : null,
    amountOffCents: typeof doc.amountOffCents === 'number' ? doc.amountOffCents : null,
    expiresAt: doc.expiresAt ? new Date(doc.expiresAt) : null,
    active: doc.active !== false,
  };
}
