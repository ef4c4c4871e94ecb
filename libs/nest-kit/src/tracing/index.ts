// `@examprep/nest-kit/tracing`: the entry each app's main loads first (apps/<app>/src/tracing.ts).
// It must stay light: it loads no Nest, NATS or database module (they would be required before
// the instrumentations could patch them) and no OpenTelemetry SDK unless tracing is configured.
export { registerTracing, shutdownTracing } from './register-tracing';
export { tracingConfig, type TracingConfig } from './tracing-config';
export { tracingActive } from './tracing-state';
