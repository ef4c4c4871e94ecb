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
 * Reads the signed-in user's profile. The accounts capability adds GET /api/me; until then
 * the profile is empty. Switching over is this one function:
 * `return api.get<UserProfile>('/me')` (the caller already falls back to the defaults on error).
 */
export async function loadUserProfile(_api: ApiClient): Promise<UserProfile> {
  return EMPTY_PROFILE;
}
