import fc from 'fast-check';
import { bundleDiscountCents, formatUsd, PRICE_PER_ITEM_CENTS, quote } from './pricing';

const items = (n: number) => Array.from({ length: n }, () => PRICE_PER_ITEM_CENTS);

describe('pricing (learner spec §9)', () => {
  it('equals the table: $20 each, bundles of 2/3/4+ save $5/$10/$15 without a coupon', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => quote(items(n), false).totalCents)).toEqual([
      2000, 3500, 5000, 6500, 8500, 10500,
    ]);
    expect([0, 1, 2, 3, 4, 9].map(bundleDiscountCents)).toEqual([0, 0, 500, 1000, 1500, 1500]);
  });

  it('with a coupon the interface total is the plain sum', () => {
    expect(quote(items(3), true)).toEqual({
      itemCount: 3,
      subtotalCents: 6000,
      bundleDiscountCents: 0,
      totalCents: 6000,
    });
  });

  it('nothing selected costs nothing', () => {
    expect(quote([], false).totalCents).toBe(0);
  });

  const price = fc.integer({ min: 1, max: 100_000 });

  it('is never negative, for any prices and count (property)', () => {
    fc.assert(
      fc.property(fc.array(price, { maxLength: 30 }), fc.boolean(), (prices, coupon) => {
        const q = quote(prices, coupon);
        return q.totalCents >= 0 && q.totalCents <= q.subtotalCents;
      }),
    );
  });

  it('is monotone in items: one more item never lowers the total (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.boolean(), (n, coupon) => {
        return quote(items(n + 1), coupon).totalCents >= quote(items(n), coupon).totalCents;
      }),
    );
    // for any prices of at least $5 (the largest step of the bundle table): every catalogue
    // price is $20; a 1-cent item could be 'paid' by the next $5 step, which no product is
    const atLeastStep = fc.integer({ min: 500, max: 100_000 });
    fc.assert(
      fc.property(
        fc.array(atLeastStep, { maxLength: 20 }),
        atLeastStep,
        fc.boolean(),
        (prices, p, coupon) =>
          quote([...prices, p], coupon).totalCents >= quote(prices, coupon).totalCents,
      ),
    );
  });

  it('equals the table for any number of $20 items (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (n) => {
        const off = n >= 4 ? 1500 : n === 3 ? 1000 : n === 2 ? 500 : 0;
        return quote(items(n), false).totalCents === n * 2000 - off;
      }),
    );
  });

  it('ignores amounts that are not positive whole cents', () => {
    expect(quote([2000, 0, -5, 1.5, Number.NaN], false).itemCount).toBe(1);
  });

  it('formats dollars', () => {
    expect([formatUsd(2000), formatUsd(3500), formatUsd(1250), formatUsd(0)]).toEqual([
      '$20',
      '$35',
      '$12.50',
      '$0',
    ]);
  });
});
