import {
  INTENDED_PRODUCT_TYPE_KEY,
  PAYMENT_REDIRECT_MS,
  PAYMENT_REDIRECT_WAITING_MS,
  type ProductType,
} from '@examprep/contracts/types';

/** The intended product type kept by the purchase (learner spec §4), or null. */
export function readIntendedType(): ProductType | null {
  try {
    const value = window.sessionStorage.getItem(INTENDED_PRODUCT_TYPE_KEY);
    return value === 'math' || value === 'design' ? value : null;
  } catch {
    return null;
  }
}

export function clearIntendedType(): void {
  try {
    window.sessionStorage.removeItem(INTENDED_PRODUCT_TYPE_KEY);
  } catch {
    // storage unavailable: nothing kept
  }
}

/**
 * Learner spec §4 Checkout, §9: the result page redirects after 6 s; after a successful
 * payment with an intended type while the purchases are not loaded yet, after 12 s.
 */
export function redirectDelayMs(input: {
  success: boolean;
  intended: ProductType | null;
  purchasesLoaded: boolean;
}): number {
  return input.success && input.intended !== null && !input.purchasesLoaded
    ? PAYMENT_REDIRECT_WAITING_MS
    : PAYMENT_REDIRECT_MS;
}

/** The dashboard a result page leads to: the intended type's tab, else math. */
export function dashboardPath(intended: ProductType | null): string {
  return `/dashboard?tab=${intended ?? 'math'}`;
}
