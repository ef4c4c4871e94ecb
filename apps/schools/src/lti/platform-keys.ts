import { Injectable } from '@nestjs/common';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';

/** Platforms whose key sets are kept (each a small object with its own cache). */
const MAX_PLATFORMS = 1000;

/**
 * The platforms' public keys: one jose remote key set per JWKS URL, which caches the keys for 10
 * minutes and fetches again on an unknown `kid` (a platform rotating its keys), at most every
 * 30 s, each fetch with a 5 s deadline. A registration whose URL changes gets a new key set.
 */
@Injectable()
export class PlatformKeys {
  private readonly sets = new LRUCache<string, JWTVerifyGetKey>({ max: MAX_PLATFORMS });

  keySet(jwksUrl: string): JWTVerifyGetKey {
    let set = this.sets.get(jwksUrl);
    if (!set) {
      set = createRemoteJWKSet(new URL(jwksUrl), {
        cacheMaxAge: 10 * 60_000,
        cooldownDuration: 30_000,
        timeoutDuration: 5_000,
      });
      this.sets.set(jwksUrl, set);
    }
    return set;
  }
}
