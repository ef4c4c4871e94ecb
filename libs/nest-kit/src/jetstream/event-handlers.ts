import type { EventPayload, EventSubject } from '@examprep/contracts';

/** What a durable consumer's handler learns about the message besides its payload. */
export interface ConsumedMessageMeta {
  subject: string;
  seq: number;
  /** 0 on the first delivery. */
  redeliveries: number;
}

/** A `@JetStreamConsumer`: one durable consumer of one fact (DESIGN.md §3). */
export interface JetStreamConsumerOptions<S extends EventSubject> {
  /** Durable consumer name; one per (service, purpose), e.g. 'identity-user-deleted'. */
  durable: string;
  subject: S;
  /**
   * Give up on a message after this many deliveries (it is terminated, logged and counted;
   * default NATS_CONSUMER_MAX_DELIVER, 10: ADR 0033).
   */
  maxDeliver?: number;
  /**
   * Wait before a failed message is delivered again, always the same (default the backoff of
   * NATS_CONSUMER_BACKOFF by delivery: 1 s, 5 s, 30 s, 2 min, then 10 min).
   */
  retryDelayMs?: number;
  /** How often the consumer's lag gauge is refreshed from the server (default LAG_POLL_MS). */
  lagPollMs?: number;
  /**
   * Handlers in flight at once (default 1: one message after another). Each message is acked,
   * retried or given up when its own handler settles, so they may be acked out of order; capped
   * at the consumer's NATS_CONSUMER_MAX_ACK_PENDING. For handlers that gather messages into a
   * batch (e.g. the item statistics' fold) or that wait on I/O; they must not rely on order.
   */
  concurrency?: number;
}

/** The shape of a `@JetStreamConsumer` method: the payload EventMap pairs with its subject. */
export type JetStreamConsumerHandler<S extends EventSubject> = (
  data: EventPayload<S>,
  meta: ConsumedMessageMeta,
) => Promise<void>;

/** The shape of an `@EventListener` method: the payload EventMap pairs with its subject. */
export type EventListenerHandler<S extends EventSubject> = (
  data: EventPayload<S>,
) => void | Promise<void>;

/** A declared consumer or listener as the explorer finds it on a provider's method. */
export type JetStreamConsumerDeclaration = JetStreamConsumerOptions<EventSubject>;
export interface EventListenerDeclaration {
  subject: EventSubject;
}

const CONSUMERS = 'examprep:jetstream-consumers';
const LISTENERS = 'examprep:event-listeners';

function declare(key: string, method: unknown, declaration: object): void {
  if (typeof method !== 'function') throw new Error('only methods can handle events');
  const existing = (Reflect.getMetadata(key, method) as object[] | undefined) ?? [];
  Reflect.defineMetadata(key, [...existing, declaration], method);
}

/**
 * Declares the method a durable JetStream consumer of `subject` (DESIGN.md §3): nest-kit's
 * EventHandlersExplorer starts it once the app has bootstrapped and stops it on shutdown (the
 * message iterator closed, the handler in flight awaited). Acked when the method resolves;
 * redelivered after the backoff (or `retryDelayMs`) when it throws, until `maxDeliver`
 * deliveries, then terminated, logged and counted (ADR 0033). So the method must be idempotent. Its parameter is checked against
 * EventMap (libs/contracts): a method that expects another payload does not compile. Replaces
 * the hand-written `bus.consume` in onApplicationBootstrap / `stop()` in onModuleDestroy.
 */
export function JetStreamConsumer<S extends EventSubject>(options: JetStreamConsumerOptions<S>) {
  return <H extends JetStreamConsumerHandler<S>>(
    _target: object,
    _key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): void => {
    declare(CONSUMERS, descriptor.value, { ...options });
  };
}

/**
 * Declares the method a per-replica listener of the fact `subject`: a core NATS subscription
 * (every replica sees every message published to the stream's subjects, where a durable
 * consumer would reach one), for what each process keeps itself, such as caches. Nothing is
 * acked or redelivered: a replica that was down has nothing cached to drop. A message that is
 * not JSON is logged and ignored, a method that throws is logged; neither stops the listener.
 * Started and stopped with the consumers (EventHandlersExplorer). A method may listen to
 * several subjects (one decorator each); its parameter is checked against each one's payload.
 */
export function EventListener<S extends EventSubject>(subject: S) {
  return <H extends EventListenerHandler<S>>(
    _target: object,
    _key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): void => {
    declare(LISTENERS, descriptor.value, { subject });
  };
}

/** The consumers declared on a method (none: empty). */
export function consumersOf(method: unknown): readonly JetStreamConsumerDeclaration[] {
  return typeof method === 'function' ? (Reflect.getMetadata(CONSUMERS, method) ?? []) : [];
}

/** The listeners declared on a method (none: empty). */
export function listenersOf(method: unknown): readonly EventListenerDeclaration[] {
  return typeof method === 'function' ? (Reflect.getMetadata(LISTENERS, method) ?? []) : [];
}
