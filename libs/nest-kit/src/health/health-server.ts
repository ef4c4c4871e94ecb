import http from 'node:http';
import { METRICS_CONTENT_TYPE, metricsText } from '../metrics/metrics';

export type ReadinessChecks = Record<string, () => boolean | Promise<boolean>>;

export interface HealthReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, boolean>;
}

export async function runChecks(checks: ReadinessChecks): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        return [name, (await check()) === true] as const;
      } catch {
        return [name, false] as const;
      }
    }),
  );
  const result = Object.fromEntries(entries);
  return { status: Object.values(result).every(Boolean) ? 'ok' : 'unavailable', checks: result };
}

/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: its dependencies answer)
 * for a NATS-only service, on a small HTTP port for Kubernetes probes; /metrics (Prometheus
 * text format) on the same port for the scraper.
 */
export function startHealthServer(
  port: number,
  host: string,
  checks: ReadinessChecks,
): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return send(405, { status: 'method not allowed' });
    if (req.url === '/healthz') return send(200, { status: 'ok' });
    if (req.url === '/metrics') {
      const text = await metricsText();
      res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
      return res.end(text);
    }
    if (req.url === '/readyz') {
      const report = await runChecks(checks);
      return send(report.status === 'ok' ? 200 : 503, report);
    }
    send(404, { status: 'not found' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
