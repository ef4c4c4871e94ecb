import fc from 'fast-check';
import { COUPON_MESSAGES, stripCouponCharacters, validateCoupon } from './coupon.validator';

const sut = validateCoupon;

describe('validateCoupon (learner spec §5 "Coupon")', () => {
  it('quotes the spec messages', () => {
    expect(COUPON_MESSAGES.tooLong()).toBe('Coupon too long. Maximum 32 characters allowed.');
    expect(COUPON_MESSAGES.invalidCharacters).toBe(
      'Coupon codes can only contain letters and numbers.',
    );
    expect(COUPON_MESSAGES.security).toBe('Invalid characters detected in coupon code.');
    expect(COUPON_MESSAGES.cardHint).toBe('Coupon codes can only contain letters and numbers');
    expect(COUPON_MESSAGES.cardInvalid).toBe(
      'Invalid coupon code. Coupon codes can only contain letters and numbers.',
    );
  });

  it('passes empty input', () => {
    expect(sut('')).toEqual({ isValid: true, error: null });
  });

  it.each(['SAVE10', 'welcome2024', 'A', 'Z'.repeat(32)])('accepts %p', (code) => {
    expect(sut(code)).toEqual({ isValid: true, error: null });
  });

  it.each([
    ['Z'.repeat(33), 'Coupon too long. Maximum 32 characters allowed.'],
    ['SAVE-10', 'Coupon codes can only contain letters and numbers.'],
    ['SAVE 10', 'Coupon codes can only contain letters and numbers.'],
    ['ÉTÉ2024', 'Coupon codes can only contain letters and numbers.'],
    ['<script>', 'Invalid characters detected in coupon code.'],
    ['javascript:x', 'Invalid characters detected in coupon code.'],
  ])('rejects %p with %p', (code, error) => {
    expect(sut(code)).toEqual({ isValid: false, error });
  });

  it('stripCouponCharacters keeps only letters and digits (design cards)', () => {
    expect(stripCouponCharacters(' save-10 %off! ')).toBe('save10off');
  });

  it('property: a stripped code of at most 32 characters is always valid', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), (typed) => {
        const code = stripCouponCharacters(typed).slice(0, 32);
        expect(sut(code)).toEqual({ isValid: true, error: null });
        expect(stripCouponCharacters(code)).toBe(code);
      }),
    );
  });
});
