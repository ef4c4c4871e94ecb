import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  counted,
  errorOutcome,
  generationsTotal,
  httpRequestDuration,
  initMetrics,
  LATENCY_BUCKETS,
  METRIC_NAMES,
  METRICS_CONTENT_TYPE,
  metricsRegistry,
  metricsText,
  observeHttp,
  routeLabel,
  statusClass,
  testsSubmittedTotal,
} from './metrics';
import { pollConsumerLag } from '../jetstream/jetstream.bus';
import { startHealthServer } from '../health/health-server';

const RULES = join(__dirname, '../../../../k8s/monitoring/prometheus-rules.yaml');

/** Series lines of the text format whose name is `name`, e.g. 'x_count'. */
function series(text: string, name: string): string[] {
  return text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
}

/** The value of the series `name` with exactly these labels (in any order), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of series(text, name)) {
    const m = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const got = Object.fromEntries(
      [...(m[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]),
    );
    const keys = Object.keys(labels);
    if (keys.length === Object.keys(got).length && keys.every((k) => got[k] === labels[k]))
      return Number(m[2]);
  }
  return undefined;
}

describe('metrics', () => {
  beforeAll(() => initMetrics('unit'));
  beforeEach(() => {
    httpRequestDuration.reset();
  });

  it('classes statuses and names unmatched routes', () => {
    expect([200, 204, 302, 404, 499, 500, 503].map(statusClass)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
    expect(statusClass(0)).toBe('other');
    expect(statusClass(600)).toBe('other');
    expect(routeLabel(undefined)).toBe('unmatched');
    expect(routeLabel('/api/tests/:id')).toBe('/api/tests/:id');
  });

  it('labels HTTP requests by method, route template and status class, in seconds', async () => {
    observeHttp('GET', '/api/tests/:id', 200, 12);
    observeHttp('GET', '/api/tests/:id', 200, 80);
    observeHttp('POST', '/api/submit-test', 503, 3);
    observeHttp('GET', undefined, 404, 1);
    const text = await metricsText();
    const count = 'examprep_http_request_duration_seconds_count';
    const get = { method: 'GET', route: '/api/tests/:id', status_class: '2xx', service: 'unit' };
    expect(valueOf(text, count, get)).toBe(2);
    expect(
      valueOf(text, count, {
        method: 'POST',
        route: '/api/submit-test',
        status_class: '5xx',
        service: 'unit',
      }),
    ).toBe(1);
    expect(
      valueOf(text, count, {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
        service: 'unit',
      }),
    ).toBe(1);
    expect(
      valueOf(text, 'examprep_http_request_errors_total', {
        method: 'POST',
        route: '/api/submit-test',
        service: 'unit',
      }),
    ).toBe(1);
    // only 5xx are errors
    expect(series(text, 'examprep_http_request_errors_total')).toHaveLength(1);
    // 12 ms and 80 ms: one at or below 25 ms, both at or below 100 ms
    const bucket = 'examprep_http_request_duration_seconds_bucket';
    expect(valueOf(text, bucket, { ...get, le: '0.01' })).toBe(0);
    expect(valueOf(text, bucket, { ...get, le: '0.025' })).toBe(1);
    expect(valueOf(text, bucket, { ...get, le: '0.1' })).toBe(2);
  });

  it('puts a request slower than the last bucket in +Inf only, with its sum and count', async () => {
    observeHttp('GET', '/api/gradebook', 200, 20_000);
    observeHttp('GET', '/api/gradebook', 200, 5);
    const text = await metricsText();
    const labels = { method: 'GET', route: '/api/gradebook', status_class: '2xx', service: 'unit' };
    const bucket = 'examprep_http_request_duration_seconds_bucket';
    expect(valueOf(text, bucket, { ...labels, le: '0.005' })).toBe(1);
    expect(valueOf(text, bucket, { ...labels, le: '10' })).toBe(1);
    expect(valueOf(text, bucket, { ...labels, le: '+Inf' })).toBe(2);
    expect(valueOf(text, 'examprep_http_request_duration_seconds_sum', labels)).toBeCloseTo(20.005);
    expect(valueOf(text, 'examprep_http_request_duration_seconds_count', labels)).toBe(2);
    expect(text).toContain('# TYPE examprep_http_request_duration_seconds histogram');
  });

  it('uses latency buckets from 5 ms to the 10 s RPC time-out, ascending', () => {
    expect(LATENCY_BUCKETS[0]).toBe(0.005);
    expect(LATENCY_BUCKETS.at(-1)).toBe(10);
    expect([...LATENCY_BUCKETS].sort((a, b) => a - b)).toEqual(LATENCY_BUCKETS);
    expect(LATENCY_BUCKETS).toContain(0.2);
    expect(LATENCY_BUCKETS).toContain(0.5);
  });

  it('reads the outcome of a NATS error from its status or its payload', () => {
    expect(errorOutcome({ payload: { status: 404 } })).toBe('4xx');
    expect(errorOutcome({ status: 503 })).toBe('5xx');
    expect(errorOutcome(new Error('boom'))).toBe('5xx');
    expect(errorOutcome(undefined)).toBe('5xx');
  });

  it('counts a business event only when its handler succeeds', async () => {
    testsSubmittedTotal.reset();
    generationsTotal.reset();
    await Promise.resolve({ ok: true }).then(counted(testsSubmittedTotal));
    await Promise.resolve(1).then(counted(generationsTotal, { kind: 'pump' }));
    await expect(
      Promise.reject(new Error('no')).then(counted(testsSubmittedTotal)),
    ).rejects.toThrow('no');
    const text = await metricsText();
    expect(valueOf(text, 'examprep_tests_submitted_total', { service: 'unit' })).toBe(1);
    expect(valueOf(text, 'examprep_generations_total', { kind: 'pump', service: 'unit' })).toBe(1);
  });

  it('keeps the consumer lag gauge at num_pending + num_ack_pending', async () => {
    const timer = pollConsumerLag(
      'events',
      'unit-consumer',
      async () => ({ num_pending: 3, num_ack_pending: 2 }),
      60_000,
    );
    clearInterval(timer);
    await new Promise((r) => setImmediate(r));
    expect(
      valueOf(await metricsText(), 'examprep_jetstream_consumer_lag', {
        stream: 'events',
        consumer: 'unit-consumer',
        service: 'unit',
      }),
    ).toBe(5);
  });

  it('exports the default process metrics with the service label', async () => {
    const text = await metricsText();
    for (const name of [
      'examprep_process_resident_memory_bytes',
      'examprep_nodejs_eventloop_lag_seconds',
      'examprep_nodejs_heap_size_used_bytes',
    ]) {
      expect(series(text, name).join('\n')).toContain('service="unit"');
    }
    expect(text).toContain('# TYPE examprep_nodejs_gc_duration_seconds histogram');
  });

  it('registers every name of METRIC_NAMES', () => {
    for (const name of METRIC_NAMES) expect(metricsRegistry.getSingleMetric(name)).toBeDefined();
  });

  it('uses only exported metric names (or kube-state-metrics / up) in the alerting rules', () => {
    const rules = readFileSync(RULES, 'utf8');
    const exprs = [...rules.matchAll(/expr: (\|\n((?: {12,}.*\n)+)|.*)/g)].map((m) => m[2] ?? m[1]);
    expect(exprs.length).toBeGreaterThanOrEqual(8);
    const known = new Set<string>(METRIC_NAMES);
    const kube = new Set([
      'kube_deployment_status_replicas_available',
      'kube_deployment_spec_replicas',
      'kube_pod_container_status_restarts_total',
      'up',
    ]);
    const used = new Set<string>();
    for (const expr of exprs) {
      for (const m of (expr ?? '').matchAll(/\b(examprep_[a-z_]+|kube_[a-z_]+|up)\s*[{[]/g)) {
        used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThanOrEqual(8);
    for (const name of used) {
      const base = name.replace(/_(bucket|count|sum)$/, '');
      expect({ name, known: known.has(base) || kube.has(name) }).toEqual({ name, known: true });
    }
    // every alert the issue promises is there
    for (const alert of [
      'ExamprepHttp5xxRatioHigh',
      'ExamprepHttpP95High',
      'ExamprepJetStreamConsumerLag',
      'ExamprepDeploymentUnavailable',
      'ExamprepPodRestarting',
    ]) {
      expect(rules).toContain(`alert: ${alert}`);
    }
  });

  it('serves /metrics on the health port in the Prometheus text format', async () => {
    const server = await startHealthServer(0, '127.0.0.1', {});
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(METRICS_CONTENT_TYPE);
      expect(await res.text()).toContain('# TYPE examprep_nats_handler_duration_seconds histogram');
    } finally {
      server.close();
    }
  });
});
