// Prometheus metrics of the running test system (issue 15): after a few calls through the
// gateway, its /metrics (outside /api) holds the route's HTTP series and the NATS client
// series of the subject it called; the qbank's /metrics (its health port) holds the handler
// series of that subject and the generation counter; the identity service's holds the lag of
// its durable JetStream consumers. Series are read by name and labels (label order is free).
import { PUMP_GENERATE_INPUTS, Subjects } from '@examprep/contracts';
import { infraConfig } from '@examprep/test-kit';
import { call, gatewayUrl } from './support/api';
import { systemCtl } from './support/system';

const cfg = infraConfig('test');
const GENERATE = '/api/simulations/pump/generate';

async function scrape(url: string): Promise<string> {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** Sum of the series `name` whose labels include `labels` (0 when there is none). */
function total(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

const qbankUrl = cfg.appUrl('qbank');
const identityUrl = cfg.appUrl('identity');

beforeAll(() => {
  systemCtl('start', ['catalog', 'qbank', 'identity', 'gateway']);
});

describe('/metrics', () => {
  it('counts a route by its template, the NATS subject on both sides and the generation', async () => {
    const route = { method: 'POST', route: GENERATE, status_class: '2xx', service: 'gateway' };
    const subject = Subjects.qbank.pumpGenerate;
    const gatewayBefore = await scrape(gatewayUrl);
    const qbankBefore = await scrape(qbankUrl);

    const body = PUMP_GENERATE_INPUTS[0]!;
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', GENERATE, { who: 'admin', body })).status).toBe(200);
    }

    const gateway = await scrape(gatewayUrl);
    const count = 'examprep_http_request_duration_seconds_count';
    expect(
      total(gateway, count, route) - total(gatewayBefore, count, route),
    ).toBeGreaterThanOrEqual(3);
    // the template, never the raw URL with ids or queries
    expect(gateway).not.toMatch(/route="[^"]*\?/);
    const client = 'examprep_nats_client_request_duration_seconds_count';
    const ok = { subject, outcome: 'ok', service: 'gateway' };
    expect(total(gateway, client, ok) - total(gatewayBefore, client, ok)).toBeGreaterThanOrEqual(3);
    // default process metrics, with the service label
    expect(
      total(gateway, 'examprep_process_resident_memory_bytes', { service: 'gateway' }),
    ).toBeGreaterThan(0);

    const qbank = await scrape(qbankUrl);
    const handler = 'examprep_nats_handler_duration_seconds_count';
    const served = { subject, outcome: 'ok', service: 'qbank' };
    expect(
      total(qbank, handler, served) - total(qbankBefore, handler, served),
    ).toBeGreaterThanOrEqual(3);
    const generations = 'examprep_generations_total';
    const pump = { kind: 'pump', service: 'qbank' };
    expect(
      total(qbank, generations, pump) - total(qbankBefore, generations, pump),
    ).toBeGreaterThanOrEqual(3);
  });

  it('labels a refused call by its status class (4xx)', async () => {
    const refused = { method: 'POST', route: GENERATE, status_class: '4xx', service: 'gateway' };
    const count = 'examprep_http_request_duration_seconds_count';
    const before = await scrape(gatewayUrl);
    expect((await call('POST', GENERATE, { who: 'admin', body: { calculate: 'x' } })).status).toBe(
      400,
    );
    const after = await scrape(gatewayUrl);
    expect(total(after, count, refused) - total(before, count, refused)).toBeGreaterThanOrEqual(1);
  });

  it('reports the lag of the identity service’s durable consumers', async () => {
    const identity = await scrape(identityUrl);
    expect(identity).toMatch(
      /^examprep_jetstream_consumer_lag\{[^}]*consumer="[^"]+"[^}]*\} \d+$/m,
    );
    expect(identity).toContain('service="identity"');
  });

  it('is not served under /api (the ingress routes only /api)', async () => {
    expect((await call('GET', '/api/metrics')).status).toBe(404);
  });
});
