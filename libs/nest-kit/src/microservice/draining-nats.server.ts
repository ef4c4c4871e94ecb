import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import { context } from '@opentelemetry/api';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  CORRELATION_HEADER,
  correlationIdFrom,
  runWithCorrelationId,
} from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import {
  errorOutcome,
  natsHandlerDuration,
  natsHandlerErrors,
  secondsSince,
} from '../metrics/metrics';
import {
  ATTR_MESSAGING_CONSUMER_GROUP_NAME,
  endNatsSpan,
  type NatsSpan,
  startReceiveSpan,
} from '../tracing/nats-trace';
import { ATTR_CORRELATION_ID } from '../tracing/trace-log-fields';

type NatsServerOptions = Required<NatsOptions>['options'];

/** Subjects whose route is kept (a service has a few dozen). */
export const MAX_KNOWN_ROUTES = 1_000;

/**
 * The Nest NATS server, shut down gracefully: stop taking messages (drain the queue-group
 * subscriptions so a replica elsewhere takes them), let handlers in flight answer, then drain
 * the connection. Nest's own close() closes the connection with replies still pending. Only
 * then does the app run its modules' destroy and shutdown hooks, the database connection's
 * close among the last (global modules close last): a handler counts as in flight until its
 * reply is published, not merely until Nest has subscribed to its deferred result.
 *
 * It also runs each request inside the caller's correlation id (the NATS header the gateway
 * sets), times it from arrival to its last reply packet (examprep_nats_handler_duration_seconds
 * by subject and outcome) and logs a refused or failed one. That was a global Nest interceptor;
 * here it costs no interceptor chain, which wraps every message in RxJS deferreds and
 * AsyncResource.bind (measured: about a fifth of a service's CPU under load).
 */
export class DrainingNatsServer extends ServerNats {
  private inFlight = 0;
  private readonly finishers = new WeakMap<object, (packet: ReplyPacket | null) => void>();

  /** The queue group (the service's name): the span attribute of the requests it handles. */
  private readonly queueGroup: string;

  constructor(
    options: NatsServerOptions,
    private readonly graceMs = 10_000,
  ) {
    super(options);
    this.queueGroup = options.queue ?? '';
  }

  /**
   * Nest's getRouteFromPattern tries `JSON.parse` on every incoming subject and catches the
   * SyntaxError a plain subject such as `announcements.list` throws: an Error with its stack,
   * two or three times per message (measured: 5.5 % of a service's CPU samples under load).
   * The answer depends on the subject alone and the subjects arriving are the ones this
   * server subscribed to, so it is kept; a bound keeps a stray flood from growing the map.
   */
  private readonly routes = new Map<string, string>();

  protected override getRouteFromPattern(pattern: string): string {
    const known = this.routes.get(pattern);
    if (known !== undefined) return known;
    const route = super.getRouteFromPattern(pattern);
    if (this.routes.size < MAX_KNOWN_ROUTES) this.routes.set(pattern, route);
    return route;
  }

  get isConnected(): boolean {
    const nc = this.client();
    return !!nc && !nc.isClosed();
  }

  override handleMessage(
    channel: string,
    natsMsg: Parameters<ServerNats['handleMessage']>[1],
  ): Promise<void> {
    const id = correlationIdFrom(natsMsg.headers?.get(CORRELATION_HEADER));
    // with tracing on: a SERVER span, child of the caller's (its traceparent header), ended
    // with the last reply packet (ADR 0035)
    const span = startReceiveSpan('handle', channel, natsMsg.headers, {
      [ATTR_MESSAGING_CONSUMER_GROUP_NAME]: this.queueGroup,
      [ATTR_CORRELATION_ID]: id,
    });
    if (!span) return runWithCorrelationId(id, () => this.handleInFlight(channel, natsMsg));
    return runWithCorrelationId(id, () =>
      context.with(span.context, () => this.handleInFlight(channel, natsMsg, span)),
    );
  }

  private async handleInFlight(
    channel: string,
    natsMsg: Parameters<ServerNats['handleMessage']>[1],
    span?: NatsSpan,
  ): Promise<void> {
    this.inFlight++;
    const started = process.hrtime.bigint();
    let settled = false;
    // `packet`: the request's last reply packet, or null when no handler ran (nothing to time)
    const done = (packet: ReplyPacket | null) => {
      if (settled) return;
      settled = true;
      if (packet) observeHandler(channel, started, packet.err);
      endNatsSpan(span, packet?.err);
      // the reply is published on the next tick after the handler settles
      setImmediate(() => this.inFlight--);
    };
    this.finishers.set(natsMsg, done);
    try {
      await super.handleMessage(channel, natsMsg);
    } catch (err) {
      done({ err });
      throw err;
    } finally {
      // A handler's answer is published after super.handleMessage returns (Nest sends it on a
      // later tick, an Observable's on its completion): the request ends when its last packet
      // (`isDisposed`) is published. Events and requests without a reply or handler end here.
      if (!this.getHandlerByPattern(channel)) done(null);
      else if (!natsMsg.reply) done({});
    }
  }

  /** The reply publisher of one request; its last packet ends the request's time in flight. */
  override getPublisher(
    natsMsg: Parameters<ServerNats['getPublisher']>[0],
    id: string,
    ctx: Parameters<ServerNats['getPublisher']>[2],
  ) {
    const publish = super.getPublisher(natsMsg, id, ctx);
    const done = this.finishers.get(natsMsg);
    if (!done) return publish;
    return (response: ReplyPacket) => {
      try {
        return publish(response);
      } finally {
        if (response.isDisposed) done(response);
      }
    };
  }

  override async close(): Promise<void> {
    const nc = this.client();
    if (!nc) return;
    const subs = (this as unknown as { subscriptions: Subscription[] }).subscriptions ?? [];
    await Promise.all(subs.map((s) => s.drain().catch(() => undefined)));
    const deadline = Date.now() + this.graceMs;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (this.inFlight > 0) {
      this.logger.warn(`${this.inFlight} request(s) still running after ${this.graceMs} ms`);
    }
    if (!nc.isClosed()) await nc.drain().catch(() => undefined);
    (this as unknown as { natsClient: NatsConnection | null }).natsClient = null;
  }

  private client(): NatsConnection | null {
    return (this as unknown as { natsClient: NatsConnection | null }).natsClient ?? null;
  }
}

/** What Nest publishes for a request: the answer or the error, the last one marked disposed. */
interface ReplyPacket {
  err?: unknown;
  isDisposed?: boolean;
}

/** One handled request: its duration by subject and outcome; a refused or failed one logged. */
function observeHandler(subject: string, started: bigint, err: unknown): void {
  if (err === undefined || err === null) {
    natsHandlerDuration.observe(secondsSince(started), subject, 'ok');
    return;
  }
  const outcome = errorOutcome(err);
  natsHandlerDuration.observe(secondsSince(started), subject, outcome);
  if (outcome === '5xx') natsHandlerErrors.inc({ subject });
  const code = (err as { code?: unknown }).code;
  rootLogger().info(
    { subject, ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000, ok: false, code },
    'rpc',
  );
}
