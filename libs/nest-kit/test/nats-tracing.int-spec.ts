// The W3C trace context across the NATS hop (ADR 0035), against the TEST profile's NATS: a
// request through NatsRpcClient -> DrainingNatsServer and a fact through JetStreamBus.publish ->
// consume / listen each give the receiver a span in the caller's trace, child of the caller's
// span. Spans go to an in-memory exporter; the subjects and the stream are this run's own, so
// the running services never see them.
import { randomUUID } from 'node:crypto';
import { context, type Span, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { EventSubject, RpcSubject } from '@examprep/contracts';
import { infraConfig, waitFor } from '@examprep/test-kit';
import { natsServers } from '../src/config/nats-servers';
import { JetStreamBus, type RunningConsumer } from '../src/jetstream/jetstream.bus';
import { DrainingNatsServer } from '../src/microservice/draining-nats.server';
import { NatsRpcClient } from '../src/rpc/nats-rpc.client';
import { type RunningTracing, startTracing } from '../src/tracing/start-tracing';
import { traceLogFields } from '../src/tracing/trace-log-fields';

const cfg = infraConfig('test');
const run = randomUUID().slice(0, 8);
const exporter = new InMemorySpanExporter();
let tracing: RunningTracing;

beforeAll(() => {
  tracing = startTracing({ serviceName: 'nest-kit-it', exporter, instrumentations: false });
});
afterAll(() => tracing.shutdown());

const tracer = () => trace.getTracer('nats-tracing.int-spec');

/** Runs `fn` inside a new root span (the learner's click) and ends it. */
async function inRootSpan<T>(name: string, fn: (root: Span) => Promise<T>): Promise<T> {
  const root = tracer().startSpan(name);
  try {
    return await context.with(trace.setSpan(context.active(), root), () => fn(root));
  } finally {
    root.end();
  }
}

/** The finished span named `name` (the receiver's may end a moment after the caller's). */
const finished = (name: string) =>
  waitFor(() => exporter.getFinishedSpans().find((s: ReadableSpan) => s.name === name), {
    timeoutMs: 5_000,
    description: `a finished span ${name}`,
  });

describe('request/reply: NatsRpcClient -> DrainingNatsServer', () => {
  const subject = `tracing-it.${run}.echo`;
  let server: DrainingNatsServer;
  let client: NatsRpcClient;

  beforeAll(async () => {
    server = new DrainingNatsServer({
      servers: natsServers(cfg.natsUrl),
      queue: 'tracing-it',
      name: 'tracing-it-server',
    });
    // the handler reports the trace it runs in and what its log lines would carry
    server.addHandler(subject, async () => ({
      traceId: trace.getActiveSpan()?.spanContext().traceId,
      log: traceLogFields(),
    }));
    await new Promise<void>((resolve, reject) =>
      server.listen((err?: unknown) => (err ? reject(err as Error) : resolve())),
    );
    client = new NatsRpcClient({
      servers: cfg.natsUrl,
      name: 'tracing-it-client',
      timeoutMs: 5_000,
    });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("gives the service a SERVER span in the caller's trace, child of the CLIENT span", async () => {
    const { root, reply } = await inRootSpan('learner click', async (root) => ({
      root,
      reply: (await client.request(subject as RpcSubject, { n: 1 } as never)) as unknown as {
        traceId: string;
        log: { traceId: string; spanId: string };
      },
    }));
    const traceId = root.spanContext().traceId;
    const call = await finished(`request ${subject}`);
    const handled = await finished(`process ${subject}`);

    expect(reply.traceId).toBe(traceId);
    expect(call.kind).toBe(SpanKind.CLIENT);
    expect(call.spanContext().traceId).toBe(traceId);
    expect(call.parentSpanContext?.spanId).toBe(root.spanContext().spanId);
    expect(handled.kind).toBe(SpanKind.SERVER);
    expect(handled.spanContext().traceId).toBe(traceId);
    expect(handled.parentSpanContext).toMatchObject({
      spanId: call.spanContext().spanId,
      isRemote: true,
    });
    expect(handled.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': subject,
      'messaging.consumer.group.name': 'tracing-it',
    });
    // the handler's log lines carry the trace and its own span
    expect(reply.log).toEqual({ traceId, spanId: handled.spanContext().spanId });
  });
});

describe('JetStream: publish -> consume and listen', () => {
  const subject = `tracing-it.${run}.happened` as EventSubject;
  const stream = {
    key: 'events' as const,
    name: `TRACING_IT_${run}`,
    subjects: [`tracing-it.${run}.>`],
  };
  let nc: NatsConnection;
  let bus: JetStreamBus;
  const running: RunningConsumer[] = [];

  beforeAll(async () => {
    nc = await connect({ servers: natsServers(cfg.natsUrl), name: 'tracing-it-events' });
    bus = await JetStreamBus.create(nc, { streams: [stream] });
  });

  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream.name).catch(() => undefined);
    await nc.drain();
  });

  it("gives the consumer and the listener a span in the publisher's trace, child of the PRODUCER span", async () => {
    let consumed!: (traceId: string | undefined) => void;
    const consumedIn = new Promise<string | undefined>((r) => (consumed = r));
    let heard!: (traceId: string | undefined) => void;
    const heardIn = new Promise<string | undefined>((r) => (heard = r));
    running.push(
      await bus.consume({
        durable: `tracing-it-${run}`,
        subject,
        handler: async () => consumed(trace.getActiveSpan()?.spanContext().traceId),
      }),
      bus.listen(subject, () => heard(trace.getActiveSpan()?.spanContext().traceId)),
    );
    await bus.flush();

    const root = await inRootSpan('admin deletes a user', async (r) => {
      await bus.publish(subject, { uid: 'u-1' } as never, `tracing-it-${run}-1`);
      return r;
    });
    const traceId = root.spanContext().traceId;
    await expect(consumedIn).resolves.toBe(traceId);
    await expect(heardIn).resolves.toBe(traceId);

    const published = await finished(`publish ${subject}`);
    expect(published.kind).toBe(SpanKind.PRODUCER);
    expect(published.parentSpanContext?.spanId).toBe(root.spanContext().spanId);
    const processed = await waitFor(
      () => {
        const spans = exporter.getFinishedSpans().filter((s) => s.name === `process ${subject}`);
        return spans.length === 2 ? spans : undefined;
      },
      { timeoutMs: 5_000, description: 'the consumer and the listener spans' },
    );
    for (const s of processed) {
      expect(s.kind).toBe(SpanKind.CONSUMER);
      expect(s.spanContext().traceId).toBe(traceId);
      expect(s.parentSpanContext?.spanId).toBe(published.spanContext().spanId);
      expect(s.attributes).toMatchObject({
        'messaging.system': 'nats',
        'messaging.destination.name': subject,
      });
    }
    expect(processed.map((s) => s.attributes['messaging.consumer.group.name'])).toContain(
      `tracing-it-${run}`,
    );
  });
});
