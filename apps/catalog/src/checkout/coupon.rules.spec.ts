import fc from 'fast-check';
import {
  type Coupon,
  couponCodeOf,
  couponDiscountCents,
  couponFormatProblem,
  couponKey,
  couponLabel,
  isCouponUsable,
} from './coupon.rules';

const now = new Date('2026-03-01T12:00:00Z');
const NURSE10: Coupon = {
  code: 'NURSE10',
  percentOff: 10,
  amountOffCents: null,
  expiresAt: null,
  active: true,
};
const WELCOME5: Coupon = {
  code: 'WELCOME5',
  percentOff: null,
  amountOffCents: 500,
  expiresAt: null,
  active: true,
};
const EXPIRED2025: Coupon = { ...NURSE10, code: 'EXPIRED2025', expiresAt: new Date('2025-12-31') };

describe('coupon format (learner spec §5 Coupon, via libs/validation)', () => {
  it('absent and empty mean no coupon', () => {
    expect(couponCodeOf(undefined)).toBe('');
    expect(couponCodeOf(null)).toBe('');
    expect(couponFormatProblem('')).toBeNull();
  });

  it('letters and digits up to 32 pass', () => {
    expect(couponFormatProblem('NURSE10')).toBeNull();
    expect(couponFormatProblem('a'.repeat(32))).toBeNull();
  });

  it('33 characters: "Coupon too long. Maximum 32 characters allowed."', () => {
    expect(couponFormatProblem('A'.repeat(33))).toBe(
      'Coupon too long. Maximum 32 characters allowed.',
    );
  });

  it('symbols: "Coupon codes can only contain letters and numbers."', () => {
    expect(couponFormatProblem('NURSE-10')).toBe(
      'Coupon codes can only contain letters and numbers.',
    );
    expect(couponFormatProblem('$gt')).toBe('Coupon codes can only contain letters and numbers.');
  });

  it('a security hit: "Invalid characters detected in coupon code."', () => {
    expect(couponFormatProblem('<script>x</script>')).toBe(
      'Invalid characters detected in coupon code.',
    );
  });

  it('codes match case-insensitively (stored upper case)', () => {
    expect(couponKey('nurse10')).toBe('NURSE10');
    expect(couponKey('Welcome5')).toBe('WELCOME5');
  });
});

describe('isCouponUsable', () => {
  it('a known, active, unexpired coupon is usable', () => {
    expect(isCouponUsable(NURSE10, now)).toBe(true);
    expect(isCouponUsable(WELCOME5, now)).toBe(true);
    expect(isCouponUsable({ ...NURSE10, expiresAt: new Date('2026-03-02') }, now)).toBe(true);
  });

  it('unknown, inactive or expired is not', () => {
    expect(isCouponUsable(null, now)).toBe(false);
    expect(isCouponUsable(undefined, now)).toBe(false);
    expect(isCouponUsable({ ...NURSE10, active: false }, now)).toBe(false);
    expect(isCouponUsable(EXPIRED2025, now)).toBe(false);
    // expiry is an instant: at it the coupon is over
    expect(isCouponUsable({ ...NURSE10, expiresAt: now }, now)).toBe(false);
  });

  it('a coupon needs exactly one sensible discount', () => {
    expect(isCouponUsable({ ...NURSE10, amountOffCents: 500 }, now)).toBe(false);
    expect(isCouponUsable({ ...NURSE10, percentOff: null }, now)).toBe(false);
    expect(isCouponUsable({ ...NURSE10, percentOff: 0 }, now)).toBe(false);
    expect(isCouponUsable({ ...NURSE10, percentOff: 101 }, now)).toBe(false);
    expect(isCouponUsable({ ...WELCOME5, amountOffCents: -500 }, now)).toBe(false);
    expect(isCouponUsable({ ...WELCOME5, amountOffCents: 2.5 }, now)).toBe(false);
  });
});

describe('couponDiscountCents', () => {
  it('NURSE10 takes 10 %: two items $40 -> $4 off', () => {
    expect(couponDiscountCents(NURSE10, 4_000)).toBe(400);
  });

  it('WELCOME5 takes $5; never more than the order', () => {
    expect(couponDiscountCents(WELCOME5, 2_000)).toBe(500);
    expect(couponDiscountCents(WELCOME5, 300)).toBe(300);
  });

  it('never negative, never more than the subtotal (any coupon, any subtotal)', () => {
    const coupon = fc.oneof(
      fc.record({
        code: fc.constant('P'),
        percentOff: fc.double({ min: 0.01, max: 100, noNaN: true }),
        amountOffCents: fc.constant(null),
        expiresAt: fc.constant(null),
        active: fc.constant(true),
      }),
      fc.record({
        code: fc.constant('A'),
        percentOff: fc.constant(null),
        amountOffCents: fc.integer({ min: 1, max: 1_000_000 }),
        expiresAt: fc.constant(null),
        active: fc.constant(true),
      }),
    );
    fc.assert(
      fc.property(coupon, fc.integer({ min: 0, max: 10_000_000 }), (c, subtotal) => {
        const off = couponDiscountCents(c, subtotal);
        return Number.isInteger(off) && off >= 0 && off <= subtotal;
      }),
    );
  });

  it('labels say what the coupon takes off', () => {
    expect(couponLabel(NURSE10)).toBe('Coupon NURSE10 (10% off)');
    expect(couponLabel(WELCOME5)).toBe('Coupon WELCOME5 ($5 off)');
  });
});
