import { type CheckoutSessionAnswer, type CheckoutSessionInput } from '@examprep/contracts/types';
import { useMutation } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';

/** POST /api/create-checkout-session: the server prices the order; the browser sends ids. */
export function useCreateCheckoutSession() {
  const api = useApi();
  return useMutation<CheckoutSessionAnswer, ApiError, CheckoutSessionInput>({
    mutationFn: (input) => api.POST('/api/create-checkout-session', { body: input }),
    retry: false,
  });
}
