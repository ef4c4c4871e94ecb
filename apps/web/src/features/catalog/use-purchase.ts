import { type CheckoutSessionInput } from '@examprep/contracts/types';
import { useState } from 'react';
import { useCreateCheckoutSession } from './catalog-api';
import { goToPayment, purchaseErrorView, type PurchaseErrorView } from './checkout-flow';

/**
 * One purchase (learner spec §4 Checkout): creates the checkout session, then leaves for the
 * payment page. Busy from the click until the browser has left; a failure becomes the purchase
 * modal's title and text, and nothing the user chose is touched.
 */
export function usePurchase() {
  const create = useCreateCheckoutSession();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<PurchaseErrorView | null>(null);

  const buy = (input: CheckoutSessionInput) => {
    if (create.isPending || leaving) return;
    setError(null);
    create.mutate(input, {
      onSuccess: (answer) => {
        setLeaving(true);
        goToPayment(answer);
      },
      onError: (err) => setError(purchaseErrorView(err)),
    });
  };

  return {
    buy,
    busy: create.isPending || leaving,
    error,
    clearError: () => setError(null),
  };
}
