import {
  type CreateUploadInput,
  type Question,
  type QuestionFacets,
  type QuestionFilters,
  type QuestionInput,
  type QuestionListResponse,
  type UploadTicket,
} from '@examprep/contracts/types';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { formQuery, type ApiClient, type ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { apiPath, type ApiPage } from '../../../shared/api/api-paths';
import { fetchStreamedExport, type ExportProgress } from '../../../shared/export';
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

/**
 * GET /api/questions?filters: the question list (admin spec §2.4), a page at a time (ADR 0026):
 * `fetchNextPage` asks for the page after the last one's cursor.
 */
export function useQuestionList(filters: QuestionFilters, enabled: boolean) {
  const api = useApi();
  return useInfiniteQuery<
    ApiPage<QuestionListResponse>,
    ApiError,
    { pages: ApiPage<QuestionListResponse>[] },
    readonly unknown[],
    string | null
  >({
    queryKey: [...QUESTIONS_QUERY_KEY, 'list', filters],
    queryFn: ({ signal, pageParam }) =>
      api.GETPage('/api/questions', {
        params: {
          query: { ...filtersParams(filters), ...(pageParam ? { cursor: pageParam } : {}) },
        },
        querySerializer: formQuery,
        signal,
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
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

/** Export Questions is read as a stream (progress, cancel), not by the JSON client. */
const EXPORT_PATH = apiPath('/api/questions/export');

/**
 * GET /api/questions/export?filters: exportDate, totalQuestions, filters, questions, written by
 * the gateway as it reads pages (ADR 0026); the file, and how many questions it holds.
 */
export async function fetchExport(
  getToken: () => Promise<string | null>,
  filters: QuestionFilters,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; rows: number }> {
  const { blob, progress } = await fetchStreamedExport({
    path: EXPORT_PATH,
    query: formQuery({ ...filtersParams(filters) }),
    getToken,
    onProgress,
    signal,
  });
  return { blob, rows: progress.rows };
}

/**
 * POST /api/admin/media/uploads (ADR 0020 §2): a presigned PUT for one file of a media panel;
 * the save then names its uploadId.
 */
export function createMediaUpload(api: ApiClient, input: CreateUploadInput): Promise<UploadTicket> {
  return api.POST('/api/admin/media/uploads', { body: input });
}
