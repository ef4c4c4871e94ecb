/**
 * Runs tasks with the same key one after another (tasks with different keys run freely): the
 * catalog records one user's changes in turn (ADR 0018), the testing service runs one test's
 * answer writes and submit in turn (ADR 0019). Other replicas are not covered: each user of it
 * says how it stays right across them.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    await previous;
    try {
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
