import { LRUCache } from 'lru-cache';

const VALUE = 'value';

/**
 * One value kept in memory for `ttlMs`; concurrent readers share one pending load, and a failed
 * load is not kept. For data that changes rarely (the catalogue), where a few seconds of
 * staleness are the price of a hot path without a query.
 *
 * lru-cache's `fetch` does the work (ADR 0034): it shares the pending load, keeps the value
 * `ttlMs` from its arrival (stale once MORE than `ttlMs` old) and drops a failed one. This class
 * only keeps the callers' shape (`get(load)` with the load at the call, `invalidate()`) for the
 * three callers, one of which (catalog) has no lru-cache of its own.
 */
export class TtlCache<T extends object> {
  private readonly cache: LRUCache<typeof VALUE, T, () => Promise<T>>;

  /** `now` (tests): lru-cache takes a start time of 0 for "no time-to-live", so not from 0. */
  constructor(ttlMs: number, now?: () => number) {
    // lru-cache reads a ttl of 0 as "keep for ever"
    if (!Number.isInteger(ttlMs) || ttlMs <= 0)
      throw new RangeError(`TtlCache: ttlMs must be a positive integer, not ${ttlMs}`);
    this.cache = new LRUCache<typeof VALUE, T, () => Promise<T>>({
      max: 1,
      ttl: ttlMs,
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
      // invalidate() during a load: the readers already waiting get its value, which is not kept
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  async get(load: () => Promise<T>): Promise<T> {
    // resolves to undefined only for a load aborted without ignoreFetchAbort, never here
    return (await this.cache.fetch(VALUE, { context: load })) as T;
  }

  invalidate(): void {
    this.cache.delete(VALUE);
  }
}
