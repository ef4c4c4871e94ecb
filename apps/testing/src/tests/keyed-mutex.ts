/**
 * Runs tasks with the same key one after another (tasks with different keys run freely): the
 * answer writes and the submit of one test run in turn in this process, so a save cannot land
 * after the grading that should have seen it. A local copy of the catalog's mutex (services
 * share no code but the libs; too small to move). Other replicas are not covered (ADR 0019).
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
