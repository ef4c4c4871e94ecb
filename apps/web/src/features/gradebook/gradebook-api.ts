import { type DeleteTestAnswer, type TestSummary, type TestView } from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { useSession } from '../../shared/session/session-context';
import { GRADEBOOK_MESSAGES as T } from './gradebook.messages';

/** Every gradebook-like list (own, another user's, the admin modal's) starts with this key. */
export const GRADEBOOK_QUERY_ROOT = ['gradebook'] as const;
export const gradebookQueryKey = (userId: string | null) => ['gradebook', userId ?? 'me'] as const;
export const testViewQueryKey = (testId: string, userId: string | null) =>
  ['test-view', testId, userId ?? 'me'] as const;

/**
 * GET /api/gradebook (?userId= only when an admin views another user): completed tests,
 * newest first by lastUpdated (the server's order).
 */
export function useGradebook(userId: string | null) {
  const api = useApi();
  return useQuery<TestSummary[], ApiError>({
    queryKey: gradebookQueryKey(userId),
    queryFn: async ({ signal }) => {
      const answer = await api.GET('/api/gradebook', {
        params: { query: { userId: userId ?? undefined } },
        signal,
      });
      return answer.tests;
    },
    // Read again on every visit: a test submitted on the test screen a moment ago must show
    // (the app's default keeps reads fresh for 30 s).
    staleTime: 0,
  });
}

/**
 * GET /api/tests/:testId (?userId= only when an admin reviews another user's test). Not sent
 * when `enabled` is false (an id that cannot name a test).
 */
export function useTestView(testId: string, userId: string | null, enabled = true) {
  const api = useApi();
  return useQuery<TestView, ApiError>({
    queryKey: testViewQueryKey(testId, userId),
    enabled,
    queryFn: ({ signal }) =>
      api.GET('/api/tests/{testId}', {
        params: { path: { testId }, query: { userId: userId ?? undefined } },
        signal,
      }),
    // 400 (the id cannot name a test) and 404 (no such test, or someone else's) are answers,
    // not hiccups.
    retry: false,
    // A test may have been submitted (or deleted) since the last visit.
    staleTime: 0,
  });
}

/**
 * POST /api/delete-test (the owner, or an admin for anyone's test). Without a session the
 * call is not made: 'Not authenticated' (learner spec §8); a 401 answers the same.
 */
export function useDeleteTest() {
  const api = useApi();
  const { status, user } = useSession();
  const queryClient = useQueryClient();
  return useMutation<DeleteTestAnswer, Error, TestSummary>({
    mutationFn: async (test) => {
      if (status !== 'signed-in' || !user) throw new Error(T.notAuthenticated);
      try {
        const answer = await api.POST('/api/delete-test', { body: { testId: test.id } });
        if (!answer?.success) throw new Error(T.deleteFailedShort);
        return answer;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) throw new Error(T.notAuthenticated);
        throw err;
      }
    },
    retry: false,
    onSuccess: (_answer, test) => {
      // Every cached list that holds it loses it at once; then they are read again.
      queryClient.setQueriesData<TestSummary[]>({ queryKey: GRADEBOOK_QUERY_ROOT }, (rows) =>
        rows?.filter((row) => row.id !== test.id),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: GRADEBOOK_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]),
  });
}
