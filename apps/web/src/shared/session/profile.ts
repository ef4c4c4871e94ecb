import type { Me } from '@examprep/contracts/types';
import { type ApiClient } from '../api/api-client';
import { type Dashboard } from './session-context';

/** The user document's part of the session (learner spec §3). */
export interface UserProfile {
  /** null: the server has no preference (the stored one, else math, applies). */
  defaultDashboard: Dashboard | null;
  purchases: Record<string, boolean>;
}

export const EMPTY_PROFILE: UserProfile = { defaultDashboard: null, purchases: {} };

/**
 * Reads the signed-in user's profile from GET /api/me. Without a user document the server's
 * dashboard is no preference (the stored one, else math, applies: learner spec §2); the caller
 * falls back to EMPTY_PROFILE when the call fails.
 */
export async function loadUserProfile(api: ApiClient): Promise<UserProfile> {
  return profileFromMe(await api.GET('/api/me'));
}

/** The profile part of a Me (GET /api/me, the `me` event of /api/me/events). */
export function profileFromMe(me: Me): UserProfile {
  return {
    defaultDashboard: me.hasDocument ? me.defaultDashboard : null,
    purchases: me.purchases ?? {},
  };
}
