import { type Announcement, type AnnouncementInput } from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context';
import { type ApiError } from '../../shared/api/api-client';

export const ANNOUNCEMENTS_QUERY_KEY = ['announcements'] as const;

/** GET /api/announcements: admins get every item (hidden ones too), others the visible ones, sorted. */
export function useAnnouncements() {
  const api = useApi();
  return useQuery<Announcement[], ApiError>({
    queryKey: ANNOUNCEMENTS_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/announcements', { signal }),
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
