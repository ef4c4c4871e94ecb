/**
 * Lets every caller of one event-loop turn go on together, in that turn's check phase
 * (setImmediate). The NATS client writes its pending commands in a microtask after each
 * publish, so requests published from separate HTTP requests cost one socket write each;
 * published together after this wait, the requests of one turn share one write (measured in
 * tools/load/README.md, "Gateway throughput"). The wait adds no timer: setImmediate runs as
 * soon as the turn's I/O callbacks are done.
 */
export class TurnBatch {
  private waiters: Array<() => void> = [];

  private readonly release = () => {
    const waiters = this.waiters;
    this.waiters = [];
    for (const go of waiters) go();
  };

  /** Resolves in this turn's check phase, together with every other wait of the turn. */
  wait(): Promise<void> {
    return new Promise((go) => {
      if (this.waiters.push(go) === 1) setImmediate(this.release);
    });
  }

  /** Callers waiting for the current turn to end. */
  get pending(): number {
    return this.waiters.length;
  }
}
