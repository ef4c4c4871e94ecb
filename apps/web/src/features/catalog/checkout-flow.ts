import {
  CATALOG_LABELS,
  CATALOG_MESSAGES,
  ErrorCodes,
  INTENDED_PRODUCT_TYPE_KEY,
  type CheckoutSessionAnswer,
} from '@examprep/contracts/types';
import { ApiError } from '../../shared/api/api-client';

/** Learner spec §5 Purchase: what stops a purchase before the server is asked. */
export function purchaseProblem(input: { selectedCount: number; agreed: boolean }): string | null {
  if (input.selectedCount < 1) return CATALOG_MESSAGES.selectAtLeastOne;
  if (!input.agreed) return CATALOG_MESSAGES.agreeToTerms;
  return null;
}

export interface PurchaseErrorView {
  title: string;
  text: string;
}

function firstField(err: ApiError, field: string): string | null {
  const list = Object.prototype.hasOwnProperty.call(err.fields, field) ? err.fields[field] : null;
  return list && list.length > 0 ? list[0]! : null;
}

/**
 * Learner spec §8 Checkout: the text of a failed create-checkout-session — the server's
 * message (for a coupon or product field, that field's message); without one, an invalid
 * coupon gives 'Invalid coupon code. Please check the code and try again.', a product problem
 * 'There was an issue with the selected products. Please try again.'; an unreachable payment
 * provider, a server failure or a time-out 'Unable to process checkout. Please try again or
 * contact support.'; anything else 'There was an error processing your purchase. Please try
 * again.'
 */
export function purchaseErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return CATALOG_MESSAGES.purchaseErrorFallback;
  if (
    err.status === 0 ||
    err.status >= 500 ||
    err.code === ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE
  ) {
    return CATALOG_MESSAGES.checkoutFailed;
  }
  const coupon = firstField(err, 'couponCode');
  if (coupon) return coupon;
  const products = firstField(err, 'products');
  if (products) return products;
  if (err.code === ErrorCodes.INVALID_COUPON) return err.message || CATALOG_MESSAGES.invalidCoupon;
  if (err.code === ErrorCodes.PRODUCT_PROBLEM)
    return err.message || CATALOG_MESSAGES.productProblem;
  return err.message || CATALOG_MESSAGES.purchaseErrorFallback;
}

/** The purchase modal: titled 'Invalid Coupon Code' when the text mentions coupon, else 'Purchase Error'. */
export function purchaseErrorView(err: unknown): PurchaseErrorView {
  const text = purchaseErrorText(err);
  return {
    title: /coupon/i.test(text)
      ? CATALOG_LABELS.invalidCouponTitle
      : CATALOG_LABELS.purchaseErrorTitle,
    text,
  };
}

/** How the browser leaves for the payment page (a seam for unit tests). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * Learner spec §4 Checkout: the intended product type goes to session storage (the payment
 * result page reads it), then the browser goes to the hosted payment page.
 */
export function goToPayment(answer: CheckoutSessionAnswer): void {
  try {
    sessionStorage.setItem(INTENDED_PRODUCT_TYPE_KEY, answer.intendedProductType);
  } catch {
    // storage unavailable (private mode): the result page falls back to the math dashboard
  }
  browser.assign(answer.url);
}
