import { PURCHASE_MESSAGES, validatePurchaseForm } from './purchase-form.validator';

describe('validatePurchaseForm (learner spec §5 "Purchase")', () => {
  it('quotes the spec messages', () => {
    expect(PURCHASE_MESSAGES.noProductSelected).toBe(
      'Please select at least one product to purchase.',
    );
    expect(PURCHASE_MESSAGES.termsNotAccepted).toBe('Please agree to the terms and conditions.');
  });

  it.each([
    [
      { selectedProductIds: [], agreedToTerms: true },
      'Please select at least one product to purchase.',
    ],
    [
      { selectedProductIds: [], agreedToTerms: false },
      'Please select at least one product to purchase.',
    ],
    [
      { selectedProductIds: ['teas_math_qbank'], agreedToTerms: false },
      'Please agree to the terms and conditions.',
    ],
  ])('rejects %p with %p', (form, error) => {
    expect(validatePurchaseForm(form)).toEqual({ isValid: false, error });
  });

  it('accepts products with the terms agreed', () => {
    expect(
      validatePurchaseForm({ selectedProductIds: ['teas_math_qbank'], agreedToTerms: true }),
    ).toEqual({ isValid: true, error: null });
  });
});
