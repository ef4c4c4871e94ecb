import { type TestExport, type TestSummary, type UserTestsAnswer } from '@examprep/contracts/types';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import type { ApiPage } from '../../../shared/api/api-paths';
import { downloadJson } from '../../../shared/export';
import { USERS_MESSAGES as T } from './users.messages';

/** Starts with 'admin': a test deleted anywhere refreshes it (gradebook-api's delete). */
export const userTestsQueryKey = (uid: string) => ['admin', 'user-tests', uid] as const;

/**
 * GET /api/admin/user-tests?uid= : the user's tests, newest first (admin spec §2.1), a page at
 * a time (ADR 0026): `fetchNextPage` asks for the page after the last one's cursor.
 */
export function useUserTests(uid: string) {
  const api = useApi();
  return useInfiniteQuery<
    ApiPage<UserTestsAnswer>,
    ApiError,
    TestSummary[],
    readonly unknown[],
    string | null
  >({
    queryKey: userTestsQueryKey(uid),
    queryFn: ({ signal, pageParam }) =>
      api.GETPage('/api/admin/user-tests', {
        params: { query: { uid, ...(pageParam ? { cursor: pageParam } : {}) } },
        signal,
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
    select: (data) => data.pages.flatMap((p) => p.data.tests),
  });
}

/** The export file's name: test_{id}.json. */
export const testExportFileName = (testId: string) => `test_${testId}.json`;

/**
 * Export (admin spec §2.1): GET /api/admin/test-export, then a JSON file with path
 * (users/{uid}/tests/{id}), fetchedAt and the test. 404 → 'Test document not found'; any other
 * failure → 'Failed to export test: …' (admin spec §8).
 */
export function useExportTest() {
  const api = useApi();
  return useMutation<string, Error, { uid: string; testId: string }>({
    mutationFn: async ({ uid, testId }) => {
      let answer: TestExport;
      try {
        answer = await api.GET('/api/admin/test-export', { params: { query: { uid, testId } } });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) throw new Error(T.testDocumentNotFound);
        throw new Error(T.exportFailed(err instanceof Error ? err.message : String(err)));
      }
      const fileName = testExportFileName(testId);
      downloadJson(fileName, {
        path: answer.path,
        fetchedAt: answer.fetchedAt,
        test: answer.test,
      });
      return fileName;
    },
    retry: false,
  });
}
