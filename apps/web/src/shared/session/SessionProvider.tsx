import { type PublicConfig } from '@examprep/contracts/types';
import { useQueryClient } from '@tanstack/react-query';
import Keycloak from 'keycloak-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createApiClient } from '../api/api-client';
import { identityFromClaims, type TokenClaims } from './claims';
import {
  clearStoredDashboard,
  readStoredDashboard,
  resolveDefaultDashboard,
} from './default-dashboard';
import { EMPTY_PROFILE, loadUserProfile } from './profile';
import { SIGNED_OUT, SessionContext, type Session, type SessionState } from './session-context';
import { useIdleTimeout } from './use-idle-timeout';

/** Refresh the access token when it expires within this many seconds (before each API call). */
export const TOKEN_MIN_VALIDITY_S = 30;

const LOADING: SessionState = { ...SIGNED_OUT, status: 'loading' };

function origin(): string {
  return window.location.origin;
}

/**
 * The session (learner spec §4) on keycloak-js: authorization code + PKCE S256, a silent
 * check-sso on load so a returning user is signed in without a redirect, no login iframe.
 */
export function SessionProvider({
  keycloak: keycloakConfig,
  children,
}: {
  keycloak: PublicConfig['keycloak'];
  children: ReactNode;
}) {
  const [kc] = useState(() => new Keycloak(keycloakConfig));
  const [state, setState] = useState<SessionState>(LOADING);
  const initRef = useRef<Promise<boolean> | null>(null);
  const queryClient = useQueryClient();

  const resetSignedOut = useCallback(() => {
    clearStoredDashboard();
    queryClient.clear();
    setState(SIGNED_OUT);
  }, [queryClient]);

  const getToken = useCallback(async (): Promise<string | null> => {
    if (!kc.authenticated) return null;
    try {
      await kc.updateToken(TOKEN_MIN_VALIDITY_S);
    } catch {
      // The refresh token is gone or expired: the session is over.
      resetSignedOut();
      return null;
    }
    return kc.token ?? null;
  }, [kc, resetSignedOut]);

  const readIdentity = useCallback(
    () =>
      identityFromClaims(
        kc.tokenParsed as TokenClaims | undefined,
        kc.idTokenParsed as TokenClaims | undefined,
      ),
    [kc],
  );

  const applySignedIn = useCallback(async () => {
    const identity = readIdentity();
    let profile = EMPTY_PROFILE;
    try {
      profile = await loadUserProfile(createApiClient({ getToken }));
    } catch (err) {
      // Learner spec §4: read errors are logged and the defaults used.
      // eslint-disable-next-line no-console
      console.warn('Could not read the user profile; using defaults.', err);
    }
    setState({
      status: 'signed-in',
      ...identity,
      defaultDashboard: resolveDefaultDashboard(profile.defaultDashboard, readStoredDashboard()),
      purchases: profile.purchases,
      initError: null,
      signingOut: false,
    });
  }, [getToken, readIdentity]);

  useEffect(() => {
    kc.onTokenExpired = () => {
      kc.updateToken(TOKEN_MIN_VALIDITY_S).catch(resetSignedOut);
    };
    kc.onAuthRefreshSuccess = () => {
      // Claims such as email_verified may have changed with the new token.
      const identity = readIdentity();
      setState((prev) =>
        prev.status === 'signed-in' &&
        (prev.isAdmin !== identity.isAdmin || prev.emailVerified !== identity.emailVerified)
          ? { ...prev, ...identity }
          : prev,
      );
    };
    kc.onAuthLogout = resetSignedOut;

    // keycloak-js may be initialised only once; StrictMode runs effects twice in development.
    initRef.current ??= kc.init({
      onLoad: 'check-sso',
      pkceMethod: 'S256',
      silentCheckSsoRedirectUri: `${origin()}/silent-check-sso.html`,
      checkLoginIframe: false,
    });
    let cancelled = false;
    initRef.current.then(
      async (authenticated) => {
        if (cancelled) return;
        if (authenticated) await applySignedIn();
        else setState(SIGNED_OUT);
      },
      (err: unknown) => {
        if (cancelled) return;
        const detail = err instanceof Error ? err.message : 'the sign-in service did not answer';
        setState({ ...SIGNED_OUT, initError: `Could not start the session: ${detail}.` });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [kc, applySignedIn, readIdentity, resetSignedOut]);

  const login = useCallback(
    async (redirectPath = '/dashboard') => {
      await kc.login({ redirectUri: `${origin()}${redirectPath}` });
    },
    [kc],
  );

  const logout = useCallback(async () => {
    clearStoredDashboard();
    queryClient.clear();
    setState({ ...SIGNED_OUT, signingOut: true });
    await kc.logout({ redirectUri: `${origin()}/login` });
  }, [kc, queryClient]);

  const refresh = useCallback(async () => {
    await kc.updateToken(-1);
    const identity = readIdentity();
    setState((prev) => (prev.status === 'signed-in' ? { ...prev, ...identity } : prev));
  }, [kc, readIdentity]);

  useIdleTimeout(state.status === 'signed-in', () => void logout());

  const session = useMemo<Session>(
    () => ({ ...state, login, logout, refresh, getToken }),
    [state, login, logout, refresh, getToken],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
