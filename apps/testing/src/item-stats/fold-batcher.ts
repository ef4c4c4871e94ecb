/**
 * Gathers the facts the consumer's handlers hand over into batches (ADR 0037, "Folding in
 * batches"): a batch is flushed when it holds `size` facts or `waitMs` after its first, and
 * each handler's promise settles with its own fact's result. The consumer runs up to `size`
 * handlers at once (@JetStreamConsumer concurrency), so under load a batch fills at once, and
 * a lone fact waits at most `waitMs`.
 */
export class FoldBatcher<F> {
  private current:
    | {
        facts: F[];
        settle: { resolve: (n: number) => void; reject: (e: unknown) => void }[];
        timer: NodeJS.Timeout;
      }
    | undefined;

  constructor(
    private readonly flushBatch: (facts: readonly F[]) => Promise<PromiseSettledResult<number>[]>,
    private readonly o: { size: number; waitMs: number },
  ) {}

  /** Adds the fact to the current batch; settles with its result once that batch is flushed. */
  add(fact: F): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.current ??= {
        facts: [],
        settle: [],
        timer: setTimeout(() => void this.flush(), this.o.waitMs),
      };
      this.current.facts.push(fact);
      this.current.settle.push({ resolve, reject });
      if (this.current.facts.length >= this.o.size) void this.flush();
    });
  }

  /** Flushes the current batch now (nothing: none). */
  async flush(): Promise<void> {
    const batch = this.current;
    if (!batch) return;
    this.current = undefined;
    clearTimeout(batch.timer);
    let results: PromiseSettledResult<number>[];
    try {
      results = await this.flushBatch(batch.facts);
    } catch (err) {
      results = batch.facts.map(() => ({ status: 'rejected', reason: err }));
    }
    batch.settle.forEach((s, i) => {
      const r = results[i];
      if (r?.status === 'fulfilled') s.resolve(r.value);
      else s.reject(r ? r.reason : new Error('item stats batch: no result for this fact'));
    });
  }
}
