import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock } from '../clock';
import {
  ASSERTION_SECONDS,
  CLIENT_ASSERTION_TYPE,
  clientAssertionClaims,
  SCORE_MEDIA_TYPE,
  scoreBody,
  scoresUrl,
} from './ags';
import type { PlatformRecord } from './lti.schema';
import { ToolKeys } from './tool-keys.service';

/** Deadline of a call to a platform. */
const PLATFORM_TIMEOUT_MS = 10_000;
/** A token is used until this long before its expiry. */
const TOKEN_MARGIN_MS = 60_000;

/** A platform's refusal or silence, with what to log (never the token). */
export class PlatformCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PlatformCallError';
  }
}

/**
 * The LTI Advantage services of a platform (ADR 0040): an access token by client credentials
 * with our signed assertion (RFC 7523), kept per platform and scopes until shortly before it
 * expires; AGS score posts; NRPS roster reads.
 */
@Injectable()
export class PlatformServices {
  private readonly tokens = new LRUCache<string, { token: string; expiresAt: number }>({
    max: 2000,
  });

  constructor(
    private readonly keys: ToolKeys,
    private readonly clock: Clock,
  ) {}

  async accessToken(platform: PlatformRecord, scopes: readonly string[]): Promise<string> {
    const key = `${platform._id}|${platform.tokenUrl}|${[...scopes].sort().join(' ')}`;
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > this.clock.now()) return cached.token;
    const assertion = await this.keys.sign(
      clientAssertionClaims(platform.clientId, platform.tokenUrl),
      ASSERTION_SECONDS,
    );
    const res = await fetch(platform.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: CLIENT_ASSERTION_TYPE,
        client_assertion: assertion,
        scope: scopes.join(' '),
      }),
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    }).catch((err: unknown) => {
      throw new PlatformCallError(`token endpoint unreachable: ${(err as Error).message}`, null);
    });
    if (!res.ok) {
      const body = await res.text().catch(() => '');
      throw new PlatformCallError(
        `token endpoint answered ${res.status} ${body.slice(0, 200)}`,
        res.status,
      );
    }
    const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') {
      throw new PlatformCallError('token endpoint answered no access_token', res.status);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.tokens.set(key, {
      token: body.access_token,
      expiresAt: this.clock.now() + seconds * 1000,
    });
    return body.access_token;
  }

  /** Posts a score to a line item; answers the platform's status. */
  async postScore(
    platform: PlatformRecord,
    lineItemUrl: string,
    score: Parameters<typeof scoreBody>[0],
    scope: string,
  ): Promise<number> {
    const token = await this.accessToken(platform, [scope]);
    const res = await fetch(scoresUrl(lineItemUrl), {
      method: 'POST',
      headers: { 'content-type': SCORE_MEDIA_TYPE, authorization: `Bearer ${token}` },
      body: JSON.stringify(scoreBody(score)),
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    }).catch((err: unknown) => {
      throw new PlatformCallError(`line item unreachable: ${(err as Error).message}`, null);
    });
    if (res.status === 401) this.forget(platform);
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  }

  /** Drops the platform's cached tokens (it refused one: revoked, or its keys changed). */
  forget(platform: PlatformRecord): void {
    for (const key of this.tokens.keys()) {
      if (key.startsWith(`${platform._id}|`)) this.tokens.delete(key);
    }
  }
}
