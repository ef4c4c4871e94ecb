import { isPlaceholderEmail } from '@examprep/contracts/types';
import { type SessionUser } from './session-context';

/** The parts of the Keycloak access/ID token the app reads. */
export interface TokenClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  /** The person's name (Keycloak's profile scope): shown for school accounts without email. */
  name?: string;
  realm_access?: { roles?: string[] };
}

export const ADMIN_ROLE = 'admin';
/** Given by an LMS launch to the course's teachers (ADR 0040): their classes' screens. */
export const INSTRUCTOR_ROLE = 'instructor';

/**
 * How the account menu names the user: their email, or for a school account whose LMS gave
 * none (a placeholder address, ADR 0040) their name.
 */
export function displayNameOf(user: SessionUser): string {
  if (user.email && !isPlaceholderEmail(user.email)) return user.email;
  return user.name || '';
}

export interface Identity {
  user: SessionUser;
  isAdmin: boolean;
  isInstructor: boolean;
  emailVerified: boolean;
}

/**
 * Who is signed in, from the tokens: isAdmin is the realm role `admin` of the access token
 * (the same rule the gateway applies), isInstructor its realm role `instructor`,
 * emailVerified the `email_verified` claim.
 */
export function identityFromClaims(access: TokenClaims | undefined, id?: TokenClaims): Identity {
  const raw = access?.realm_access?.roles;
  const roles = Array.isArray(raw) ? raw : [];
  return {
    user: {
      uid: access?.sub ?? id?.sub ?? '',
      email: access?.email ?? id?.email ?? access?.preferred_username ?? '',
      name: access?.name ?? id?.name ?? '',
    },
    isAdmin: roles.includes(ADMIN_ROLE),
    isInstructor: roles.includes(INSTRUCTOR_ROLE),
    emailVerified: (access?.email_verified ?? id?.email_verified) === true,
  };
}
