import { type DevCheckoutResult, type DevCheckoutView } from '@examprep/contracts/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';

/** GET /api/dev-checkout/:sessionId (public; dev/test only, else 404): the order to show. */
export function useDevCheckout(sessionId: string) {
  const api = useApi();
  return useQuery<DevCheckoutView, ApiError>({
    queryKey: ['dev-checkout', sessionId],
    queryFn: ({ signal }) =>
      api.GET('/api/dev-checkout/{sessionId}', { params: { path: { sessionId } }, signal }),
    // a 404 stays a 404; the page offers Try Again for the rest
    retry: false,
  });
}

/** POST /api/dev-checkout/:sessionId/complete {outcome}: where the browser goes next. */
export function useCompleteDevCheckout(sessionId: string) {
  const api = useApi();
  return useMutation<DevCheckoutResult, ApiError, 'pay' | 'cancel'>({
    mutationFn: (outcome) =>
      api.POST('/api/dev-checkout/{sessionId}/complete', {
        params: { path: { sessionId } },
        body: { outcome },
      }),
    retry: false,
  });
}
