import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Header that carries the correlation id over HTTP and NATS. */
export const CORRELATION_HEADER = 'x-correlation-id';

const storage = new AsyncLocalStorage<{ correlationId: string }>();

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

export function runWithCorrelationId<T>(correlationId: string, fn: () => T): T {
  return storage.run({ correlationId }, fn);
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts a caller's id only when it is short and plain; otherwise makes a new one. */
export function correlationIdFrom(candidate: unknown): string {
  return typeof candidate === 'string' && SAFE_ID.test(candidate) ? candidate : randomUUID();
}
