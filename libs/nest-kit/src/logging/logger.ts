import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { traceLogFields } from '../tracing/trace-log-fields';
import { currentCorrelationId } from './correlation';

let root: Logger | undefined;
let destination:
  (pino.DestinationStream & { flushSync?: () => void; flush?: () => void }) | undefined;

let timeMs = -1;
let timeField = '';
/**
 * pino's isoTime (`,"time":"<ISO 8601>"`), formatted once per millisecond: under load the
 * gateway writes several lines a millisecond, and each `toISOString` was a sixth of a line's cost.
 */
export function isoTimeOncePerMs(): string {
  const now = Date.now();
  if (now !== timeMs) {
    timeMs = now;
    timeField = `,"time":"${new Date(now).toISOString()}"`;
  }
  return timeField;
}

/**
 * The process-wide pino logger; every line carries the service name and correlation id, and
 * with tracing on (ADR 0035) the active span's traceId and spanId.
 */
export function rootLogger(): Logger {
  root ??= pino(
    {
      level: process.env.LOG_LEVEL ?? 'info',
      base: { service: process.env.SERVICE_NAME ?? 'unknown' },
      timestamp: isoTimeOncePerMs,
      mixin() {
        const correlationId = currentCorrelationId();
        // with tracing on, the ids of the active span too: a request's lines lead to its trace
        const ids = traceLogFields();
        if (ids) return correlationId ? { correlationId, ...ids } : ids;
        return correlationId ? { correlationId } : {};
      },
      redact: {
        paths: ['*.authorization', '*.password', '*.token', 'req.headers.authorization'],
        censor: '[redacted]',
      },
    },
    // buffered, asynchronous writes: one syscall per few KiB of log instead of one per line;
    // flushLogs() empties the buffer before the process exits
    (destination =
      process.env.LOG_SYNC === 'true'
        ? pino.destination({ dest: 1, sync: true })
        : pino.destination({ dest: 1, sync: false, minLength: 4096 })),
  );
  if (process.env.LOG_SYNC !== 'true') {
    // a quiet process still shows its lines within a second
    setInterval(() => destination?.flush?.(), 1_000).unref();
  }
  return root;
}

/** Writes out buffered log lines; call before process.exit (signals skip exit handlers). */
export function flushLogs(): void {
  try {
    destination?.flushSync?.();
  } catch {
    // nothing sensible left to do with a log that cannot be written
  }
}

export function createLogger(service: string): Logger {
  process.env.SERVICE_NAME = service;
  root = undefined;
  return rootLogger();
}

/** Nest LoggerService backed by pino, so framework lines get the same shape. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger = rootLogger()) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error(
      { context, trace },
      message instanceof Error ? message.message : String(message),
    );
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
