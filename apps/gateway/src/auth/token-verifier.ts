import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Actor } from '@examprep/contracts';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  algorithms: string[];
  /** Defaults to the issuer's Keycloak certs endpoint. */
  jwksUrl?: string;
  /** For tests: a key set instead of the remote one. */
  keySet?: JWTVerifyGetKey;
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

interface KeycloakAccessToken extends JWTPayload {
  typ?: string;
  email?: string;
  email_verified?: boolean;
  realm_access?: { roles?: string[] };
}

/**
 * Verifies Keycloak access tokens itself (DESIGN.md §4): signature against the realm's JWKS
 * (fetched once, cached, refreshed on an unknown key id), issuer, audience, expiry, and an
 * algorithm allow-list — `alg: none` and header-supplied keys (jku, x5u, jwk) are never used.
 */
export class TokenVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(private readonly options: TokenVerifierOptions) {
    this.keys =
      options.keySet ??
      createRemoteJWKSet(new URL(options.jwksUrl ?? `${options.issuer}/protocol/openid-connect/certs`), {
        cacheMaxAge: 10 * 60_000,
        cooldownDuration: 30_000,
        timeoutDuration: 5_000,
      });
  }

  async verify(token: string): Promise<Actor> {
    let payload: KeycloakAccessToken;
    try {
      ({ payload } = await jwtVerify<KeycloakAccessToken>(token, this.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: this.options.algorithms,
        clockTolerance: 5,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (e) {
      throw new InvalidTokenError((e as { code?: string }).code ?? 'ERR_JWT_INVALID');
    }
    // Keycloak marks access tokens typ=Bearer; ID and refresh tokens must not open the API.
    if (payload.typ !== undefined && payload.typ !== 'Bearer') throw new InvalidTokenError('ERR_JWT_NOT_ACCESS_TOKEN');
    return {
      uid: payload.sub!,
      email: typeof payload.email === 'string' ? payload.email.toLowerCase() : '',
      isAdmin: payload.realm_access?.roles?.includes('admin') ?? false,
      emailVerified: payload.email_verified === true,
    };
  }
}
