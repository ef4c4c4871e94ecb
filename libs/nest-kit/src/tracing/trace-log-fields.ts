import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { tracingActive } from './tracing-state';

/**
 * The active span's ids for a log line (`traceId`, `spanId`, as Jaeger shows them), so a line
 * leads to its trace and a trace to its lines; nothing when tracing is off or no span is active.
 */
export function traceLogFields(): { traceId: string; spanId: string } | undefined {
  if (!tracingActive()) return undefined;
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const sc = span.spanContext();
  return isSpanContextValid(sc) ? { traceId: sc.traceId, spanId: sc.spanId } : undefined;
}

/**
 * Names the active HTTP server span after the route template (`GET /api/tests/:id`, the
 * semantic conventions' `{method} {http.route}`) instead of the bare method the http
 * instrumentation gives it, and carries the request's correlation id on it.
 */
export function nameHttpServerSpan(
  method: string,
  route: string | undefined,
  correlationId?: string,
): void {
  if (!tracingActive()) return;
  const span = trace.getSpan(context.active());
  if (!span) return;
  if (route) {
    span.updateName(`${method} ${route}`);
    span.setAttribute('http.route', route);
  }
  if (correlationId) span.setAttribute(ATTR_CORRELATION_ID, correlationId);
}

/** The correlation id of the request or fact a span belongs to (our own attribute). */
export const ATTR_CORRELATION_ID = 'examprep.correlation_id';
