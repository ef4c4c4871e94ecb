import type { Dashboard, Me } from '@examprep/contracts/types';
import { useMutation } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';
import { useSession } from '../../shared/session/session-context';

/**
 * POST /api/update-user-default-dashboard; the answer (the session state) goes into the
 * session, which also writes the choice to local storage (learner spec §3).
 */
export function useUpdateDefaultDashboard() {
  const api = useApi();
  const { applyMe } = useSession();
  return useMutation<Me, ApiError, Dashboard>({
    mutationFn: (defaultDashboard) =>
      api.POST('/api/update-user-default-dashboard', { body: { defaultDashboard } }),
    onSuccess: (me) => applyMe(me),
    retry: false,
  });
}
