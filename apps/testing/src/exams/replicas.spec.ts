// Two replicas of the testing service (ADR 0027): two sets of services, each with its own
// memory (test documents, snapshots, its process's queue), over ONE store whose answer writes
// rewrite the whole sheet as FerretDB 1.x does, and ONE leases collection.
import { TEST_MESSAGES } from '@examprep/contracts';
import { refusalOf } from '@examprep/nest-kit';
import { FakeTestLeasesRepository } from '../../test/support/fake-test-leases.repository';
import { FakeTestsRepository } from '../../test/support/fake-tests.repository';
import { learner, owned, poolQuestion, practice, setup } from '../../test/support/service-fixture';
import { CLOSED_HOLDER } from './test-leases.repository';
import { RECENT_TEST_TTL_MS } from './test-store';

const QUESTIONS = 38;
const qid = (i: number) => `AA${String(i + 1).padStart(2, '0')}`;
const pool = () => Array.from({ length: QUESTIONS }, (_, i) => poolQuestion(qid(i)));

/** Replicas a and b on one store; `sharedLeases: false` gives each its own (one process's lock). */
function twoReplicas({ sharedLeases = true } = {}) {
  const repo = new FakeTestsRepository({ wholeSheetWrites: true });
  const leases = new FakeTestLeasesRepository();
  const a = setup({ owned, pool, repo, leases });
  const b = setup({ owned, pool, repo, ...(sharedLeases ? { leases } : {}) });
  const advance = (ms: number) => {
    a.clock.advance(ms);
    b.clock.advance(ms);
  };
  return { repo, leases, a, b, advance };
}

const savedQids = async (svc: ReturnType<typeof setup>, testId: string) =>
  (await svc.tests.get(learner, testId)).questions.filter((q) => q.saved).map((q) => q.qid);

describe('the testing service with two replicas on one store (ADR 0027)', () => {
  it('38 saves at once to different questions, half through each replica: none lost', async () => {
    const { a, b, leases } = twoReplicas();
    const { testId } = await a.tests.create(learner, practice);
    const results = await Promise.all(
      Array.from({ length: QUESTIONS }, (_, i) =>
        (i % 2 ? a : b).answers.save(learner, { testId, questionId: qid(i), submittedAnswer: '2' }),
      ),
    );
    expect(results.every((r) => r.saved)).toBe(true);
    expect(await savedQids(b, testId)).toHaveLength(QUESTIONS);
    await new Promise((r) => setTimeout(r, 20));
    expect(leases.leases.size).toBe(0); // every lease given back
  });

  it('the same race with a lock per process only (before ADR 0027) loses answers: the store needs the shared lease', async () => {
    const { a, b } = twoReplicas({ sharedLeases: false });
    const { testId } = await a.tests.create(learner, practice);
    await Promise.all(
      Array.from({ length: QUESTIONS }, (_, i) =>
        (i % 2 ? a : b).answers.save(learner, { testId, questionId: qid(i), submittedAnswer: '2' }),
      ),
    );
    expect((await savedQids(b, testId)).length).toBeLessThan(QUESTIONS);
  });

  it('saves through one replica racing a submit through the other: every answer taken is graded, every later one is 409, one grading', async () => {
    const { a, b, repo } = twoReplicas();
    const { testId } = await a.tests.create(learner, practice);
    await b.answers.save(learner, { testId, questionId: qid(0), submittedAnswer: '2' }); // b holds it in memory
    repo.calls.length = 0;
    const saves = Array.from({ length: 20 }, (_, i) =>
      b.answers.save(learner, { testId, questionId: qid(i + 1), submittedAnswer: '2' }).then(
        () => 'saved' as const,
        async (err: unknown) => (await refusalOf(Promise.reject(err))).code,
      ),
    );
    await new Promise((r) => setImmediate(r));
    const [submitA, submitB] = await Promise.all([
      a.answers.submit(learner, { testId }),
      b.answers.submit(learner, { testId }),
    ]);
    const outcomes = await Promise.all(saves);
    const taken = outcomes.filter((o) => o === 'saved').length;
    expect(outcomes.filter((o) => o !== 'saved')).toEqual(
      Array(outcomes.length - taken).fill('TEST_SUBMITTED'),
    );
    expect(repo.calls.filter((c) => c === 'complete')).toHaveLength(1);
    expect(submitB).toEqual(submitA);
    expect(submitA.test).toMatchObject({ completed: true, correctCount: 1 + taken });
    // nothing stored after grading: the stored answers are the graded ones
    expect(await savedQids(a, testId)).toHaveLength(1 + taken);
  });

  it('a submit that finds the test closed while the closer still grades it: the first completion written stays, both submits answer it', async () => {
    const { a, b, repo } = twoReplicas();
    const { testId } = await a.tests.create(learner, practice);
    await a.answers.save(learner, { testId, questionId: qid(0), submittedAnswer: '2' });
    const complete = repo.complete.bind(repo);
    let entered!: () => void;
    const closerWaits = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    jest.spyOn(repo, 'complete').mockImplementationOnce(async (id, completion) => {
      entered();
      await released;
      return complete(id, completion);
    });
    const first = a.answers.submit(learner, { testId });
    await closerWaits; // a has closed the lease and graded; its scores are not written yet
    b.clock.advance(1_000);
    const second = await b.answers.submit(learner, { testId });
    release();
    expect(await first).toEqual(second);
    expect(await a.tests.get(learner, testId)).toMatchObject({
      completed: true,
      correctCount: 1,
      submittedAt: second.test.submittedAt,
    });
  });

  it('a test one replica holds in memory, submitted through the other, takes no more answers there (no 5 s window)', async () => {
    const { a, b, leases } = twoReplicas();
    const { testId } = await a.tests.create(learner, practice);
    await a.answers.save(learner, { testId, questionId: qid(0), submittedAnswer: '2' });
    await b.answers.submit(learner, { testId });
    a.clock.advance(RECENT_TEST_TTL_MS - 1);
    for (const call of [
      () => a.answers.save(learner, { testId, questionId: qid(1), submittedAnswer: '2' }),
      () => a.answers.flag(learner, { testId, questionId: qid(1), flagged: true }),
    ])
      expect(await refusalOf(call())).toEqual({
        status: 409,
        code: 'TEST_SUBMITTED',
        message: TEST_MESSAGES.alreadySubmitted,
      });
    expect(leases.leases.get(testId)?.holder).toBe(CLOSED_HOLDER);
    expect(await savedQids(a, testId)).toEqual([qid(0)]);
  });

  it('a test one replica holds in memory, deleted through the other: 404 there and nothing written back', async () => {
    const { a, b, repo, leases } = twoReplicas();
    const { testId } = await a.tests.create(learner, practice);
    await a.answers.save(learner, { testId, questionId: qid(0), submittedAnswer: '2' });
    await b.tests.delete(learner, { testId });
    expect(
      await refusalOf(
        a.answers.save(learner, { testId, questionId: qid(1), submittedAnswer: '2' }),
      ),
    ).toMatchObject({ status: 404, message: TEST_MESSAGES.notFound });
    expect([...repo.answers.values()].filter((x) => x.testId === testId)).toEqual([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(leases.leases.size).toBe(0);
  });

  it('time up seen by both replicas at once: both saves 409 (the one that submits TIME_UP, the other TIME_UP or TEST_SUBMITTED as after any submit), graded once with what was saved', async () => {
    const { a, b, repo, advance } = twoReplicas();
    const { testId } = await a.tests.create(learner, { ...practice, timed: true });
    await b.answers.save(learner, { testId, questionId: qid(0), submittedAnswer: '2' });
    advance(24 * 3600 * 1000);
    repo.calls.length = 0;
    const refusals = await Promise.all(
      [a, b].map((r) =>
        refusalOf(r.answers.save(learner, { testId, questionId: qid(1), submittedAnswer: '2' })),
      ),
    );
    expect(refusals.map((r) => r.status)).toEqual([409, 409]);
    expect(refusals.map((r) => r.code)).toContain('TIME_UP');
    expect(
      refusals.map((r) => r.code).every((c) => c === 'TIME_UP' || c === 'TEST_SUBMITTED'),
    ).toBe(true);
    expect(repo.calls.filter((c) => c === 'complete')).toHaveLength(1);
    expect(await a.tests.get(learner, testId)).toMatchObject({ completed: true, correctCount: 1 });
  });

  it('a submit whose replica stopped after closing the test is finished by the next submit on any replica', async () => {
    const { a, b, repo, leases } = twoReplicas();
    const { testId } = await a.tests.create(learner, practice);
    await a.answers.save(learner, { testId, questionId: qid(0), submittedAnswer: '2' });
    jest.spyOn(repo, 'complete').mockRejectedValueOnce(new Error('process stopped'));
    await expect(a.answers.submit(learner, { testId })).rejects.toThrow('process stopped');
    expect(leases.leases.get(testId)?.holder).toBe(CLOSED_HOLDER);
    expect(
      await refusalOf(
        b.answers.save(learner, { testId, questionId: qid(1), submittedAnswer: '2' }),
      ),
    ).toMatchObject({ code: 'TEST_SUBMITTED' });
    const { test } = await b.answers.submit(learner, { testId });
    expect(test).toMatchObject({ completed: true, correctCount: 1 });
  });
});
