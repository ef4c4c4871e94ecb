import type { LearningSummary, Readiness } from '@examprep/contracts/types';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';

/** A user's learning as the learner's own screens read it. */
export interface UserLearning {
  summary: LearningSummary;
  readiness: Readiness;
}

export const userLearningQueryKey = (uid: string) => ['admin-user-learning', uid] as const;

/** GET /api/admin/user-learning?uid=: a user's mastery and readiness (admins, read-only). */
export function useUserLearning(uid: string) {
  const api = useApi();
  return useQuery<UserLearning, ApiError>({
    queryKey: userLearningQueryKey(uid),
    queryFn: ({ signal }) =>
      api.GET('/api/admin/user-learning', { params: { query: { uid } }, signal }),
    // the learner may be answering right now
    staleTime: 0,
  });
}
