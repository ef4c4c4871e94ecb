import { type UpdateUserPurchasesInput, type UserPurchasesAnswer } from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formQuery, type ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { ADMIN_USERS_QUERY_KEY } from './users-api';

export const userPurchasesKey = (uid: string) => ['admin', 'user-purchases', uid] as const;

/** GET /api/admin/user-purchases?uid=: what the user holds and every grant and revocation. */
export function useUserPurchases(uid: string) {
  const api = useApi();
  return useQuery<UserPurchasesAnswer, ApiError>({
    queryKey: userPurchasesKey(uid),
    queryFn: ({ signal }) =>
      api.GET('/api/admin/user-purchases', {
        params: { query: { uid } },
        querySerializer: formQuery,
        signal,
      }),
    // an editor opened again shows what the ledger holds now
    staleTime: 0,
  });
}

/**
 * POST /api/update-user-purchases (admin spec §4, §7): the answer replaces the editor's data,
 * and the user list is read again (its Premium column follows the purchases).
 */
export function useUpdateUserPurchases() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<UserPurchasesAnswer, ApiError, UpdateUserPurchasesInput>({
    mutationFn: (input) => api.POST('/api/update-user-purchases', { body: input }),
    retry: false,
    onSuccess: async (answer) => {
      queryClient.setQueryData(userPurchasesKey(answer.uid), answer);
      await queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
    },
  });
}
