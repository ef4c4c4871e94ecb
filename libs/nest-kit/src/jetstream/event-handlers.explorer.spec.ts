import { Injectable, Module, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import {
  Events,
  type EventSubject,
  type QbankGeneratedEvent,
  type UserDeletedEvent,
} from '@examprep/contracts';
import { type ConsumedMessageMeta, EventListener, JetStreamConsumer } from './event-handlers';
import { EventHandlersExplorer } from './event-handlers.explorer';
import { type ConsumeOptions, JetStreamBus, type RunningConsumer } from './jetstream.bus';

const tick = () => new Promise((r) => setTimeout(r, 1));

/** The bus as the explorer uses it: what was started, what was stopped, in which order. */
class FakeBus {
  readonly log: string[] = [];
  readonly consumers = new Map<string, ConsumeOptions<EventSubject>>();
  readonly listeners: { subject: EventSubject; handler: (data: unknown) => unknown }[] = [];
  /** A stop that waits (a handler in flight) until the spec lets it go. */
  stopGate: Promise<void> = Promise.resolve();
  failDurable: string | undefined;

  async consume(options: ConsumeOptions<EventSubject>): Promise<RunningConsumer> {
    if (options.durable === this.failDurable) throw new Error(`cannot create ${options.durable}`);
    this.consumers.set(options.durable, options);
    this.log.push(`consume ${options.durable}`);
    return { stop: () => this.stopGate.then(() => void this.log.push(`stop ${options.durable}`)) };
  }

  listen(subject: EventSubject, handler: (data: unknown) => unknown): RunningConsumer {
    this.listeners.push({ subject, handler });
    this.log.push(`listen ${subject}`);
    return { stop: async () => void this.log.push(`unlisten ${subject}`) };
  }

  async flush(): Promise<void> {
    this.log.push('flush');
  }
}

const seen: string[] = [];

@Injectable()
class Erasure {
  private readonly name = 'erasure';

  @JetStreamConsumer({
    durable: 'spec-user-deleted',
    subject: Events.userDeleted,
    maxDeliver: 4,
    retryDelayMs: 250,
  })
  async erase(event: UserDeletedEvent, meta: ConsumedMessageMeta): Promise<void> {
    seen.push(`${this.name} ${event.uid} ${meta.redeliveries}`);
  }

  @JetStreamConsumer({ durable: 'spec-qbank-generated', subject: Events.qbankGenerated })
  async count(event: QbankGeneratedEvent): Promise<void> {
    seen.push(`${this.name} counted ${event.count}`);
  }

  /** Not declared: never started. */
  async other(): Promise<void> {}
}

@Injectable()
class Cache {
  dropped: string[] = [];

  @EventListener(Events.questionMediaChanged)
  @EventListener(Events.questionDeleted)
  drop(event: { qid: string }): void {
    this.dropped.push(event.qid);
  }
}

class Failing {
  @JetStreamConsumer({ durable: 'spec-failing', subject: Events.userDeleted })
  async handle(): Promise<void> {
    throw new Error('database down');
  }
}

/** Declares a durable name Erasure has already. */
class Twice {
  @JetStreamConsumer({ durable: 'spec-user-deleted', subject: Events.userDeleted })
  async again(): Promise<void> {}
}

@Injectable()
class Plain {
  async handle(): Promise<void> {}
}

async function start(providers: Provider[], bus = new FakeBus()) {
  @Module({ imports: [DiscoveryModule], providers: [...providers, EventHandlersExplorer] })
  class SpecModule {}
  const moduleRef = await Test.createTestingModule({ imports: [SpecModule] })
    .overrideProvider(JetStreamBus)
    .useValue(bus)
    .compile();
  return { moduleRef, bus };
}

/** The explorer's module needs the bus as a provider to be overridden. */
const busProvider: Provider = { provide: JetStreamBus, useValue: null };

beforeEach(() => {
  seen.length = 0;
});

describe('EventHandlersExplorer', () => {
  it('starts every declared consumer once the app has bootstrapped, with its options, bound to its provider', async () => {
    const { moduleRef, bus } = await start([busProvider, Erasure, Plain]);
    expect(bus.log).toEqual([]); // compiled, not bootstrapped: nothing runs yet
    const app = await moduleRef.init();
    expect(bus.log).toEqual(['consume spec-user-deleted', 'consume spec-qbank-generated']);
    expect(bus.consumers.get('spec-user-deleted')).toMatchObject({
      durable: 'spec-user-deleted',
      subject: 'events.user.deleted',
      maxDeliver: 4,
      retryDelayMs: 250,
    });
    expect(bus.consumers.get('spec-qbank-generated')).toMatchObject({
      subject: 'events.qbank.generated',
    });
    expect(bus.consumers.get('spec-qbank-generated')?.maxDeliver).toBeUndefined();
    await bus.consumers.get('spec-user-deleted')!.handler(
      { uid: 'u1', at: 'x' },
      {
        subject: 'events.user.deleted',
        seq: 1,
        redeliveries: 2,
      },
    );
    expect(seen).toEqual(['erasure u1 2']);
    await app.close();
  });

  it("a handler's failure reaches the bus (which redelivers it): the explorer does not swallow it", async () => {
    const failing = { provide: 'Failing', useValue: new Failing() };
    const { moduleRef, bus } = await start([busProvider, failing]);
    const app = await moduleRef.init();
    await expect(
      bus.consumers
        .get('spec-failing')!
        .handler({ uid: 'u1', at: 'x' }, { subject: 's', seq: 1, redeliveries: 0 }),
    ).rejects.toThrow('database down');
    await app.close();
  });

  it('starts the listeners first (one per subject, flushed), each calling its method', async () => {
    // (decorators apply bottom-up: the lower @EventListener is found first)
    const { moduleRef, bus } = await start([busProvider, Cache, Erasure]);
    const app = await moduleRef.init();
    expect(bus.log).toEqual([
      'listen events.question.deleted',
      'listen events.question.mediaChanged',
      'flush',
      'consume spec-user-deleted',
      'consume spec-qbank-generated',
    ]);
    for (const l of bus.listeners) await l.handler({ qid: `Q-${l.subject}` });
    expect(app.get(Cache).dropped).toEqual([
      'Q-events.question.deleted',
      'Q-events.question.mediaChanged',
    ]);
    await app.close();
  });

  it('an instance reached under two tokens (an alias) is started once', async () => {
    const { moduleRef, bus } = await start([
      busProvider,
      Erasure,
      { provide: 'ErasureAlias', useExisting: Erasure },
    ]);
    const app = await moduleRef.init();
    expect([...bus.consumers.keys()]).toEqual(['spec-user-deleted', 'spec-qbank-generated']);
    await app.close();
  });

  it('stops everything on shutdown and waits for the handlers in flight', async () => {
    const { moduleRef, bus } = await start([busProvider, Erasure, Cache]);
    const app = await moduleRef.init();
    let release!: () => void;
    bus.stopGate = new Promise((r) => (release = r));
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await tick();
    expect(closed).toBe(false);
    release();
    await closing;
    expect(bus.log.slice(-4).sort()).toEqual(
      [
        'stop spec-qbank-generated',
        'stop spec-user-deleted',
        'unlisten events.question.deleted',
        'unlisten events.question.mediaChanged',
      ].sort(),
    );
  });

  it('a durable name declared twice fails the start (two providers would share one consumer)', async () => {
    const twice = { provide: 'Twice', useValue: new Twice() };
    const { moduleRef, bus } = await start([busProvider, Erasure, twice]);
    await expect(moduleRef.init()).rejects.toThrow(
      "durable consumer 'spec-user-deleted' is declared twice",
    );
    expect(bus.consumers.size).toBe(0);
  });

  it('a consumer that cannot start fails the start and stops the ones already started', async () => {
    const bus = new FakeBus();
    bus.failDurable = 'spec-qbank-generated';
    const { moduleRef } = await start([busProvider, Cache, Erasure], bus);
    await expect(moduleRef.init()).rejects.toThrow('cannot create spec-qbank-generated');
    expect(bus.log).toEqual([
      'listen events.question.deleted',
      'listen events.question.mediaChanged',
      'flush',
      'consume spec-user-deleted',
      'unlisten events.question.deleted',
      'unlisten events.question.mediaChanged',
      'stop spec-user-deleted',
    ]);
  });

  it('an app without declarations starts nothing (and flushes nothing)', async () => {
    const { moduleRef, bus } = await start([busProvider, Plain]);
    const app = await moduleRef.init();
    await app.close();
    expect(bus.log).toEqual([]);
  });
});
