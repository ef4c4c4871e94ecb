import { CATALOG_MESSAGES, ErrorCodes } from '@examprep/contracts';
import { refusalOf } from '@examprep/nest-kit';
import type { Coupon } from './coupon.rules';
import { CouponsService } from './coupons.service';
import { FakeCouponsRepository } from '../../test/support/fake-coupons.repository';

const stored: Record<string, Coupon> = {
  NURSE10: { code: 'NURSE10', percentOff: 10, amountOffCents: null, expiresAt: null, active: true },
  EXPIRED2025: {
    code: 'EXPIRED2025',
    percentOff: 10,
    amountOffCents: null,
    expiresAt: new Date('2025-12-31T23:59:59Z'),
    active: true,
  },
  OFF: { code: 'OFF', percentOff: 10, amountOffCents: null, expiresAt: null, active: false },
};
const coupons = new FakeCouponsRepository(stored);
const findByKey = coupons.findByKey;
const sut = new CouponsService(coupons);
const now = new Date('2026-03-01T00:00:00Z');

beforeEach(() => findByKey.mockClear());

describe('CouponsService.resolve', () => {
  it('no coupon: null, nothing looked up', async () => {
    await expect(sut.resolve(undefined, now)).resolves.toBeNull();
    await expect(sut.resolve('', now)).resolves.toBeNull();
    expect(findByKey).not.toHaveBeenCalled();
  });

  it('a known coupon, in any case', async () => {
    await expect(sut.resolve('nurse10', now)).resolves.toMatchObject({ code: 'NURSE10' });
    expect(findByKey).toHaveBeenCalledWith('NURSE10');
  });

  it('the format first: 400 VALIDATION_FAILED on couponCode, no lookup', async () => {
    expect(await refusalOf(sut.resolve('A'.repeat(33), now))).toEqual({
      status: 400,
      code: ErrorCodes.VALIDATION_FAILED,
      message: 'Coupon too long. Maximum 32 characters allowed.',
      fields: { couponCode: ['Coupon too long. Maximum 32 characters allowed.'] },
    });
    expect(await refusalOf(sut.resolve('NURSE 10!', now))).toMatchObject({
      code: ErrorCodes.VALIDATION_FAILED,
      fields: { couponCode: ['Coupon codes can only contain letters and numbers.'] },
    });
    expect(findByKey).not.toHaveBeenCalled();
  });

  it.each(['UNKNOWN1', 'EXPIRED2025', 'off'])(
    '%s: 400 INVALID_COUPON with the spec sentence',
    async (code) => {
      expect(await refusalOf(sut.resolve(code, now))).toEqual({
        status: 400,
        code: ErrorCodes.INVALID_COUPON,
        message: 'Invalid coupon code. Please check the code and try again.',
        fields: { couponCode: [CATALOG_MESSAGES.invalidCoupon] },
      });
    },
  );
});
