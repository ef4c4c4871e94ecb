/** Options of a {@link KeyedMutex}. */
export interface KeyedMutexOptions {
  /**
   * A task that waited longer than this for its turn is not run: its caller (an RPC whose
   * gateway gives up after RPC_TIMEOUT_MS) has most likely gone, and running it anyway would
   * make every later task of the key wait for work nobody reads. It fails with `tooLate()`.
   */
  maxWaitMs?: number;
  /** The error of a task dropped after `maxWaitMs` (default: a plain Error). */
  tooLate?: (waitedMs: number) => Error;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

/**
 * Runs tasks with the same key one after another (tasks with different keys run freely): the
 * catalog records one user's changes in turn (ADR 0018), the testing service runs one test's
 * answer writes and submit in turn (ADR 0019). Other replicas are not covered: each user of it
 * says how it stays right across them. With `maxWaitMs`, a task whose turn comes too late is
 * dropped instead of run, so one stalled task cannot leave a queue of work for callers that
 * already gave up (ADR 0019, fault suite: a slow database write during Keycloak's start).
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly now: () => number;

  constructor(private readonly options: KeyedMutexOptions = {}) {
    this.now = options.now ?? (() => performance.now());
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const queuedAt = this.now();
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    await previous;
    try {
      const { maxWaitMs, tooLate } = this.options;
      const waited = this.now() - queuedAt;
      if (maxWaitMs !== undefined && waited > maxWaitMs) {
        throw tooLate
          ? tooLate(waited)
          : new Error(`waited ${Math.round(waited)} ms for the lock of ${key}`);
      }
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting (for tests: nothing is left behind). */
  get size(): number {
    return this.tails.size;
  }
}
