import type { LtiAssignmentView } from '@examprep/contracts/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { gradePollInterval } from './lti-assignment';

export const assignmentQueryKey = (linkKey: string) => ['lti', 'assignment', linkKey] as const;

/**
 * GET /api/lti/assignments/{linkKey} (the client encodes the key: it holds ':' and may hold
 * '/'), read fresh on every visit (the attempts change on the test screen), and again while a
 * grade is on its way to the LMS.
 */
export function useLtiAssignment(linkKey: string) {
  const api = useApi();
  return useQuery<LtiAssignmentView, ApiError>({
    queryKey: assignmentQueryKey(linkKey),
    queryFn: ({ signal }) =>
      api.GET('/api/lti/assignments/{linkKey}', { params: { path: { linkKey } }, signal }),
    staleTime: 0,
    refetchInterval: (query) => gradePollInterval(query.state.data),
  });
}

/** POST /api/lti/assignments/{linkKey}/start: a new test of the assignment, or the unfinished one. */
export function useStartAssignment(linkKey: string) {
  const api = useApi();
  return useMutation({
    mutationFn: () =>
      api.POST('/api/lti/assignments/{linkKey}/start', { params: { path: { linkKey } } }),
    retry: false,
  });
}
