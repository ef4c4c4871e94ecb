import { type SessionState } from '../../shared/session/session-context';

/**
 * Learner spec §2 route `/`: logged-in users go to /dashboard?tab={default dashboard, else
 * locally stored preference, else math}; others see the login screen. The session resolves
 * that order once at sign-in (`resolveDefaultDashboard`), so its value is the tab.
 */
export function homeTarget(session: Pick<SessionState, 'status' | 'defaultDashboard'>): string {
  if (session.status !== 'signed-in') return '/login';
  return `/dashboard?tab=${session.defaultDashboard}`;
}

export const MARKETING_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export const MARKETING_STORAGE_KEY = 'marketing-params';

/** Learner spec §1: utm_* on the root route are kept in session storage with a timestamp and a logged-in flag. */
export function storeMarketingParams(
  params: URLSearchParams,
  loggedIn: boolean,
  now = Date.now(),
): void {
  const found: Record<string, string> = {};
  for (const key of MARKETING_PARAMS) {
    const value = params.get(key);
    if (value) found[key] = value.slice(0, 200);
  }
  if (Object.keys(found).length === 0) return;
  try {
    window.sessionStorage.setItem(
      MARKETING_STORAGE_KEY,
      JSON.stringify({ ...found, timestamp: now, loggedIn }),
    );
  } catch {
    // session storage unavailable: nothing to keep
  }
}
