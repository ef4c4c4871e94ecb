import { isSignedInHere } from './local-flags';

/**
 * Whether keycloak-js should look for a session silently (check-sso: a hidden frame and the
 * third-party cookie probe, some 300 ms) as the app starts. Not on the return from Keycloak with
 * a code (keycloak-js exchanges it, the session is the new one), and not on an LMS launch's
 * /lti/start in a browser where nobody signed in to the app (the launch signs in anyway; the
 * check is there only to sign out someone else first).
 */
export function silentCheckNeeded(location: Pick<Location, 'pathname' | 'hash'>): boolean {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (fragment.has('code') && fragment.has('state')) return false;
  return !(location.pathname === '/lti/start' && !isSignedInHere());
}
