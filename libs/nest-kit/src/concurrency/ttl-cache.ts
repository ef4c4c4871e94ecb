/**
 * One value kept in memory for `ttlMs`; concurrent readers share one pending load, and a failed
 * load is not kept. For data that changes rarely (the catalogue), where a few seconds of
 * staleness are the price of a hot path without a query.
 */
export class TtlCache<T> {
  private entry: { value: Promise<T>; expires: number } | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(load: () => Promise<T>): Promise<T> {
    const t = this.now();
    if (this.entry && this.entry.expires > t) return this.entry.value;
    const value = load();
    const entry = { value, expires: t + this.ttlMs };
    this.entry = entry;
    value.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    return value;
  }

  invalidate(): void {
    this.entry = undefined;
  }
}
