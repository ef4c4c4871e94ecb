/**
 * The announcements' first pages are read on every visit to /updates and the welcome modal, and
 * written a few times a month. Replicas keep such a value in memory for `ttlMs`, dropped on any
 * change: their own writes at once, other replicas' writes when the change event arrives.
 * A generation counter keeps a load that started before a change from storing stale data.
 */
export class AnnouncementsCache<T> {
  private entry: { value: Promise<T>; expires: number } | undefined;
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(load: () => Promise<T>): Promise<T> {
    const t = this.now();
    if (this.entry && this.entry.expires > t) return this.entry.value;
    const generation = this.generation;
    const value = load();
    const entry = { value, expires: t + this.ttlMs };
    this.entry = entry;
    value.then(
      () => {
        if (generation !== this.generation && this.entry === entry) this.entry = undefined;
      },
      () => {
        if (this.entry === entry) this.entry = undefined;
      },
    );
    return value;
  }

  invalidate(): void {
    this.generation++;
    this.entry = undefined;
  }
}
