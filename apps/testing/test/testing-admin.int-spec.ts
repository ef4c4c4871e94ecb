// The testing service's gradebook, retention, admin calls and events.user.deleted against the
// RUNNING services of the test profile over NATS, with the real FerretDB and JetStream.
import { type Actor, Events, Subjects } from '@examprep/contracts';
import { GUARD_MESSAGES, JetStreamBus } from '@examprep/nest-kit';
import { waitFor } from '@examprep/test-kit';
import {
  anAnswer,
  connectSystem,
  create,
  disconnectSystem,
  failure,
  getTest,
  adminActor,
  newUser,
  REVEAL_FIELDS,
  revealedKeys,
  rpc,
  SAMPLE,
  testingDb,
} from './support/testing-system';

const ADMIN = adminActor('it-admin@examprep.test');

beforeAll(connectSystem, 150_000);
afterAll(disconnectSystem);

const submit = (actor: Actor, testId: string) =>
  rpc.request(Subjects.testing.submitTest, { actor, input: { testId } });
const gradebook = (actor: Actor, userId?: string) =>
  rpc.request(Subjects.testing.gradebook, { actor, ...(userId ? { userId } : {}) });
const userTests = (actor: Actor, uid: string) =>
  rpc.request(Subjects.testing.userTests, { actor, uid });
/** The user's maintained test count (test_counts, issue 26), or null when none was written. */
const countOf = async (uid: string) =>
  (
    (await testingDb()
      .collection('test_counts')
      .findOne({ _id: uid } as never)) as {
      n: number;
    } | null
  )?.n ?? null;

describe('gradebook retention (learner spec §4)', () => {
  it('a learner who submits 11 tests keeps the newest 10; the oldest is gone', async () => {
    const learner = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      const { testId } = await create(learner, SAMPLE);
      await submit(learner, testId);
      ids.push(testId);
    }
    const { tests } = await gradebook(learner);
    expect(tests.map((t) => t.id)).toEqual(ids.slice(1).reverse());
    expect(tests.every((t) => t.completed && t.finalScore === 0 && t.unansweredCount === 15)).toBe(
      true,
    );
    expect(await failure(getTest(ADMIN, ids[0]!))).toMatchObject({ status: 404 });
    expect(await countOf(learner.uid)).toBe(10);
  }, 60_000);
});

describe('admin calls (admin spec §2.1)', () => {
  it("reads a learner's test by userId, lists and exports it; learners are refused", async () => {
    const learner = await newUser();
    const { testId } = await create(learner, SAMPLE);
    const view = await getTest(learner, testId);
    const q = view.questions[0]!;
    await rpc.request(Subjects.testing.submitQuizAnswer, {
      actor: learner,
      input: { testId, questionId: q.qid, submittedAnswer: anAnswer(q) },
    });
    await rpc.request(Subjects.testing.flagQuestion, {
      actor: learner,
      input: { testId, questionId: view.questions[1]!.qid, flagged: true },
    });

    const seen = await getTest(ADMIN, testId, learner.uid);
    expect(seen).toMatchObject({ id: testId, userId: learner.uid, answeredCount: 1 });
    expect(revealedKeys(seen.questions[0]!)).toHaveLength(REVEAL_FIELDS.length);
    expect(revealedKeys(seen.questions[1]!)).toEqual([]);
    expect(seen.questions[1]!.flagged).toBe(true);
    expect(await failure(getTest(ADMIN, testId, ADMIN.uid))).toMatchObject({ status: 404 });

    await expect(userTests(ADMIN, learner.uid)).resolves.toEqual({
      tests: [
        expect.objectContaining({
          id: testId,
          completed: false,
          answeredCount: 1,
          totalQuestions: 15,
        }),
      ],
      next: null,
    });
    const exported = await rpc.request(Subjects.testing.exportTest, {
      actor: ADMIN,
      uid: learner.uid,
      testId,
    });
    expect(exported.path).toBe(`users/${learner.uid}/tests/${testId}`);
    expect(Date.parse(exported.fetchedAt)).not.toBeNaN();
    expect(exported.test).toMatchObject({
      id: testId,
      userId: learner.uid,
      productName: 'TEAS Math Sample QBank',
    });
    expect(exported.test.questions).toHaveLength(15);
    for (const eq of exported.test.questions)
      expect(revealedKeys(eq)).toHaveLength(REVEAL_FIELDS.length);
    expect(
      await failure(
        rpc.request(Subjects.testing.exportTest, { actor: ADMIN, uid: ADMIN.uid, testId }),
      ),
    ).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Test not found.' });

    expect(await countOf(learner.uid)).toBe(1);
    for (const call of [
      userTests(learner, learner.uid),
      rpc.request(Subjects.testing.exportTest, { actor: learner, uid: learner.uid, testId }),
    ])
      expect(await failure(call)).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: GUARD_MESSAGES.adminOnly,
      });

    // an admin's gradebook of the learner, and delete of any test
    await submit(learner, testId);
    await expect(gradebook(ADMIN, learner.uid)).resolves.toMatchObject({ tests: [{ id: testId }] });
    await expect(gradebook(learner, ADMIN.uid)).resolves.toMatchObject({ tests: [{ id: testId }] });
    await rpc.request(Subjects.testing.deleteTest, { actor: ADMIN, input: { testId } });
    await expect(gradebook(learner)).resolves.toEqual({ tests: [] });
  });

  it('refuses anonymous (401) and unverified (403) callers', async () => {
    const unverified = await newUser({ emailVerified: false });
    expect(await failure(create(null, SAMPLE))).toMatchObject({ status: 401 });
    expect(await failure(create(unverified, SAMPLE))).toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    });
    expect(await failure(gradebook(unverified))).toMatchObject({ status: 403 });
  });
});

describe('events.user.deleted', () => {
  it("removes the user's tests, snapshots and answers", async () => {
    const learner = await newUser();
    const { testId } = await create(learner, SAMPLE);
    const view = await getTest(learner, testId);
    await rpc.request(Subjects.testing.submitQuizAnswer, {
      actor: learner,
      input: {
        testId,
        questionId: view.questions[0]!.qid,
        submittedAnswer: anAnswer(view.questions[0]!),
      },
    });
    const bus = await JetStreamBus.create(rpc.connection!);
    await bus.publish(
      Events.userDeleted,
      { uid: learner.uid, at: new Date().toISOString() },
      `it-testing-deleted-${learner.uid}`,
    );
    // The consumer removes the tests one by one and clears the count last: wait for the end.
    await waitFor(
      async () =>
        (await userTests(ADMIN, learner.uid)).tests.length === 0 &&
        (await countOf(learner.uid)) === 0
          ? true
          : undefined,
      { timeoutMs: 10_000, description: 'tests removed and count cleared' },
    );
    expect(await failure(getTest(ADMIN, testId))).toMatchObject({ status: 404 });
    expect(await countOf(learner.uid)).toBe(0);
    const db = testingDb();
    expect(await db.collection('test_contents').countDocuments({ _id: testId } as never)).toBe(0);
    expect(await db.collection('test_answers').countDocuments({ _id: testId } as never)).toBe(0);
  });
});
