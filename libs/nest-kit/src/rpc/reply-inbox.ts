import {
  createInbox,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';

/** Why a request got no answer. */
export type ReplyFailure = 'timeout' | 'no-responders' | 'closed';

export class ReplyError extends Error {
  constructor(readonly reason: ReplyFailure) {
    super(
      reason === 'timeout'
        ? 'no reply in time'
        : reason === 'no-responders'
          ? 'no responders'
          : 'the reply inbox is closed',
    );
    this.name = 'ReplyError';
  }
}

interface Pending {
  resolve: (msg: Msg) => void;
  reject: (err: ReplyError) => void;
  deadline: number;
}

/**
 * Request/reply over one wildcard inbox subscription per connection, as nats.js's own request
 * mux does, without the two things its `request()` allocates per call that show under load: a
 * timer for each request and, after every ANSWERED request, an Error with its stack for a
 * cancellation nobody sees (`RequestOne.cancel`; 4.4 % of the gateway's CPU samples, the
 * largest item of its own code paths). Time-outs are found by one sweep every `sweepMs`, so a
 * request fails between `timeoutMs` and `timeoutMs + sweepMs` after it was sent.
 *
 * "No responders" is the server's empty 503 status reply (the connection announces
 * `no_responders`, which nats.js does whenever the server supports headers), told apart
 * exactly as nats.js does (`isRequestError`).
 */
export class ReplyInbox {
  private readonly prefix: string;
  private readonly pending = new Map<string, Pending>();
  private seq = 0;
  private readonly sub: Subscription;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: { sweepMs?: number; now?: () => number } = {},
  ) {
    this.prefix = `${createInbox()}.`;
    this.sub = nc.subscribe(`${this.prefix}*`, {
      callback: (err, msg) => {
        if (!err) this.settle(msg);
      },
    });
    this.sweeper = setInterval(() => this.sweep(), options.sweepMs ?? 50);
    this.sweeper.unref();
  }

  /** Publishes `payload` to `subject` with a reply subject of this inbox; resolves with the reply. */
  request(subject: string, payload: Uint8Array, headers: MsgHdrs, timeoutMs: number): Promise<Msg> {
    if (this.closed) return Promise.reject(new ReplyError('closed'));
    const token = (++this.seq).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      this.pending.set(token, { resolve, reject, deadline: this.now() + timeoutMs });
      try {
        this.nc.publish(subject, payload, { reply: this.prefix + token, headers });
      } catch (e) {
        this.pending.delete(token);
        reject(e as ReplyError);
      }
    });
  }

  /** Requests waiting for their reply. */
  get size(): number {
    return this.pending.size;
  }

  /** Stops the sweep and the subscription; every waiting request fails as 'closed'. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    if (!this.nc.isClosed()) this.sub.unsubscribe();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(new ReplyError('closed'));
  }

  private settle(msg: Msg): void {
    const token = msg.subject.slice(this.prefix.length);
    const p = this.pending.get(token);
    if (!p) return; // timed out already: the answer came too late
    this.pending.delete(token);
    if (msg.data.length === 0 && msg.headers?.code === 503)
      p.reject(new ReplyError('no-responders'));
    else p.resolve(msg);
  }

  private sweep(): void {
    if (this.pending.size === 0) return;
    const now = this.now();
    for (const [token, p] of this.pending) {
      if (p.deadline > now) continue;
      this.pending.delete(token);
      p.reject(new ReplyError('timeout'));
    }
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
