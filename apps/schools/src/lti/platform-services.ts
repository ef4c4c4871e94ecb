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
/** Roster pages read at most (a class of thousands is not a class). */
const ROSTER_MAX_PAGES = 20;
export const MEMBERSHIPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

/** One member of an NRPS roster. */
export interface RosterMember {
  userId: string;
  name: string | null;
  email: string | null;
  roles: string[];
  status: 'active' | 'inactive' | 'deleted';
}

const text = (v: unknown, max = 255) =>
  typeof v === 'string' && v.length > 0 && v.length <= max ? v : null;

/** A roster entry (NRPS 2.0 §2.2), or null when it has no user id. */
export function rosterMember(m: unknown): RosterMember | null {
  if (typeof m !== 'object' || m === null) return null;
  const r = m as Record<string, unknown>;
  const userId = text(r['user_id']);
  if (!userId) return null;
  const status = String(r['status'] ?? 'Active').toLowerCase();
  return {
    userId,
    name: text(r['name']),
    email: text(r['email'], 254),
    roles: Array.isArray(r['roles'])
      ? r['roles'].filter((x): x is string => typeof x === 'string')
      : [],
    status: status === 'inactive' ? 'inactive' : status === 'deleted' ? 'deleted' : 'active',
  };
}

/** The `rel="next"` URL of a Link header (RFC 8288), or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>\s*;(.*)/.exec(part.trim());
    if (m && /rel\s*=\s*"?next"?/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

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

  /**
   * The roster of a context (NRPS 2.0 §2): every page of the membership container, following
   * `Link: <...>; rel="next"` up to ROSTER_MAX_PAGES.
   */
  async roster(
    platform: PlatformRecord,
    membershipsUrl: string,
    scope: string,
  ): Promise<RosterMember[]> {
    const token = await this.accessToken(platform, [scope]);
    const members: RosterMember[] = [];
    let url: string | null = membershipsUrl;
    for (let page = 0; url && page < ROSTER_MAX_PAGES; page++) {
      const res: Response = await fetch(url, {
        headers: { accept: MEMBERSHIPS_MEDIA_TYPE, authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
      }).catch((err: unknown) => {
        throw new PlatformCallError(`roster unreachable: ${(err as Error).message}`, null);
      });
      if (res.status === 401) this.forget(platform);
      if (!res.ok) throw new PlatformCallError(`roster answered ${res.status}`, res.status);
      const body = (await res.json()) as { members?: unknown };
      for (const m of Array.isArray(body.members) ? body.members : []) {
        const member = rosterMember(m);
        if (member) members.push(member);
      }
      url = nextLink(res.headers.get('link'));
    }
    return members;
  }

  /** Drops the platform's cached tokens (it refused one: revoked, or its keys changed). */
  forget(platform: PlatformRecord): void {
    for (const key of this.tokens.keys()) {
      if (key.startsWith(`${platform._id}|`)) this.tokens.delete(key);
    }
  }
}
