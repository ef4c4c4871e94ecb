import { type Dashboard } from './session-context';

/** Learner spec §3: the default dashboard is also kept in local storage under this key. */
export const DEFAULT_DASHBOARD_STORAGE_KEY = 'user-default-dashboard';

export function isDashboard(value: unknown): value is Dashboard {
  return value === 'math' || value === 'design';
}

export function readStoredDashboard(): Dashboard | null {
  try {
    const value = window.localStorage.getItem(DEFAULT_DASHBOARD_STORAGE_KEY);
    return isDashboard(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeDashboard(value: Dashboard): void {
  try {
    window.localStorage.setItem(DEFAULT_DASHBOARD_STORAGE_KEY, value);
  } catch {
    // Storage may be disabled (private mode); the preference then lives in memory only.
  }
}

export function clearStoredDashboard(): void {
  try {
    window.localStorage.removeItem(DEFAULT_DASHBOARD_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

/** Learner spec §2: the user's default dashboard, else the locally stored one, else math. */
export function resolveDefaultDashboard(
  userDefault: Dashboard | null | undefined,
  stored: Dashboard | null | undefined,
): Dashboard {
  if (isDashboard(userDefault)) return userDefault;
  if (isDashboard(stored)) return stored;
  return 'math';
}
