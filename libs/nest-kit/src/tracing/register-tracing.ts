import type { RunningTracing } from './start-tracing';
import { tracingConfig } from './tracing-config';

let running: RunningTracing | undefined;

/**
 * The first statement of every app's main (apps/<app>/src/tracing.ts, imported before anything
 * else): OpenTelemetry's instrumentations patch http, undici, mongodb, the AWS SDK and Nest
 * when those are required, so they must be registered before the app requires them.
 *
 * Off unless an OTLP endpoint is configured (tracingConfig): then nothing is loaded or patched
 * and this costs one look at the environment. `serviceName` is the resource's service.name
 * (OTEL_SERVICE_NAME overrides it).
 */
export function registerTracing(
  serviceName: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean {
  const config = tracingConfig(env);
  for (const w of config?.warnings ?? []) process.stderr.write(`[otel] ${w}\n`);
  if (!config || running) return !!running;
  // loaded here and only here: the SDK and the instrumentations stay out of a process that
  // does not trace (a static import would load them into every app)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./start-tracing') as typeof import('./start-tracing');
  running = sdk.startTracing({ serviceName, sampler: config.sampler, disabled: config.disabled });
  return true;
}

/** Exports the spans still buffered and stops the SDK (exitGracefully calls it); idempotent. */
export async function shutdownTracing(): Promise<void> {
  const r = running;
  running = undefined;
  await r?.shutdown();
}
