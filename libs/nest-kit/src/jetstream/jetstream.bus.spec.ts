import { Events, type UserDeletedEvent } from '@examprep/contracts';
import { headers as natsHeaders, JSONCodec, type MsgHdrs, type NatsConnection } from 'nats';
import { CORRELATION_HEADER, currentCorrelationId } from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import { metricsRegistry } from '../metrics/metrics';
import { JetStreamBus } from './jetstream.bus';

const jc = JSONCodec();
const tick = () => new Promise((r) => setTimeout(r, 1));

/** A JetStream message as the consumer loop reads it. */
interface FakeMsg {
  subject: string;
  seq: number;
  data: Uint8Array;
  headers?: MsgHdrs;
  info: { redeliveryCount: number };
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

function msg(data: unknown, redeliveryCount = 1, correlationId?: string): FakeMsg {
  let headers: MsgHdrs | undefined;
  if (correlationId) {
    headers = natsHeaders();
    headers.set(CORRELATION_HEADER, correlationId);
  }
  return {
    subject: Events.userDeleted,
    seq: 7,
    data: typeof data === 'string' ? new TextEncoder().encode(data) : jc.encode(data),
    headers,
    info: { redeliveryCount },
    ack: jest.fn(),
    nak: jest.fn(),
    term: jest.fn(),
  };
}

/** Only what the bus calls of a NATS connection (the real one is proven by the int specs). */
function fakeNats(o: { streamExists?: boolean } = {}) {
  const messages = new Messages();
  const consumerConfigs: object[] = [];
  const streamCalls: [string, object][] = [];
  const subscriptions: {
    subject: string;
    callback: (err: Error | null, m: { data: Uint8Array; headers?: MsgHdrs }) => void;
    unsubscribe: jest.Mock;
  }[] = [];
  const nc = {
    jetstreamManager: async () => ({
      streams: {
        info: async () => {
          if (o.streamExists === false) throw Object.assign(new Error('stream not found'), { code: '404' });
          return {};
        },
        update: async (_name: string, config: object) => {
          streamCalls.push(['update', config]);
          return {};
        },
        add: async (config: object) => {
          streamCalls.push(['add', config]);
          return {};
        },
      },
      consumers: {
        add: async (_stream: string, config: object) => {
          consumerConfigs.push(config);
          return {};
        },
      },
    }),
    jetstream: () => ({
      consumers: {
        get: async () => ({
          consume: async () => messages,
          info: async () => ({ num_pending: 2, num_ack_pending: 1 }),
        }),
      },
    }),
    subscribe: (
      subject: string,
      opts: { callback: (typeof subscriptions)[number]['callback'] },
    ) => {
      const sub = { subject, callback: opts.callback, unsubscribe: jest.fn() };
      subscriptions.push(sub);
      return sub;
    },
    flush: jest.fn(async () => undefined),
  };
  return {
    nc: nc as unknown as NatsConnection,
    messages,
    consumerConfigs,
    subscriptions,
    streamCalls,
  };
}

const deleted = (uid: string): UserDeletedEvent => ({ uid, at: '2026-11-27T00:00:00.000Z' });

describe('JetStreamBus.ensureStream', () => {
  it('creates a stream with one replica by default (one NATS server)', async () => {
    const { nc, streamCalls } = fakeNats({ streamExists: false });
    const bus = await JetStreamBus.create(nc);
    await bus.ensureStream();
    expect(streamCalls).toEqual([
      ['add', expect.objectContaining({ name: 'EVENTS', num_replicas: 1 })],
    ]);
  });

  it('creates, or moves an existing stream to, the replicas asked for (3 on a NATS cluster, ADR 0029)', async () => {
    const fresh = fakeNats({ streamExists: false });
    await (await JetStreamBus.create(fresh.nc, { replicas: 3 })).ensureStream();
    const existing = fakeNats();
    const bus = await JetStreamBus.create(existing.nc, { replicas: 3 });
    await bus.ensureStream();
    await bus.ensureStream();
    expect(fresh.streamCalls).toEqual([['add', expect.objectContaining({ num_replicas: 3 })]]);
    // once per process
    expect(existing.streamCalls).toEqual([
      ['update', expect.objectContaining({ name: 'EVENTS', num_replicas: 3 })],
    ]);
  });
});

describe('JetStreamBus.consume (what a @JetStreamConsumer gets)', () => {
  it('creates the durable consumer as declared: explicit acks, every message, maxDeliver (default 10)', async () => {
    const { nc, consumerConfigs } = fakeNats();
    const bus = await JetStreamBus.create(nc);
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
    expect(consumerConfigs).toEqual([
      expect.objectContaining({
        durable_name: 'spec-a',
        filter_subject: 'events.user.deleted',
        ack_policy: 'explicit',
        deliver_policy: 'all',
        max_deliver: 10,
      }),
      expect.objectContaining({
        durable_name: 'spec-b',
        filter_subject: 'events.qbank.generated',
        max_deliver: 3,
      }),
    ]);
    await Promise.all([a.stop(), b.stop()]);
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

  it('a failing handler: redelivered after retryDelayMs until maxDeliver, then terminated and logged', async () => {
    const { nc, messages } = fakeNats();
    const bus = await JetStreamBus.create(nc);
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
    expect(deliveries.map((d) => d.term.mock.calls.length)).toEqual([0, 0, 1]);
    expect(deliveries.some((d) => d.ack.mock.calls.length > 0)).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ durable: 'spec-retry', redeliveries: 1 }),
      'event handler failed; will retry',
    );
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ durable: 'spec-retry', redeliveries: 2 }),
      'event handler gave up; message terminated',
    );
    await consumer.stop();
    error.mockRestore();
    warn.mockRestore();
  });

  it('the default retry: 1 s, then 10 deliveries', async () => {
    const { nc, messages } = fakeNats();
    const bus = await JetStreamBus.create(nc);
    const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
    const consumer = await bus.consume({
      durable: 'spec-default',
      subject: Events.userDeleted,
      handler: async () => {
        throw new Error('no');
      },
    });
    const ninth = msg(deleted('u1'), 9);
    const tenth = msg(deleted('u1'), 10);
    messages.push(ninth);
    messages.push(tenth);
    await tick();
    expect(ninth.nak).toHaveBeenCalledWith(1_000);
    expect(tenth.term).toHaveBeenCalledTimes(1);
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
