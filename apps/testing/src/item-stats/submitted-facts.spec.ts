import { Events } from '@examprep/contracts';
import { FakeEventBus } from '../../test/support/fake-event-bus';
import { FakeItemStatsRepository } from '../../test/support/fake-item-stats.repository';
import { poolQuestion } from '../../test/support/service-fixture';
import { SubmittedFacts } from './submitted-facts';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const test = {
  _id: 'T'.repeat(20),
  userId: 'learner-1',
  mode: 'practice' as const,
  createdAt: T0,
  timer: null,
};

async function recorded() {
  const repo = new FakeItemStatsRepository();
  const bus = new FakeEventBus();
  const sut = new SubmittedFacts(repo, bus);
  const fact = await sut.record(
    test,
    [poolQuestion('AA01')],
    new Map(),
    { correctCount: 0, finalScore: 0 },
    T0,
    2,
  );
  return { repo, bus, sut, fact };
}

describe('SubmittedFacts: events.test.submitted is never lost', () => {
  it('recorded in the outbox first, published with the test id as message id, then removed', async () => {
    const { repo, bus, sut, fact } = await recorded();
    expect([...repo.outbox.keys()]).toEqual([test._id]);
    expect(await sut.publish(fact)).toBe(true);
    expect(bus.published).toEqual([
      { subject: Events.testSubmitted, data: fact, msgId: `test-submitted:${test._id}` },
    ]);
    expect(repo.outbox.size).toBe(0);
  });

  it('a failed publish stays in the outbox; the relay publishes it later', async () => {
    const { repo, bus, sut, fact } = await recorded();
    bus.failing = true;
    expect(await sut.publish(fact)).toBe(false);
    expect(repo.outbox.size).toBe(1);
    // still failing: the relay stops and keeps it
    expect(await sut.relay(new Date(T0.getTime() + 1))).toBe(0);
    bus.failing = false;
    // not yet due
    expect(await sut.relay(T0)).toBe(0);
    expect(await sut.relay(new Date(T0.getTime() + 1))).toBe(1);
    expect(bus.published.map((p) => p.msgId)).toEqual([`test-submitted:${test._id}`]);
    expect(repo.outbox.size).toBe(0);
  });
});
