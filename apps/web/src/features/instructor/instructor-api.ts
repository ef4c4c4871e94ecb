import type {
  ClassGradebook,
  ClassItemsAnswer,
  InstructorClassesAnswer,
} from '@examprep/contracts/types';
import { useQuery } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { apiPath } from '../../shared/api/api-paths';
import { CSV_MIME_TYPE, fetchStreamedExport, type ExportProgress } from '../../shared/export';

export const INSTRUCTOR_QUERY_KEY = ['instructor'] as const;

/** GET /api/instructor/classes: the classes the signed-in instructor teaches. */
export function useInstructorClasses() {
  const api = useApi();
  return useQuery<InstructorClassesAnswer, ApiError>({
    queryKey: [...INSTRUCTOR_QUERY_KEY, 'classes'],
    queryFn: ({ signal }) => api.GET('/api/instructor/classes', { signal }),
  });
}

/**
 * GET /api/instructor/classes/{contextKey}: the class's learners (the client encodes the key:
 * it holds ':' and the LMS's context id may hold anything), read fresh on every visit.
 */
export function useClassGradebook(contextKey: string) {
  const api = useApi();
  return useQuery<ClassGradebook, ApiError>({
    queryKey: [...INSTRUCTOR_QUERY_KEY, 'class', contextKey],
    queryFn: ({ signal }) =>
      api.GET('/api/instructor/classes/{contextKey}', {
        params: { path: { contextKey } },
        signal,
      }),
    staleTime: 0,
  });
}

/** GET /api/instructor/classes/{contextKey}/items: the class's item analysis. */
export function useClassItems(contextKey: string) {
  const api = useApi();
  return useQuery<ClassItemsAnswer, ApiError>({
    queryKey: [...INSTRUCTOR_QUERY_KEY, 'class', contextKey, 'items'],
    queryFn: ({ signal }) =>
      api.GET('/api/instructor/classes/{contextKey}/items', {
        params: { path: { contextKey } },
        signal,
      }),
  });
}

const EXPORT_PATH = apiPath('/api/instructor/classes/{contextKey}/export.csv');

/**
 * The class's gradebook as CSV (CLASS_CSV_COLUMNS), read as the gateway writes it (rows so far,
 * bytes), cancellable. The path is built here, not by the typed client: its key is encoded
 * once, as the client would.
 */
export async function fetchClassCsv(
  getToken: () => Promise<string | null>,
  contextKey: string,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; rows: number }> {
  const { blob, progress } = await fetchStreamedExport({
    path: EXPORT_PATH.replace('{contextKey}', encodeURIComponent(contextKey)),
    query: '',
    getToken,
    onProgress,
    signal,
    mimeType: CSV_MIME_TYPE,
  });
  return { blob, rows: progress.rows };
}
