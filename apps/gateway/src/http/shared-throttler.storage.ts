import { createHash } from 'node:crypto';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { isKvConflict, KvBucket, rootLogger } from '@examprep/nest-kit';
import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { FixedWindowThrottlerStorage } from './fixed-window-throttler.storage';

/**
 * Per-route limits of at most this many a minute (production value) are product rules (sign-up
 * 5, password reset 3, captcha, checkout, create-test, PDF downloads...): with a shared store
 * they are counted across every gateway replica. Larger ones (the answer calls, reads, the
 * default ceiling) are abuse ceilings, counted per replica (ADR 0027): N replicas let N times
 * them through, and no request on the hot path waits for a shared counter.
 */
export const SHARED_LIMIT_MAX_PER_MINUTE = 30;

/** A shared counter after a hit: hits in its window so far, and when the window ends. */
export interface RateCount {
  hits: number;
  resetAt: number;
}

/**
 * Counters shared by every replica: one per key, each a fixed window that starts at the key's
 * first hit (as FixedWindowThrottlerStorage's), so a client's calls never straddle two windows
 * that a clock's minute would split.
 */
export interface RateCounters {
  /** Counts one hit of `key` at `now` in windows of `windowMs`. */
  hit(key: string, windowMs: number, now: number): Promise<RateCount>;
}

type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The gateway's rate-limit storage (ADR 0005, ADR 0027): the strict limits (at most
 * SHARED_LIMIT_MAX_PER_MINUTE a minute, before RATE_LIMIT_SCALE) in `shared` counters, one per
 * route, client and limit; everything else, and everything while the shared counters fail
 * (logged; limits then count per replica, never refuse for that), in this process's
 * FixedWindowThrottlerStorage. Without shared counters (no NATS connection) all count here.
 */
export class SharedThrottlerStorage implements ThrottlerStorage {
  private readonly local: FixedWindowThrottlerStorage;
  private failingSince = 0;

  constructor(
    private readonly shared: RateCounters | null,
    private readonly scale: number,
    private readonly now: () => number = Date.now,
  ) {
    this.local = new FixedWindowThrottlerStorage(now);
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerRecord> {
    if (!this.shared || limit / this.scale > SHARED_LIMIT_MAX_PER_MINUTE * (ttl / 60_000))
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    const t = this.now();
    // the limit is part of the counter: replicas share one configuration, so it only keeps a
    // gateway run with other limits (a spec's, RATE_LIMIT_SCALE) from counting into this one
    const id = createHash('sha256')
      .update(`${throttlerName}:${key}:${limit}:${ttl}`)
      .digest('hex')
      .slice(0, 40);
    let count: RateCount;
    try {
      count = await this.shared.hit(id, ttl, t);
      this.failingSince = 0;
    } catch (err) {
      if (!this.failingSince || t - this.failingSince > 60_000) {
        this.failingSince = t;
        rootLogger().warn({ err }, 'shared rate-limit counters failed; counting per replica');
      }
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
    const left = Math.max(0, Math.ceil((count.resetAt - t) / 1000));
    const isBlocked = count.hits > limit;
    return {
      totalHits: count.hits,
      timeToExpire: left,
      isBlocked,
      timeToBlockExpire: isBlocked ? left : 0,
    };
  }
}

/** The bucket of the shared counters; entries vanish after two windows (its max age). */
export const RATE_LIMIT_BUCKET = 'gateway_rate_limits';
const BUCKET_TTL_MS = 2 * 60_000;
const CAS_ATTEMPTS = 10;
/**
 * RateCounters in a JetStream key-value bucket on the gateway's NATS connection: a hit is a
 * compare-and-set of the key's window {s: start, n: hits} (create when new, update at the
 * revision read; a window past its end starts again), retried when another replica wrote in
 * between. Entries go with the bucket's max age (two windows of a minute).
 */
export class NatsKvRateCounters implements RateCounters {
  /** Made again when a NATS restart lost it: KvBucket. */
  private readonly bucket = new KvBucket<KV>(async () => {
    const nc = this.connection();
    if (!nc) throw new Error('no NATS connection');
    return new Kvm(nc).create(this.bucketName, { history: 1, ttl: BUCKET_TTL_MS });
  });

  constructor(
    private readonly connection: () => NatsConnection | undefined,
    /** RATE_LIMIT_BUCKET; a spec gives its own, not to touch the running gateways' bucket. */
    private readonly bucketName = RATE_LIMIT_BUCKET,
  ) {}

  async hit(key: string, windowMs: number, now: number): Promise<RateCount> {
    return this.bucket.run(async (kv) => {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const entry = await kv.get(key);
        const before = entry && entry.operation === 'PUT' ? readWindow(entry.string()) : undefined;
        const next =
          before && now - before.s < windowMs ? { s: before.s, n: before.n + 1 } : { s: now, n: 1 };
        try {
          if (entry) await kv.update(key, JSON.stringify(next), entry.revision);
          else await kv.create(key, JSON.stringify(next));
          return { hits: next.n, resetAt: next.s + windowMs };
        } catch (err) {
          if (!isKvConflict(err)) throw err;
        }
      }
      throw new Error(`rate counter ${key}: ${CAS_ATTEMPTS} writes lost to other replicas`);
    });
  }
}

/** A stored window ({s: start ms, n: hits}); anything else counts as none. */
function readWindow(text: string): { s: number; n: number } | undefined {
  try {
    const v = JSON.parse(text) as { s?: unknown; n?: unknown };
    return typeof v.s === 'number' && typeof v.n === 'number' ? { s: v.s, n: v.n } : undefined;
  } catch {
    return undefined;
  }
}
