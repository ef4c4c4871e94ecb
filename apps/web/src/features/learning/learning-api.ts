import type { LearningSummary, Readiness } from '@examprep/contracts/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { UNEXPECTED_ERROR_MESSAGE } from '../../shared/errors/error-messages';
import { apiPath, type ApiAnswer } from '../../shared/api/api-paths';
import type { WeakSpotCourse } from './learning.messages';

export const LEARNING_QUERY_ROOT = ['learning'] as const;

const WEAK_SPOTS_PATH = apiPath('/api/learning/weak-spots');

/** POST /api/learning/weak-spots's answer: a batch as generate-batch's, and which are reviews. */
export type WeakSpotsBatch = ApiAnswer<'post', typeof WEAK_SPOTS_PATH>;

/** The lists and counts the screens read are there (a proxy or an old gateway may differ). */
function isSummary(x: unknown): x is LearningSummary {
  const s = x as Partial<LearningSummary> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    Array.isArray(s.courses) &&
    Array.isArray(s.weakSpots) &&
    typeof s.answers === 'number' &&
    typeof s.dueReviews === 'number'
  );
}

/**
 * GET /api/learning/summary: mastery per course, objective and topic, the weak spots and the
 * review queue's count. Read again on every visit: answers given a moment ago count.
 */
export function useLearningSummary() {
  const api = useApi();
  return useQuery<LearningSummary, Error>({
    queryKey: [...LEARNING_QUERY_ROOT, 'summary'],
    queryFn: async ({ signal }) => {
      const answer = await api.GET('/api/learning/summary', { signal });
      // the dashboard must not break on an odd answer: it becomes the card's error state
      if (!isSummary(answer)) throw new Error(UNEXPECTED_ERROR_MESSAGE);
      return answer;
    },
    staleTime: 0,
  });
}

/** GET /api/learning/readiness: TEAS Math prediction, Med Dosage families, the trend. */
export function useReadiness() {
  const api = useApi();
  return useQuery<Readiness, ApiError>({
    queryKey: [...LEARNING_QUERY_ROOT, 'readiness'],
    queryFn: ({ signal }) => api.GET('/api/learning/readiness', { signal }),
    staleTime: 0,
  });
}

/**
 * POST /api/learning/weak-spots: a mutation, not a query, as the Infinite QBank's batches:
 * every call generates new items and marks the reviews served, so nothing may refetch it.
 */
export function useWeakSpots() {
  const api = useApi();
  return useMutation<WeakSpotsBatch, ApiError, WeakSpotCourse>({
    mutationFn: (course) => api.POST(WEAK_SPOTS_PATH, { body: { course } }),
    retry: false,
  });
}
