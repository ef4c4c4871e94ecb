import { CHECKOUT_SESSION_ID_PATTERN, type CheckoutResult } from '@examprep/contracts/types';
import { useQuery } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';

/** How often the result page asks again while the payment is being fulfilled or refunded. */
export const RESULT_POLL_MS = 1_500;
/** It stops asking after this long (the dashboard shows the purchase once it lands). */
export const RESULT_POLL_FOR_MS = 30_000;

/** Whether the answer may still change (fulfilment, or the refund of products held already). */
export function isSettling(result: CheckoutResult | undefined): boolean {
  return !result || result.status === 'pending' || result.refund?.state === 'pending';
}

/**
 * GET /api/checkout-sessions/:sessionId (beyond the spec): what became of the learner's own
 * payment, asked again every RESULT_POLL_MS while it settles, for RESULT_POLL_FOR_MS at most.
 * Off without a signed-in user or a session id of Stripe's shape.
 */
export function useCheckoutResult(sessionId: string | null, enabled: boolean, since: number) {
  const api = useApi();
  const valid = sessionId !== null && CHECKOUT_SESSION_ID_PATTERN.test(sessionId);
  return useQuery<CheckoutResult, ApiError>({
    queryKey: ['checkout-result', sessionId],
    queryFn: ({ signal }) =>
      api.GET('/api/checkout-sessions/{sessionId}', {
        params: { path: { sessionId: sessionId ?? '' } },
        signal,
      }),
    enabled: enabled && valid,
    retry: false,
    refetchInterval: (query) =>
      isSettling(query.state.data) &&
      query.state.status !== 'error' &&
      Date.now() - since < RESULT_POLL_FOR_MS
        ? RESULT_POLL_MS
        : false,
  });
}
