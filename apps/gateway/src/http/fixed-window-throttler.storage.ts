import type { ThrottlerStorage } from '@nestjs/throttler';

interface Window {
  hits: number;
  resetAt: number;
  blockedUntil: number;
}

/**
 * O(1) rate-limit counters: one fixed window per (key, throttler). @nestjs/throttler's
 * in-memory storage keeps and filters a timestamp per hit, which costs O(hits) on every
 * request. A fixed window may let up to twice the limit through across a window edge, which
 * is fine for abuse protection. One gateway replica counts its own traffic; behind several
 * replicas a shared store (Redis) would replace this class.
 */
export class FixedWindowThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ) {
    const t = this.now();
    const id = `${throttlerName}:${key}`;
    let w = this.windows.get(id);
    if (!w || w.resetAt <= t) {
      w = { hits: 0, resetAt: t + ttl, blockedUntil: w && w.blockedUntil > t ? w.blockedUntil : 0 };
      this.windows.set(id, w);
    }
    this.sweep();
    const blocked = w.blockedUntil > t;
    if (!blocked) w.hits++;
    const over = w.hits > limit;
    if (over && !blocked && blockDuration > 0) w.blockedUntil = t + blockDuration;
    const isBlocked = blocked || over;
    return {
      totalHits: w.hits,
      timeToExpire: Math.ceil((w.resetAt - t) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked
        ? Math.ceil((Math.max(w.blockedUntil, w.resetAt) - t) / 1000)
        : 0,
    };
  }

  /** Drops finished windows once a minute so idle keys do not accumulate. */
  private sweep() {
    if (this.sweeper) return;
    this.sweeper = setTimeout(() => {
      this.sweeper = undefined;
      const t = this.now();
      for (const [id, w] of this.windows)
        if (w.resetAt <= t && w.blockedUntil <= t) this.windows.delete(id);
    }, 60_000);
    this.sweeper.unref();
  }

  get size(): number {
    return this.windows.size;
  }
}
