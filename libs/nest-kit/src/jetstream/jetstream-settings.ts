import type { EventStreamKey } from '@examprep/contracts';
import { streamReplicas } from '../config/nats-servers';

/**
 * The JetStream settings every service applies to the streams and durable consumers it declares
 * (ADR 0033), from the environment. Read outside the apps' config classes, like
 * NATS_STREAM_REPLICAS: every service gets them through nest-kit's JetStream module, and every
 * service must get the same values (each one brings the streams to its own at start). A bad
 * value stops the process with a message naming the variable.
 */
export interface JetStreamSettings {
  /** NATS_STREAM_REPLICAS: 1 on one server, 3 on the 3-node cluster (ADR 0029). */
  replicas: number;
  /** NATS_STREAM_MAX_MSG_SIZE: the largest fact a stream takes; a larger publish is refused. */
  maxMsgSize: number;
  /** NATS_STREAM_DUPLICATE_WINDOW: a message id seen again within it is dropped. */
  duplicateWindowMs: number;
  /** NATS_STREAM_<KEY>_MAX_AGE / _MAX_BYTES of each stream (`events`, `hints`). */
  limits: Record<EventStreamKey, StreamLimits>;
  consumer: ConsumerSettings;
}

export interface StreamLimits {
  maxAgeMs: number;
  maxBytes: number;
}

export interface ConsumerSettings {
  /** NATS_CONSUMER_ACK_WAIT: a delivery not acked in this time is delivered again. */
  ackWaitMs: number;
  /** NATS_CONSUMER_MAX_DELIVER: deliveries of a message before it is given up (terminated). */
  maxDeliver: number;
  /** NATS_CONSUMER_BACKOFF: the wait before the n-th retry of a failed message (the last repeats). */
  backoffMs: readonly number[];
  /** NATS_CONSUMER_MAX_ACK_PENDING: delivered, unacknowledged messages of a consumer at most. */
  maxAckPending: number;
}

/** The defaults: the values production runs with (k8s/README.md, Messaging). */
export const JETSTREAM_DEFAULTS: Readonly<Record<JetStreamEnvName, string>> = Object.freeze({
  NATS_STREAM_REPLICAS: '1',
  NATS_STREAM_MAX_MSG_SIZE: '256KiB',
  NATS_STREAM_DUPLICATE_WINDOW: '2m',
  NATS_STREAM_EVENTS_MAX_AGE: '30d',
  NATS_STREAM_EVENTS_MAX_BYTES: '1GiB',
  NATS_STREAM_HINTS_MAX_AGE: '1d',
  NATS_STREAM_HINTS_MAX_BYTES: '256MiB',
  NATS_CONSUMER_ACK_WAIT: '30s',
  NATS_CONSUMER_MAX_DELIVER: '10',
  NATS_CONSUMER_BACKOFF: '1s,5s,30s,2m,10m',
  NATS_CONSUMER_MAX_ACK_PENDING: '256',
});

/** Every variable this module reads (the environment model lists the same, ADR 0024). */
export const JETSTREAM_ENV = [
  'NATS_STREAM_REPLICAS',
  'NATS_STREAM_MAX_MSG_SIZE',
  'NATS_STREAM_DUPLICATE_WINDOW',
  'NATS_STREAM_EVENTS_MAX_AGE',
  'NATS_STREAM_EVENTS_MAX_BYTES',
  'NATS_STREAM_HINTS_MAX_AGE',
  'NATS_STREAM_HINTS_MAX_BYTES',
  'NATS_CONSUMER_ACK_WAIT',
  'NATS_CONSUMER_MAX_DELIVER',
  'NATS_CONSUMER_BACKOFF',
  'NATS_CONSUMER_MAX_ACK_PENDING',
] as const;
export type JetStreamEnvName = (typeof JETSTREAM_ENV)[number];

const DURATION_UNITS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};
const SIZE_UNITS: Record<string, number> = {
  '': 1,
  B: 1,
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
  TiB: 1024 ** 4,
};

/** `500ms`, `30s`, `2m`, `12h`, `30d` -> milliseconds; undefined when it is not one. */
export function parseDuration(value: string): number | undefined {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(value.trim());
  if (!m) return undefined;
  const ms = Number(m[1]) * DURATION_UNITS[m[2]!]!;
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** `1048576`, `512B`, `64KiB`, `256MiB`, `1GiB` -> bytes; undefined when it is not one. */
export function parseSize(value: string): number | undefined {
  const m = /^(\d+)(B|KiB|MiB|GiB|TiB)?$/.exec(value.trim());
  if (!m) return undefined;
  const bytes = Number(m[1]) * SIZE_UNITS[m[2] ?? '']!;
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

type Env = Partial<Record<string, string>>;

/** One variable: its value or its default, parsed and range-checked; throws naming it. */
function read<T extends number | number[]>(
  env: Env,
  name: JetStreamEnvName,
  what: string,
  parse: (raw: string) => T | undefined,
): T {
  const given = env[name];
  const raw = given === undefined || given.trim() === '' ? JETSTREAM_DEFAULTS[name] : given;
  const value = parse(raw);
  if (value === undefined) throw new Error(`${name} must be ${what} (got "${raw}")`);
  return value;
}

const within =
  (parse: (raw: string) => number | undefined, min: number, max: number) =>
  (raw: string): number | undefined => {
    const n = parse(raw);
    return n !== undefined && n >= min && n <= max ? n : undefined;
  };

const integer = (raw: string): number | undefined =>
  /^\d+$/.test(raw.trim()) ? Number(raw) : undefined;

const MINUTE = 60_000;
const DAY = 86_400_000;
const MIB = 1024 ** 2;

/** A stream's max age: 1 minute to a year. */
const maxAge = (env: Env, name: JetStreamEnvName) =>
  read(
    env,
    name,
    'a duration from 1m to 365d (e.g. 30d, 12h)',
    within(parseDuration, MINUTE, 365 * DAY),
  );

/** A stream's max bytes: 1 MiB to 1 TiB. */
const maxBytes = (env: Env, name: JetStreamEnvName) =>
  read(
    env,
    name,
    'a size from 1MiB to 1TiB (e.g. 1GiB, 256MiB)',
    within(parseSize, MIB, 1024 ** 4),
  );

/**
 * The settings from `env` (default process.env): each variable unset or empty takes its
 * default (JETSTREAM_DEFAULTS). Throws on the first bad one, naming it and the accepted form; and
 * when the duplicate window is longer than a stream's max age or a stream's bytes are fewer than
 * one message may have (NATS would refuse the stream, less clearly, at the first start).
 */
export function jetstreamSettings(env: Env = process.env): JetStreamSettings {
  const replicas = streamReplicas(env as NodeJS.ProcessEnv);
  const maxMsgSize = read(
    env,
    'NATS_STREAM_MAX_MSG_SIZE',
    'a size from 1KiB to 8MiB (e.g. 256KiB)',
    within(parseSize, 1024, 8 * MIB),
  );
  const duplicateWindowMs = read(
    env,
    'NATS_STREAM_DUPLICATE_WINDOW',
    'a duration from 1s to 1d (e.g. 2m)',
    within(parseDuration, 1_000, DAY),
  );
  const limits = {
    events: {
      maxAgeMs: maxAge(env, 'NATS_STREAM_EVENTS_MAX_AGE'),
      maxBytes: maxBytes(env, 'NATS_STREAM_EVENTS_MAX_BYTES'),
    },
    hints: {
      maxAgeMs: maxAge(env, 'NATS_STREAM_HINTS_MAX_AGE'),
      maxBytes: maxBytes(env, 'NATS_STREAM_HINTS_MAX_BYTES'),
    },
  };
  for (const [key, l] of Object.entries(limits)) {
    const name = `NATS_STREAM_${key.toUpperCase()}_MAX_AGE`;
    if (l.maxAgeMs < duplicateWindowMs)
      throw new Error(
        `${name} (${l.maxAgeMs} ms) must not be shorter than NATS_STREAM_DUPLICATE_WINDOW (${duplicateWindowMs} ms)`,
      );
    if (l.maxBytes < maxMsgSize)
      throw new Error(
        `NATS_STREAM_${key.toUpperCase()}_MAX_BYTES (${l.maxBytes}) must not be smaller than NATS_STREAM_MAX_MSG_SIZE (${maxMsgSize})`,
      );
  }
  const ackWaitMs = read(
    env,
    'NATS_CONSUMER_ACK_WAIT',
    'a duration from 1s to 1h (e.g. 30s)',
    within(parseDuration, 1_000, 60 * MINUTE),
  );
  const maxDeliver = read(
    env,
    'NATS_CONSUMER_MAX_DELIVER',
    'an integer from 1 to 1000',
    within(integer, 1, 1_000),
  );
  const backoffMs = read(
    env,
    'NATS_CONSUMER_BACKOFF',
    'a comma-separated list of durations from 100ms to 1d (e.g. 1s,5s,30s,2m,10m)',
    (raw) => {
      const parts = raw.split(',').map(within(parseDuration, 100, DAY));
      return parts.length > 0 && parts.every((p) => p !== undefined)
        ? (parts as number[])
        : undefined;
    },
  );
  const maxAckPending = read(
    env,
    'NATS_CONSUMER_MAX_ACK_PENDING',
    'an integer from 1 to 100000',
    within(integer, 1, 100_000),
  );
  return {
    replicas,
    maxMsgSize,
    duplicateWindowMs,
    limits,
    consumer: { ackWaitMs, maxDeliver, backoffMs, maxAckPending },
  };
}

/**
 * The wait before the retry of a message that failed on its `delivery`-th delivery (1 = the
 * first): the backoff list's entry for it, its last entry past the end.
 */
export function retryDelayMs(backoffMs: readonly number[], delivery: number): number {
  return backoffMs[Math.min(Math.max(delivery, 1), backoffMs.length) - 1]!;
}
