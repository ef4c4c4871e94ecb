import { useCallback } from 'react';
import { useApi } from '../api/api-context';
import { useSession } from './session-context';

/**
 * Reads GET /api/me again into the session (purchases, default dashboard): what a page does
 * when it knows the user document changed (after a payment), besides the live stream.
 */
export function useReloadMe(): () => Promise<void> {
  const api = useApi();
  const { applyMe } = useSession();
  return useCallback(async () => {
    try {
      applyMe(await api.GET('/api/me'));
    } catch (err) {
      // The live stream still brings the change; defaults stay meanwhile (learner spec §4).
      // eslint-disable-next-line no-console
      console.warn('Could not re-read the session state.', err);
    }
  }, [api, applyMe]);
}
