import { rootLogger } from '../logging/logger';

/** Options of a {@link KeyedWorkQueue}: what it runs, how much at once, what each outcome is. */
export interface KeyedWorkQueueOptions<P, O> {
  /** Names the queue in its logs (e.g. 'fulfilment queue'). */
  name: string;
  /** Work running at once: a number, or the limit right now (read before each start). */
  concurrency: number | (() => number);
  /** Keys waiting beyond this are not taken (memory stays bounded): they get `notTaken`. */
  backlog: number;
  /**
   * A key enqueued again while its work runs: 'again' queues it once more, to run after (what
   * it works on may have changed after the running one read it); 'join' answers the running
   * one's outcome.
   */
  whileRunning: 'again' | 'join';
  /**
   * The work of one key. `payload` is the first one given while the key waited (or null), and
   * `earlier` the work that was running when this one started (it arrived earlier).
   */
  work: (key: string, payload: P | null, earlier: readonly Promise<void>[]) => Promise<O>;
  /** What a key gets when its work threw (after `onError`). */
  failed: O;
  /** Told of the error of a key's work (log it: the relay behind the queue takes the key back). */
  onError: (err: unknown, key: string) => void;
  /** What a key gets when it is not taken (backlog full, stopped) or still waits at stop. */
  notTaken: O;
  /**
   * Called when the last running work has finished and nothing waits; `troubled` when some work
   * failed or a key was not taken since the previous call (the relay then passes soon).
   */
  onIdle?: (troubled: boolean) => void;
}

interface Waiting<P, O> {
  payload: P | null;
  done: Promise<O>;
  settle: (outcome: O) => void;
}

/**
 * A keyed, bounded in-process work queue (one way per job, STYLE.md): at most `concurrency`
 * keys run at once, each key at most once at a time and once in the queue however often it is
 * enqueued, started in arrival order, at most `backlog` waiting. `enqueue` answers the key's
 * outcome and never rejects. What the queue drops (a full backlog, a stop, a failed run) stays
 * recorded where the work came from, for a relay to hand back: the queue is an accelerator, not
 * the record. On `stop` nothing new starts, what waits gets `notTaken` and the running work is
 * awaited. The catalog's fulfilment queue and webhook worker are two of these (ADR 0018).
 */
export class KeyedWorkQueue<P, O> {
  private readonly waiting = new Map<string, Waiting<P, O>>();
  private readonly order: string[] = [];
  /** Running work by key: settles (never rejects) once the key's outcome is answered. */
  private readonly running = new Map<string, Promise<void>>();
  /** The outcome of each running key ('join'). */
  private readonly outcomes = new Map<string, Promise<O>>();
  private stopped = false;
  private troubled = false;

  constructor(private readonly options: KeyedWorkQueueOptions<P, O>) {}

  /**
   * Queues `key` unless it waits already (the first non-null payload is kept); answers its
   * outcome when its work is done, or `notTaken` at once when the backlog is full or the queue
   * stopped.
   */
  enqueue(key: string, payload: P | null = null): Promise<O> {
    const queued = this.waiting.get(key);
    if (queued) {
      queued.payload ??= payload;
      return queued.done;
    }
    const running = this.outcomes.get(key);
    if (running && this.options.whileRunning === 'join') return running;
    if (this.stopped || this.order.length >= this.options.backlog) {
      this.troubled = true;
      return Promise.resolve(this.options.notTaken);
    }
    let settle!: (outcome: O) => void;
    const done = new Promise<O>((resolve) => (settle = resolve));
    this.waiting.set(key, { payload, done, settle });
    this.order.push(key);
    this.pump();
    return done;
  }

  /** Starts what the limit allows now (call it after a `concurrency` function's limit rose). */
  pump(): void {
    while (!this.stopped && this.running.size < this.limit() && this.order.length > 0) {
      const next = this.order.findIndex((key) => !this.running.has(key));
      if (next < 0) return;
      const [key] = this.order.splice(next, 1) as [string];
      const entry = this.waiting.get(key)!;
      this.waiting.delete(key);
      // started in arrival order: whatever runs now arrived earlier
      const earlier = [...this.running.values()];
      const outcome = this.run(key, entry.payload, earlier);
      this.outcomes.set(key, outcome);
      this.running.set(
        key,
        outcome.then(entry.settle).finally(() => {
          this.running.delete(key);
          this.outcomes.delete(key);
          this.pump();
          if (this.size === 0) this.idle();
        }),
      );
    }
  }

  /** Keys waiting or running. */
  get size(): number {
    return this.order.length + this.running.size;
  }

  /** Whether `key` waits or runs. */
  has(key: string): boolean {
    return this.waiting.has(key) || this.running.has(key);
  }

  /** Nothing new starts; what waits gets `notTaken`; answers once the running work is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const key of this.order.splice(0)) {
      this.waiting.get(key)?.settle(this.options.notTaken);
      this.waiting.delete(key);
    }
    await Promise.all(this.running.values());
  }

  private limit(): number {
    const { concurrency } = this.options;
    return typeof concurrency === 'number' ? concurrency : concurrency();
  }

  private async run(key: string, payload: P | null, earlier: Promise<void>[]): Promise<O> {
    try {
      return await this.options.work(key, payload, earlier);
    } catch (err) {
      this.troubled = true;
      try {
        this.options.onError(err, key);
      } catch {
        // a failing error report must not leave the key unanswered
      }
      return this.options.failed;
    }
  }

  private idle(): void {
    const troubled = this.troubled;
    this.troubled = false;
    try {
      this.options.onIdle?.(troubled);
    } catch (err) {
      rootLogger().error({ err }, `${this.options.name} idle listener failed`);
    }
  }
}
