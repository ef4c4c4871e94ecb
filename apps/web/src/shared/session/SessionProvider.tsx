import {
  heldPurchases,
  type Me,
  type PublicConfig,
  type UserDocument,
} from '@examprep/contracts/types';
import { useQueryClient } from '@tanstack/react-query';
import Keycloak from 'keycloak-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createApiClient } from '../api/api-client';
import { identityFromClaims, type TokenClaims } from './claims';
import {
  clearStoredDashboard,
  readStoredDashboard,
  resolveDefaultDashboard,
  storeDashboard,
} from './default-dashboard';
import {
  clearLoggedInFlag,
  clearSignedInHere,
  markSignedInHere,
  markStagingRestricted,
  readNavigationSource,
  rememberNavigationSource,
} from './local-flags';
import { subscribeMeEvents } from './me-events';
import { SCHOOL_IDP } from './school-idp';
import { silentCheckNeeded } from './silent-check';
import { EMPTY_PROFILE, profileFromMe } from './profile';
import { afterSignIn, signedInBySignup, type RegistrationClaims } from './registration';
import {
  type LoginOptions,
  SIGNED_OUT,
  SessionContext,
  type Session,
  type SessionState,
} from './session-context';
import { useIdleTimeout } from './use-idle-timeout';

/** Refresh the access token when it expires within this many seconds (before each API call). */
export const TOKEN_MIN_VALIDITY_S = 30;

const LOADING: SessionState = { ...SIGNED_OUT, status: 'loading' };

function origin(): string {
  return window.location.origin;
}

function samePurchases(a: Record<string, boolean>, b: Record<string, boolean>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

function logWarning(message: string, err: unknown) {
  // Learner spec §4: read errors are logged and the defaults used.
  // eslint-disable-next-line no-console
  console.warn(message, err);
}

/**
 * The session (learner spec §4) on keycloak-js: authorization code + PKCE S256, a silent
 * check-sso on load so a returning user is signed in without a redirect, no login iframe.
 * Signed in: GET /api/me (the user document's part); without a document either the sign-up
 * completion screen (a sign-up, `signupPending`) or a quiet POST /api/create-user (an older
 * account); GET /api/me/events kept open, and on the staging host the staging check.
 */
export function SessionProvider({
  keycloak: keycloakConfig,
  staging = false,
  children,
}: {
  keycloak: PublicConfig['keycloak'];
  /** PublicConfig.staging: check staging access after sign-in. */
  staging?: boolean;
  children: ReactNode;
}) {
  const [kc] = useState(() => new Keycloak(keycloakConfig));
  const [state, setState] = useState<SessionState>(LOADING);
  const initRef = useRef<Promise<boolean> | null>(null);
  const registerRef = useRef<Promise<UserDocument> | null>(null);
  const queryClient = useQueryClient();

  const clearLocal = useCallback(() => {
    clearStoredDashboard();
    clearLoggedInFlag();
    clearSignedInHere();
    registerRef.current = null;
    queryClient.clear();
  }, [queryClient]);

  const resetSignedOut = useCallback(() => {
    clearLocal();
    setState(SIGNED_OUT);
  }, [clearLocal]);

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

  const applyMe = useCallback((me: Me) => {
    if (me.hasDocument) storeDashboard(me.defaultDashboard);
    setState((prev) => {
      if (prev.status !== 'signed-in' || (prev.user && me.uid && prev.user.uid !== me.uid)) {
        return prev;
      }
      const defaultDashboard = me.hasDocument ? me.defaultDashboard : prev.defaultDashboard;
      const purchases = me.purchases ?? {};
      if (defaultDashboard === prev.defaultDashboard && samePurchases(purchases, prev.purchases)) {
        return prev;
      }
      return { ...prev, defaultDashboard, purchases };
    });
  }, []);

  const registerUser = useCallback((): Promise<UserDocument> => {
    registerRef.current ??= createApiClient({ getToken })
      .POST('/api/create-user', { body: {} })
      .then(
        (doc) => {
          storeDashboard(doc.defaultDashboard);
          setState((prev) =>
            prev.status === 'signed-in'
              ? {
                  ...prev,
                  defaultDashboard: doc.defaultDashboard,
                  purchases: heldPurchases(doc.purchases),
                  signupPending: false,
                }
              : prev,
          );
          return doc;
        },
        (err: unknown) => {
          registerRef.current = null;
          throw err;
        },
      );
    return registerRef.current;
  }, [getToken]);

  /** Learner spec §4 staging: no access means signed out, with the reason shown on /login. */
  const denyStaging = useCallback(async () => {
    markStagingRestricted();
    clearLocal();
    setState({ ...SIGNED_OUT, signingOut: true });
    try {
      await kc.logout({ redirectUri: `${origin()}/login` });
    } catch {
      setState(SIGNED_OUT);
    }
  }, [kc, clearLocal]);

  const applySignedIn = useCallback(async () => {
    const identity = readIdentity();
    const api = createApiClient({ getToken });
    if (staging) {
      try {
        await api.POST('/api/verify-staging-access');
      } catch (err) {
        logWarning('Staging access refused; signing out.', err);
        await denyStaging();
        return;
      }
    }
    let profile = EMPTY_PROFILE;
    let hasDocument: boolean | null = null;
    try {
      const me = await api.GET('/api/me');
      profile = profileFromMe(me);
      if (me.hasDocument) storeDashboard(me.defaultDashboard);
      hasDocument = me.hasDocument;
    } catch (err) {
      logWarning('Could not read the user profile; using defaults.', err);
    }
    // A sign-up from any entry point ends here signed in (ADR 0014). Without the token's
    // answer (a realm without the mapper), only a return from register() counts.
    const bySignup =
      signedInBySignup(kc.idTokenParsed as RegistrationClaims | undefined) ??
      readNavigationSource() === 'signup';
    const next = afterSignIn({ bySignup, hasDocument, emailVerified: identity.emailVerified });
    if (next === 'create-silently') {
      // An account without a document that is no sign-up to complete (seeded, made by staff,
      // a sign-up whose completion never ran): make it without the sign-up screens.
      registerUser().catch((err: unknown) =>
        logWarning('Could not create the user document.', err),
      );
    }
    markSignedInHere();
    setState({
      status: 'signed-in',
      ...identity,
      defaultDashboard: resolveDefaultDashboard(profile.defaultDashboard, readStoredDashboard()),
      purchases: profile.purchases,
      initError: null,
      signingOut: false,
      signupPending: next === 'complete-signup',
    });
  }, [kc, getToken, readIdentity, staging, denyStaging, registerUser]);

  useEffect(() => {
    kc.onTokenExpired = () => {
      kc.updateToken(TOKEN_MIN_VALIDITY_S).catch(resetSignedOut);
    };
    kc.onAuthRefreshSuccess = () => {
      // Claims such as email_verified may have changed with the new token.
      const identity = readIdentity();
      setState((prev) =>
        prev.status === 'signed-in' &&
        (prev.isAdmin !== identity.isAdmin ||
          prev.isInstructor !== identity.isInstructor ||
          prev.emailVerified !== identity.emailVerified)
          ? { ...prev, ...identity }
          : prev,
      );
    };
    kc.onAuthLogout = resetSignedOut;

    // keycloak-js may be initialised only once; StrictMode runs effects twice in development.
    initRef.current ??= kc.init(
      silentCheckNeeded(window.location)
        ? {
            onLoad: 'check-sso',
            pkceMethod: 'S256',
            silentCheckSsoRedirectUri: `${origin()}/silent-check-sso.html`,
            checkLoginIframe: false,
          }
        : { pkceMethod: 'S256', checkLoginIframe: false },
    );
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

  // The live listener on the user document (learner spec §4): open while signed in.
  const signedIn = state.status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return;
    return subscribeMeEvents({ getToken, onMe: applyMe });
  }, [signedIn, getToken, applyMe]);

  const login = useCallback(
    async (redirectPath = '/dashboard', options: LoginOptions = {}) => {
      rememberNavigationSource('login');
      await kc.login({
        redirectUri: `${origin()}${redirectPath}`,
        // a launch from a school's LMS (ADR 0040): Keycloak's identity provider `lti` signs in
        // the launch's user, even over a session of someone else in this browser
        ...(options.school ? { idpHint: SCHOOL_IDP, prompt: 'login' as const } : {}),
      });
    },
    [kc],
  );

  const register = useCallback(
    async (redirectPath: string) => {
      // read back after the sign-up only when the token cannot tell (see applySignedIn)
      rememberNavigationSource('signup');
      await kc.register({ redirectUri: `${origin()}${redirectPath}` });
    },
    [kc],
  );

  const logout = useCallback(
    async (redirectPath = '/login') => {
      clearLocal();
      setState({ ...SIGNED_OUT, signingOut: true });
      await kc.logout({ redirectUri: `${origin()}${redirectPath}` });
    },
    [kc, clearLocal],
  );

  const refresh = useCallback(async () => {
    await kc.updateToken(-1);
    const identity = readIdentity();
    setState((prev) => (prev.status === 'signed-in' ? { ...prev, ...identity } : prev));
  }, [kc, readIdentity]);

  useIdleTimeout(signedIn, () => void logout());

  const session = useMemo<Session>(
    () => ({ ...state, login, register, registerUser, applyMe, logout, refresh, getToken }),
    [state, login, register, registerUser, applyMe, logout, refresh, getToken],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
