import type {
  ItemErrorRates,
  ItemStatsDetail,
  ItemStatsListAnswer,
  QuestionFacets,
} from '@examprep/contracts/types';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formQuery, type ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { apiPath, type ApiPage } from '../../../shared/api/api-paths';
import { CSV_MIME_TYPE, fetchStreamedExport, type ExportProgress } from '../../../shared/export';
import type { ItemAnalysisView } from './item-analysis-params';

export const ITEM_ANALYSIS_QUERY_KEY = ['admin', 'item-analysis'] as const;

const filterQuery = (v: Pick<ItemAnalysisView, 'course' | 'objective'>) => ({
  ...(v.course ? { course: v.course } : {}),
  ...(v.course && v.objective ? { objective: v.objective } : {}),
});

/** GET /api/questions/facets: the courses and their objectives, for the filters. */
export function useFacets() {
  const api = useApi();
  return useQuery<QuestionFacets, ApiError>({
    queryKey: [...ITEM_ANALYSIS_QUERY_KEY, 'facets'],
    queryFn: ({ signal }) => api.GET('/api/questions/facets', { signal }),
  });
}

/** GET /api/admin/item-analysis: a page at a time (ADR 0026), in the order of the view. */
export function useItemStats(view: ItemAnalysisView) {
  const api = useApi();
  const query = { ...filterQuery(view), sort: view.sort, dir: view.dir };
  return useInfiniteQuery<
    ApiPage<ItemStatsListAnswer>,
    ApiError,
    { pages: ApiPage<ItemStatsListAnswer>[] },
    readonly unknown[],
    string | null
  >({
    queryKey: [...ITEM_ANALYSIS_QUERY_KEY, 'list', query],
    queryFn: ({ signal, pageParam }) =>
      api.GETPage('/api/admin/item-analysis', {
        params: { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } },
        querySerializer: formQuery,
        signal,
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/item-analysis/questions/{qid}. */
export function useItemDetail(qid: string | undefined) {
  const api = useApi();
  return useQuery<ItemStatsDetail, ApiError>({
    queryKey: [...ITEM_ANALYSIS_QUERY_KEY, 'one', qid],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/item-analysis/questions/{qid}', {
        params: { path: { qid: qid ?? '' } },
        signal,
      }),
    enabled: qid !== undefined,
  });
}

/** GET /api/admin/item-analysis/error-rates. */
export function useErrorRates(view: Pick<ItemAnalysisView, 'course' | 'objective'>) {
  const api = useApi();
  const query = filterQuery(view);
  return useQuery<ItemErrorRates, ApiError>({
    queryKey: [...ITEM_ANALYSIS_QUERY_KEY, 'error-rates', query],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/item-analysis/error-rates', {
        params: { query },
        querySerializer: formQuery,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const EXPORT_PATH = apiPath('/api/admin/item-analysis/export');

/** The streamed CSV export of the view's filters and order (item_analysis.csv). */
export async function fetchItemStatsCsv(
  getToken: () => Promise<string | null>,
  view: ItemAnalysisView,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; rows: number }> {
  const { blob, progress } = await fetchStreamedExport({
    path: EXPORT_PATH,
    query: formQuery({ ...filterQuery(view), sort: view.sort, dir: view.dir }),
    getToken,
    onProgress,
    signal,
    mimeType: CSV_MIME_TYPE,
  });
  return { blob, rows: progress.rows };
}
