/**
 * One value kept in memory for `ttlMs`; concurrent readers share one pending load, and a failed
 * load is not kept. The catalogue changes only when tools/seed runs, so a few seconds of
 * staleness are the whole price of serving the hot access path without a products query.
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
