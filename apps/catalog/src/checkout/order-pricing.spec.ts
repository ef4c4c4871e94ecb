import type { Coupon } from './coupon.rules';
import fc from 'fast-check';
import { bundleStripeCoupon, couponStripeCoupon, priceOrder, refundCentsFor } from './order-pricing';

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

describe('refundCentsFor (a payment for products held already; issue 24)', () => {
  const order = (n: number, coupon: Coupon | null = null) => priceOrder(items(n), coupon);

  it('all of them: the whole total', () => {
    expect(refundCentsFor(order(1), ['p0'])).toBe(2_000);
    expect(refundCentsFor(order(2), ['p0', 'p1'])).toBe(3_500);
  });

  it('some of them: their share of what was paid (bundle and coupon discounts shared alike)', () => {
    expect(refundCentsFor(order(2), ['p1'])).toBe(1_750);
    expect(refundCentsFor(order(4), ['p3'])).toBe(1_625);
    expect(refundCentsFor(order(2, NURSE10), ['p0'])).toBe(1_800);
  });

  it('none of them: nothing', () => {
    expect(refundCentsFor(order(3), [])).toBe(0);
  });

  it('property: whole cents between 0 and the total; the kept and refunded parts add up to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 5 })),
        (n, withCoupon, picked) => {
          const o = order(n, withCoupon ? NURSE10 : null);
          const ids = [...new Set(picked.filter((i) => i < n).map((i) => `p${i}`))];
          const refund = refundCentsFor(o, ids);
          expect(Number.isInteger(refund)).toBe(true);
          expect(refund).toBeGreaterThanOrEqual(0);
          expect(refund).toBeLessThanOrEqual(o.totalCents);
          if (ids.length === n) expect(refund).toBe(o.totalCents);
          if (ids.length === 0) expect(refund).toBe(0);
        },
      ),
    );
  });
});
