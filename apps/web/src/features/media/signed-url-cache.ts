import { MEDIA_LIMITS, type SignedUrlKind } from '@examprep/contracts/types';

/** What the cache asks for a URL (GET /api/getSignedUrl?path=); a throw or null = failed. */
export type SignedUrlLoader = () => Promise<{ signedUrl: string; expiresAt?: string } | null>;

export interface SignedUrlKey {
  /** The signed-in user's uid ('' when signed out). */
  user: string;
  path: string;
  kind: SignedUrlKind;
}

interface Entry {
  url: string;
  /** Epoch ms after which the entry is not used. */
  until: number;
}

export interface SignedUrlCache {
  /**
   * The URL for the key: from the cache when younger than 45 minutes, else from `load`.
   * Concurrent callers of one key share one pending request; a failure yields null and is
   * not cached (the next call asks again).
   */
  get(key: SignedUrlKey, load: SignedUrlLoader): Promise<string | null>;
  /** The cached URL, if any (no request). */
  peek(key: SignedUrlKey): string | undefined;
  /** Forgets one key (and drops a pending request's answer for it). */
  clearKey(key: SignedUrlKey): void;
  /** Forgets every user's and kind's URL of a path (after the object changed). */
  clearPath(path: string): void;
  /** Forgets everything (sign-out). */
  clear(): void;
  /** Called after any change of the cached URLs; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** The cache key (learner spec §4: per user, path and kind). */
export const signedUrlKey = (k: SignedUrlKey): string => JSON.stringify([k.user, k.path, k.kind]);
const pathOfKey = (key: string): string => (JSON.parse(key) as [string, string, string])[1];

/**
 * Learner spec §4, §9 and admin spec §7, §9: signed media URLs cached per user, path and kind
 * for 2,700,000 ms (45 minutes; the URLs live 60). An URL whose own expiry comes sooner is
 * kept only until a minute before it.
 */
export function createSignedUrlCache(
  options: { ttlMs?: number; now?: () => number } = {},
): SignedUrlCache {
  const ttlMs = options.ttlMs ?? MEDIA_LIMITS.signedUrlCacheMs;
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<string | null>>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() < entry.until) return entry;
    entries.delete(key);
    return undefined;
  };

  /** One request: the URL and until when to keep it, or url null (failed; not cached). */
  const ask = async (load: SignedUrlLoader): Promise<{ url: string | null; until: number }> => {
    try {
      const answer = await load();
      if (!answer || typeof answer.signedUrl !== 'string' || !answer.signedUrl) {
        return { url: null, until: 0 };
      }
      let until = now() + ttlMs;
      const expires = answer.expiresAt ? Date.parse(answer.expiresAt) : NaN;
      if (Number.isFinite(expires)) until = Math.min(until, expires - 60_000);
      return { url: answer.signedUrl, until };
    } catch {
      return { url: null, until: 0 };
    }
  };

  const forget = (key: string): boolean => {
    const had = entries.delete(key);
    const waiting = pending.delete(key);
    return had || waiting;
  };

  return {
    get(k, load) {
      const key = signedUrlKey(k);
      const hit = fresh(key);
      if (hit) return Promise.resolve(hit.url);
      const shared = pending.get(key);
      if (shared) return shared;
      const request: Promise<string | null> = ask(load).then(({ url, until }) => {
        // A clear while the request ran drops its answer (it may name the old object).
        if (pending.get(key) === request) {
          pending.delete(key);
          if (url !== null && until > now()) {
            entries.set(key, { url, until });
            notify();
          }
        }
        return url;
      });
      pending.set(key, request);
      return request;
    },
    peek(k) {
      return fresh(signedUrlKey(k))?.url;
    },
    clearKey(k) {
      if (forget(signedUrlKey(k))) notify();
    },
    clearPath(path) {
      let changed = false;
      for (const key of [...entries.keys(), ...pending.keys()]) {
        if (pathOfKey(key) === path) changed = forget(key) || changed;
      }
      if (changed) notify();
    },
    clear() {
      const changed = entries.size > 0 || pending.size > 0;
      entries.clear();
      pending.clear();
      if (changed) notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The web app's one cache (a module: every screen shares it). */
export const signedUrlCache: SignedUrlCache = createSignedUrlCache();
