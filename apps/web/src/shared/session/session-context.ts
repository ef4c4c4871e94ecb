import type { Me, UserDocument } from '@examprep/contracts/types';
import { createContext, useContext } from 'react';

export type Dashboard = 'math' | 'design';
export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface SessionUser {
  uid: string;
  email: string;
  /** The person's name from the token ('' when none). */
  name?: string;
}

/** Learner spec §3 session state (purchases: map of product key to owned). */
export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  isAdmin: boolean;
  /** The realm role `instructor` (an LMS course's teacher, ADR 0040): their classes' screens. */
  isInstructor: boolean;
  emailVerified: boolean;
  defaultDashboard: Dashboard;
  purchases: Record<string, boolean>;
  /** Set when keycloak-js could not start (identity provider unreachable). */
  initError: string | null;
  /** True between Logout and the browser leaving for the identity provider. */
  signingOut: boolean;
  /**
   * This sign-in ended a sign-up (from any entry point) and the user document does not exist
   * yet: the app shows the sign-up completion screen, whose POST /api/create-user clears it.
   */
  signupPending: boolean;
}

export interface LoginOptions {
  /** Sign in the user of an LMS launch (the launch's one-time ticket is the browser's cookie). */
  school?: boolean;
}

export interface Session extends SessionState {
  /** Sends the browser to the sign-in page; it returns to `redirectPath` (default /dashboard). */
  login(redirectPath?: string, options?: LoginOptions): Promise<void>;
  /** Sends the browser to the identity provider's sign-up form; it returns to `redirectPath`. */
  register(redirectPath: string): Promise<void>;
  /**
   * POST /api/create-user for the signed-in user, once: concurrent callers share the call, a
   * success is kept, a failure may be retried.
   */
  registerUser(): Promise<UserDocument>;
  /** Takes the user document's part of GET /api/me (purchases, default dashboard). */
  applyMe(me: Me): void;
  /**
   * Clears state and the stored dashboard, then ends the identity-provider session; the browser
   * comes back to `redirectPath` (default /login).
   */
  logout(redirectPath?: string): Promise<void>;
  /** Forces a token refresh and re-reads the claims (after verifying an email). */
  refresh(): Promise<void>;
  /** A fresh access token (refreshed if it expires within 30 s), or null when signed out. */
  getToken(): Promise<string | null>;
}

export const SIGNED_OUT: SessionState = {
  status: 'signed-out',
  user: null,
  isAdmin: false,
  isInstructor: false,
  emailVerified: false,
  defaultDashboard: 'math',
  purchases: {},
  initError: null,
  signingOut: false,
  signupPending: false,
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
