import { CATALOG_LABELS, CATALOG_MESSAGES, type ProductType } from '@examprep/contracts/types';

/** Texts of the payment result pages and the local test checkout (learner spec §2, §4, §8). */
export const CHECKOUT_MESSAGES = {
  resultTitle: 'Payment Result',
  paymentSuccessful: CATALOG_MESSAGES.paymentSuccessful,
  paymentCanceled: CATALOG_LABELS.paymentCanceled,
  noCharges: CATALOG_MESSAGES.noCharges,
  successDetail: CATALOG_MESSAGES.resultPending,
  grantedDetail: CATALOG_MESSAGES.resultGranted,
  paymentRefunded: CATALOG_LABELS.paymentRefunded,
  alreadyOwnedRefunded: CATALOG_MESSAGES.alreadyOwnedRefunded,
  alreadyOwnedRefunding: CATALOG_MESSAGES.alreadyOwnedRefunding,
  redirecting: (dashboard: ProductType) =>
    `Redirecting you to the ${dashboard === 'design' ? 'Design' : 'Math'} dashboard…`,
  goNow: CATALOG_LABELS.goToDashboardNow,

  devTitle: 'Test checkout',
  devNotice: 'Test checkout — no real payment',
  devNoticeDetail:
    'This page stands in for the card payment page in development and tests. Pay confirms the order as the payment provider would; no card is charged.',
  devLoading: 'Loading the order…',
  devNotAvailable: 'This test checkout is not available.',
  devLoadFailed: 'The order could not be loaded.',
  devTryAgain: 'Try Again',
  devOrder: 'Your order',
  devEmail: 'Email',
  devItem: 'Item',
  devAmount: 'Amount',
  devSubtotal: 'Subtotal',
  devDiscount: 'Discount',
  devTotal: 'Total',
  devStatus: (status: string) => `Order status: ${status}.`,
  devPay: (total: string) => `Pay ${total}`,
  devPaying: 'Paying…',
  devCancel: 'Cancel',
  devCanceling: 'Canceling…',
  devCompleteFailed: 'The order could not be completed.',
  devClosed: 'This order is no longer open.',
  devExpired: 'It can no longer be paid, and nothing was charged.',
  devSeeResult: 'See the payment result',
  devLeave: 'Leave this checkout',
} as const;
