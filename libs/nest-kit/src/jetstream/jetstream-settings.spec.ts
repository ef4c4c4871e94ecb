import {
  JETSTREAM_DEFAULTS,
  JETSTREAM_ENV,
  jetstreamSettings,
  parseDuration,
  parseSize,
  retryDelayMs,
} from './jetstream-settings';

const DAY = 86_400_000;
const MIB = 1024 ** 2;

describe('parseDuration', () => {
  it('reads a whole number with its unit', () => {
    expect(['500ms', '30s', '2m', '12h', '30d', ' 1s '].map((v) => parseDuration(v))).toEqual([
      500,
      30_000,
      120_000,
      12 * 3_600_000,
      30 * DAY,
      1_000,
    ]);
  });

  it('refuses what is not one', () => {
    for (const v of ['', '30', '1.5s', '-1s', '2 m', '1w', 's', '1S', '99999999999999999d'])
      expect([v, parseDuration(v)]).toEqual([v, undefined]);
  });
});

describe('parseSize', () => {
  it('reads bytes, or a whole number of binary units', () => {
    expect(['1048576', '512B', '64KiB', '256MiB', '1GiB', '2TiB'].map((v) => parseSize(v))).toEqual(
      [MIB, 512, 64 * 1024, 256 * MIB, 1024 * MIB, 2 * 1024 ** 4],
    );
  });

  it('refuses decimal units, fractions and signs', () => {
    for (const v of ['', '1GB', '1 GiB', '1.5MiB', '-1', 'MiB', '1gib'])
      expect([v, parseSize(v)]).toEqual([v, undefined]);
  });
});

describe('jetstreamSettings', () => {
  it('has a default for every variable it reads, and those are what production runs', () => {
    expect(Object.keys(JETSTREAM_DEFAULTS).sort()).toEqual([...JETSTREAM_ENV].sort());
    expect(jetstreamSettings({})).toEqual({
      replicas: 1,
      maxMsgSize: 256 * 1024,
      duplicateWindowMs: 120_000,
      limits: {
        events: { maxAgeMs: 30 * DAY, maxBytes: 1024 * MIB },
        hints: { maxAgeMs: DAY, maxBytes: 256 * MIB },
      },
      consumer: {
        ackWaitMs: 30_000,
        maxDeliver: 10,
        backoffMs: [1_000, 5_000, 30_000, 120_000, 600_000],
        maxAckPending: 256,
      },
    });
  });

  it('takes each variable that is set (an empty one is unset)', () => {
    const s = jetstreamSettings({
      NATS_STREAM_REPLICAS: '3',
      NATS_STREAM_MAX_MSG_SIZE: '64KiB',
      NATS_STREAM_DUPLICATE_WINDOW: '5m',
      NATS_STREAM_EVENTS_MAX_AGE: '7d',
      NATS_STREAM_EVENTS_MAX_BYTES: '512MiB',
      NATS_STREAM_HINTS_MAX_AGE: '6h',
      NATS_STREAM_HINTS_MAX_BYTES: '',
      NATS_CONSUMER_ACK_WAIT: '1m',
      NATS_CONSUMER_MAX_DELIVER: '20',
      NATS_CONSUMER_BACKOFF: '2s, 1m',
      NATS_CONSUMER_MAX_ACK_PENDING: '32',
    });
    expect(s).toEqual({
      replicas: 3,
      maxMsgSize: 64 * 1024,
      duplicateWindowMs: 300_000,
      limits: {
        events: { maxAgeMs: 7 * DAY, maxBytes: 512 * MIB },
        hints: { maxAgeMs: 6 * 3_600_000, maxBytes: 256 * MIB },
      },
      consumer: {
        ackWaitMs: 60_000,
        maxDeliver: 20,
        backoffMs: [2_000, 60_000],
        maxAckPending: 32,
      },
    });
  });

  it.each([
    [
      'NATS_STREAM_REPLICAS',
      '4x',
      'NATS_STREAM_REPLICAS must be an integer from 1 to 5 (got "4x")',
    ],
    [
      'NATS_STREAM_MAX_MSG_SIZE',
      '1MB',
      'NATS_STREAM_MAX_MSG_SIZE must be a size from 1KiB to 8MiB',
    ],
    ['NATS_STREAM_MAX_MSG_SIZE', '16MiB', 'NATS_STREAM_MAX_MSG_SIZE must be a size'],
    [
      'NATS_STREAM_DUPLICATE_WINDOW',
      '120',
      'NATS_STREAM_DUPLICATE_WINDOW must be a duration from 1s to 1d (e.g. 2m) (got "120")',
    ],
    [
      'NATS_STREAM_EVENTS_MAX_AGE',
      '30s',
      'NATS_STREAM_EVENTS_MAX_AGE must be a duration from 1m to 365d',
    ],
    [
      'NATS_STREAM_EVENTS_MAX_BYTES',
      'lots',
      'NATS_STREAM_EVENTS_MAX_BYTES must be a size from 1MiB to 1TiB',
    ],
    ['NATS_STREAM_HINTS_MAX_AGE', '0d', 'NATS_STREAM_HINTS_MAX_AGE must be a duration'],
    ['NATS_STREAM_HINTS_MAX_BYTES', '1KiB', 'NATS_STREAM_HINTS_MAX_BYTES must be a size'],
    ['NATS_CONSUMER_ACK_WAIT', '500ms', 'NATS_CONSUMER_ACK_WAIT must be a duration from 1s to 1h'],
    [
      'NATS_CONSUMER_MAX_DELIVER',
      '-1',
      'NATS_CONSUMER_MAX_DELIVER must be an integer from 1 to 1000 (got "-1")',
    ],
    ['NATS_CONSUMER_MAX_DELIVER', '0', 'NATS_CONSUMER_MAX_DELIVER must be an integer'],
    [
      'NATS_CONSUMER_BACKOFF',
      '1s,,5s',
      'NATS_CONSUMER_BACKOFF must be a comma-separated list of durations',
    ],
    ['NATS_CONSUMER_BACKOFF', '10ms', 'NATS_CONSUMER_BACKOFF must be a comma-separated list'],
    [
      'NATS_CONSUMER_MAX_ACK_PENDING',
      '1e3',
      'NATS_CONSUMER_MAX_ACK_PENDING must be an integer from 1 to 100000',
    ],
  ])('stops on a bad %s (%s), naming it', (name, value, message) => {
    expect(() => jetstreamSettings({ [name]: value })).toThrow(message);
  });

  it('refuses a duplicate window longer than a stream keeps its messages (NATS would)', () => {
    expect(() =>
      jetstreamSettings({ NATS_STREAM_DUPLICATE_WINDOW: '2h', NATS_STREAM_HINTS_MAX_AGE: '1h' }),
    ).toThrow(
      'NATS_STREAM_HINTS_MAX_AGE (3600000 ms) must not be shorter than NATS_STREAM_DUPLICATE_WINDOW (7200000 ms)',
    );
  });

  it('refuses a stream smaller than one message may be', () => {
    expect(() =>
      jetstreamSettings({ NATS_STREAM_MAX_MSG_SIZE: '4MiB', NATS_STREAM_EVENTS_MAX_BYTES: '2MiB' }),
    ).toThrow(
      'NATS_STREAM_EVENTS_MAX_BYTES (2097152) must not be smaller than NATS_STREAM_MAX_MSG_SIZE (4194304)',
    );
  });
});

describe('retryDelayMs', () => {
  it('waits the backoff of the failed delivery, the last one past the end', () => {
    const backoff = [1_000, 5_000, 30_000];
    expect([1, 2, 3, 4, 9].map((d) => retryDelayMs(backoff, d))).toEqual([
      1_000, 5_000, 30_000, 30_000, 30_000,
    ]);
  });
});
