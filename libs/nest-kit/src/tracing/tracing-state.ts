/**
 * Whether this process records spans. nest-kit's NATS client, server, JetStream bus and logger
 * ask it before touching the OpenTelemetry API, so a process without tracing does no span,
 * header or context work per message at all (ADR 0035).
 */
let active = false;

export function tracingActive(): boolean {
  return active;
}

/** Set by startTracing (and back by its shutdown); nothing else should call it. */
export function setTracingActive(on: boolean): void {
  active = on;
}
