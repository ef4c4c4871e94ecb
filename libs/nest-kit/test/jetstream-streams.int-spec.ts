// The streams and durable consumers as the bus declares them, read back from the running TEST
// profile's NATS (ADR 0033). Every stream here has this run's own name and subjects
// (IT_<run>_EVENTS on it<run>.events.user.deleted, ...), never the EVENTS / EVENT_HINTS the
// services of the test system use, and is deleted afterwards.
import { randomUUID } from 'node:crypto';
import {
  AckPolicy,
  jetstream,
  jetstreamManager,
  StorageType,
  type StreamUpdateConfig,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { EventSubject } from '@examprep/contracts';
import { metricsRegistry } from '../src/metrics/metrics';
import { eventStreams, JetStreamBus, type StreamDefinition } from '../src/jetstream/jetstream.bus';
import { jetstreamSettings } from '../src/jetstream/jetstream-settings';
import { rootLogger } from '../src/logging/logger';
import { encodeJson } from '../src/nats/json-payload';

const created: string[] = [];
let nc: NatsConnection;

/** contracts' streams under this run's names and subjects. */
function layout(run: string): StreamDefinition[] {
  const streams = eventStreams().map((d) => ({
    key: d.key,
    name: `IT_${run}_${d.name}`,
    subjects: d.subjects.map((s) => `it${run}.${s}`),
  }));
  created.push(...streams.map((s) => s.name));
  return streams;
}

/** A fact's subject under the run's prefix (typed as the fact: the payload is the fact's). */
const subject = <S extends EventSubject>(run: string, fact: S) => `it${run}.${fact}` as S;

/** Settings other than the defaults, to see each one pass through to NATS. */
const settings = jetstreamSettings({
  NATS_STREAM_MAX_MSG_SIZE: '64KiB',
  NATS_STREAM_DUPLICATE_WINDOW: '1m',
  NATS_STREAM_EVENTS_MAX_AGE: '2h',
  NATS_STREAM_EVENTS_MAX_BYTES: '8MiB',
  NATS_STREAM_HINTS_MAX_AGE: '10m',
  NATS_STREAM_HINTS_MAX_BYTES: '4MiB',
  NATS_CONSUMER_ACK_WAIT: '20s',
  NATS_CONSUMER_MAX_DELIVER: '3',
  NATS_CONSUMER_BACKOFF: '100ms,200ms',
  NATS_CONSUMER_MAX_ACK_PENDING: '8',
});

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const deleted = (uid: string) => ({ uid, at: new Date().toISOString() });

beforeAll(async () => {
  nc = await connect({ servers: process.env.NATS_URL!.split(','), name: 'nest-kit-streams-it' });
});

afterAll(async () => {
  const jsm = await jetstreamManager(nc);
  for (const name of created) await jsm.streams.delete(name).catch(() => undefined);
  await nc.drain();
});

it('creates the streams with the replicas, limits, discard policy and storage of the configuration', async () => {
  const run = randomUUID().slice(0, 8);
  const streams = layout(run);
  const bus = await JetStreamBus.create(nc, { settings, streams });
  await bus.ensureStreams();
  const jsm = await jetstreamManager(nc);
  const [events, hints] = await Promise.all(streams.map((s) => jsm.streams.info(s.name)));
  const common = {
    retention: 'limits',
    storage: 'file',
    // the one local server: what NATS_STREAM_REPLICAS gives (1 by default, 3 in k8s)
    num_replicas: 1,
    max_msg_size: 64 * 1024,
    duplicate_window: nanos(60_000),
  };
  expect(events!.config).toEqual(
    expect.objectContaining({
      ...common,
      name: `IT_${run}_EVENTS`,
      subjects: [
        `it${run}.events.user.deleted`,
        `it${run}.events.user.purchasesChanged`,
        `it${run}.events.licence.seatTaken`,
        `it${run}.events.licence.seatReleased`,
        `it${run}.events.question.deleted`,
        `it${run}.events.qbank.generated`,
      ],
      discard: 'new',
      max_age: nanos(2 * 3_600_000),
      max_bytes: 8 * 1024 ** 2,
    }),
  );
  expect(hints!.config).toEqual(
    expect.objectContaining({
      ...common,
      name: `IT_${run}_EVENT_HINTS`,
      subjects: [
        `it${run}.events.user.testsCounted`,
        `it${run}.events.question.mediaChanged`,
        `it${run}.events.announcement.changed`,
        `it${run}.events.test.submitted`,
        `it${run}.events.practice.answered`,
      ],
      discard: 'old',
      max_age: nanos(10 * 60_000),
      max_bytes: 4 * 1024 ** 2,
    }),
  );
  // a fact above the message size is refused to the publisher, not stored
  await expect(
    bus.publish(subject(run, 'events.user.deleted'), { uid: 'x'.repeat(70_000), at: '' }, 'big'),
  ).rejects.toThrow(/message size exceeds maximum allowed/i);
});

it("creates a durable consumer with the configuration's ack settings; a failing fact is retried, then terminated and counted", async () => {
  const run = randomUUID().slice(0, 8);
  const bus = await JetStreamBus.create(nc, { settings, streams: layout(run) });
  const error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
  const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
  const seen: { uid: string; redeliveries: number }[] = [];
  const consumer = await bus.consume({
    durable: 'it-deleted',
    subject: subject(run, 'events.user.deleted'),
    handler: async (event, meta) => {
      seen.push({ uid: event.uid, redeliveries: meta.redeliveries });
      if (event.uid === 'poison' || (event.uid === 'flaky' && meta.redeliveries === 0))
        throw new Error('not now');
    },
  });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.consumers.info(`IT_${run}_EVENTS`, 'it-deleted');
    expect(info.config).toEqual(
      expect.objectContaining({
        durable_name: 'it-deleted',
        filter_subject: `it${run}.events.user.deleted`,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: 'all',
        ack_wait: nanos(20_000),
        max_deliver: 3,
        max_ack_pending: 8,
      }),
    );

    const terminated = async () =>
      (
        await metricsRegistry.getSingleMetric('examprep_jetstream_messages_terminated_total')?.get()
      )?.values.find((v) => v.labels.stream === `IT_${run}_EVENTS`)?.value ?? 0;
    await bus.publish(subject(run, 'events.user.deleted'), deleted('flaky'), 'flaky');
    await bus.publish(subject(run, 'events.user.deleted'), deleted('poison'), 'poison');
    await waitFor(
      async () => ((await terminated()) === 1 ? true : undefined),
      'the poison fact to be terminated',
    );
    expect(seen.filter((s) => s.uid === 'flaky')).toEqual([
      { uid: 'flaky', redeliveries: 0 },
      { uid: 'flaky', redeliveries: 1 },
    ]);
    expect(seen.filter((s) => s.uid === 'poison').map((s) => s.redeliveries)).toEqual([0, 1, 2]);
    // both settled: the flaky one acked on its second delivery, the poison one terminated
    await waitFor(async () => {
      const i = await jsm.consumers.info(`IT_${run}_EVENTS`, 'it-deleted');
      return i.num_ack_pending === 0 && i.num_pending === 0 ? true : undefined;
    }, 'nothing pending');
    // the terminated fact is still in the stream (until its max age): replayable by its seq
    expect((await jsm.streams.info(`IT_${run}_EVENTS`)).state.messages).toBe(2);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ stream: `IT_${run}_EVENTS`, durable: 'it-deleted', deliveries: 3 }),
      'event handler gave up; message terminated',
    );
  } finally {
    await consumer.stop();
    error.mockRestore();
    warn.mockRestore();
  }
});

it('brings the one stream of before to the layout, keeping its messages, and a moved consumer handles what it had not acked', async () => {
  const run = randomUUID().slice(0, 8);
  const streams = layout(run);
  const [events, hints] = streams as [StreamDefinition, StreamDefinition];
  const counted = subject(run, 'events.user.testsCounted');
  const jsm = await jetstreamManager(nc);
  // the EVENTS of before: every fact, one replica, no limits, a consumer of the test counts
  await jsm.streams.add({
    name: events.name,
    subjects: [`it${run}.events.>`],
    duplicate_window: nanos(120_000),
  });
  await jsm.consumers.add(events.name, {
    durable_name: 'it-counted',
    filter_subject: counted,
    ack_policy: AckPolicy.Explicit,
  });
  const js = jetstream(nc);
  for (const version of [1, 2])
    await js.publish(counted, encodeJson({ uid: 'u1', tests: version, version, at: '' }));

  const info = jest.spyOn(rootLogger(), 'info').mockImplementation(() => undefined);
  const bus = await JetStreamBus.create(nc, { settings, streams });
  await bus.ensureStreams();
  const moved = await jsm.streams.info(events.name);
  expect(moved.config.subjects).toEqual(events.subjects);
  expect([moved.config.discard, moved.config.max_bytes]).toEqual(['new', 8 * 1024 ** 2]);
  expect(moved.state.messages).toBe(2);
  expect((await jsm.streams.info(hints.name)).config.subjects).toEqual(hints.subjects);

  const versions: number[] = [];
  const consumer = await bus.consume({
    durable: 'it-counted',
    subject: counted,
    handler: async (event) => {
      versions.push(event.version);
    },
  });
  try {
    await bus.publish(counted, { uid: 'u1', tests: 3, version: 3, at: '' }, 'u1:3');
    await waitFor(async () => (versions.length === 3 ? true : undefined), 'three counts');
    expect(versions.sort()).toEqual([1, 2, 3]);
    // the new count went to EVENT_HINTS; the old consumer goes once it has nothing pending
    expect((await jsm.streams.info(hints.name)).state.messages).toBe(1);
    await waitFor(
      () =>
        jsm.consumers.info(events.name, 'it-counted').then(
          () => undefined,
          () => true,
        ),
      'the old consumer to be deleted',
    );
    expect((await jsm.consumers.info(hints.name, 'it-counted')).num_ack_pending).toBe(0);
  } finally {
    await consumer.stop();
    info.mockRestore();
  }
});

it('refuses a storage NATS cannot change, and replicas a lone server cannot keep', async () => {
  const run = randomUUID().slice(0, 8);
  const streams = layout(run);
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({
    name: streams[0]!.name,
    subjects: [...streams[0]!.subjects],
    storage: StorageType.Memory,
  });
  // NATS itself refuses the change (the reason the bus does not try; the client's type leaves
  // storage out of what an update may carry, the server's answer is the point here)
  const toFile = { storage: StorageType.File } as unknown as Partial<StreamUpdateConfig>;
  await expect(jsm.streams.update(streams[0]!.name, toFile)).rejects.toThrow(/storage type/i);
  const bus = await JetStreamBus.create(nc, { settings, streams });
  await expect(bus.ensureStreams()).rejects.toThrow(
    `JetStream stream IT_${run}_EVENTS has storage memory, configured file: NATS cannot change a stream's storage`,
  );
  await jsm.streams.delete(streams[0]!.name);

  // three replicas on the one local server: NATS refuses to create such a stream, but takes
  // the update of one to 3 and then reports 3 while it keeps one copy; the bus refuses both
  const plain = await JetStreamBus.create(nc, { settings, streams });
  await plain.ensureStreams();
  created.push(`IT_${run}_R3`);
  await expect(
    jsm.streams.add({ name: `IT_${run}_R3`, subjects: [`it${run}.r3`], num_replicas: 3 }),
  ).rejects.toThrow(/replicas > 1 not supported in non-clustered mode/);
  const r3 = await JetStreamBus.create(nc, { settings: { ...settings, replicas: 3 }, streams });
  await expect(r3.ensureStreams()).rejects.toThrow(
    /^NATS_STREAM_REPLICAS is 3, but NATS server \S+ is not in a cluster/,
  );
  expect((await jsm.streams.info(streams[0]!.name)).config.num_replicas).toBe(1);
});
