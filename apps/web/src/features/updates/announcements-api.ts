import {
  type Announcement,
  type AnnouncementInput,
  type LatestAnnouncementAnswer,
} from '@examprep/contracts/types';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context';
import { formQuery, type ApiError } from '../../shared/api/api-client';
import { type ApiPage } from '../../shared/api/api-paths';

/** Every announcements query starts with this key, so one invalidation refreshes them all. */
export const ANNOUNCEMENTS_QUERY_KEY = ['announcements'] as const;

/**
 * GET /api/announcements: admins get every item (hidden ones too), others the visible ones,
 * sorted, a page at a time (ADR 0026): `fetchNextPage` asks for the page after the last one's
 * cursor.
 */
export function useAnnouncements() {
  const api = useApi();
  return useInfiniteQuery<
    ApiPage<Announcement[]>,
    ApiError,
    { pages: ApiPage<Announcement[]>[] },
    readonly unknown[],
    string | null
  >({
    queryKey: [...ANNOUNCEMENTS_QUERY_KEY, 'list'],
    queryFn: ({ signal, pageParam }) =>
      api.GETPage('/api/announcements', {
        params: { query: pageParam ? { cursor: pageParam } : {} },
        querySerializer: formQuery,
        signal,
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
  });
}

/**
 * GET /api/announcements/latest: the welcome modal's latest visible announcement (newest by
 * date), one row read by the service, not the list.
 */
export function useLatestAnnouncement() {
  const api = useApi();
  return useQuery<LatestAnnouncementAnswer, ApiError>({
    queryKey: [...ANNOUNCEMENTS_QUERY_KEY, 'latest'],
    queryFn: ({ signal }) => api.GET('/api/announcements/latest', { signal }),
  });
}

/** POST /api/announcements (no id) or PUT /api/announcements/{id}. */
export function useSaveAnnouncement(id: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<Announcement, ApiError, AnnouncementInput>({
    mutationFn: (input) =>
      id === null
        ? api.POST('/api/announcements', { body: input })
        : api.PUT('/api/announcements/{id}', { params: { path: { id } }, body: input }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY }),
  });
}

/** DELETE /api/announcements/{id}. */
export function useDeleteAnnouncement() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: async (id) => {
      await api.DELETE('/api/announcements/{id}', { params: { path: { id } } });
    },
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY }),
  });
}
