/**
 * When OpenTelemetry tracing is on, read from the standard OTEL_* variables (the OpenTelemetry
 * SDK environment specification): on only when an OTLP endpoint is configured, so a process
 * started without one loads no SDK and patches no module (ADR 0035).
 *
 * - `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the full URL, `.../v1/traces`) or
 *   `OTEL_EXPORTER_OTLP_ENDPOINT` (the base URL): where spans go, OTLP over HTTP as JSON (the
 *   exporter reads its other OTEL_EXPORTER_OTLP_* settings, headers and time-out, itself);
 * - `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`: off even with an endpoint;
 * - `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG`: which traces are kept (default
 *   `parentbased_always_on`); `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`: the resource;
 * - `OTEL_NODE_ENABLED_INSTRUMENTATIONS` / `OTEL_NODE_DISABLED_INSTRUMENTATIONS`: the
 *   instrumentations used, by name (`http`, `undici`, `mongodb`, `aws-sdk`, `nestjs-core`;
 *   comma-separated, as OpenTelemetry's Node distribution names them): the enabled list (default:
 *   all but `nestjs-core`) less the disabled one. `nestjs-core` is off unless enabled by name: it
 *   adds two spans to every gateway request that say what its SERVER span, named by the route,
 *   already says, for about a tenth of the throughput (ADR 0035, Overhead). Our NATS spans and
 *   the gateway's SERVER span are not instrumentations and stay.
 */
export interface TracingConfig {
  /** The endpoint variable that switched tracing on and its value. */
  endpoint: string;
  sampler: SamplerConfig;
  /** Instrumentations left out (OTEL_NODE_DISABLED_INSTRUMENTATIONS). */
  disabled: InstrumentationName[];
  /** Settings we read but cannot honour, one line each for the process's start-up output. */
  warnings: string[];
}

/** The instrumentations startTracing registers, by their OpenTelemetry package's short name. */
export const INSTRUMENTATIONS = ['http', 'undici', 'mongodb', 'aws-sdk', 'nestjs-core'] as const;
export type InstrumentationName = (typeof INSTRUMENTATIONS)[number];

export type SamplerConfig =
  | { kind: 'always_on' | 'always_off' }
  | { kind: 'traceidratio'; ratio: number }
  | { kind: 'parentbased'; root: 'always_on' | 'always_off' }
  | { kind: 'parentbased_traceidratio'; ratio: number };

type Env = Readonly<Record<string, string | undefined>>;

const value = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

/** The tracing settings of this environment, or null when tracing is off. */
export function tracingConfig(env: Env = process.env): TracingConfig | null {
  if (value(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return null;
  const endpoint =
    value(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (!endpoint) return null;
  const warnings: string[] = [];
  const exporters = (value(env, 'OTEL_TRACES_EXPORTER') ?? 'otlp')
    .split(',')
    .map((e) => e.trim().toLowerCase());
  if (exporters.includes('none')) return null;
  if (!exporters.includes('otlp')) {
    warnings.push(
      `OTEL_TRACES_EXPORTER=${exporters.join(',')}: only otlp is built in; tracing stays off`,
    );
    return null;
  }
  const sampler = samplerConfig(env, warnings);
  return { endpoint, sampler, disabled: disabledInstrumentations(env, warnings), warnings };
}

/** Used unless OTEL_NODE_ENABLED_INSTRUMENTATIONS names its own list. */
export const DEFAULT_INSTRUMENTATIONS: readonly InstrumentationName[] = INSTRUMENTATIONS.filter(
  (n) => n !== 'nestjs-core',
);

function disabledInstrumentations(env: Env, warnings: string[]): InstrumentationName[] {
  const listed = instrumentationList(env, 'OTEL_NODE_ENABLED_INSTRUMENTATIONS', warnings);
  const enabled = listed ?? DEFAULT_INSTRUMENTATIONS;
  const disabled = instrumentationList(env, 'OTEL_NODE_DISABLED_INSTRUMENTATIONS', warnings) ?? [];
  return INSTRUMENTATIONS.filter((n) => !enabled.includes(n) || disabled.includes(n));
}

/** The known names of a comma-separated list variable (a warning for each unknown), or undefined when unset. */
function instrumentationList(
  env: Env,
  variable: string,
  warnings: string[],
): InstrumentationName[] | undefined {
  const raw = value(env, variable);
  if (raw === undefined) return undefined;
  const names = raw
    .split(',')
    .map((n) => n.trim().replace(/^@opentelemetry\/instrumentation-/, ''))
    .filter((n) => n.length > 0);
  const known = (n: string): n is InstrumentationName =>
    (INSTRUMENTATIONS as readonly string[]).includes(n);
  for (const n of names.filter((x) => !known(x)))
    warnings.push(`${variable}: ${n} is not one of ${INSTRUMENTATIONS.join(', ')}`);
  return names.filter(known);
}

function samplerConfig(env: Env, warnings: string[]): SamplerConfig {
  const name = value(env, 'OTEL_TRACES_SAMPLER')?.toLowerCase() ?? 'parentbased_always_on';
  const arg = value(env, 'OTEL_TRACES_SAMPLER_ARG');
  const ratio = () => {
    const r = arg === undefined ? 1 : Number(arg);
    if (Number.isFinite(r) && r >= 0 && r <= 1) return r;
    warnings.push(`OTEL_TRACES_SAMPLER_ARG=${arg}: not a ratio in [0, 1]; 1 is used`);
    return 1;
  };
  switch (name) {
    case 'always_on':
    case 'always_off':
      return { kind: name };
    case 'traceidratio':
      return { kind: 'traceidratio', ratio: ratio() };
    case 'parentbased_always_on':
      return { kind: 'parentbased', root: 'always_on' };
    case 'parentbased_always_off':
      return { kind: 'parentbased', root: 'always_off' };
    case 'parentbased_traceidratio':
      return { kind: 'parentbased_traceidratio', ratio: ratio() };
    default:
      warnings.push(`OTEL_TRACES_SAMPLER=${name}: unknown; parentbased_always_on is used`);
      return { kind: 'parentbased', root: 'always_on' };
  }
}
