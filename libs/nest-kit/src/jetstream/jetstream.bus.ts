import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  JetStreamApiError,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type Consumer,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import {
  headers as natsHeaders,
  nanos,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import {
  type EventPayload,
  type EventStream,
  type EventStreamKey,
  type EventSubject,
  Streams,
} from '@examprep/contracts';
import {
  CORRELATION_HEADER,
  correlationIdFrom,
  currentCorrelationId,
  runWithCorrelationId,
} from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import { decodeJson, encodeJson } from '../nats/json-payload';
import {
  ATTR_MESSAGING_BODY_SIZE,
  ATTR_MESSAGING_CONSUMER_GROUP_NAME,
  ATTR_MESSAGING_MESSAGE_ID,
  inNatsSpan,
  startReceiveSpan,
  startSendSpan,
} from '../tracing/nats-trace';
import { ATTR_CORRELATION_ID } from '../tracing/trace-log-fields';
import { jetstreamConsumerLag, jetstreamMessagesTerminated } from '../metrics/metrics';
import type {
  ConsumedMessageMeta,
  EventListenerHandler,
  JetStreamConsumerHandler,
  JetStreamConsumerOptions,
} from './event-handlers';
import { type JetStreamSettings, jetstreamSettings, retryDelayMs } from './jetstream-settings';

/** A stream the bus declares: contracts' `Streams` entry and its key (which limits it takes). */
export interface StreamDefinition extends EventStream {
  key: EventStreamKey;
}

/** The streams of contracts' `Streams`: what the services declare. */
export function eventStreams(): StreamDefinition[] {
  return (Object.keys(Streams) as EventStreamKey[]).map((key) => ({ key, ...Streams[key] }));
}

/**
 * What a full stream does, by what losing a fact costs (ADR 0033): `events` refuses the new
 * fact (the publisher gets the error and retries or logs it) rather than drop an old one a
 * consumer has not read; `hints` drops its oldest (a later hint or a rebuild supersedes it).
 */
export const DISCARD: Readonly<Record<EventStreamKey, DiscardPolicy>> = {
  events: DiscardPolicy.New,
  hints: DiscardPolicy.Old,
};

/** What the bus asks of a stream: the fields it sets, the rest left at the server's defaults. */
export type DeclaredStreamConfig = Pick<
  StreamConfig,
  | 'name'
  | 'subjects'
  | 'retention'
  | 'storage'
  | 'discard'
  | 'num_replicas'
  | 'max_age'
  | 'max_bytes'
  | 'max_msg_size'
  | 'duplicate_window'
>;

/**
 * A stream's configuration from the settings: limits retention (a fact stays until its age or
 * the stream's bytes run out, so a consumer added later or one that was down reads it), on file
 * (it survives a restart of the server), the replicas, limits and discard policy of its key.
 */
export function streamConfig(def: StreamDefinition, s: JetStreamSettings): DeclaredStreamConfig {
  const limits = s.limits[def.key];
  return {
    name: def.name,
    subjects: [...def.subjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DISCARD[def.key],
    num_replicas: s.replicas,
    max_age: nanos(limits.maxAgeMs),
    max_bytes: limits.maxBytes,
    max_msg_size: s.maxMsgSize,
    duplicate_window: nanos(s.duplicateWindowMs),
  };
}

/**
 * What differs between a stream as it is and as declared, e.g. `max_bytes -1 -> 1073741824`
 * (empty: nothing to update). Throws, naming the stream, when the storage or the retention
 * differ: NATS refuses to change either (ADR 0033 says how to move such a stream).
 */
export function streamDrift(current: StreamConfig, want: DeclaredStreamConfig): string[] {
  for (const key of ['storage', 'retention'] as const) {
    if (current[key] !== want[key])
      throw new Error(
        `JetStream stream ${want.name} has ${key} ${current[key]}, configured ${want[key]}: NATS cannot change a stream's ${key} (ADR 0033: move its messages to a new stream, or delete it once no consumer has any pending)`,
      );
  }
  const changed: string[] = [];
  const subjects = (l: readonly string[] | undefined) => [...(l ?? [])].sort().join(',');
  if (subjects(current.subjects) !== subjects(want.subjects))
    changed.push(`subjects ${subjects(current.subjects)} -> ${subjects(want.subjects)}`);
  for (const key of [
    'discard',
    'num_replicas',
    'max_age',
    'max_bytes',
    'max_msg_size',
    'duplicate_window',
  ] as const) {
    if (current[key] !== want[key]) changed.push(`${key} ${current[key]} -> ${want[key]}`);
  }
  return changed;
}

/** NATS subject matching: `*` is one token, `>` the rest (one token or more). */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const t = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return t.length > i;
    if (i >= t.length || (p[i] !== '*' && p[i] !== t[i])) return false;
  }
  return p.length === t.length;
}

/** A stream or consumer that the server does not have (JetStream API status 404). */
const isNotFound = (e: unknown) =>
  (e instanceof JetStreamApiError && e.status === 404) || /not found/i.test(String(e));

/** JetStream API error code of "consumer already exists" (with another configuration). */
const CONSUMER_ALREADY_EXISTS = 10148;

/** Every 5 s a consumer that moved streams reads whether its old one has anything left. */
export const MOVED_DRAIN_POLL_MS = 5_000;

/**
 * A consumer of the fact `S`: its handler gets the payload type EventMap pairs with `S`.
 * Services declare theirs with `@JetStreamConsumer` (event-handlers.ts); a direct `consume` is
 * for nest-kit's explorer and for specs that watch the stream.
 */
export interface ConsumeOptions<S extends EventSubject> extends JetStreamConsumerOptions<S> {
  handler: JetStreamConsumerHandler<S>;
}

/** Every 15 s each durable consumer asks the server for its info (one small request). */
export const LAG_POLL_MS = 15_000;

/**
 * Keeps examprep_jetstream_consumer_lag{stream,consumer} = num_pending + num_ack_pending, read
 * now and then every `everyMs`; a failed read keeps the last value (and is not logged: the
 * consumer's own errors are). Returns the timer (unref'd: it never keeps the process up).
 */
export function pollConsumerLag(
  stream: string,
  consumer: string,
  info: () => Promise<{ num_pending: number; num_ack_pending: number }>,
  everyMs: number,
): NodeJS.Timeout {
  const read = () =>
    info().then(
      (i) => jetstreamConsumerLag.set({ stream, consumer }, i.num_pending + i.num_ack_pending),
      () => undefined,
    );
  void read();
  const timer = setInterval(() => void read(), everyMs);
  timer.unref();
  return timer;
}

/** A started consumer or listener: `stop` ends its deliveries and awaits the handlers in flight. */
export interface RunningConsumer {
  stop(): Promise<void>;
}

/**
 * JetStream publisher and durable consumer (DESIGN.md §3, ADR 0033): facts are published with a
 * message id so the server drops duplicates inside its window; consumers ack explicitly and are
 * redelivered on failure, so handlers must be idempotent.
 */
export class JetStreamBus {
  private readonly js: JetStreamClient;
  private ensuring: Promise<void> | undefined;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly settings: JetStreamSettings,
    private readonly streams: readonly StreamDefinition[],
  ) {
    this.js = jetstream(nc);
  }

  /**
   * `settings`: the streams' replicas and limits and the consumers' acks and redeliveries
   * (default: jetstreamSettings() of the environment); `replicas` overrides theirs (1 on one
   * server; 3 on a 3-node NATS cluster, so a stream and its consumers, which take the stream's,
   * survive the loss of one server). `streams`: default contracts' (eventStreams()); specs give
   * their own names and subjects.
   */
  static async create(
    nc: NatsConnection,
    o: {
      replicas?: number;
      settings?: JetStreamSettings;
      streams?: readonly StreamDefinition[];
    } = {},
  ): Promise<JetStreamBus> {
    const base = o.settings ?? jetstreamSettings();
    const settings = o.replicas === undefined ? base : { ...base, replicas: o.replicas };
    return new JetStreamBus(nc, await jetstreamManager(nc), settings, o.streams ?? eventStreams());
  }

  /**
   * Brings every stream to its configuration (streamConfig), once per process: creates the
   * missing ones, updates those that differ in what NATS lets change (subjects, replicas, limits,
   * discard, duplicate window), and refuses, naming the stream, one whose storage or retention
   * differ (streamDrift). Updates come before creations: the EVENTS of before this layout gives
   * up its hint subjects before EVENT_HINTS takes them (two streams may not share a subject).
   */
  ensureStreams(): Promise<void> {
    this.ensuring ??= this.bringStreams().catch((e: unknown) => {
      this.ensuring = undefined;
      throw e;
    });
    return this.ensuring;
  }

  private async bringStreams(): Promise<void> {
    const log = rootLogger();
    // a lone server refuses to create a stream with replicas but takes an update to them, and
    // then reports them while it keeps one copy: refuse here what NATS would half do
    const server = this.nc.info;
    if (this.settings.replicas > 1 && server && !server.cluster)
      throw new Error(
        `NATS_STREAM_REPLICAS is ${this.settings.replicas}, but NATS server ${server.server_name} is not in a cluster: set it to 1, or run a NATS cluster (ADR 0029)`,
      );
    const missing: DeclaredStreamConfig[] = [];
    for (const def of this.streams) {
      const want = streamConfig(def, this.settings);
      const info = await this.jsm.streams.info(def.name).catch((e: unknown) => {
        if (isNotFound(e)) return undefined;
        throw e;
      });
      if (!info) {
        missing.push(want);
        continue;
      }
      const changed = streamDrift(info.config, want);
      if (changed.length === 0) continue;
      try {
        await this.jsm.streams.update(def.name, want);
      } catch (e) {
        throw new Error(
          `NATS refused to update JetStream stream ${def.name} (${changed.join('; ')}): ${(e as Error).message ?? String(e)}`,
          { cause: e },
        );
      }
      log.info({ stream: def.name, changed }, 'JetStream stream updated to its configuration');
    }
    for (const want of missing) {
      await this.jsm.streams.add(want);
      log.info({ stream: want.name }, 'JetStream stream created');
    }
  }

  /** The streams this bus declares (their names), in order. */
  get streamNames(): string[] {
    return this.streams.map((d) => d.name);
  }

  /** The stream that keeps `subject`; throws when none does. */
  streamOf(subject: string): StreamDefinition {
    const def = this.streams.find((d) => d.subjects.some((p) => subjectMatches(p, subject)));
    if (!def) throw new Error(`no JetStream stream keeps ${subject} (Streams, libs/contracts)`);
    return def;
  }

  /** A durable consumer's configuration: the settings', `maxDeliver` if its declaration says. */
  consumerConfig(durable: string, subject: string, maxDeliver?: number): Partial<ConsumerConfig> {
    const c = this.settings.consumer;
    return {
      durable_name: durable,
      filter_subject: subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(c.ackWaitMs),
      max_deliver: maxDeliver ?? c.maxDeliver,
      max_ack_pending: c.maxAckPending,
    };
  }

  /**
   * Publishes a fact with the payload EventMap pairs with `subject`; `msgId` must be stable
   * for the same fact (e.g. `${id}:${version}`).
   */
  async publish<S extends EventSubject>(
    subject: S,
    data: NoInfer<EventPayload<S>>,
    msgId: string,
  ): Promise<{ seq: number; duplicate: boolean }> {
    await this.ensureStreams();
    const h = natsHeaders();
    const correlationId = currentCorrelationId();
    if (correlationId) h.set(CORRELATION_HEADER, correlationId);
    const body = encodeJson(data);
    // with tracing on: a PRODUCER span, its traceparent in the fact's headers (ADR 0035)
    const span = startSendSpan('publish', subject, h, {
      [ATTR_MESSAGING_MESSAGE_ID]: msgId,
      [ATTR_MESSAGING_BODY_SIZE]: body.length,
    });
    const ack = await inNatsSpan(span, () =>
      this.js.publish(subject, body, { msgID: msgId, headers: h }),
    );
    return { seq: ack.seq, duplicate: ack.duplicate };
  }

  /**
   * Starts the durable consumer `options.durable` of `options.subject` on the stream that keeps
   * the subject (consumerConfig: explicit acks, every message, ack wait, deliveries, unacked at
   * most). A handler that throws is retried after the backoff of its delivery (or
   * `retryDelayMs`); on the last delivery the message is terminated, logged and counted
   * (examprep_jetstream_messages_terminated_total), and so is one whose last delivery was never
   * acked (the server's MAX_DELIVERIES advisory). A consumer whose subject moved to another
   * stream first drains what its old stream still holds for it (drainMoved). With `concurrency`
   * N, up to N handlers run at once (concurrencyOf), each message settled by its own.
   */
  async consume<S extends EventSubject>(options: ConsumeOptions<S>): Promise<RunningConsumer> {
    this.concurrencyOf(options); // refuses a bad one before anything starts
    await this.ensureStreams();
    const stream = this.streamOf(options.subject);
    const config = this.consumerConfig(options.durable, options.subject, options.maxDeliver);
    await this.ensureConsumer(stream.name, options.durable, config);
    const consumer = await this.js.consumers.get(stream.name, options.durable);
    const messages: ConsumerMessages = await consumer.consume({ max_messages: this.batch() });
    const lag = pollConsumerLag(
      stream.name,
      options.durable,
      () => consumer.info(false),
      options.lagPollMs ?? LAG_POLL_MS,
    );
    const done = this.handle(messages, stream.name, options, config.max_deliver!);
    const advisories = this.watchMaxDeliveries(stream.name, options.durable);
    const moved = await this.drainMoved(stream, options, config.max_deliver!);
    return {
      stop: async () => {
        clearInterval(lag);
        advisories.unsubscribe();
        await Promise.all([...moved.map((m) => m.stop()), messages.close()]);
        await done;
      },
    };
  }

  /**
   * Creates the durable consumer, or brings one that exists with other settings to these (the
   * client creates with the API's `create` action, which NATS refuses for an existing consumer
   * whose configuration differs: "consumer already exists"). Its ack and deliver policies are
   * the same as ever; NATS would refuse to change them.
   */
  private async ensureConsumer(
    stream: string,
    durable: string,
    config: Partial<ConsumerConfig>,
  ): Promise<void> {
    try {
      await this.jsm.consumers.add(stream, config);
    } catch (e) {
      const code = e instanceof JetStreamApiError ? e.code : undefined;
      if (code !== CONSUMER_ALREADY_EXISTS && !/consumer already exists/i.test(String(e))) throw e;
      const { ack_wait, max_deliver, max_ack_pending, filter_subject } = config;
      await this.jsm.consumers.update(stream, durable, {
        ack_wait,
        max_deliver,
        max_ack_pending,
        filter_subject,
      });
    }
  }

  /** Messages a consumer pulls at a time: 64, fewer if it may have fewer unacknowledged. */
  private batch(): number {
    return Math.min(64, this.settings.consumer.maxAckPending);
  }

  /**
   * Handlers a consumer runs at once: its `concurrency` (default 1: one message after another),
   * never more than the consumer may have unacknowledged (the server would deliver no more).
   */
  concurrencyOf(options: Pick<JetStreamConsumerOptions<EventSubject>, 'concurrency'>): number {
    const asked = options.concurrency ?? 1;
    if (!Number.isInteger(asked) || asked < 1)
      throw new Error(
        `JetStream consumer concurrency must be a whole number of 1 or more, got ${asked}`,
      );
    return Math.min(asked, this.settings.consumer.maxAckPending);
  }

  /**
   * The handler loop of one consumer's messages: up to `concurrency` handlers in flight, each
   * message acked, retried after the backoff or given up when its own handler settles. The
   * loop ends when the iterator closes, once the handlers in flight have settled.
   */
  private async handle<S extends EventSubject>(
    messages: ConsumerMessages,
    stream: string,
    options: ConsumeOptions<S>,
    maxDeliver: number,
  ): Promise<void> {
    const limit = this.concurrencyOf(options);
    const inFlight = new Set<Promise<void>>();
    for await (const m of messages) {
      const run = this.handleOne(m, stream, options, maxDeliver);
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
      while (inFlight.size >= limit) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }

  /** One message: its handler, then ack, retry after the backoff, or give up (never rejects). */
  private async handleOne<S extends EventSubject>(
    m: JsMsg,
    stream: string,
    options: ConsumeOptions<S>,
    maxDeliver: number,
  ): Promise<void> {
    const log = rootLogger();
    const correlationId = correlationIdFrom(m.headers?.get(CORRELATION_HEADER) || undefined);
    await runWithCorrelationId(correlationId, async () => {
      const meta: ConsumedMessageMeta = {
        subject: m.subject,
        seq: m.seq,
        redeliveries: m.info.deliveryCount - 1,
      };
      try {
        // with tracing on: a CONSUMER span, child of the publisher's (ADR 0035)
        const span = startReceiveSpan('process', m.subject, m.headers, {
          [ATTR_MESSAGING_CONSUMER_GROUP_NAME]: options.durable,
          [ATTR_CORRELATION_ID]: correlationId,
        });
        await inNatsSpan(span, () => options.handler(decodeJson(m.data) as EventPayload<S>, meta));
        m.ack();
      } catch (err) {
        const delivery = m.info.deliveryCount;
        if (delivery >= maxDeliver) {
          jetstreamMessagesTerminated.inc({
            stream,
            consumer: options.durable,
            reason: 'handler_failed',
          });
          // the message stays in the stream until its max age: replayable by `seq`
          log.error(
            { err, ...meta, stream, durable: options.durable, deliveries: delivery },
            'event handler gave up; message terminated',
          );
          m.term(`handler failed on delivery ${delivery} of ${maxDeliver}`);
        } else {
          const retryInMs =
            options.retryDelayMs ?? retryDelayMs(this.settings.consumer.backoffMs, delivery);
          log.warn(
            { err, ...meta, durable: options.durable, retryInMs },
            'event handler failed; will retry',
          );
          m.nak(retryInMs);
        }
      }
    });
  }

  /**
   * The server gives up on a message whose last delivery was never acked (the handler hung past
   * the ack wait, or its process died) without our loop seeing it; it says so in a
   * MAX_DELIVERIES advisory. One replica of the service (a queue group) logs and counts it.
   */
  private watchMaxDeliveries(stream: string, durable: string): Subscription {
    const log = rootLogger();
    return this.nc.subscribe(`$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${durable}`, {
      queue: `${durable}-max-deliveries`,
      callback: (err, m) => {
        if (err) return;
        let advisory: { stream_seq?: number; deliveries?: number } = {};
        try {
          advisory = decodeJson(m.data) as typeof advisory;
        } catch {
          // counted all the same: the subject says which consumer gave up
        }
        jetstreamMessagesTerminated.inc({ stream, consumer: durable, reason: 'max_deliveries' });
        log.error(
          { stream, durable, seq: advisory.stream_seq, deliveries: advisory.deliveries },
          'event message not acked on its last delivery; the server gave up on it',
        );
      },
    });
  }

  /**
   * A durable consumer whose subject another stream keeps now (ADR 0033: the hint subjects left
   * EVENTS for EVENT_HINTS) may have messages of its old stream unread or unacked: they are
   * handled as before, by the same handler, until its old consumer has none pending; then the
   * old consumer is deleted. One with nothing pending is deleted at once.
   */
  private async drainMoved<S extends EventSubject>(
    to: StreamDefinition,
    options: ConsumeOptions<S>,
    maxDeliver: number,
  ): Promise<RunningConsumer[]> {
    const log = rootLogger();
    const durable = options.durable;
    const running: RunningConsumer[] = [];
    for (const from of this.streams) {
      if (from.name === to.name) continue;
      const info = await this.jsm.consumers.info(from.name, durable).catch((e: unknown) => {
        if (isNotFound(e)) return undefined;
        throw e;
      });
      if (!info) continue;
      const remove = async () => {
        await this.jsm.consumers.delete(from.name, durable).catch((e: unknown) => {
          if (!isNotFound(e)) throw e;
        });
        log.info(
          { from: from.name, to: to.name, durable },
          'event consumer moved: old consumer deleted',
        );
      };
      const pending = info.num_pending + info.num_ack_pending;
      if (pending === 0) {
        await remove();
        continue;
      }
      log.info(
        { from: from.name, to: to.name, durable, pending },
        'event consumer moved: handling what its old stream holds for it first',
      );
      running.push(await this.drain(from.name, options, maxDeliver, remove));
    }
    return running;
  }

  /** Handles an old consumer's messages until it has none pending, then `remove`s it. */
  private async drain<S extends EventSubject>(
    stream: string,
    options: ConsumeOptions<S>,
    maxDeliver: number,
    remove: () => Promise<void>,
  ): Promise<RunningConsumer> {
    const consumer: Consumer = await this.js.consumers.get(stream, options.durable);
    const messages = await consumer.consume({ max_messages: this.batch() });
    const done = this.handle(messages, stream, options, maxDeliver);
    let finished = false;
    const finish = async (drained: boolean) => {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      await messages.close();
      await done;
      if (drained) await remove();
    };
    const timer = setInterval(() => {
      void consumer.info(false).then(
        (i) => (i.num_pending + i.num_ack_pending === 0 ? finish(true) : undefined),
        () => undefined,
      );
    }, MOVED_DRAIN_POLL_MS);
    timer.unref();
    return { stop: () => finish(false) };
  }

  /**
   * Listens to the fact `subject` in this process with a core NATS subscription (the per-replica
   * `@EventListener`): every replica gets every message, nothing is acked or redelivered. A
   * message that is not JSON is logged and ignored; a handler that throws is logged; neither
   * ends the subscription. The handler runs under the publisher's correlation id. `stop`
   * unsubscribes and awaits the handlers in flight.
   */
  listen<S extends EventSubject>(subject: S, handler: EventListenerHandler<S>): RunningConsumer {
    const log = rootLogger();
    const inFlight = new Set<Promise<void>>();
    const subscription = this.nc.subscribe(subject, {
      callback: (err, m) => {
        if (err) {
          log.warn({ err, subject }, 'event listener: subscription error');
          return;
        }
        let data: EventPayload<S>;
        try {
          data = decodeJson(m.data) as EventPayload<S>;
        } catch (decodeErr) {
          log.warn({ err: decodeErr, subject }, 'event listener: not JSON; ignored');
          return;
        }
        const correlationId = correlationIdFrom(m.headers?.get(CORRELATION_HEADER) || undefined);
        // with tracing on: a CONSUMER span, child of the publisher's (ADR 0035)
        const span = startReceiveSpan('process', m.subject, m.headers, {
          [ATTR_CORRELATION_ID]: correlationId,
        });
        const run = runWithCorrelationId(correlationId, () =>
          inNatsSpan(span, async () => handler(data)),
        ).catch((handlerErr: unknown) =>
          log.error({ err: handlerErr, subject }, 'event listener failed; message ignored'),
        );
        inFlight.add(run);
        void run.finally(() => inFlight.delete(run));
      },
    });
    return {
      stop: async () => {
        subscription.unsubscribe();
        await Promise.all(inFlight);
      },
    };
  }

  /** Flushes the connection: subscriptions made before are known to the server afterwards. */
  async flush(): Promise<void> {
    await this.nc.flush();
  }

  get connection(): NatsConnection {
    return this.nc;
  }

  /** The replicas of what this service keeps in JetStream (NATS_STREAM_REPLICAS): streams, buckets. */
  get streamReplicas(): number {
    return this.settings.replicas;
  }
}
