// Decoding (NOT verifying) JWTs in tests: the gateway verifies signatures with jose.
// jose 6 is ESM only: tsc's require() of it runs on Node >= 22 (require(esm)); Jest has it
// transformed (ESM_PACKAGES in jest.preset.cjs)
import {
  decodeJwt as decodePayload,
  decodeProtectedHeader,
  type ProtectedHeaderParameters,
} from 'jose';

export interface JwtPayload {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  azp?: string;
  exp?: number;
  iat?: number;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  realm_access?: { roles?: string[] };
  [claim: string]: unknown;
}

export interface DecodedJwt {
  header: ProtectedHeaderParameters;
  payload: JwtPayload;
}

/**
 * The header and claims of a compact JWT, decoded by jose (a JWTInvalid for a malformed
 * payload, a TypeError for a malformed header).
 */
export function decodeJwt(token: string): DecodedJwt {
  return {
    payload: decodePayload<JwtPayload>(token),
    header: decodeProtectedHeader(token),
  };
}

/** The `aud` claim as a list. */
export function audiences(payload: JwtPayload): string[] {
  if (payload.aud === undefined) return [];
  return Array.isArray(payload.aud) ? payload.aud : [payload.aud];
}

/** Keycloak realm roles (`realm_access.roles`). */
export function realmRoles(payload: JwtPayload): string[] {
  return payload.realm_access?.roles ?? [];
}
