import {
  type Attributes,
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import type { MsgHdrs } from '@nats-io/transport-node';
import { tracingActive } from './tracing-state';

/**
 * W3C trace context over NATS (ADR 0035): the caller's `traceparent` (and `tracestate`) travel
 * in the message headers, as they do in HTTP headers, for request/reply (NatsRpcClient ->
 * DrainingNatsServer) and for JetStream facts (JetStreamBus.publish -> consume / listen). The
 * sender's span is CLIENT (a request) or PRODUCER (a fact), the receiver's SERVER or CONSUMER,
 * a child of the sender's; attributes after OpenTelemetry's messaging semantic conventions.
 * Every function here does nothing and returns undefined while tracing is off.
 */

// messaging semantic conventions (incubating in @opentelemetry/semantic-conventions, whose
// authors ask users to copy such names rather than import the incubating entry point)
export const ATTR_MESSAGING_SYSTEM = 'messaging.system';
export const ATTR_MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
export const ATTR_MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
export const ATTR_MESSAGING_OPERATION_NAME = 'messaging.operation.name';
export const ATTR_MESSAGING_MESSAGE_ID = 'messaging.message.id';
export const ATTR_MESSAGING_CONSUMER_GROUP_NAME = 'messaging.consumer.group.name';
export const ATTR_MESSAGING_BODY_SIZE = 'messaging.message.body.size';
const ATTR_ERROR_TYPE = 'error.type';

/** Reads and writes trace-context entries of a NATS message's headers. */
export const natsHeaderSetter: TextMapSetter<MsgHdrs> = {
  set: (headers, key, value) => headers.set(key, value),
};
export const natsHeaderGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (headers) => headers?.keys() ?? [],
  // nats.js answers '' for a header that is not there
  get: (headers, key) => headers?.get(key) || undefined,
};

/** What a message is to the process that sends or receives it. */
export type NatsTraceRole =
  /** NatsRpcClient: a request that waits for its reply */
  | 'request'
  /** JetStreamBus.publish: a fact into the stream */
  | 'publish'
  /** DrainingNatsServer: a request handled by this service */
  | 'handle'
  /** JetStreamBus.consume / listen: a fact processed by this service */
  | 'process';

const ROLES: Record<
  NatsTraceRole,
  { kind: SpanKind; operation: string; type: 'send' | 'process' }
> = {
  request: { kind: SpanKind.CLIENT, operation: 'request', type: 'send' },
  publish: { kind: SpanKind.PRODUCER, operation: 'publish', type: 'send' },
  handle: { kind: SpanKind.SERVER, operation: 'process', type: 'process' },
  process: { kind: SpanKind.CONSUMER, operation: 'process', type: 'process' },
};

/** Asked each time (a map look-up): a tracer kept from an SDK that was shut down records nothing. */
const natsTracer = (): Tracer => trace.getTracer('@examprep/nest-kit/nats');

/** The span of one message sent or received, and the context its work runs in. */
export interface NatsSpan {
  readonly role: NatsTraceRole;
  readonly span: Span;
  readonly context: Context;
}

/**
 * Starts the sender's span of a message (`request` or `publish`) as a child of the active
 * context and writes its trace context into `headers`.
 */
export function startSendSpan(
  role: 'request' | 'publish',
  subject: string,
  headers: MsgHdrs,
  attributes: Attributes = {},
): NatsSpan | undefined {
  if (!tracingActive()) return undefined;
  const parent = context.active();
  const span = startSpan(role, subject, parent, attributes);
  const ctx = trace.setSpan(parent, span);
  propagation.inject(ctx, headers, natsHeaderSetter);
  return { role, span, context: ctx };
}

/**
 * Starts the receiver's span of a message (`handle` or `process`), a child of the sender's
 * span named in its headers (a new trace when it carries none).
 */
export function startReceiveSpan(
  role: 'handle' | 'process',
  subject: string,
  headers: MsgHdrs | undefined,
  attributes: Attributes = {},
): NatsSpan | undefined {
  if (!tracingActive()) return undefined;
  const parent = propagation.extract(ROOT_CONTEXT, headers, natsHeaderGetter);
  const span = startSpan(role, subject, parent, attributes);
  return { role, span, context: trace.setSpan(parent, span) };
}

function startSpan(role: NatsTraceRole, subject: string, parent: Context, attributes: Attributes) {
  const r = ROLES[role];
  return natsTracer().startSpan(
    `${r.operation} ${subject}`,
    {
      kind: r.kind,
      attributes: {
        [ATTR_MESSAGING_SYSTEM]: 'nats',
        [ATTR_MESSAGING_DESTINATION_NAME]: subject,
        [ATTR_MESSAGING_OPERATION_TYPE]: r.type,
        [ATTR_MESSAGING_OPERATION_NAME]: r.operation,
        ...attributes,
      },
    },
    parent,
  );
}

/**
 * Ends a message's span; `err` (a thrown error or an error reply) marks it failed, with its
 * code or name as error.type. On a service's side (`handle`) a refusal (4xx) is the caller's
 * fault, not the service's: it is recorded as error.type but leaves the status unset.
 */
export function endNatsSpan(s: NatsSpan | undefined, err?: unknown): void {
  if (!s) return;
  if (err !== undefined && err !== null) {
    const e = err as { code?: unknown; name?: unknown; status?: unknown; payload?: unknown };
    const payload = (e.payload ?? e) as { code?: unknown; status?: unknown; message?: unknown };
    const code = payload.code ?? e.name;
    s.span.setAttribute(ATTR_ERROR_TYPE, typeof code === 'string' ? code : 'error');
    const status = typeof payload.status === 'number' ? payload.status : 500;
    const refusal = status < 500 && s.role === 'handle';
    if (!refusal) {
      s.span.setStatus({
        code: SpanStatusCode.ERROR,
        message: err instanceof Error ? err.message : stringOr(payload.message),
      });
    }
  }
  s.span.end();
}

/**
 * Runs `fn` inside the message's span and ends the span with its outcome (failed when `fn`
 * throws or rejects); without a span (tracing off) only runs `fn`.
 */
export function inNatsSpan<T>(s: NatsSpan | undefined, fn: () => Promise<T>): Promise<T> {
  if (!s) return fn();
  return context.with(s.context, fn).then(
    (v) => {
      endNatsSpan(s);
      return v;
    },
    (err: unknown) => {
      endNatsSpan(s, err);
      throw err;
    },
  );
}

const stringOr = (v: unknown) => (typeof v === 'string' ? v : undefined);
