import { INTENDED_PRODUCT_TYPE_KEY } from '@examprep/contracts/types';
import { ApiError } from '../../shared/api/api-client';
import {
  browser,
  goToPayment,
  purchaseErrorText,
  purchaseErrorView,
  purchaseProblem,
} from './checkout-flow';

describe('purchaseProblem (learner spec §5 Purchase)', () => {
  it('asks for a product first, then for the terms', () => {
    expect(purchaseProblem({ selectedCount: 0, agreed: false })).toBe(
      'Please select at least one product to purchase.',
    );
    expect(purchaseProblem({ selectedCount: 2, agreed: false })).toBe(
      'Please agree to the terms and conditions.',
    );
    expect(purchaseProblem({ selectedCount: 1, agreed: true })).toBeNull();
  });
});

describe('purchase modal (learner spec §8 Checkout)', () => {
  it("an unknown coupon: the server's message, titled 'Invalid Coupon Code'", () => {
    const err = new ApiError(
      400,
      'INVALID_COUPON',
      'Invalid coupon code. Please check the code and try again.',
      { couponCode: ['Invalid coupon code. Please check the code and try again.'] },
    );
    expect(purchaseErrorView(err)).toEqual({
      title: 'Invalid Coupon Code',
      text: 'Invalid coupon code. Please check the code and try again.',
    });
  });

  it("an invalid coupon without a message: the spec's sentence", () => {
    expect(purchaseErrorText(new ApiError(400, 'INVALID_COUPON', ''))).toBe(
      'Invalid coupon code. Please check the code and try again.',
    );
  });

  it("a coupon refused by format: the field's message, titled 'Invalid Coupon Code'", () => {
    const err = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed.', {
      couponCode: ['Coupon codes can only contain letters and numbers.'],
    });
    expect(purchaseErrorView(err)).toEqual({
      title: 'Invalid Coupon Code',
      text: 'Coupon codes can only contain letters and numbers.',
    });
  });

  it("a product problem: the server's message naming it, else the spec's, titled 'Purchase Error'", () => {
    const named = new ApiError(400, 'PRODUCT_PROBLEM', 'You already own TEAS Math QBank.', {
      products: ['You already own TEAS Math QBank.'],
    });
    expect(purchaseErrorView(named)).toEqual({
      title: 'Purchase Error',
      text: 'You already own TEAS Math QBank.',
    });
    expect(purchaseErrorText(new ApiError(400, 'PRODUCT_PROBLEM', ''))).toBe(
      'There was an issue with the selected products. Please try again.',
    );
  });

  it.each([
    ['the payment provider unreachable', new ApiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'x')],
    ['the payment provider refusing', new ApiError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'x')],
    ['a server failure', new ApiError(500, 'INTERNAL', 'Internal server error')],
    ['a time-out', new ApiError(0, 'TIMEOUT', 'Request timed out after 15 seconds')],
    ['no network', new ApiError(0, 'NETWORK_ERROR', 'Network error.')],
  ])('%s: "Unable to process checkout..."', (_name, err) => {
    expect(purchaseErrorView(err)).toEqual({
      title: 'Purchase Error',
      text: 'Unable to process checkout. Please try again or contact support.',
    });
  });

  it("another refusal shows the server's message; nothing at all the spec's fallback", () => {
    expect(purchaseErrorText(new ApiError(429, 'RATE_LIMITED', 'Too many requests.'))).toBe(
      'Too many requests.',
    );
    expect(purchaseErrorText(new ApiError(400, 'X', ''))).toBe(
      'There was an error processing your purchase. Please try again.',
    );
    expect(purchaseErrorText(new Error('boom'))).toBe(
      'There was an error processing your purchase. Please try again.',
    );
  });

  it('field messages are own keys only (an inherited one is not read)', () => {
    const inherited = Object.create({ couponCode: ['From the prototype.'] }) as Record<
      string,
      string[]
    >;
    const err = new ApiError(400, 'X', 'Refused.', inherited);
    expect(purchaseErrorText(err)).toBe('Refused.');
  });
});

describe('goToPayment (learner spec §4 Checkout)', () => {
  it('keeps the intended product type in session storage, then leaves for the payment page', () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    goToPayment({
      id: 'cs_test_local_1',
      intendedProductType: 'design',
      url: 'http://localhost/dev-checkout/cs_test_local_1',
    });
    expect(sessionStorage.getItem(INTENDED_PRODUCT_TYPE_KEY)).toBe('design');
    expect(assign).toHaveBeenCalledWith('http://localhost/dev-checkout/cs_test_local_1');
    assign.mockRestore();
  });
});
