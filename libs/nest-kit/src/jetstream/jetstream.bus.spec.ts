import { Events, type UserDeletedEvent } from '@examprep/contracts';
import { JetStreamApiError } from '@nats-io/jetstream';
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { CORRELATION_HEADER, currentCorrelationId } from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import { metricsRegistry } from '../metrics/metrics';
import { encodeJson } from '../nats/json-payload';
import { eventStreams, JetStreamBus, streamConfig, subjectMatches } from './jetstream.bus';
import { jetstreamSettings } from './jetstream-settings';

// the bus's JetStream client and manager come from the fake connection below
jest.mock('@nats-io/jetstream', () => ({
  ...jest.requireActual<object>('@nats-io/jetstream'),
  jetstream: (nc: { jetstream: () => unknown }) => nc.jetstream(),
  jetstreamManager: async (nc: { jetstreamManager: () => Promise<unknown> }) =>
    nc.jetstreamManager(),
}));

const tick = () => new Promise((r) => setTimeout(r, 1));

/** A JetStream message as the consumer loop reads it. */
interface FakeMsg {
  subject: string;
  seq: number;
  data: Uint8Array;
  headers?: MsgHdrs;
  info: { deliveryCount: number };
  ack: jest.Mock;
  nak: jest.Mock;
  term: jest.Mock;
}

/** The consumer's message iterator: messages are pushed by the spec; close() ends the loop. */
class Messages implements AsyncIterable<FakeMsg> {
  private readonly items: FakeMsg[] = [];
  private readonly waiters: ((r: IteratorResult<FakeMsg>) => void)[] = [];
  private closed = false;
  readonly close = jest.fn(async () => {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w({ value: undefined, done: true });
  });

  push(m: FakeMsg): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter({ value: m, done: false });
    else this.items.push(m);
  }

  [Symbol.asyncIterator](): AsyncIterator<FakeMsg> {
    return {
      next: () => {
        const item = this.items.shift();
        if (item) return Promise.resolve({ value: item, done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((r) => this.waiters.push(r));
      },
    };
  }
}

function msg(data: unknown, deliveryCount = 1, correlationId?: string): FakeMsg {
  let headers: MsgHdrs | undefined;
  if (correlationId) {
    headers = natsHeaders();
    headers.set(CORRELATION_HEADER, correlationId);
  }
  return {
    subject: Events.userDeleted,
    seq: 7,
    data: typeof data === 'string' ? new TextEncoder().encode(data) : encodeJson(data),
    headers,
    info: { deliveryCount },
    ack: jest.fn(),
    nak: jest.fn(),
    term: jest.fn(),
  };
}

/** The EVENTS stream as it was before ADR 0033: every fact, one replica, no limits. */
const LEGACY_EVENTS = {
  name: 'EVENTS',
  subjects: ['events.>'],
  retention: 'limits',
  storage: 'file',
  discard: 'old',
  num_replicas: 1,
  max_age: 0,
  max_bytes: -1,
  max_msg_size: -1,
  duplicate_window: 120_000_000_000,
};

/** The streams as the default settings declare them. */
const declared = () => {
  const settings = jetstreamSettings({});
  return Object.fromEntries(eventStreams().map((d) => [d.name, streamConfig(d, settings)]));
};

/**
 * Only what the bus calls of a NATS connection (the real one is proven by the int specs).
 * `streams`: the streams the server has, by name (default: both, as declared; `streamExists:
 * false`: none). `moved`: the stream where a consumer of the same durable name is left, and
 * how many messages it has pending there.
 */
function fakeNats(
  o: {
    streamExists?: boolean;
    streams?: Record<string, object>;
    updateFails?: Error;
    moved?: { stream: string; pending: number };
    /** The connected server's INFO (a clustered one names its cluster). */
    info?: { server_name: string; cluster?: string };
    /** Durable consumers that exist with another configuration (add refuses them). */
    consumersExist?: boolean;
  } = {},
) {
  const messages = new Messages();
  const oldMessages = new Messages();
  const consumerConfigs: object[] = [];
  const consumerCalls: [string, string, string][] = [];
  const streamCalls: [string, object][] = [];
  const streams: Record<string, object> = o.streamExists === false ? {} : (o.streams ?? declared());
  const subscriptions: {
    subject: string;
    queue?: string;
    callback: (err: Error | null, m: { data: Uint8Array; headers?: MsgHdrs }) => void;
    unsubscribe: jest.Mock;
  }[] = [];
  // as the server answers (nats.js v3: JetStreamApiError with the API's status and code)
  const notFound = (what: string) =>
    new JetStreamApiError({
      code: 404,
      err_code: what === 'stream' ? 10059 : 10014,
      description: `${what} not found`,
    });
  const nc = {
    jetstreamManager: async () => ({
      streams: {
        info: async (name: string) => {
          if (!streams[name]) throw notFound('stream');
          return { config: streams[name] };
        },
        update: async (name: string, config: object) => {
          if (o.updateFails) throw o.updateFails;
          streamCalls.push(['update', config]);
          streams[name] = config;
          return {};
        },
        add: async (config: { name: string }) => {
          streamCalls.push(['add', config]);
          streams[config.name] = config;
          return {};
        },
      },
      consumers: {
        add: async (stream: string, config: { durable_name: string }) => {
          if (o.consumersExist)
            throw new JetStreamApiError({
              code: 400,
              err_code: 10148,
              description: 'consumer already exists',
            });
          consumerConfigs.push(config);
          consumerCalls.push(['add', stream, config.durable_name]);
          return {};
        },
        update: async (stream: string, durable: string, config: object) => {
          consumerConfigs.push(config);
          consumerCalls.push(['update', stream, durable]);
          return {};
        },
        info: async (stream: string, durable: string) => {
          if (o.moved?.stream !== stream) throw notFound('consumer');
          consumerCalls.push(['info', stream, durable]);
          return { num_pending: o.moved.pending, num_ack_pending: 0 };
        },
        delete: async (stream: string, durable: string) => {
          consumerCalls.push(['delete', stream, durable]);
          return true;
        },
      },
    }),
    jetstream: () => ({
      consumers: {
        get: async (stream: string) => ({
          consume: async () => (o.moved?.stream === stream ? oldMessages : messages),
          info: async () => ({ num_pending: 2, num_ack_pending: 1 }),
        }),
      },
    }),
    subscribe: (
      subject: string,
      opts: { queue?: string; callback: (typeof subscriptions)[number]['callback'] },
    ) => {
      const sub = { subject, queue: opts.queue, callback: opts.callback, unsubscribe: jest.fn() };
      subscriptions.push(sub);
      return sub;
    },
    flush: jest.fn(async () => undefined),
    info: o.info,
  };
  return {
    nc: nc as unknown as NatsConnection,
    messages,
    oldMessages,
    consumerConfigs,
    consumerCalls,
    subscriptions,
    streamCalls,
  };
}

const deleted = (uid: string): UserDeletedEvent => ({ uid, at: '2026-11-27T00:00:00.000Z' });

describe('JetStreamBus.ensureStreams', () => {
  const GIB = 1024 ** 3;
  const MIB = 1024 ** 2;

  it('creates both streams on a server that has none: one replica, the limits and discard policy of each', async () => {
    const { nc, streamCalls } = fakeNats({ streamExists: false });
    await (await JetStreamBus.create(nc, { settings: jetstreamSettings({}) })).ensureStreams();
    expect(streamCalls).toEqual([
      [
        'add',
        {
          name: 'EVENTS',
          subjects: [
            'events.user.deleted',
            'events.user.purchasesChanged',
            'events.licence.seatTaken',
            'events.licence.seatReleased',
            'events.question.deleted',
            'events.qbank.generated',
          ],
          retention: 'limits',
          storage: 'file',
          discard: 'new',
          num_replicas: 1,
          max_age: 30 * 86_400 * 1e9,
          max_bytes: GIB,
          max_msg_size: 256 * 1024,
          duplicate_window: 120 * 1e9,
        },
      ],
      [
        'add',
        {
          name: 'EVENT_HINTS',
          subjects: [
            'events.user.testsCounted',
            'events.question.mediaChanged',
            'events.announcement.changed',
            'events.test.submitted',
            'events.practice.answered',
          ],
          retention: 'limits',
          storage: 'file',
          discard: 'old',
          num_replicas: 1,
          max_age: 86_400 * 1e9,
          max_bytes: 256 * MIB,
          max_msg_size: 256 * 1024,
          duplicate_window: 120 * 1e9,
        },
      ],
    ]);
  });

  it('moves the EVENTS of before (every fact, no limits) to its subjects and limits first, then creates EVENT_HINTS', async () => {
    const { nc, streamCalls } = fakeNats({ streams: { EVENTS: LEGACY_EVENTS } });
    const info = jest.spyOn(rootLogger(), 'info').mockImplementation(() => undefined);
    await (await JetStreamBus.create(nc, { settings: jetstreamSettings({}) })).ensureStreams();
    const want = declared();
    expect(streamCalls).toEqual([
      ['update', want.EVENTS],
      ['add', want.EVENT_HINTS],
    ]);
    expect(info).toHaveBeenCalledWith(
      {
        stream: 'EVENTS',
        changed: [
          `subjects events.> -> ${[...want.EVENTS!.subjects!].sort().join(',')}`,
          'discard old -> new',
          `max_age 0 -> ${30 * 86_400 * 1e9}`,
          `max_bytes -1 -> ${GIB}`,
          `max_msg_size -1 -> ${256 * 1024}`,
        ],
      },
      'JetStream stream updated to its configuration',
    );
    info.mockRestore();
  });

  it('leaves streams that are as configured alone, and asks once per process', async () => {
    const { nc, streamCalls } = fakeNats();
    const bus = await JetStreamBus.create(nc, { settings: jetstreamSettings({}) });
    await bus.ensureStreams();
    await bus.ensureStreams();
    expect(streamCalls).toEqual([]);
  });

  it('moves existing streams to the replicas asked for (3 on a NATS cluster, ADR 0029)', async () => {
    const { nc, streamCalls } = fakeNats({ info: { server_name: 'nats-1', cluster: 'examprep' } });
    const bus = await JetStreamBus.create(nc, { replicas: 3 });
    await bus.ensureStreams();
    expect(streamCalls).toEqual([
      ['update', expect.objectContaining({ name: 'EVENTS', num_replicas: 3 })],
      ['update', expect.objectContaining({ name: 'EVENT_HINTS', num_replicas: 3 })],
    ]);
    expect(bus.streamReplicas).toBe(3);
  });

  it('refuses, naming the stream, to run on a stream whose storage NATS cannot change', async () => {
    const { nc, streamCalls } = fakeNats({
      streams: { ...declared(), EVENTS: { ...declared().EVENTS, storage: 'memory' } },
    });
    const bus = await JetStreamBus.create(nc, { settings: jetstreamSettings({}) });
    await expect(bus.ensureStreams()).rejects.toThrow(
      "JetStream stream EVENTS has storage memory, configured file: NATS cannot change a stream's storage",
    );
    expect(streamCalls).toEqual([]);
  });

  it('says what it tried to change when NATS refuses an update, and tries again on the next call', async () => {
    const { nc } = fakeNats({
      updateFails: new Error('insufficient resources'),
      info: { server_name: 'nats-1', cluster: 'examprep' },
    });
    const bus = await JetStreamBus.create(nc, { replicas: 3 });
    await expect(bus.ensureStreams()).rejects.toThrow(
      'NATS refused to update JetStream stream EVENTS (num_replicas 1 -> 3): insufficient resources',
    );
    await expect(bus.ensureStreams()).rejects.toThrow('NATS refused to update');
  });
});

describe('JetStreamBus.ensureStreams on a lone NATS server', () => {
  it('refuses replicas above 1 itself (NATS would take the update and keep one copy), naming the variable', async () => {
    const { nc, streamCalls } = fakeNats({ info: { server_name: 'examprep-test' } });
    const bus = await JetStreamBus.create(nc, { replicas: 3 });
    await expect(bus.ensureStreams()).rejects.toThrow(
      'NATS_STREAM_REPLICAS is 3, but NATS server examprep-test is not in a cluster',
    );
    expect(streamCalls).toEqual([]);
    const one = fakeNats({ info: { server_name: 'examprep-test' } });
    await (await JetStreamBus.create(one.nc, { replicas: 1 })).ensureStreams();
  });
});

describe('subjectMatches', () => {
  it('matches NATS subjects: a literal, * one token, > the rest', () => {
    expect(
      [
        ['events.>', 'events.user.deleted'],
        ['events.>', 'events'],
        ['events.*.deleted', 'events.user.deleted'],
        ['events.*.deleted', 'events.user.x.deleted'],
        ['events.user.deleted', 'events.user.deleted'],
        ['events.user.deleted', 'events.user.deleted.x'],
        ['events.user', 'events.user.deleted'],
      ].map(([p, t]) => subjectMatches(p!, t!)),
    ).toEqual([true, false, true, false, true, false, false]);
  });
});

describe('JetStreamBus.consume (what a @JetStreamConsumer gets)', () => {
  it('creates the durable consumer as declared on the stream of its subject: explicit acks, every message, the ack wait, deliveries (maxDeliver, default 10) and unacked at most of the settings', async () => {
    const { nc, consumerConfigs, consumerCalls } = fakeNats();
    const bus = await JetStreamBus.create(nc, { settings: jetstreamSettings({}) });
    const a = await bus.consume({
      durable: 'spec-a',
      subject: Events.userDeleted,
      handler: async () => undefined,
    });
    const b = await bus.consume({
      durable: 'spec-b',
      subject: Events.qbankGenerated,
      maxDeliver: 3,
      handler: async () => undefined,
    });
    const c = await bus.consume({
      durable: 'spec-c',
      subject: Events.userTestsCounted,
      handler: async () => undefined,
    });
    expect(consumerConfigs).toEqual([
      {
        durable_name: 'spec-a',
        filter_subject: 'events.user.deleted',
        ack_policy: 'explicit',
        deliver_policy: 'all',
        ack_wait: 30 * 1e9,
        max_deliver: 10,
        max_ack_pending: 256,
      },
      expect.objectContaining({
        durable_name: 'spec-b',
        filter_subject: 'events.qbank.generated',
        max_deliver: 3,
      }),
      expect.objectContaining({ durable_name: 'spec-c', max_deliver: 10 }),
    ]);
    expect(consumerCalls.filter(([call]) => call === 'add')).toEqual([
      ['add', 'EVENTS', 'spec-a'],
      ['add', 'EVENTS', 'spec-b'],
      ['add', 'EVENT_HINTS', 'spec-c'],
    ]);
    await Promise.all([a.stop(), b.stop(), c.stop()]);
  });

  it('brings a durable consumer that exists with other settings to these (NATS refuses to create it again)', async () => {
    const { nc, consumerConfigs, consumerCalls } = fakeNats({ consumersExist: true });
    const bus = await JetStreamBus.create(nc, { settings: jetstreamSettings({}) });
    const a = await bus.consume({
      durable: 'spec-existing',
      subject: Events.userDeleted,
      handler: async () => undefined,
    });
    expect(consumerCalls).toEqual([['update', 'EVENTS', 'spec-existing']]);
    expect(consumerConfigs).toEqual([
      {
        ack_wait: 30 * 1e9,
        max_deliver: 10,
        max_ack_pending: 256,
        filter_subject: 'events.user.deleted',
      },
    ]);
    await a.stop();
  });

  it('takes the consumer settings of the environment', async () => {
    const { nc, consumerConfigs } = fakeNats();
    const settings = jetstreamSettings({
      NATS_CONSUMER_ACK_WAIT: '2m',
      NATS_CONSUMER_MAX_DELIVER: '25',
      NATS_CONSUMER_MAX_ACK_PENDING: '16',
    });
    const bus = await JetStreamBus.create(nc, { settings });
    const a = await bus.consume({
      durable: 'spec-env',
      subject: Events.userDeleted,
      handler: async () => undefined,
    });
    expect(consumerConfigs).toEqual([
      expect.objectContaining({ ack_wait: 120 * 1e9, max_deliver: 25, max_ack_pending: 16 }),
    ]);
    await a.stop();
  });

  it('refuses a subject no stream keeps', async () => {
    const { nc } = fakeNats();
    const bus = await JetStreamBus.create(nc, { settings: jetstreamSettings({}) });
    await expect(
      bus.consume({
        durable: 'spec-none',
        subject: 'other.thing' as typeof Events.userDeleted,
        handler: async () => undefined,
      }),
    ).rejects.toThrow('no JetStream stream keeps other.thing');
  });

  it('hands the decoded payload and the delivery to the handler under the publisher correlation id, then acks', async () => {
    const { nc, messages } = fakeNats();
    const bus = await JetStreamBus.create(nc);
    const seen: unknown[] = [];
    const consumer = await bus.consume({
      durable: 'spec',
      subject: Events.userDeleted,
      handler: async (event, meta) => {
        seen.push({ event, meta, correlationId: currentCorrelationId() });
      },
    });
    const m = msg(deleted('u1'), 1, 'corr-123');
    messages.push(m);
    await tick();
    expect(seen).toEqual([
      {
        event: deleted('u1'),
        meta: { subject: 'events.user.deleted', seq: 7, redeliveries: 0 },
        correlationId: 'corr-123',
      },
    ]);
    expect(m.ack).toHaveBeenCalledTimes(1);
    expect(m.nak).not.toHaveBeenCalled();
    await consumer.stop();
  });

  it('a failing handler: redelivered after retryDelayMs until maxDeliver, then terminated, logged and counted', async () => {
    const { nc, messages } = fakeNats();
    const bus = await JetStreamBus.create(nc);
    const terminated = async () =>
      (
        await metricsRegistry.getSingleMetric('examprep_jetstream_messages_terminated_total')?.get()
      )?.values.find(
        (v) => v.labels.consumer === 'spec-retry' && v.labels.reason === 'handler_failed',
      )?.value ?? 0;
    const before = await terminated();
    const error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    const consumer = await bus.consume({
      durable: 'spec-retry',
      subject: Events.userDeleted,
      maxDeliver: 3,
      retryDelayMs: 2_500,
      handler: async () => {
        throw new Error('database down');
      },
    });
    const deliveries = [1, 2, 3].map((n) => msg(deleted('u1'), n));
    for (const d of deliveries) messages.push(d);
    await tick();
    expect(deliveries.map((d) => d.nak.mock.calls)).toEqual([[[2_500]], [[2_500]], []]);
    expect(deliveries.map((d) => d.term.mock.calls)).toEqual([
      [],
      [],
      [['handler failed on delivery 3 of 3']],
    ]);
    expect((await terminated()) - before).toBe(1);
    expect(deliveries.some((d) => d.ack.mock.calls.length > 0)).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ durable: 'spec-retry', redeliveries: 1, retryInMs: 2_500 }),
      'event handler failed; will retry',
    );
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ stream: 'EVENTS', durable: 'spec-retry', seq: 7, deliveries: 3 }),
      'event handler gave up; message terminated',
    );
    await consumer.stop();
    error.mockRestore();
    warn.mockRestore();
  });

  it('the default retry: after 1 s, 5 s, 30 s, 2 min, then every 10 min; 10 deliveries', async () => {
    const { nc, messages } = fakeNats();
    const bus = await JetStreamBus.create(nc, { settings: jetstreamSettings({}) });
    const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
    const consumer = await bus.consume({
      durable: 'spec-default',
      subject: Events.userDeleted,
      handler: async () => {
        throw new Error('no');
      },
    });
    const deliveries = [1, 2, 3, 4, 5, 9, 10].map((n) => msg(deleted('u1'), n));
    for (const d of deliveries) messages.push(d);
    await tick();
    expect(deliveries.map((d) => d.nak.mock.calls)).toEqual([
      [[1_000]],
      [[5_000]],
      [[30_000]],
      [[120_000]],
      [[600_000]],
      [[600_000]],
      [],
    ]);
    expect(deliveries.map((d) => d.term.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    await consumer.stop();
    warn.mockRestore();
    error.mockRestore();
  });

  it('stop: closes the message iterator and waits for the handler in flight (which is acked)', async () => {
    const { nc, messages } = fakeNats();
    const bus = await JetStreamBus.create(nc);
    let finish!: () => void;
    const consumer = await bus.consume({
      durable: 'spec-stop',
      subject: Events.userDeleted,
      handler: () => new Promise<void>((r) => (finish = r)),
    });
    const m = msg(deleted('u1'));
    messages.push(m);
    await tick();
    let stopped = false;
    const stopping = consumer.stop().then(() => (stopped = true));
    await tick();
    expect(messages.close).toHaveBeenCalledTimes(1);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(m.ack).toHaveBeenCalledTimes(1);
  });

  describe('concurrency: N handlers in flight', () => {
    /** A handler whose calls stay in flight until the spec settles them, by payload uid. */
    function gated() {
      const pending = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
      let inFlight = 0;
      let most = 0;
      const handler = (event: UserDeletedEvent) =>
        new Promise<void>((resolve, reject) => {
          inFlight++;
          most = Math.max(most, inFlight);
          const done = () => inFlight--;
          pending.set(event.uid, {
            resolve: () => (done(), resolve()),
            reject: (e) => (done(), reject(e)),
          });
        });
      return { handler, pending, most: () => most, inFlight: () => inFlight };
    }

    it('keeps at most N handlers in flight and acks each message when its own handler resolves', async () => {
      const { nc, messages } = fakeNats();
      const bus = await JetStreamBus.create(nc);
      const g = gated();
      const consumer = await bus.consume({
        durable: 'spec-concurrent',
        subject: Events.userDeleted,
        concurrency: 3,
        handler: g.handler,
      });
      const ms = ['u1', 'u2', 'u3', 'u4', 'u5'].map((u) => msg(deleted(u)));
      for (const m of ms) messages.push(m);
      await tick();
      expect([...g.pending.keys()]).toEqual(['u1', 'u2', 'u3']);
      expect(g.inFlight()).toBe(3);
      // the second settles first: it alone is acked, and the fourth message starts
      g.pending.get('u2')!.resolve();
      await tick();
      expect(ms.map((m) => m.ack.mock.calls.length)).toEqual([0, 1, 0, 0, 0]);
      expect([...g.pending.keys()]).toEqual(['u1', 'u2', 'u3', 'u4']);
      for (const u of ['u3', 'u1', 'u4']) g.pending.get(u)!.resolve();
      await tick();
      g.pending.get('u5')!.resolve();
      await tick();
      expect(ms.map((m) => m.ack.mock.calls.length)).toEqual([1, 1, 1, 1, 1]);
      expect(g.most()).toBe(3);
      await consumer.stop();
    });

    it("a failing handler is nak'ed with its backoff while the others in flight are acked", async () => {
      const { nc, messages } = fakeNats();
      const bus = await JetStreamBus.create(nc, { settings: jetstreamSettings({}) });
      const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
      const g = gated();
      const consumer = await bus.consume({
        durable: 'spec-concurrent-fail',
        subject: Events.userDeleted,
        concurrency: 4,
        handler: g.handler,
      });
      const ms = [msg(deleted('u1')), msg(deleted('u2'), 2), msg(deleted('u3'))];
      for (const m of ms) messages.push(m);
      await tick();
      g.pending.get('u2')!.reject(new Error('store down'));
      g.pending.get('u1')!.resolve();
      g.pending.get('u3')!.resolve();
      await tick();
      expect(ms.map((m) => m.ack.mock.calls.length)).toEqual([1, 0, 1]);
      // second delivery: the second step of the default backoff
      expect(ms.map((m) => m.nak.mock.calls)).toEqual([[], [[5_000]], []]);
      expect(ms.every((m) => m.term.mock.calls.length === 0)).toBe(true);
      await consumer.stop();
      warn.mockRestore();
    });

    it('never more than the consumer may have unacknowledged (NATS_CONSUMER_MAX_ACK_PENDING)', async () => {
      const { nc, messages } = fakeNats();
      const settings = jetstreamSettings({ NATS_CONSUMER_MAX_ACK_PENDING: '2' });
      const bus = await JetStreamBus.create(nc, { settings });
      expect(bus.concurrencyOf({ concurrency: 64 })).toBe(2);
      expect(bus.concurrencyOf({})).toBe(1);
      const g = gated();
      const consumer = await bus.consume({
        durable: 'spec-concurrent-cap',
        subject: Events.userDeleted,
        concurrency: 64,
        handler: g.handler,
      });
      for (const u of ['u1', 'u2', 'u3']) messages.push(msg(deleted(u)));
      await tick();
      expect(g.inFlight()).toBe(2);
      for (const u of ['u1', 'u2']) g.pending.get(u)!.resolve();
      await tick();
      g.pending.get('u3')!.resolve();
      await consumer.stop();
      expect(g.most()).toBe(2);
    });

    it('refuses a concurrency that is not a whole number of 1 or more', async () => {
      const { nc } = fakeNats();
      const bus = await JetStreamBus.create(nc);
      for (const concurrency of [0, -1, 1.5])
        await expect(
          bus.consume({
            durable: 'spec-concurrent-bad',
            subject: Events.userDeleted,
            concurrency,
            handler: async () => undefined,
          }),
        ).rejects.toThrow('concurrency must be a whole number of 1 or more');
    });

    it('stop: closes the iterator and waits for every handler in flight (each acked)', async () => {
      const { nc, messages } = fakeNats();
      const bus = await JetStreamBus.create(nc);
      const g = gated();
      const consumer = await bus.consume({
        durable: 'spec-concurrent-stop',
        subject: Events.userDeleted,
        concurrency: 8,
        handler: g.handler,
      });
      const ms = ['u1', 'u2', 'u3'].map((u) => msg(deleted(u)));
      for (const m of ms) messages.push(m);
      await tick();
      let stopped = false;
      const stopping = consumer.stop().then(() => (stopped = true));
      await tick();
      expect(messages.close).toHaveBeenCalledTimes(1);
      g.pending.get('u1')!.resolve();
      g.pending.get('u3')!.resolve();
      await tick();
      expect(stopped).toBe(false);
      g.pending.get('u2')!.resolve();
      await stopping;
      expect(ms.map((m) => m.ack.mock.calls.length)).toEqual([1, 1, 1]);
    });
  });

  it("logs and counts the server's MAX_DELIVERIES advisory (a last delivery never acked), in one replica", async () => {
    const { nc, subscriptions } = fakeNats();
    const bus = await JetStreamBus.create(nc);
    const error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
    const consumer = await bus.consume({
      durable: 'spec-adv',
      subject: Events.userDeleted,
      handler: async () => undefined,
    });
    const advisory = subscriptions.find((s) => s.subject.includes('MAX_DELIVERIES'))!;
    expect([advisory.subject, advisory.queue]).toEqual([
      '$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.EVENTS.spec-adv',
      'spec-adv-max-deliveries',
    ]);
    advisory.callback(null, { data: encodeJson({ stream_seq: 41, deliveries: 10 }) });
    const counted = (
      await metricsRegistry.getSingleMetric('examprep_jetstream_messages_terminated_total')?.get()
    )?.values.find((v) => v.labels.consumer === 'spec-adv');
    expect(counted).toEqual(
      expect.objectContaining({
        labels: { stream: 'EVENTS', consumer: 'spec-adv', reason: 'max_deliveries' },
        value: 1,
      }),
    );
    expect(error).toHaveBeenCalledWith(
      { stream: 'EVENTS', durable: 'spec-adv', seq: 41, deliveries: 10 },
      'event message not acked on its last delivery; the server gave up on it',
    );
    await consumer.stop();
    expect(advisory.unsubscribe).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('a consumer whose subject moved streams: its old consumer, with nothing pending, is deleted', async () => {
    const { nc, consumerCalls } = fakeNats({ moved: { stream: 'EVENTS', pending: 0 } });
    const info = jest.spyOn(rootLogger(), 'info').mockImplementation(() => undefined);
    const bus = await JetStreamBus.create(nc);
    const consumer = await bus.consume({
      durable: 'spec-moved',
      subject: Events.userTestsCounted,
      handler: async () => undefined,
    });
    expect(consumerCalls).toEqual([
      ['add', 'EVENT_HINTS', 'spec-moved'],
      ['info', 'EVENTS', 'spec-moved'],
      ['delete', 'EVENTS', 'spec-moved'],
    ]);
    await consumer.stop();
    info.mockRestore();
  });

  it('a consumer whose subject moved streams: what its old stream holds for it is handled by the same handler', async () => {
    const { nc, messages, oldMessages, consumerCalls } = fakeNats({
      moved: { stream: 'EVENTS', pending: 1 },
    });
    const info = jest.spyOn(rootLogger(), 'info').mockImplementation(() => undefined);
    const bus = await JetStreamBus.create(nc);
    const seen: number[] = [];
    const consumer = await bus.consume({
      durable: 'spec-moving',
      subject: Events.userTestsCounted,
      handler: async (event) => {
        seen.push(event.version);
      },
    });
    const counted = (version: number) => ({ uid: 'u1', tests: version, version, at: '' });
    const old = msg(counted(1));
    const current = msg(counted(2));
    oldMessages.push(old);
    messages.push(current);
    await tick();
    expect(seen.sort()).toEqual([1, 2]);
    expect([old.ack.mock.calls.length, current.ack.mock.calls.length]).toEqual([1, 1]);
    expect(info).toHaveBeenCalledWith(
      { from: 'EVENTS', to: 'EVENT_HINTS', durable: 'spec-moving', pending: 1 },
      'event consumer moved: handling what its old stream holds for it first',
    );
    await consumer.stop();
    expect([messages.close.mock.calls.length, oldMessages.close.mock.calls.length]).toEqual([1, 1]);
    // deleted only once it has nothing pending (the int spec waits for that)
    expect(consumerCalls.some(([call]) => call === 'delete')).toBe(false);
    info.mockRestore();
  });

  it("keeps the consumer's lag gauge (num_pending + num_ack_pending)", async () => {
    const { nc } = fakeNats();
    const bus = await JetStreamBus.create(nc);
    const consumer = await bus.consume({
      durable: 'spec-lag',
      subject: Events.userDeleted,
      handler: async () => undefined,
    });
    await tick();
    const gauge = await metricsRegistry.getSingleMetric('examprep_jetstream_consumer_lag')?.get();
    expect(gauge?.values).toContainEqual(
      expect.objectContaining({ labels: { stream: 'EVENTS', consumer: 'spec-lag' }, value: 3 }),
    );
    await consumer.stop();
  });
});

describe('JetStreamBus.listen (what an @EventListener gets)', () => {
  it('a core NATS subscription: the handler gets each decoded payload under its correlation id', async () => {
    const { nc, subscriptions } = fakeNats();
    const bus = await JetStreamBus.create(nc);
    const seen: unknown[] = [];
    const listener = bus.listen(Events.userDeleted, (event) => {
      seen.push({ event, correlationId: currentCorrelationId() });
    });
    expect(subscriptions.map((s) => s.subject)).toEqual(['events.user.deleted']);
    const m = msg(deleted('u1'), 1, 'corr-9');
    subscriptions[0].callback(null, m);
    await tick();
    expect(seen).toEqual([{ event: deleted('u1'), correlationId: 'corr-9' }]);
    await listener.stop();
    expect(subscriptions[0].unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('a message that is not JSON, a subscription error and a failing handler are logged; the listener goes on', async () => {
    const { nc, subscriptions } = fakeNats();
    const bus = await JetStreamBus.create(nc);
    const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    const listener = bus.listen(Events.userDeleted, (event) => {
      if (event.uid === 'boom') throw new Error('cache broken');
      seen.push(event.uid);
    });
    const { callback } = subscriptions[0];
    expect(() => callback(null, msg('{not json'))).not.toThrow();
    expect(() => callback(new Error('permissions violation'), msg(deleted('x')))).not.toThrow();
    callback(null, msg(deleted('boom')));
    callback(null, msg(deleted('u2')));
    await tick();
    expect(seen).toEqual(['u2']);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'events.user.deleted' }),
      'event listener: not JSON; ignored',
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'events.user.deleted' }),
      'event listener: subscription error',
    );
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'events.user.deleted' }),
      'event listener failed; message ignored',
    );
    await listener.stop();
    warn.mockRestore();
    error.mockRestore();
  });

  it('stop: unsubscribes and waits for the handlers in flight', async () => {
    const { nc, subscriptions } = fakeNats();
    const bus = await JetStreamBus.create(nc);
    let finish!: () => void;
    const listener = bus.listen(Events.userDeleted, () => new Promise<void>((r) => (finish = r)));
    subscriptions[0].callback(null, msg(deleted('u1')));
    let stopped = false;
    const stopping = listener.stop().then(() => (stopped = true));
    await tick();
    expect(subscriptions[0].unsubscribe).toHaveBeenCalledTimes(1);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });
});
