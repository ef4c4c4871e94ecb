/**
 * Small flags the session and the dashboard keep in the browser (learner spec §2 Dashboard,
 * §4 Session). Storage may be disabled (private mode): every access is guarded and a missing
 * value reads as "not set".
 */

/** localStorage: the welcome modal has been shown since this sign-in. Logout clears it. */
export const LOGGED_IN_FLAG_KEY = 'user-logged-in';
/**
 * localStorage: someone signed in to the app in this browser and has not signed out (an LMS
 * launch checks for their session first only then).
 */
export const SIGNED_IN_HERE_KEY = 'signed-in-here';
/** localStorage: when the welcome modal was last closed (ms since the epoch). */
export const WELCOME_DISMISSED_KEY = 'welcome-modal-dismissed-at';
/** sessionStorage: how the user reached the app after the identity provider (login/signup). */
export const NAVIGATION_SOURCE_KEY = 'auth-navigation-source';
/** sessionStorage: the staging access check failed; /login explains why. */
export const STAGING_RESTRICTED_KEY = 'staging-access-restricted';

/** A navigation source older than this is stale (the sign-in page was left open). */
export const NAVIGATION_SOURCE_MAX_AGE_MS = 30 * 60_000;

export type NavigationSource = 'login' | 'signup';

function read(storage: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return window[storage].getItem(key);
  } catch {
    return null;
  }
}

function write(storage: 'localStorage' | 'sessionStorage', key: string, value: string | null) {
  try {
    if (value === null) window[storage].removeItem(key);
    else window[storage].setItem(key, value);
  } catch {
    // storage unavailable: the flag lives for this page only
  }
}

export function isLoggedInFlagSet(): boolean {
  return read('localStorage', LOGGED_IN_FLAG_KEY) === 'true';
}

export function setLoggedInFlag(): void {
  write('localStorage', LOGGED_IN_FLAG_KEY, 'true');
}

export function clearLoggedInFlag(): void {
  write('localStorage', LOGGED_IN_FLAG_KEY, null);
}

export function isSignedInHere(): boolean {
  return read('localStorage', SIGNED_IN_HERE_KEY) === 'true';
}

export function markSignedInHere(): void {
  write('localStorage', SIGNED_IN_HERE_KEY, 'true');
}

export function clearSignedInHere(): void {
  write('localStorage', SIGNED_IN_HERE_KEY, null);
}

export function setWelcomeDismissedAt(now = Date.now()): void {
  write('localStorage', WELCOME_DISMISSED_KEY, String(now));
}

export function readWelcomeDismissedAt(): number | null {
  const value = Number(read('localStorage', WELCOME_DISMISSED_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function rememberNavigationSource(source: NavigationSource, now = Date.now()): void {
  write('sessionStorage', NAVIGATION_SOURCE_KEY, JSON.stringify({ source, at: now }));
}

/** The remembered source, while fresh (it is not removed: see clearNavigationSource). */
export function readNavigationSource(now = Date.now()): NavigationSource | null {
  const raw = read('sessionStorage', NAVIGATION_SOURCE_KEY);
  if (raw === null) return null;
  try {
    const { source, at } = JSON.parse(raw) as { source?: unknown; at?: unknown };
    const fresh =
      typeof at === 'number' && now - at >= 0 && now - at < NAVIGATION_SOURCE_MAX_AGE_MS;
    return fresh && (source === 'login' || source === 'signup') ? source : null;
  } catch {
    return null;
  }
}

export function clearNavigationSource(): void {
  write('sessionStorage', NAVIGATION_SOURCE_KEY, null);
}

export function markStagingRestricted(): void {
  write('sessionStorage', STAGING_RESTRICTED_KEY, 'true');
}

export function isStagingRestricted(): boolean {
  return read('sessionStorage', STAGING_RESTRICTED_KEY) === 'true';
}

export function clearStagingRestricted(): void {
  write('sessionStorage', STAGING_RESTRICTED_KEY, null);
}
