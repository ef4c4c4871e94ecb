import {
  type LtiPlatform,
  type LtiPlatformInput,
  type LtiPlatformsAnswer,
} from '@examprep/contracts/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';

export const LTI_PLATFORMS_QUERY_KEY = ['admin', 'lti-platforms'] as const;

/** GET /api/admin/lti/platforms: the registrations and the tool's own URLs. */
export function useLtiPlatforms() {
  const api = useApi();
  return useQuery<LtiPlatformsAnswer, ApiError>({
    queryKey: LTI_PLATFORMS_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/admin/lti/platforms', { signal }),
  });
}

/** POST /api/admin/lti/platforms (no id) or PUT /api/admin/lti/platforms/{id}. */
export function useSaveLtiPlatform(id: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<LtiPlatform, ApiError, LtiPlatformInput>({
    mutationFn: (input) =>
      id === null
        ? api.POST('/api/admin/lti/platforms', { body: input })
        : api.PUT('/api/admin/lti/platforms/{id}', { params: { path: { id } }, body: input }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LTI_PLATFORMS_QUERY_KEY }),
  });
}

export interface StatusChange {
  platform: LtiPlatform;
  input: LtiPlatformInput;
}

/** Activate or Disable from a row: PUT of the platform as saved, with the new status. */
export function useSetLtiPlatformStatus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<LtiPlatform, ApiError, StatusChange>({
    mutationFn: ({ platform, input }) =>
      api.PUT('/api/admin/lti/platforms/{id}', {
        params: { path: { id: platform.id } },
        body: input,
      }),
    retry: false,
    // a failure too: the row may have changed or gone meanwhile (404)
    onSettled: () => queryClient.invalidateQueries({ queryKey: LTI_PLATFORMS_QUERY_KEY }),
  });
}

/** DELETE /api/admin/lti/platforms/{id}. */
export function useDeleteLtiPlatform() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: async (id) => {
      await api.DELETE('/api/admin/lti/platforms/{id}', { params: { path: { id } } });
    },
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LTI_PLATFORMS_QUERY_KEY }),
  });
}
