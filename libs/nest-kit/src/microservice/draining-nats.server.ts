import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';

type NatsServerOptions = Required<NatsOptions>['options'];

/**
 * The Nest NATS server, shut down gracefully: stop taking messages (drain the queue-group
 * subscriptions so a replica elsewhere takes them), let handlers in flight answer, then drain
 * the connection. Nest's own close() closes the connection with replies still pending.
 */
export class DrainingNatsServer extends ServerNats {
  private inFlight = 0;

  constructor(
    options: NatsServerOptions,
    private readonly graceMs = 10_000,
  ) {
    super(options);
  }

  get isConnected(): boolean {
    const nc = this.client();
    return !!nc && !nc.isClosed();
  }

  override async handleMessage(
    channel: string,
    natsMsg: Parameters<ServerNats['handleMessage']>[1],
  ) {
    this.inFlight++;
    try {
      return await super.handleMessage(channel, natsMsg);
    } finally {
      // the reply is published on the next tick after the handler settles
      setImmediate(() => this.inFlight--);
    }
  }

  override async close(): Promise<void> {
    const nc = this.client();
    if (!nc) return;
    const subs = (this as unknown as { subscriptions: Subscription[] }).subscriptions ?? [];
    await Promise.all(subs.map((s) => s.drain().catch(() => undefined)));
    const deadline = Date.now() + this.graceMs;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (!nc.isClosed()) await nc.drain().catch(() => undefined);
    (this as unknown as { natsClient: NatsConnection | null }).natsClient = null;
  }

  private client(): NatsConnection | null {
    return (this as unknown as { natsClient: NatsConnection | null }).natsClient ?? null;
  }
}
