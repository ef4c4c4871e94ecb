import { invalid, VALID, type ValidationResult } from '../validation-result';

export const PURCHASE_MESSAGES = {
  noProductSelected: 'Please select at least one product to purchase.',
  termsNotAccepted: 'Please agree to the terms and conditions.',
} as const;

export interface PurchaseForm {
  readonly selectedProductIds: readonly string[];
  readonly agreedToTerms: boolean;
}

/** At least one product, then the terms box (learner spec §5 "Purchase"). */
export function validatePurchaseForm(form: PurchaseForm): ValidationResult {
  if (form.selectedProductIds.length === 0) return invalid(PURCHASE_MESSAGES.noProductSelected);
  if (!form.agreedToTerms) return invalid(PURCHASE_MESSAGES.termsNotAccepted);
  return VALID;
}
