import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { traceHttpRequests } from './http-server-spans';
import { type RunningTracing, startTracing } from './start-tracing';
import { nameHttpServerSpan } from './trace-log-fields';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN = '00f067aa0ba902b7';

/** A server whose handler records the span active while it runs, as Fastify's would be. */
async function serverWith(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handle);
  traceHttpRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('traceHttpRequests while tracing is off', () => {
  it('leaves the server as it is', () => {
    const handler = () => undefined;
    const server = http.createServer(handler);
    traceHttpRequests(server);
    expect(server.listeners('request')).toEqual([handler]);
  });
});

describe("traceHttpRequests (the gateway's SERVER span, ADR 0035)", () => {
  const exporter = new InMemorySpanExporter();
  let tracing: RunningTracing;
  beforeAll(() => {
    tracing = startTracing({ serviceName: 'spec', exporter, instrumentations: false });
  });
  afterAll(() => tracing.shutdown());
  beforeEach(() => exporter.reset());

  const ended = async () => {
    for (let i = 0; i < 50 && exporter.getFinishedSpans().length === 0; i += 1)
      await new Promise((r) => setTimeout(r, 10));
    return exporter.getFinishedSpans();
  };

  it("runs the request in a SERVER span, child of the caller's traceparent, named by its route", async () => {
    let activeInHandler: string | undefined;
    const s = await serverWith((req, res) => {
      // async work keeps the span active (AsyncLocalStorage), as a NATS call from a handler
      setImmediate(() => {
        activeInHandler = trace.getSpan(context.active())?.spanContext().spanId;
        nameHttpServerSpan('POST', '/api/submit-test', 'corr-1');
        res.statusCode = 201;
        res.end('{}');
      });
      expect(req.url).toBe('/api/submit-test?x=1');
    });
    try {
      const r = await fetch(`${s.url}/api/submit-test?x=1`, {
        method: 'POST',
        headers: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-01` },
      });
      expect(r.status).toBe(201);
      const [span] = await ended();
      expect(span).toBeDefined();
      expect(span!.kind).toBe(SpanKind.SERVER);
      expect(span!.name).toBe('POST /api/submit-test');
      expect(span!.spanContext().traceId).toBe(TRACE_ID);
      expect(span!.parentSpanContext?.spanId).toBe(PARENT_SPAN);
      expect(activeInHandler).toBe(span!.spanContext().spanId);
      expect(span!.attributes).toMatchObject({
        'http.request.method': 'POST',
        'url.path': '/api/submit-test',
        'http.route': '/api/submit-test',
        'http.response.status_code': 201,
        'examprep.correlation_id': 'corr-1',
      });
      expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    } finally {
      await s.close();
    }
  });

  it('starts a new trace without a traceparent, and marks a 5xx answer as an error', async () => {
    const s = await serverWith((_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    try {
      await fetch(`${s.url}/api/me`);
      const [span] = await ended();
      expect(span!.parentSpanContext).toBeUndefined();
      expect(span!.attributes['http.response.status_code']).toBe(503);
      expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    } finally {
      await s.close();
    }
  });

  it('leaves probes and scrapes untraced', async () => {
    const s = await serverWith((_req, res) => res.end('ok'));
    try {
      for (const p of ['/healthz', '/readyz', '/metrics']) await fetch(`${s.url}${p}`);
      await new Promise((r) => setTimeout(r, 50));
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
