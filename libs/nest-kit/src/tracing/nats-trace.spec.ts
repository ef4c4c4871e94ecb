import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { headers as natsHeaders } from '@nats-io/transport-node';
import {
  endNatsSpan,
  inNatsSpan,
  natsHeaderGetter,
  startReceiveSpan,
  startSendSpan,
} from './nats-trace';
import { type RunningTracing, startTracing } from './start-tracing';
import { nameHttpServerSpan, traceLogFields } from './trace-log-fields';
import { tracingActive } from './tracing-state';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('NATS trace context while tracing is off', () => {
  it('starts no span and writes no header', () => {
    expect(tracingActive()).toBe(false);
    const h = natsHeaders();
    expect(startSendSpan('request', 'testing.tests.submit', h)).toBeUndefined();
    expect(h.keys()).toEqual([]);
    expect(startReceiveSpan('handle', 'testing.tests.submit', h)).toBeUndefined();
    expect(traceLogFields()).toBeUndefined();
  });

  it('still runs the work it wraps', async () => {
    await expect(inNatsSpan(undefined, async () => 42)).resolves.toBe(42);
    await expect(inNatsSpan(undefined, () => Promise.reject(new Error('no')))).rejects.toThrow(
      'no',
    );
  });
});

describe('NATS trace context (W3C traceparent in the message headers, ADR 0035)', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: RunningTracing;
  beforeAll(() => {
    tracing = startTracing({ serviceName: 'spec', exporter, instrumentations: false });
  });
  afterAll(() => tracing.shutdown());
  beforeEach(() => exporter.reset());

  const tracer = () => trace.getTracer('spec');
  const finished = (name: string) => {
    const span = exporter.getFinishedSpans().find((s) => s.name === name);
    if (!span) throw new Error(`no finished span ${name}`);
    return span;
  };

  it('carries the caller span through the headers: the receiver is its child, in its trace', async () => {
    const h = natsHeaders();
    await tracer().startActiveSpan('GET /api/tests/:id', async (root) => {
      const sent = startSendSpan('request', 'testing.tests.get', h, {
        'messaging.message.id': 'm1',
      });
      expect(sent).toBeDefined();
      const [, traceId, spanId] = TRACEPARENT.exec(
        natsHeaderGetter.get(h, 'traceparent') as string,
      )!;
      expect(traceId).toBe(root.spanContext().traceId);
      expect(spanId).toBe(sent!.span.spanContext().spanId);

      // the other process: only the headers cross
      const received = startReceiveSpan('handle', 'testing.tests.get', h);
      await inNatsSpan(received, async () => {
        // work inside the handler (a database query) is the receiver's child
        tracer().startSpan('mongodb.find').end();
        expect(traceLogFields()).toEqual({
          traceId,
          spanId: received!.span.spanContext().spanId,
        });
      });
      endNatsSpan(sent);
      root.end();
    });

    const client = finished('request testing.tests.get');
    const server = finished('process testing.tests.get');
    const query = finished('mongodb.find');
    const root = finished('GET /api/tests/:id');
    expect(client.kind).toBe(SpanKind.CLIENT);
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(client.parentSpanContext?.spanId).toBe(root.spanContext().spanId);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(server.parentSpanContext?.isRemote).toBe(true);
    expect(query.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    for (const s of [client, server, query]) {
      expect(s.spanContext().traceId).toBe(root.spanContext().traceId);
    }
    expect(client.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': 'testing.tests.get',
      'messaging.operation.type': 'send',
      'messaging.operation.name': 'request',
      'messaging.message.id': 'm1',
    });
    expect(server.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': 'testing.tests.get',
      'messaging.operation.type': 'process',
    });
    expect(server.resource.attributes['service.name']).toBe('spec');
  });

  it('makes a fact a PRODUCER span and its processing a CONSUMER child', async () => {
    const h = natsHeaders();
    const sent = startSendSpan('publish', 'events.user.testsCounted', h);
    await inNatsSpan(sent, async () => undefined);
    await inNatsSpan(
      startReceiveSpan('process', 'events.user.testsCounted', h),
      async () => undefined,
    );

    const producer = finished('publish events.user.testsCounted');
    const consumer = finished('process events.user.testsCounted');
    expect(producer.kind).toBe(SpanKind.PRODUCER);
    expect(consumer.kind).toBe(SpanKind.CONSUMER);
    expect(consumer.spanContext().traceId).toBe(producer.spanContext().traceId);
    expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
  });

  it('starts a new trace for a message that carries none', async () => {
    await inNatsSpan(
      startReceiveSpan('process', 'events.user.deleted', undefined),
      async () => undefined,
    );
    expect(finished('process events.user.deleted').parentSpanContext).toBeUndefined();
  });

  it('takes no parent from a malformed traceparent', async () => {
    const h = natsHeaders();
    h.set('traceparent', '00-not-a-trace-01');
    await inNatsSpan(startReceiveSpan('handle', 'catalog.access.check', h), async () => undefined);
    expect(finished('process catalog.access.check').parentSpanContext).toBeUndefined();
  });

  it('marks a failure: the thrown error, or the error reply a service answered', async () => {
    await expect(
      inNatsSpan(startSendSpan('request', 'qbank.generate', natsHeaders()), () =>
        Promise.reject(
          Object.assign(new Error('The qbank service did not answer in time.'), {
            payload: { status: 504, code: 'GATEWAY_TIMEOUT' },
          }),
        ),
      ),
    ).rejects.toThrow('did not answer');
    const client = finished('request qbank.generate');
    expect(client.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'The qbank service did not answer in time.',
    });
    expect(client.attributes['error.type']).toBe('GATEWAY_TIMEOUT');

    endNatsSpan(startReceiveSpan('handle', 'testing.tests.submit', undefined), {
      status: 500,
      code: 'INTERNAL',
      message: 'An unexpected error occurred.',
    });
    expect(finished('process testing.tests.submit').status.code).toBe(SpanStatusCode.ERROR);
  });

  it("leaves a service's span unfailed when it refuses the caller (4xx), naming the refusal", () => {
    endNatsSpan(startReceiveSpan('handle', 'testing.tests.get', undefined), {
      status: 404,
      code: 'NOT_FOUND',
      message: 'Test not found.',
    });
    const server = finished('process testing.tests.get');
    expect(server.status.code).toBe(SpanStatusCode.UNSET);
    expect(server.attributes['error.type']).toBe('NOT_FOUND');
  });

  it("names the gateway's request span after its route template, with the correlation id", () => {
    tracer().startActiveSpan('POST', (span) => {
      nameHttpServerSpan('POST', '/api/submit-test', 'c-1');
      span.end();
    });
    expect(finished('POST /api/submit-test').attributes).toMatchObject({
      'http.route': '/api/submit-test',
      'examprep.correlation_id': 'c-1',
    });
  });

  it('runs the work inside the span: its context is active there and not after', async () => {
    const s = startSendSpan('publish', 'events.qbank.generated', natsHeaders());
    await inNatsSpan(s, async () => {
      expect(trace.getSpan(context.active())).toBe(s!.span);
    });
    expect(trace.getSpan(context.active())).toBeUndefined();
  });
});
