import {
  AckPolicy,
  DeliverPolicy,
  headers as natsHeaders,
  JSONCodec,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import { type EventPayload, type EventSubject, Streams } from '@examprep/contracts';
import {
  CORRELATION_HEADER,
  correlationIdFrom,
  currentCorrelationId,
  runWithCorrelationId,
} from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import { jetstreamConsumerLag } from '../metrics/metrics';
import type {
  ConsumedMessageMeta,
  EventListenerHandler,
  JetStreamConsumerHandler,
  JetStreamConsumerOptions,
} from './event-handlers';

const jc = JSONCodec();

export interface StreamDefinition {
  name: string;
  subjects: readonly string[];
}

/**
 * A consumer of the fact `S`: its handler gets the payload type EventMap pairs with `S`.
 * Services declare theirs with `@JetStreamConsumer` (event-handlers.ts); a direct `consume` is
 * for nest-kit's explorer and for specs that watch the stream.
 */
export interface ConsumeOptions<S extends EventSubject> extends JetStreamConsumerOptions<S> {
  stream?: StreamDefinition;
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
 * JetStream publisher and durable consumer (DESIGN.md §3): facts are published with a message
 * id so the server drops duplicates inside its window; consumers ack explicitly and are
 * redelivered on failure, so handlers must be idempotent.
 */
export class JetStreamBus {
  private readonly js: JetStreamClient;
  private readonly ensured = new Set<string>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly replicas: number,
  ) {
    this.js = nc.jetstream();
  }

  /**
   * `replicas`: of the streams it creates or updates (default 1; 3 on a 3-node NATS cluster, so
   * a stream and its consumers, which take the stream's, survive the loss of one server).
   */
  static async create(nc: NatsConnection, o: { replicas?: number } = {}): Promise<JetStreamBus> {
    return new JetStreamBus(nc, await nc.jetstreamManager(), o.replicas ?? 1);
  }

  /**
   * Creates the stream, or updates its subjects and replicas (NATS moves an existing stream to
   * the new count); the duplicate window is 2 minutes.
   */
  async ensureStream(def: StreamDefinition = Streams.events): Promise<void> {
    if (this.ensured.has(def.name)) return;
    const config = {
      name: def.name,
      subjects: [...def.subjects],
      duplicate_window: nanos(120_000),
      num_replicas: this.replicas,
    };
    try {
      await this.jsm.streams.info(def.name);
      await this.jsm.streams.update(def.name, config);
    } catch (e) {
      if ((e as { code?: string }).code !== '404' && !/stream not found/i.test(String(e))) throw e;
      await this.jsm.streams.add(config);
    }
    this.ensured.add(def.name);
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
    await this.ensureStream();
    const h = natsHeaders();
    const correlationId = currentCorrelationId();
    if (correlationId) h.set(CORRELATION_HEADER, correlationId);
    const ack = await this.js.publish(subject, jc.encode(data), { msgID: msgId, headers: h });
    return { seq: ack.seq, duplicate: ack.duplicate };
  }

  async consume<S extends EventSubject>(options: ConsumeOptions<S>): Promise<RunningConsumer> {
    const stream = options.stream ?? Streams.events;
    await this.ensureStream(stream);
    const maxDeliver = options.maxDeliver ?? 10;
    await this.jsm.consumers.add(stream.name, {
      durable_name: options.durable,
      filter_subject: options.subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30_000),
      max_deliver: maxDeliver,
    });
    const consumer = await this.js.consumers.get(stream.name, options.durable);
    const messages: ConsumerMessages = await consumer.consume({ max_messages: 64 });
    const log = rootLogger();
    const lag = pollConsumerLag(
      stream.name,
      options.durable,
      () => consumer.info(false),
      options.lagPollMs ?? LAG_POLL_MS,
    );
    const done = (async () => {
      for await (const m of messages) {
        const correlationId = correlationIdFrom(m.headers?.get(CORRELATION_HEADER) || undefined);
        await runWithCorrelationId(correlationId, async () => {
          const meta: ConsumedMessageMeta = {
            subject: m.subject,
            seq: m.seq,
            redeliveries: m.info.redeliveryCount - 1,
          };
          try {
            await options.handler(jc.decode(m.data) as EventPayload<S>, meta);
            m.ack();
          } catch (err) {
            if (m.info.redeliveryCount >= maxDeliver) {
              log.error(
                { err, ...meta, durable: options.durable },
                'event handler gave up; message terminated',
              );
              m.term();
            } else {
              log.warn(
                { err, ...meta, durable: options.durable },
                'event handler failed; will retry',
              );
              m.nak(options.retryDelayMs ?? 1_000);
            }
          }
        });
      }
    })();
    return {
      stop: async () => {
        clearInterval(lag);
        await messages.close();
        await done;
      },
    };
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
          data = jc.decode(m.data) as EventPayload<S>;
        } catch (decodeErr) {
          log.warn({ err: decodeErr, subject }, 'event listener: not JSON; ignored');
          return;
        }
        const correlationId = correlationIdFrom(m.headers?.get(CORRELATION_HEADER) || undefined);
        const run = runWithCorrelationId(correlationId, async () => handler(data)).catch(
          (handlerErr: unknown) =>
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
    return this.replicas;
  }
}
