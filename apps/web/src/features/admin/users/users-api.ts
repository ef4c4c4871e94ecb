import {
  type AdminUserFilters,
  type AdminUserRow,
  type AdminUsersPage,
  type TestTokenResponse,
  type UserDocument,
  type UsersRefreshReport,
} from '@examprep/contracts/types';
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, formQuery } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { type ApiPage, apiPath } from '../../../shared/api/api-paths';
import { CSV_MIME_TYPE, type ExportProgress, fetchStreamedExport } from '../../../shared/export';
import { USERS_MESSAGES } from './users.messages';

export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

type UsersPages = InfiniteData<ApiPage<AdminUsersPage>, string | null>;

/**
 * GET /api/admin/users?filters: the users in auth, the database or both, admins first, then by
 * email, a page at a time (ADR 0026): `fetchNextPage` asks for the page after the last one.
 */
export function useAdminUsers(filters: AdminUserFilters, enabled: boolean) {
  const api = useApi();
  return useInfiniteQuery<
    ApiPage<AdminUsersPage>,
    ApiError,
    UsersPages,
    readonly unknown[],
    string | null
  >({
    queryKey: [...ADMIN_USERS_QUERY_KEY, 'list', filters],
    queryFn: ({ signal, pageParam }) =>
      api.GETPage('/api/admin/users', {
        params: { query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) } },
        querySerializer: formQuery,
        signal,
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
    enabled,
    // a new filter keeps the last rows on screen instead of flashing a spinner
    placeholderData: keepPreviousData,
  });
}

/**
 * Refresh (POST /api/admin/users/refresh): the list rebuilt from Keycloak and the database now;
 * then the pages are read again.
 */
export function useRefreshUsers() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<UsersRefreshReport, ApiError, void>({
    mutationFn: () => api.POST('/api/admin/users/refresh', { timeoutMs: 120_000 }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}

/**
 * Export Filtered List: the server's filtered_users.csv of these filters, read as the gateway
 * writes it (rows so far of the count, bytes), cancellable.
 */
export function fetchUsersCsv(
  getToken: () => Promise<string | null>,
  filters: AdminUserFilters,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
) {
  return fetchStreamedExport({
    path: apiPath('/api/admin/users/export'),
    query: formQuery({ ...filters }),
    getToken,
    onProgress,
    signal,
    mimeType: CSV_MIME_TYPE,
  });
}

/** POST /api/create-user with uid and email: the document of a user who is only in auth. */
export function useCreateUserDocument() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<UserDocument, ApiError, AdminUserRow>({
    mutationFn: (user) =>
      api.POST('/api/create-user', { body: { uid: user.uid, email: user.email } }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}

/**
 * Admin spec §4: deletion from authentication (DELETE /api/delete-user), then deletion of the
 * user's data (DELETE /api/delete-user-data), two calls in that order. An account that is
 * already gone (404, e.g. a database-only row or a retry after a half-done delete) does not
 * stop the data deletion.
 */
export function useDeleteUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, AdminUserRow>({
    mutationFn: async (user) => {
      try {
        await api.DELETE('/api/delete-user', { body: { userId: user.uid } });
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
      await api.DELETE('/api/delete-user-data', { body: { uid: user.uid } });
    },
    retry: false,
    onSuccess: (_data, user) => {
      // the row leaves the pages on screen; the counts come back with the next read
      queryClient.setQueriesData<UsersPages>({ queryKey: ADMIN_USERS_QUERY_KEY }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                data: { ...p.data, users: p.data.users.filter((row) => row.uid !== user.uid) },
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
    },
    // A half-done delete (account gone, data left) shows as such after the reload.
    onError: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}

/**
 * Generate & Copy Token: POST /api/admin/generate-test-token mints an access token of that
 * user (Keycloak token exchange; the server logs who asked), then it goes to the clipboard.
 */
export function useGenerateTestToken() {
  const api = useApi();
  return useMutation<TestTokenResponse, Error, AdminUserRow>({
    mutationFn: async (user) => {
      const answer = await api.POST('/api/admin/generate-test-token', {
        body: { uid: user.uid },
      });
      if (!navigator.clipboard?.writeText) {
        throw new Error(USERS_MESSAGES.clipboardUnavailable);
      }
      await navigator.clipboard.writeText(answer.idToken);
      return answer;
    },
    retry: false,
  });
}
