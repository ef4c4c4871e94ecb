// Decoding (NOT verifying) JWTs in tests: the gateway verifies signatures with jose.

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
  header: Record<string, unknown>;
  payload: JwtPayload;
}

function decodePart(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new Error(`invalid JWT ${what}`);
}

export function decodeJwt(token: string): DecodedJwt {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('invalid JWT: expected 3 dot-separated parts');
  return {
    header: decodePart(parts[0], 'header'),
    payload: decodePart(parts[1], 'payload') as JwtPayload,
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
