import { FakeTestCountsRepository } from '../../test/support/fake-test-counts.repository';
import { FakeTestsRepository } from '../../test/support/fake-tests.repository';
import { FakeClock } from '../../test/support/service-fixture';
import type { TestRecord } from './test.schema';
import { startTimer } from './timer';
import { BACKFILL_PAGE, TIMER_ENDS_AT_MARKER, TimerEndsAtBackfill } from './timer-ends-at-backfill';

const T0 = new Date('2026-11-20T10:00:00.000Z');

/** A test as stored before `timerEndsAt` existed (no such field). */
function legacy(id: string, timed: boolean): TestRecord {
  return {
    _id: id,
    userId: 'u1',
    productId: 'teas_math_qbank',
    testProductId: 'teas_math_qbank_practice',
    includeId: 'teas_math_qbank_practice',
    productName: 'TEAS Math QBank',
    instructions: '',
    mode: 'practice',
    completed: false,
    createdAt: T0,
    lastUpdated: T0,
    submittedAt: null,
    totalQuestions: 4,
    finalScore: null,
    correctCount: null,
    incorrectCount: null,
    unansweredCount: null,
    answeredCount: null,
    objectives: null,
    timer: timed ? startTimer(4, T0) : null,
  };
}

describe('TimerEndsAtBackfill (timerEndsAt for the timed tests made before it)', () => {
  it('stamps every timed test over several pages, once, and marks itself done', async () => {
    const repo = new FakeTestsRepository();
    const counts = new FakeTestCountsRepository();
    const n = BACKFILL_PAGE * 2 + 7;
    for (let i = 0; i < n; i++) {
      const t = legacy(`T${String(i).padStart(6, '0')}`, i % 3 === 0);
      repo.tests.set(t._id, t);
    }
    const backfill = new TimerEndsAtBackfill(repo, counts, new FakeClock());
    await expect(backfill.run()).resolves.toMatchObject({ stamped: Math.ceil(n / 3) });
    for (const t of repo.tests.values())
      if (t.timer) expect(t.timerEndsAt).toEqual(t.timer.endsAt);
      else expect(t.timerEndsAt).toBeUndefined();
    expect(repo.calls.filter((c) => c === 'stampTimerEndsAt')).toHaveLength(Math.ceil(n / 3));
    expect(counts.done.get(TIMER_ENDS_AT_MARKER)).toMatchObject({ stamped: Math.ceil(n / 3) });
    // done: the next start reads nothing
    repo.calls.length = 0;
    await expect(backfill.run()).resolves.toBeNull();
    expect(repo.calls).toEqual([]);
  });

  it('leaves a test that has its timerEndsAt alone', async () => {
    const repo = new FakeTestsRepository();
    const t = { ...legacy('T1', true), timerEndsAt: new Date('2030-01-01T00:00:00.000Z') };
    repo.tests.set(t._id, t);
    await new TimerEndsAtBackfill(repo, new FakeTestCountsRepository(), new FakeClock()).run();
    expect(repo.tests.get('T1')?.timerEndsAt).toEqual(new Date('2030-01-01T00:00:00.000Z'));
    expect(repo.calls).not.toContain('stampTimerEndsAt');
  });
});
