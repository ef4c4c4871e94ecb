import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { downloadJson } from '../../shared/export';
import { LEARNING_DATA_MESSAGES as T } from './learning-data.messages';

/** GET /api/learning/export, saved by the browser as learning-data.json. */
export function useExportLearningData() {
  const api = useApi();
  return useMutation<void, ApiError | Error>({
    mutationFn: async () => {
      const data = await api.GET('/api/learning/export');
      downloadJson(T.fileName, data);
    },
    retry: false,
  });
}

/**
 * DELETE /api/learning. Every cached read is marked stale afterwards: the mastery, the review
 * count, the plan and the trend live under several features' keys (dashboard card, readiness,
 * this plan), and all of them held the data that is gone.
 */
export function useDeleteLearningData() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<{ deleted: true }, ApiError | Error>({
    mutationFn: () => api.DELETE('/api/learning'),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
