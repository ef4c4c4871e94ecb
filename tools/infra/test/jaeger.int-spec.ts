// Jaeger of the test profile (ADR 0035): a span exported over OTLP/HTTP, as the apps export
// theirs, shows up in Jaeger's query API. Runs where Jaeger is installed (`npm run infra --
// install jaeger`, or the first `infra.sh start --with tracing`); it starts the test profile's
// Jaeger when it is not running and stops it again afterwards.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { waitFor } from '@examprep/test-kit';
import { infraModel, REPO_ROOT } from '../environment.cjs';
import { jaegerModel, jaegerPid } from '../tracing.cjs';

const j = jaegerModel('test');
const stamp = path.join(infraModel('test').cacheDir, 'stamps', 'jaeger');
const installed =
  fs.existsSync(j.bin) &&
  fs.existsSync(stamp) &&
  fs.readFileSync(stamp, 'utf8').trim() === j.version;
const infra = (...args: string[]) =>
  execFileSync(
    'bash',
    [path.join(REPO_ROOT, 'tools/infra/infra.sh'), ...args, '--profile', 'test'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );

(installed ? describe : describe.skip)(`Jaeger ${j.version} (test profile)`, () => {
  let startedHere = false;

  beforeAll(() => {
    if (jaegerPid(j)) return;
    infra('start', '--with', 'tracing');
    startedHere = true;
  }, 120_000);

  afterAll(() => {
    if (startedHere) infra('stop', 'jaeger');
  });

  it('keeps a span sent over OTLP/HTTP and answers it from its query API', async () => {
    const service = `jaeger-it-${randomUUID().slice(0, 8)}`;
    const provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': service }),
      spanProcessors: [
        new SimpleSpanProcessor({
          exporter: new OTLPTraceExporter({ url: `${j.otlpEndpoint}/v1/traces` }),
        }),
      ],
    });
    const span = provider.getTracer('jaeger.int-spec').startSpan('process testing.tests.submit');
    span.setAttribute('messaging.system', 'nats');
    const traceId = span.spanContext().traceId;
    span.end();
    await provider.forceFlush();
    await provider.shutdown();

    const found = await waitFor(
      async () => {
        const res = await fetch(`${j.queryUrl}/api/traces/${traceId}`);
        if (!res.ok) return undefined;
        const body = (await res.json()) as {
          data: {
            traceID: string;
            spans: { operationName: string; processID: string }[];
            processes: Record<string, { serviceName: string }>;
          }[];
        };
        return body.data?.[0];
      },
      { timeoutMs: 15_000, intervalMs: 500, description: `trace ${traceId} in Jaeger` },
    );
    expect(found.traceID).toBe(traceId);
    expect(found.spans.map((s) => s.operationName)).toEqual(['process testing.tests.submit']);
    expect(found.processes[found.spans[0]!.processID]?.serviceName).toBe(service);
  });
});
