/** A fact waiting for its batch, and how to settle its handler's promise. */
interface Waiting<F> {
  fact: F;
  at: number;
  resolve: (n: number) => void;
  reject: (e: unknown) => void;
}

/**
 * Gathers the facts the consumer's handlers hand over into batches (ADR 0037, "Folding in
 * batches"). A batch is flushed when `size` facts wait or `waitMs` after the first of them,
 * one flush at a time: while one runs, the next gathers, so batches grow with the load (the
 * store's work per test falls as a batch grows: the measure is in the ADR). Each handler's
 * promise settles with its own fact's result.
 */
export class FoldBatcher<F> {
  private readonly waiting: Waiting<F>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly flushBatch: (facts: readonly F[]) => Promise<PromiseSettledResult<number>[]>,
    private readonly o: { size: number; waitMs: number; now?: () => number },
  ) {}

  private now(): number {
    return this.o.now ? this.o.now() : Date.now();
  }

  /** Adds the fact to the batch that gathers; settles with its result once that is flushed. */
  add(fact: F): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ fact, at: this.now(), resolve, reject });
      if (this.running) return; // the running flush looks at what waits when it ends
      if (this.waiting.length >= this.o.size) void this.run();
      else this.timer ??= setTimeout(() => void this.run(), this.o.waitMs);
    });
  }

  /** Flushes batches while one is due: full, or its first fact has waited `waitMs`. */
  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      do await this.flushOne(this.waiting.splice(0, this.o.size));
      while (this.waiting.length >= this.o.size || this.waitedOut());
    } finally {
      this.running = false;
    }
    const first = this.waiting[0];
    if (first)
      this.timer = setTimeout(
        () => void this.run(),
        Math.max(0, first.at + this.o.waitMs - this.now()),
      );
  }

  private waitedOut(): boolean {
    const first = this.waiting[0];
    return first !== undefined && this.now() - first.at >= this.o.waitMs;
  }

  private async flushOne(batch: Waiting<F>[]): Promise<void> {
    let results: PromiseSettledResult<number>[];
    try {
      results = await this.flushBatch(batch.map((w) => w.fact));
    } catch (err) {
      results = batch.map(() => ({ status: 'rejected', reason: err }));
    }
    batch.forEach((w, i) => {
      const r = results[i];
      if (r?.status === 'fulfilled') w.resolve(r.value);
      else w.reject(r ? r.reason : new Error('item stats batch: no result for this fact'));
    });
  }
}
