import type {
  DeepLinkPick,
  DeepLinkRequestView,
  DeepLinkResponseAnswer,
} from '@examprep/contracts/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { sendToLms } from './lti-deep-link';

export const deepLinkQueryKey = (id: string) => ['lti', 'deep-link', id] as const;

/** GET /api/lti/deep-links/{id}: the instructor's pending request, read once. */
export function useDeepLinkRequest(id: string) {
  const api = useApi();
  return useQuery<DeepLinkRequestView, ApiError>({
    queryKey: deepLinkQueryKey(id),
    queryFn: ({ signal }) =>
      api.GET('/api/lti/deep-links/{id}', { params: { path: { id } }, signal }),
    // the options do not change while the instructor picks
    staleTime: Infinity,
  });
}

/**
 * POST /api/lti/deep-links/{id}, then the browser opens the page that posts the signed answer to
 * the LMS (which replaces this page). The service answers a request once, so a failure here is never retried
 * on its own.
 */
export function useRespondDeepLink(id: string) {
  const api = useApi();
  return useMutation<DeepLinkResponseAnswer, ApiError | Error, DeepLinkPick[]>({
    mutationFn: async (picks) => {
      const answer = await api.POST('/api/lti/deep-links/{id}', {
        params: { path: { id } },
        body: { picks },
      });
      sendToLms(answer.sendUrl);
      return answer;
    },
    retry: false,
  });
}
