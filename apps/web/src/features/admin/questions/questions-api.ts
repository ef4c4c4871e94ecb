import {
  type CreateUploadInput,
  type Question,
  type QuestionFacets,
  type QuestionFilters,
  type QuestionInput,
  type QuestionListResponse,
  type QuestionsExport,
  type UploadTicket,
} from '@examprep/contracts/types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formQuery, type ApiClient, type ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { filtersParams } from './question-filters';

/** Every question-bank query starts with this key, so one invalidation refreshes them all. */
export const QUESTIONS_QUERY_KEY = ['admin', 'questions'] as const;
export const FACETS_QUERY_KEY = [...QUESTIONS_QUERY_KEY, 'facets'] as const;

/** GET /api/questions/facets: course and objective names in use (the editor's pickers). */
export function useQuestionFacets(enabled: boolean) {
  const api = useApi();
  return useQuery<QuestionFacets, ApiError>({
    queryKey: FACETS_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/questions/facets', { signal }),
    enabled,
  });
}

/** GET /api/questions/{qid} (edit and copy modes). */
export function useQuestion(qid: string | null) {
  const api = useApi();
  return useQuery<Question, ApiError>({
    queryKey: [...QUESTIONS_QUERY_KEY, 'one', qid],
    queryFn: ({ signal }) =>
      api.GET('/api/questions/{qid}', { params: { path: { qid: qid ?? '' } }, signal }),
    enabled: qid !== null,
    // The editor copies it into its form once; a background refetch must not overwrite typing.
    staleTime: Infinity,
  });
}

/** GET /api/questions?filters: the question list (admin spec §2.4). */
export function useQuestionList(filters: QuestionFilters, enabled: boolean) {
  const api = useApi();
  return useQuery<QuestionListResponse, ApiError>({
    queryKey: [...QUESTIONS_QUERY_KEY, 'list', filters],
    queryFn: ({ signal }) =>
      api.GET('/api/questions', {
        params: { query: filtersParams(filters) },
        querySerializer: formQuery,
        signal,
      }),
    enabled,
    // Typing in the search keeps the last result on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

export interface SaveQuestionRequest {
  /** Edit mode updates this question; otherwise (new, copy) a new one is created. */
  updateQid: string | null;
  input: QuestionInput;
}

/** POST /api/questions (new, copy) or PUT /api/questions/{qid} (edit). */
export function useSaveQuestion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<Question, ApiError, SaveQuestionRequest>({
    mutationFn: ({ updateQid, input }) =>
      updateQid === null
        ? api.POST('/api/questions', { body: input })
        : api.PUT('/api/questions/{qid}', { params: { path: { qid: updateQid } }, body: input }),
    retry: false,
    // Admin spec §4: after a save the course and objective lists are refreshed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  });
}

/** DELETE /api/questions/{qid}; the list reloads afterwards, whatever happened. */
export function useDeleteQuestion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<{ deleted: true }, ApiError, string>({
    mutationFn: (qid) => api.DELETE('/api/questions/{qid}', { params: { path: { qid } } }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  });
}

/** GET /api/questions/export?filters: exportDate, totalQuestions, filters, questions. */
export function fetchExport(api: ApiClient, filters: QuestionFilters): Promise<QuestionsExport> {
  return api.GET('/api/questions/export', {
    params: { query: filtersParams(filters) },
    querySerializer: formQuery,
  });
}

/**
 * POST /api/admin/media/uploads (ADR 0020 §2): a presigned PUT for one file of a media panel;
 * the save then names its uploadId.
 */
export function createMediaUpload(api: ApiClient, input: CreateUploadInput): Promise<UploadTicket> {
  return api.POST('/api/admin/media/uploads', { body: input });
}
