import { context, diag, DiagLogLevel, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { type Instrumentation, registerInstrumentations } from '@opentelemetry/instrumentation';
import { AwsInstrumentation } from '@opentelemetry/instrumentation-aws-sdk';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  SimpleSpanProcessor,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { InstrumentationName, SamplerConfig } from './tracing-config';
import { setTracingActive } from './tracing-state';

export interface StartTracingOptions {
  /** The app's name (gateway, testing, ...): the resource's service.name unless OTEL_SERVICE_NAME says otherwise. */
  serviceName: string;
  sampler?: SamplerConfig;
  /**
   * Where spans go: default OTLP over HTTP to the OTEL_EXPORTER_OTLP_* endpoint, in batches.
   * Specs pass an InMemorySpanExporter, whose spans are then handed over at once.
   */
  exporter?: SpanExporter;
  /** Patch http, undici (fetch), mongodb, the AWS SDK and Nest (default true; specs that build their own spans say false). */
  instrumentations?: boolean;
  /** Instrumentations left out (OTEL_NODE_DISABLED_INSTRUMENTATIONS). */
  disabled?: readonly InstrumentationName[];
}

export interface RunningTracing {
  /** Exports the spans still buffered. */
  flush(): Promise<void>;
  /** Flushes, stops exporting and unpatches; nest-kit goes back to doing no tracing work. */
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry trace SDK of this process: a global tracer provider with the app's
 * resource, the AsyncLocalStorage context manager, the W3C trace-context propagator (the
 * `traceparent` header, over HTTP and in NATS message headers) and the instrumentations of the
 * libraries our apps call through. Loaded only when tracing is configured (registerTracing).
 */
export function startTracing(options: StartTracingOptions): RunningTracing {
  diag.setLogger(
    {
      error: (m, ...a) => process.stderr.write(`[otel] ${m} ${a.map(String).join(' ')}\n`),
      warn: (m, ...a) => process.stderr.write(`[otel] ${m} ${a.map(String).join(' ')}\n`),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    DiagLogLevel.WARN,
  );
  const resource = resourceFromAttributes({
    [ATTR_SERVICE_NAME]: options.serviceName,
    'service.namespace': 'examprep',
  }).merge(detectResources({ detectors: [envDetector] }));
  const processor = options.exporter
    ? new SimpleSpanProcessor({ exporter: options.exporter })
    : new BatchSpanProcessor({ exporter: new OTLPTraceExporter() });
  const provider = new TracerProvider({
    resource,
    sampler: samplerOf(options.sampler ?? { kind: 'parentbased', root: 'always_on' }),
    spanProcessors: [processor],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const unregister =
    options.instrumentations === false
      ? () => undefined
      : registerInstrumentations({ instrumentations: instrumentations(options.disabled ?? []) });
  setTracingActive(true);
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      setTracingActive(false);
      unregister();
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
      }
    },
  };
}

function instrumentations(disabled: readonly InstrumentationName[]): Instrumentation[] {
  const all: Record<InstrumentationName, () => Instrumentation> = {
    // outgoing calls made with node:http (the Stripe SDK). The gateway's incoming requests get
    // their SERVER span from traceHttpRequests (http-server-spans.ts), which costs a fraction of
    // this instrumentation's server side (ADR 0035, Overhead): so that side stays off
    http: () => new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    // fetch: Keycloak's admin API (identity), the realm's keys (gateway)
    undici: () => new UndiciInstrumentation(),
    // every query mongoose sends goes through the driver
    mongodb: () => new MongoDBInstrumentation(),
    // media's S3 calls (@aws-sdk/client-s3)
    'aws-sdk': () => new AwsInstrumentation({ suppressInternalInstrumentation: true }),
    // Nest's HTTP controllers and handlers in the gateway
    'nestjs-core': () => new NestInstrumentation(),
  };
  return (Object.keys(all) as InstrumentationName[])
    .filter((name) => !disabled.includes(name))
    .map((name) => all[name]());
}

function samplerOf(config: SamplerConfig): Sampler {
  switch (config.kind) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(config.ratio);
    case 'parentbased':
      return new ParentBasedSampler({
        root: config.root === 'always_on' ? new AlwaysOnSampler() : new AlwaysOffSampler(),
      });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.ratio) });
  }
}
