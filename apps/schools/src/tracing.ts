// The first import of main.ts: OpenTelemetry patches http, fetch, mongodb, the AWS SDK and Nest
// as they are required, so it starts before anything else is loaded. Off (nothing loaded, nothing
// patched) unless OTEL_EXPORTER_OTLP_ENDPOINT is set (libs/nest-kit/src/tracing, ADR 0035).
import { registerTracing } from '@examprep/nest-kit/tracing';

registerTracing('schools');
