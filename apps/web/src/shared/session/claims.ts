import { type SessionUser } from './session-context';

/** The parts of the Keycloak access/ID token the app reads. */
export interface TokenClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  realm_access?: { roles?: string[] };
}

export const ADMIN_ROLE = 'admin';

export interface Identity {
  user: SessionUser;
  isAdmin: boolean;
  emailVerified: boolean;
}

/**
 * Who is signed in, from the tokens: isAdmin is the realm role `admin` of the access token
 * (the same rule the gateway applies), emailVerified the `email_verified` claim.
 */
export function identityFromClaims(access: TokenClaims | undefined, id?: TokenClaims): Identity {
  const roles = access?.realm_access?.roles ?? [];
  return {
    user: {
      uid: access?.sub ?? id?.sub ?? '',
      email: access?.email ?? id?.email ?? access?.preferred_username ?? '',
    },
    isAdmin: Array.isArray(roles) && roles.includes(ADMIN_ROLE),
    emailVerified: (access?.email_verified ?? id?.email_verified) === true,
  };
}
