import type { Coupon } from './coupon.rules';
import { bundleStripeCoupon, couponStripeCoupon, priceOrder } from './order-pricing';

const item = (id: string, price = 20) => ({ id, name: `Product ${id}`, price });
const items = (n: number) => Array.from({ length: n }, (_, i) => item(`p${i}`));
const NURSE10: Coupon = {
  code: 'NURSE10',
  percentOff: 10,
  amountOffCents: null,
  expiresAt: null,
  active: true,
};
const WELCOME5: Coupon = { ...NURSE10, code: 'WELCOME5', percentOff: null, amountOffCents: 500 };

describe('priceOrder (learner spec §9 Pricing: $20 per item, bundle only without a coupon)', () => {
  it.each([
    [1, 2_000, 0, 2_000],
    [2, 4_000, 500, 3_500],
    [3, 6_000, 1_000, 5_000],
    [4, 8_000, 1_500, 6_500],
    [5, 10_000, 1_500, 8_500],
  ])('%i items: subtotal %i, bundle %i off, total %i', (n, subtotal, discount, total) => {
    const sut = priceOrder(items(n), null);
    expect(sut).toMatchObject({
      subtotalCents: subtotal,
      discountCents: discount,
      totalCents: total,
    });
    expect(sut.lines).toHaveLength(n);
    expect(sut.lines.every((l) => l.amountCents === 2_000)).toBe(true);
  });

  it('the bundle discount goes to Stripe as an amount-off coupon named by its terms', () => {
    expect(priceOrder(items(2), null)).toMatchObject({
      discountLabel: 'Bundle discount',
      stripeCoupon: {
        id: 'examprep_bundle_usd500',
        name: 'Bundle discount',
        amountOffCents: 500,
        percentOff: null,
      },
    });
    expect(priceOrder(items(1), null)).toMatchObject({ discountLabel: null, stripeCoupon: null });
    expect(bundleStripeCoupon(1_500).id).toBe('examprep_bundle_usd1500');
  });

  it('NURSE10 on two items: $40 - 10 % = $36, no bundle discount', () => {
    expect(priceOrder(items(2), NURSE10)).toMatchObject({
      subtotalCents: 4_000,
      discountCents: 400,
      totalCents: 3_600,
      discountLabel: 'Coupon NURSE10 (10% off)',
      stripeCoupon: {
        id: 'examprep_NURSE10_pct10',
        name: 'NURSE10',
        percentOff: 10,
        amountOffCents: null,
      },
    });
  });

  it('WELCOME5 on four items: $80 - $5 = $75 (not the $65 bundle price)', () => {
    expect(priceOrder(items(4), WELCOME5)).toMatchObject({
      totalCents: 7_500,
      stripeCoupon: { id: 'examprep_WELCOME5_usd500', amountOffCents: 500, percentOff: null },
    });
  });

  it('the line amounts come from the catalogue price', () => {
    expect(
      priceOrder([item('a', 20), item('b', 35)], null).lines.map((l) => l.amountCents),
    ).toEqual([2_000, 3_500]);
    expect(couponStripeCoupon({ ...NURSE10, percentOff: 12.5 }).id).toBe(
      'examprep_NURSE10_pct12_5',
    );
  });
});
