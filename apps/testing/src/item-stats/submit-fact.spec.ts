import { Events, TEST_LIMITS, type TestSubmittedEvent } from '@examprep/contracts';
import { FakeItemStatsRepository } from '../../test/support/fake-item-stats.repository';
import { learner, owned, practice, setup } from '../../test/support/service-fixture';
import { ItemStatsFold } from './item-stats.fold';

const published = (bus: { published: { subject: string; data: unknown }[] }) =>
  bus.published
    .filter((p) => p.subject === Events.testSubmitted)
    .map((p) => p.data as TestSubmittedEvent);

describe('the submit publishes events.test.submitted (ADR 0037)', () => {
  it('a practice test: the saved answers graded, timed between saves, flagged; outbox emptied', async () => {
    const itemStats = new FakeItemStatsRepository();
    const { tests, answers, clock, bus } = setup({ owned, itemStats });
    const { testId } = await tests.create(learner, practice);
    const save = (questionId: string, submittedAnswer: string) =>
      answers.save(learner, { testId, questionId, submittedAnswer });
    clock.advance(40_000);
    await save('AA01', '2'); // right, 40 s after the start
    clock.advance(25_000);
    await save('AA02', '3'); // the named misconception, 25 s later
    await answers.flag(learner, { testId, questionId: 'AA03', flagged: true });
    clock.advance(5_000);
    await answers.submit(learner, { testId });
    await new Promise((r) => setImmediate(r)); // the publish is not awaited by the submit
    const [fact] = published(bus);
    expect(fact).toMatchObject({ testId, mode: 'practice', total: 4, correct: 1, finalScore: 25 });
    expect(
      fact!.items.map((i) => [i.qid, i.outcome, i.seconds, i.flagged, i.misconception]),
    ).toEqual([
      ['AA01', 'correct', 40, false, null],
      ['AA02', 'incorrect', 25, false, 'you multiplied by 60 instead of dividing'],
      ['AA03', 'unanswered', null, true, null],
      ['AA04', 'unanswered', null, false, null],
    ]);
    expect(itemStats.outbox.size).toBe(0);

    // submitting again publishes nothing new; folding the fact twice counts it once
    await answers.submit(learner, { testId });
    expect(published(bus)).toHaveLength(1);
    const fold = new ItemStatsFold(itemStats);
    await fold.fold(fact!, clock.now());
    await fold.fold(fact!, clock.now());
    expect((await itemStats.get('AA02'))!).toMatchObject({ n: 1, sx: 0 });
  });

  it('JetStream down: the test is graded all the same and its fact waits in the outbox', async () => {
    const itemStats = new FakeItemStatsRepository();
    const { tests, answers, bus } = setup({ owned, itemStats });
    bus.failing = true;
    const { testId } = await tests.create(learner, practice);
    const { test } = await answers.submit(learner, { testId });
    expect(test.completed).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect([...itemStats.outbox.keys()]).toEqual([testId]);
  });

  it('a timed test whose time ran out is settled with its fact', async () => {
    const itemStats = new FakeItemStatsRepository();
    const { tests, clock, bus } = setup({ owned, itemStats });
    const { testId } = await tests.create(learner, { ...practice, timed: true });
    clock.advance((24 * 60 + TEST_LIMITS.timerGraceSeconds + 1) * 1000);
    const view = await tests.get(learner, testId);
    expect(view.completed).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(published(bus).map((f) => f.testId)).toEqual([testId]);
  });
});
