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
import { type ApiClient, type ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { filtersQuery } from './question-filters';

/** Every question-bank query starts with this key, so one invalidation refreshes them all. */
export const QUESTIONS_QUERY_KEY = ['admin', 'questions'] as const;
export const FACETS_QUERY_KEY = [...QUESTIONS_QUERY_KEY, 'facets'] as const;

const questionPath = (qid: string) => `/questions/${encodeURIComponent(qid)}`;

/** GET /api/questions/facets: course and objective names in use (the editor's pickers). */
export function useQuestionFacets(enabled: boolean) {
  const api = useApi();
  return useQuery<QuestionFacets, ApiError>({
    queryKey: FACETS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<QuestionFacets>('/questions/facets', { signal }),
    enabled,
  });
}

/** GET /api/questions/{qid} (edit and copy modes). */
export function useQuestion(qid: string | null) {
  const api = useApi();
  return useQuery<Question, ApiError>({
    queryKey: [...QUESTIONS_QUERY_KEY, 'one', qid],
    queryFn: ({ signal }) => api.get<Question>(questionPath(qid ?? ''), { signal }),
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
      api.get<QuestionListResponse>(`/questions${filtersQuery(filters)}`, { signal }),
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
        ? api.post<Question>('/questions', input)
        : api.put<Question>(questionPath(updateQid), input),
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
    mutationFn: (qid) => api.delete<{ deleted: true }>(questionPath(qid)),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  });
}

/** GET /api/questions/export?filters: exportDate, totalQuestions, filters, questions. */
export function fetchExport(api: ApiClient, filters: QuestionFilters): Promise<QuestionsExport> {
  return api.get<QuestionsExport>(`/questions/export${filtersQuery(filters)}`);
}

/**
 * POST /api/admin/media/uploads (ADR 0020 §2): a presigned PUT for one file of a media panel;
 * the save then names its uploadId.
 */
export function createMediaUpload(api: ApiClient, input: CreateUploadInput): Promise<UploadTicket> {
  return api.post<UploadTicket>('/admin/media/uploads', input);
}
