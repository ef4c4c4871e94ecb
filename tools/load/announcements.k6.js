// k6 load script for GET /api/announcements (or any JSON GET): two scenarios chosen by MODE.
//   MODE=throughput  closed model, VUS virtual users as fast as they can for DURATION
//   MODE=rate        open model, constant arrival RATE requests/s for DURATION (latency)
// Env: URL, TOKEN (optional bearer), MODE, VUS, RATE, DURATION, SUMMARY (output json path).
import http from 'k6/http';
import { check } from 'k6';

const mode = __ENV.MODE || 'rate';
const duration = __ENV.DURATION || '30s';

export const options = {
  discardResponseBodies: true,
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  scenarios:
    mode === 'throughput'
      ? { main: { executor: 'constant-vus', vus: Number(__ENV.VUS || 50), duration } }
      : {
          main: {
            executor: 'constant-arrival-rate',
            rate: Number(__ENV.RATE || 200),
            timeUnit: '1s',
            duration,
            preAllocatedVUs: Number(__ENV.VUS || 50),
            maxVUs: 400,
          },
        },
};

const params = {
  headers: __ENV.TOKEN ? { Authorization: `Bearer ${__ENV.TOKEN}` } : {},
  timeout: '15s',
};

export default function () {
  const res = http.get(__ENV.URL, params);
  check(res, { 'status is 200': (r) => r.status === 200 });
}

export function handleSummary(data) {
  const d = data.metrics.http_req_duration.values;
  const out = {
    mode,
    url: __ENV.URL,
    requests: data.metrics.http_reqs.values.count,
    rps: data.metrics.http_reqs.values.rate,
    failedRate: data.metrics.http_req_failed.values.rate,
    droppedIterations: data.metrics.dropped_iterations
      ? data.metrics.dropped_iterations.values.count
      : 0,
    p50: d.med,
    p95: d['p(95)'],
    p99: d['p(99)'],
    max: d.max,
  };
  return {
    [__ENV.SUMMARY || 'summary.json']: JSON.stringify(out, null, 2),
    stdout: `${JSON.stringify(out)}\n`,
  };
}
