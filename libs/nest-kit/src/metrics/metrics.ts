import { collectDefaultMetrics, Counter, Gauge, type Metric, Registry } from 'prom-client';

/**
 * The Prometheus metrics of every process (gateway and services), one registry per process,
 * served as text on /metrics (the gateway's HTTP port, a service's HEALTH_PORT). Every series
 * carries the label `service`. Labels are bounded: HTTP routes are Fastify route TEMPLATES
 * (`/api/tests/:id`, never the raw URL), NATS subjects come from the typed RpcMap, statuses are
 * classes (2xx..5xx). Names are listed in METRIC_NAMES; k8s/monitoring/prometheus-rules.yaml
 * uses only those (metrics.spec.ts checks it).
 */
export const metricsRegistry = new Registry();

const STATUS_CLASSES = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'];

/** Request latencies, in seconds: 5 ms .. 10 s (the gateway's RPC time-out is 10 s). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5, 10];

interface SeriesValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * A histogram for hot paths (the gateway's requests, NATS calls): one observation is up to
 * three Map lookups and a Float64Array update, no object per call (prom-client's
 * Histogram.observe builds and hashes a label object every time). Up to three labels, given
 * in the order of `labelNames`; Prometheus reads the usual _bucket / _sum / _count series.
 */
export class FastHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  // a -> b -> c -> [bucket counts (not cumulative)..., sum, count]
  private series = new Map<string, Map<string, Map<string, Float64Array>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly [string, string] | readonly [string, string, string],
    readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  observe(seconds: number, a: string, b: string, c = ''): void {
    let byB = this.series.get(a);
    if (byB === undefined) this.series.set(a, (byB = new Map()));
    let byC = byB.get(b);
    if (byC === undefined) byB.set(b, (byC = new Map()));
    const n = this.buckets.length;
    let s = byC.get(c);
    if (s === undefined) byC.set(c, (s = new Float64Array(n + 2)));
    let i = 0;
    while (i < n && seconds > this.buckets[i]!) i++;
    if (i < n) s[i]! += 1;
    s[n]! += seconds;
    s[n + 1]! += 1;
  }

  reset(): void {
    this.series = new Map();
  }

  get(): Promise<{
    name: string;
    help: string;
    type: 'histogram';
    aggregator: 'sum';
    values: SeriesValue[];
  }> {
    const values: SeriesValue[] = [];
    const n = this.buckets.length;
    const [na, nb, nc] = this.labelNames;
    for (const [a, byB] of this.series) {
      for (const [b, byC] of byB) {
        for (const [c, s] of byC) {
          const labels: Record<string, string> = { [na]: a, [nb]: b };
          if (nc !== undefined) labels[nc] = c;
          let cumulative = 0;
          for (let i = 0; i < n; i++) {
            cumulative += s[i]!;
            values.push({
              metricName: `${this.name}_bucket`,
              labels: { le: this.buckets[i]!, ...labels },
              value: cumulative,
            });
          }
          values.push(
            {
              metricName: `${this.name}_bucket`,
              labels: { le: '+Inf', ...labels },
              value: s[n + 1]!,
            },
            { metricName: `${this.name}_sum`, labels, value: s[n]! },
            { metricName: `${this.name}_count`, labels, value: s[n + 1]! },
          );
        }
      }
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }
}

export const httpRequestDuration = new FastHistogram(
  'examprep_http_request_duration_seconds',
  'HTTP requests handled by the gateway, by method, route template and status class.',
  ['route', 'method', 'status_class'],
  LATENCY_BUCKETS,
  metricsRegistry,
);

export const httpRequestErrors = new Counter({
  name: 'examprep_http_request_errors_total',
  help: 'HTTP requests answered with a 5xx status, by method and route template.',
  labelNames: ['method', 'route'] as const,
  registers: [metricsRegistry],
});

export const natsClientDuration = new FastHistogram(
  'examprep_nats_client_request_duration_seconds',
  'NATS request/reply calls made by this process (gateway RPC client, peer clients), by subject and outcome.',
  ['subject', 'outcome'],
  LATENCY_BUCKETS,
  metricsRegistry,
);

export const natsClientErrors = new Counter({
  name: 'examprep_nats_client_errors_total',
  help: 'NATS calls that failed with a 5xx (no responder, time-out, bus down, unknown error), by subject and status.',
  labelNames: ['subject', 'status'] as const,
  registers: [metricsRegistry],
});

export const natsHandlerDuration = new FastHistogram(
  'examprep_nats_handler_duration_seconds',
  'NATS message handlers of this service, by subject and outcome.',
  ['subject', 'outcome'],
  LATENCY_BUCKETS,
  metricsRegistry,
);

export const natsHandlerErrors = new Counter({
  name: 'examprep_nats_handler_errors_total',
  help: 'NATS handlers that answered an error of status >= 500 (or no status), by subject.',
  labelNames: ['subject'] as const,
  registers: [metricsRegistry],
});

export const jetstreamConsumerLag = new Gauge({
  name: 'examprep_jetstream_consumer_lag',
  help: 'Messages of a durable JetStream consumer not yet acknowledged (num_pending + num_ack_pending), polled.',
  labelNames: ['stream', 'consumer'] as const,
  registers: [metricsRegistry],
});

/**
 * Messages a durable consumer gave up on (ADR 0033): reason=handler_failed (its handler failed
 * on the last delivery; terminated by this process, counted once) or reason=max_deliveries (the
 * server's advisory: the last delivery was never acked, e.g. the process died on it; counted by
 * the one replica of the consumer's service that receives the advisory). Either way the message
 * stays in the stream until its max age, to be replayed by its sequence number.
 */
export const jetstreamMessagesTerminated = new Counter({
  name: 'examprep_jetstream_messages_terminated_total',
  help: 'Messages a durable JetStream consumer gave up on after its last delivery, by stream, consumer and reason (handler_failed, max_deliveries).',
  labelNames: ['stream', 'consumer', 'reason'] as const,
  registers: [metricsRegistry],
});

export const purchasesTotal = new Counter({
  name: 'examprep_purchases_total',
  help: 'Entitlements granted: kind=order_paid (a paid checkout), kind=grant (granted by an admin) or kind=already_owned_refund (a payment for products held already, refunded).',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const testsSubmittedTotal = new Counter({
  name: 'examprep_tests_submitted_total',
  help: 'Tests submitted (graded) by learners.',
  registers: [metricsRegistry],
});

export const answersSavedTotal = new Counter({
  name: 'examprep_answers_saved_total',
  help: 'Answers saved in tests by learners.',
  registers: [metricsRegistry],
});

export const generationsTotal = new Counter({
  name: 'examprep_generations_total',
  help: 'Generated content: kind=qbank_batch (an Infinite QBank batch), kind=qbank_review (a weak-spots batch of the learning engine) or kind=pump (a pump problem).',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** The names this process exports besides prom-client's default process metrics. */
export const METRIC_NAMES = [
  'examprep_http_request_duration_seconds',
  'examprep_http_request_errors_total',
  'examprep_nats_client_request_duration_seconds',
  'examprep_nats_client_errors_total',
  'examprep_nats_handler_duration_seconds',
  'examprep_nats_handler_errors_total',
  'examprep_jetstream_consumer_lag',
  'examprep_jetstream_messages_terminated_total',
  'examprep_purchases_total',
  'examprep_tests_submitted_total',
  'examprep_answers_saved_total',
  'examprep_generations_total',
] as const;

let initialised: string | undefined;

/**
 * Once per process, at start-up: the `service` label on every series and prom-client's default
 * process metrics (CPU, memory, event-loop lag, GC, handles) prefixed `examprep_`.
 */
export function initMetrics(service: string): void {
  if (initialised === service) return;
  if (initialised === undefined) {
    collectDefaultMetrics({ register: metricsRegistry, prefix: 'examprep_' });
  }
  metricsRegistry.setDefaultLabels({ service });
  initialised = service;
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** The registry in Prometheus text format. */
export function metricsText(): Promise<string> {
  return metricsRegistry.metrics();
}

/** 200 -> '2xx'; anything outside 100..599 -> 'other'. */
export function statusClass(status: number): string {
  if (status >= 100 && status < 600) return STATUS_CLASSES[Math.floor(status / 100)]!;
  return 'other';
}

/** A route template as a label; requests no route matched share one value. */
export function routeLabel(template: string | undefined): string {
  return template === undefined || template === '' ? 'unmatched' : template;
}

/**
 * One HTTP request: one histogram observation (no allocation), and the error counter on a 5xx.
 * Called from the gateway's onResponse hook with Fastify's route template and elapsed time (ms).
 */
export function observeHttp(
  method: string,
  routeTemplate: string | undefined,
  status: number,
  elapsedMs: number,
): void {
  const route = routeTemplate || 'unmatched';
  httpRequestDuration.observe(elapsedMs / 1000, route, method, statusClass(status));
  if (status >= 500 && status < 600) httpRequestErrors.inc({ method, route });
}

/** Outcome label of a NATS call or handler: 'ok', or the status class of the error ('4xx'...). */
export function errorOutcome(err: unknown): string {
  const e = err as { status?: unknown; payload?: { status?: unknown } } | null | undefined;
  const status = e?.payload?.status ?? e?.status;
  return typeof status === 'number' ? statusClass(status) : '5xx';
}

/** Seconds since a process.hrtime.bigint() start. */
export function secondsSince(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * `promise.then(counted(counter, labels))`: counts a business event once its handler succeeded
 * (a refused or failed call counts nothing) and passes the answer on.
 */
export function counted<T, L extends string>(
  counter: Counter<L>,
  labels?: Partial<Record<L, string>>,
): (answer: T) => T {
  return (answer) => {
    if (labels) counter.inc(labels);
    else counter.inc();
    return answer;
  };
}
