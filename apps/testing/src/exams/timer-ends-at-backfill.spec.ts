import { FakeTestCountsRepository } from '../../test/support/fake-test-counts.repository';
import { FakeTestsRepository } from '../../test/support/fake-tests.repository';
import { FakeClock } from '../../test/support/service-fixture';
import { T0, testRecord } from '../../test/support/test-record';
import type { TestRecord } from './test.schema';
import { startTimer } from './timer';
import { BACKFILL_PAGE, TIMER_ENDS_AT_MARKER, TimerEndsAtBackfill } from './timer-ends-at-backfill';

/** A test as stored before `timerEndsAt` existed (no such field). */
const legacy = (id: string, timed: boolean): TestRecord =>
  testRecord(id, 'u1', { totalQuestions: 4, timer: timed ? startTimer(4, T0) : null });

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
