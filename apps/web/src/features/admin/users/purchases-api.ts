import { type UpdateUserPurchasesInput, type UserPurchasesAnswer } from '@examprep/contracts/types';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { formQuery, type ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { type ApiPage } from '../../../shared/api/api-paths';
import { ADMIN_USERS_QUERY_KEY } from './users-api';

export const userPurchasesKey = (uid: string) => ['admin', 'user-purchases', uid] as const;

type PurchasesPages = InfiniteData<ApiPage<UserPurchasesAnswer>, string | null>;

/**
 * GET /api/admin/user-purchases?uid=: what the user holds and their grants and revocations, a
 * page of the history at a time (ADR 0026): `fetchNextPage` asks for the page after the last
 * one's cursor (the Link header).
 */
export function useUserPurchases(uid: string) {
  const api = useApi();
  return useInfiniteQuery<
    ApiPage<UserPurchasesAnswer>,
    ApiError,
    PurchasesPages,
    readonly unknown[],
    string | null
  >({
    queryKey: userPurchasesKey(uid),
    queryFn: ({ signal, pageParam }) =>
      api.GETPage('/api/admin/user-purchases', {
        params: { query: { uid, ...(pageParam ? { cursor: pageParam } : {}) } },
        querySerializer: formQuery,
        signal,
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
    // an editor opened again shows what the ledger holds now
    staleTime: 0,
  });
}

/**
 * POST /api/update-user-purchases (admin spec §4, §7): the answer (the purchases and the
 * history's first page) replaces the editor's data at once, the pages are read again (the next
 * page's address), and the user list is read again (its Premium column follows the purchases).
 */
export function useUpdateUserPurchases() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<UserPurchasesAnswer, ApiError, UpdateUserPurchasesInput>({
    mutationFn: (input) => api.POST('/api/update-user-purchases', { body: input }),
    retry: false,
    onSuccess: async (answer) => {
      queryClient.setQueryData<PurchasesPages>(userPurchasesKey(answer.uid), {
        pages: [{ data: answer, next: null }],
        pageParams: [null],
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userPurchasesKey(answer.uid) }),
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
      ]);
    },
  });
}
