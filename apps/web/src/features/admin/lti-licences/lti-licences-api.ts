import {
  type Licence,
  type LicenceInput,
  type LicencesAnswer,
  type LicenceSeatsAnswer,
  type LtiPlatformsAnswer,
} from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';

/** Every licence list and seat list: a save or a freed seat changes counts in both. */
export const LTI_LICENCES_QUERY_KEY = ['admin', 'lti-licences'] as const;

const seatsKey = (id: string) => [...LTI_LICENCES_QUERY_KEY, 'seats', id] as const;

/** The LMS platforms screen's key too: both screens read one cached answer. */
const PLATFORMS_QUERY_KEY = ['admin', 'lti-platforms'] as const;

/** GET /api/admin/lti/platforms: the platforms a licence belongs to (filter, form, names). */
export function useLicencePlatforms() {
  const api = useApi();
  return useQuery<LtiPlatformsAnswer, ApiError>({
    queryKey: PLATFORMS_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/admin/lti/platforms', { signal }),
  });
}

/** GET /api/admin/lti/licences, of one platform when `platformId` is set. */
export function useLicences(platformId: string | null) {
  const api = useApi();
  return useQuery<LicencesAnswer, ApiError>({
    queryKey: [...LTI_LICENCES_QUERY_KEY, 'list', platformId ?? 'all'],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/lti/licences', {
        params: { query: platformId ? { platformId } : {} },
        signal,
      }),
  });
}

/** POST /api/admin/lti/licences (no id) or PUT /api/admin/lti/licences/{id}. */
export function useSaveLicence(id: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<Licence, ApiError, LicenceInput>({
    mutationFn: (input) =>
      id === null
        ? api.POST('/api/admin/lti/licences', { body: input })
        : api.PUT('/api/admin/lti/licences/{id}', { params: { path: { id } }, body: input }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LTI_LICENCES_QUERY_KEY }),
  });
}

/** GET /api/admin/lti/licences/{id}/seats: who holds a seat, since when. */
export function useLicenceSeats(id: string) {
  const api = useApi();
  return useQuery<LicenceSeatsAnswer, ApiError>({
    queryKey: seatsKey(id),
    queryFn: ({ signal }) =>
      api.GET('/api/admin/lti/licences/{id}/seats', { params: { path: { id } }, signal }),
  });
}

/** DELETE /api/admin/lti/licences/{id}/seats/{uid}: the seat is free, its products taken back. */
export function useFreeSeat(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: async (uid) => {
      await api.DELETE('/api/admin/lti/licences/{id}/seats/{uid}', {
        params: { path: { id, uid } },
      });
    },
    retry: false,
    // a failure too: the seat may have been freed meanwhile (404)
    onSettled: () => queryClient.invalidateQueries({ queryKey: LTI_LICENCES_QUERY_KEY }),
  });
}
