import {
  type AdminUserRow,
  type TestTokenResponse,
  type UserDocument,
} from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { USERS_MESSAGES } from './users.messages';

export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

/** GET /api/admin/users: accounts and user documents merged, admins first, then by email. */
export function useAdminUsers(enabled: boolean) {
  const api = useApi();
  return useQuery<AdminUserRow[], ApiError>({
    queryKey: ADMIN_USERS_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/admin/users', { signal }),
    enabled,
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
      queryClient.setQueryData<AdminUserRow[]>(ADMIN_USERS_QUERY_KEY, (rows) =>
        rows?.filter((row) => row.uid !== user.uid),
      );
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
