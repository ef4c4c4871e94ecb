// Jaeger of the test profile (ADR 0035): a span exported over OTLP/HTTP, as the apps export
// theirs, shows up in Jaeger's query API. Runs where Jaeger is installed (`npm run infra --
// install jaeger`, or the first `infra.sh start --with tracing`); it starts the test profile's
// Jaeger when it is not running and stops it again afterwards.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
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
    // the OTLP/HTTP JSON body the apps' exporter sends (built by hand: the SDK's exporter loads
    // a module with import(), which Jest's CommonJS runtime refuses)
    const service = `jaeger-it-${randomUUID().slice(0, 8)}`;
    const traceId = randomBytes(16).toString('hex');
    const now = BigInt(Date.now()) * 1_000_000n;
    const res = await fetch(`${j.otlpEndpoint}/v1/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        resourceSpans: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] },
            scopeSpans: [
              {
                scope: { name: 'jaeger.int-spec' },
                spans: [
                  {
                    traceId,
                    spanId: randomBytes(8).toString('hex'),
                    name: 'process testing.tests.submit',
                    kind: 2,
                    startTimeUnixNano: String(now - 5_000_000n),
                    endTimeUnixNano: String(now),
                    attributes: [{ key: 'messaging.system', value: { stringValue: 'nats' } }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    });
    expect(res.status).toBe(200);

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
