import {
  type GenerateBatchResponse,
  type InfiniteCheckInput,
  type InfiniteCheckResult,
  type InfiniteCoursesResponse,
  type ViewMode,
} from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formQuery, type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { batchParams, type QbankSelection } from './qbank-selection';

export const INFINITE_COURSES_QUERY_KEY = ['infiniteqbank', 'courses'] as const;
export const VIEW_MODE_QUERY_KEY = ['infiniteqbank', 'view-mode'] as const;

/**
 * GET /api/infiniteqbank/courses: the courses, objectives and topics this caller may practise
 * (learners: free and available topics; admins: every topic with a generator unless their
 * view mode is 'learner'). Shared by the page and the dashboard section.
 */
export function useInfiniteCourses() {
  const api = useApi();
  return useQuery<InfiniteCoursesResponse, ApiError>({
    queryKey: INFINITE_COURSES_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/infiniteqbank/courses', { signal }),
  });
}

/**
 * GET /api/infiniteqbank/generate-batch: a batch of questions without answers. A mutation, not
 * a query: every call generates new questions (and counts them), so nothing may refetch it.
 */
export function useGenerateBatch() {
  const api = useApi();
  return useMutation<GenerateBatchResponse, ApiError, QbankSelection>({
    mutationFn: (selection) =>
      api.GET('/api/infiniteqbank/generate-batch', {
        params: { query: batchParams(selection) },
        querySerializer: formQuery,
      }),
    retry: false,
  });
}

/** POST /api/infiniteqbank/check: the verdict, the correct answer and the explanation. */
export function useCheckAnswer() {
  const api = useApi();
  return useMutation<InfiniteCheckResult, ApiError, InfiniteCheckInput>({
    mutationFn: (input) => api.POST('/api/infiniteqbank/check', { body: input }),
    retry: false,
  });
}

/** GET /api/infiniteqbank/admin/view-mode (admins only). */
export function useViewMode(enabled: boolean) {
  const api = useApi();
  return useQuery<{ mode: ViewMode }, ApiError>({
    queryKey: VIEW_MODE_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/infiniteqbank/admin/view-mode', { signal }),
    enabled,
  });
}

/** POST /api/infiniteqbank/admin/set-view-mode; the course list changes with it. */
export function useSetViewMode() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<{ mode: ViewMode }, ApiError, ViewMode>({
    mutationFn: (mode) => api.POST('/api/infiniteqbank/admin/set-view-mode', { body: { mode } }),
    retry: false,
    onSuccess: async (answer) => {
      queryClient.setQueryData(VIEW_MODE_QUERY_KEY, answer);
      await queryClient.invalidateQueries({ queryKey: INFINITE_COURSES_QUERY_KEY });
    },
  });
}
