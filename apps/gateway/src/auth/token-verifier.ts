import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { LRUCache } from 'lru-cache';
import type { Actor } from '@examprep/contracts';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  algorithms: string[];
  /** Defaults to the issuer's Keycloak certs endpoint. */
  jwksUrl?: string;
  /** For tests: a key set instead of the remote one. */
  keySet?: JWTVerifyGetKey;
  /** How many verified tokens to remember (0 turns the cache off). */
  cacheSize?: number;
  /** Age after which the remote key set is fetched again (10 minutes; tests shorten it). */
  jwksMaxAgeMs?: number;
  now?: () => number;
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
  /**
   * Verified tokens until their expiry: a signed token cannot change, so checking its RSA
   * signature once is enough (a learner's page makes many calls with the same token). An LRU
   * of `cacheSize` tokens, each kept until its `exp` (lru-cache's per-entry ttl; ADR 0034 has
   * the measurement of its hit path against the Map we had).
   */
  private readonly verified: LRUCache<string, Actor> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: TokenVerifierOptions) {
    this.now = options.now ?? Date.now;
    const max = options.cacheSize ?? 10_000;
    this.verified =
      max > 0
        ? new LRUCache<string, Actor>({
            max,
            // the verifier's clock (tests move it), read on every look-up: lru-cache's default
            // keeps a reading for 1 ms, which a moved clock outruns
            perf: { now: this.now },
            ttlResolution: 0,
          })
        : undefined;
    this.keys =
      options.keySet ??
      keptWhileUnreachable(
        createRemoteJWKSet(
          new URL(options.jwksUrl ?? `${options.issuer}/protocol/openid-connect/certs`),
          {
            cacheMaxAge: options.jwksMaxAgeMs ?? 10 * 60_000,
            cooldownDuration: 30_000,
            timeoutDuration: 5_000,
          },
        ),
        options.now,
      );
  }

  async verify(token: string): Promise<Actor> {
    const hit = this.verified?.get(token);
    if (hit) return hit;
    const now = this.now();
    const { actor, expiresAt } = await this.verifyUncached(token, now);
    // lru-cache serves an entry until it is MORE than `ttl` old: the last ms before exp; a
    // token at its exp or past it (jose allows 5 s of clock skew) is not kept
    const ttl = expiresAt - now - 1;
    if (ttl > 0) this.verified?.set(token, actor, { ttl });
    return actor;
  }

  private async verifyUncached(
    token: string,
    now: number,
  ): Promise<{ actor: Actor; expiresAt: number }> {
    let payload: KeycloakAccessToken;
    try {
      ({ payload } = await jwtVerify<KeycloakAccessToken>(token, this.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: this.options.algorithms,
        clockTolerance: 5,
        currentDate: new Date(now),
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (e) {
      throw new InvalidTokenError((e as { code?: string }).code ?? 'ERR_JWT_INVALID');
    }
    const roles = payload.realm_access?.roles ?? [];
    // Keycloak marks access tokens typ=Bearer; ID and refresh tokens must not open the API.
    if (payload.typ !== undefined && payload.typ !== 'Bearer')
      throw new InvalidTokenError('ERR_JWT_NOT_ACCESS_TOKEN');
    return {
      actor: {
        uid: payload.sub!,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : '',
        isAdmin: roles.includes('admin'),
        emailVerified: payload.email_verified === true,
        stagingAccess: roles.includes('admin') || roles.includes('staging-access'),
        isInstructor: roles.includes('instructor'),
      },
      // exp is a required claim, checked above
      expiresAt: payload.exp! * 1000,
    };
  }
}

/** Seconds a failed refresh of the key set is not tried again (requests use the kept keys). */
const RETRY_KEYS_AFTER_MS = 30_000;

/**
 * The remote key set, but the keys already fetched stay in use while Keycloak cannot be reached:
 * jose fetches a key set older than its cacheMaxAge again before it verifies anything, and when
 * that fetch fails (Keycloak down, restarting, a network split) it throws, which refused every
 * token not verified before (a new gateway replica, a token not yet seen) for as long as
 * Keycloak was away, after a time-out of its own each. Here a failed refresh falls back to the
 * last key set and is not tried again for 30 s. Errors about the token itself (no key with its
 * kid, several) still refuse it; rotated keys arrive with the next refresh that succeeds.
 */
export function keptWhileUnreachable(
  remote: ReturnType<typeof createRemoteJWKSet>,
  now: () => number = Date.now,
): JWTVerifyGetKey {
  let retryAt = 0;
  let kept: JWTVerifyGetKey | null = null;
  return async (header, token) => {
    if (kept && now() < retryAt) return kept(header, token);
    try {
      return await remote(header, token);
    } catch (e) {
      const aboutTheToken =
        e instanceof errors.JWKSNoMatchingKey ||
        e instanceof errors.JWKSMultipleMatchingKeys ||
        e instanceof errors.JOSENotSupported;
      // after a failed refresh jose still holds the key set it fetched last
      const last = remote.jwks();
      if (aboutTheToken || !last) throw e;
      kept = createLocalJWKSet(last);
      retryAt = now() + RETRY_KEYS_AFTER_MS;
      return kept(header, token);
    }
  };
}
