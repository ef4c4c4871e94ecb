import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { tracingActive } from './tracing-state';

/** Incoming requests that are probes or scrapes, not work: no trace for them. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The gateway's HTTP server span, without the http instrumentation (ADR 0035, Overhead): that
 * instrumentation patches every server and client, builds two generations of semantic-convention
 * attributes and wraps the response's methods on every request, kept or not; at saturation it
 * was most of tracing's cost. This is the part we use: the caller's `traceparent` extracted, one
 * SERVER span for the request, active while Fastify and Nest handle it (so the NATS CLIENT span
 * of the call it makes is its child), ended when the response closes with its status code.
 * `nameHttpServerSpan` names it after the route template once Fastify has matched the route.
 * Nothing is wrapped when tracing is off.
 */
export function traceHttpRequests(server: Server): void {
  if (!tracingActive()) return;
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  for (const listener of listeners) server.on('request', withServerSpan(listener));
}

/** One request listener run inside a SERVER span. */
function withServerSpan(listener: RequestListener): RequestListener {
  const tracer = trace.getTracer('@examprep/nest-kit/http');
  return (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (PROBE_PATHS.has(path)) return listener(req, res);
    const method = req.method ?? 'GET';
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': method, 'url.path': path },
      },
      parent,
    );
    // 'close' comes after the response was sent, or when the client went away first
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      else if (!res.writableFinished)
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'connection closed early' });
      span.end();
    });
    context.with(trace.setSpan(parent, span), listener, undefined, req, res);
  };
}
