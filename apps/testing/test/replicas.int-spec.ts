// Two replicas of the testing service on the running test system (ADR 0027): the one
// tools/system runs and a SECOND process of the same build started here with its own health
// port, both in the `testing` queue group on the same NATS and FerretDB. Calls go over NATS as
// the gateway sends them, so the queue group spreads them over both; each replica's /metrics
// shows that both served. Raced: concurrent saves and submits of one test, time-up seen by
// both, and a test one replica holds in memory submitted or deleted through the other.
import { type Actor, Subjects, TEST_MESSAGES, type TestView } from '@examprep/contracts';
import { JetStreamBus } from '@examprep/nest-kit';
import { metricValue, type Replica, startReplica } from '@examprep/test-kit';
import { NatsTestLeasesRepository } from '../src/exams/nats-test-leases.repository';
import { CLOSED_HOLDER } from '../src/exams/test-leases.repository';
import {
  anAnswer,
  adminActor,
  cfg,
  connectSystem,
  create,
  disconnectSystem,
  failure,
  getTest,
  grant,
  newUser,
  PRACTICE,
  rpc,
  testingDb,
} from './support/testing-system';

const ADMIN = adminActor('it-admin@examprep.test');
let second: Replica;
let leases: NatsTestLeasesRepository;

beforeAll(async () => {
  await connectSystem();
  second = await startReplica('testing');
  // the test leases both replicas share (ADR 0027), read here as they do
  leases = new NatsTestLeasesRepository(await JetStreamBus.create(rpc.connection!));
}, 150_000);
afterAll(async () => {
  await second?.stop();
  await disconnectSystem();
}, 120_000);

const save = (
  actor: Actor,
  testId: string,
  questionId: string,
  submittedAnswer: string | string[],
) =>
  rpc.request(Subjects.testing.savePracticeAnswer, {
    actor,
    input: { testId, questionId, submittedAnswer },
  });
const submit = (actor: Actor, testId: string) =>
  rpc.request(Subjects.testing.submitTest, { actor, input: { testId } });

/** Calls of `subject` each replica has answered so far (its handler histogram's count). */
async function served(subject: string): Promise<[number, number]> {
  const first = await (await fetch(`http://127.0.0.1:${cfg.ports.testing}/metrics`)).text();
  const other = await second.metrics();
  const count = (text: string) =>
    metricValue(text, 'examprep_nats_handler_duration_seconds_count', { subject });
  return [count(first), count(other)];
}
const delta = (before: [number, number], after: [number, number]) => [
  after[0] - before[0],
  after[1] - before[1],
];

/** A practice test (38 questions) of a new learner holding the QBank, and its view. */
async function practiceTest(
  timed = false,
): Promise<{ learner: Actor; testId: string; view: TestView }> {
  const learner = await newUser();
  await grant(ADMIN, learner.uid, { teas_math_qbank: true });
  const { testId } = await create(learner, { ...PRACTICE, ...(timed ? { timed: true } : {}) });
  return { learner, testId, view: await getTest(learner, testId) };
}

/** The outcome of a call: 'ok' or the refusal's code. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    async (err: unknown) => (await failure(Promise.reject(err))).code as string,
  );

const SAVE = Subjects.testing.savePracticeAnswer;

describe('the testing service with two replicas (ADR 0027)', () => {
  it('38 saves at once to one test, spread over both replicas: every one stored', async () => {
    const { learner, testId, view } = await practiceTest();
    const before = await served(SAVE);
    const results = await Promise.all(
      view.questions.map((q) => save(learner, testId, q.qid, anAnswer(q))),
    );
    expect(results.every((r) => r.saved)).toBe(true);
    const [a, b] = delta(before, await served(SAVE));
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const stored = await getTest(learner, testId);
    expect(stored.questions.filter((q) => q.saved)).toHaveLength(view.questions.length);
    // every lease given back
    await new Promise((r) => setTimeout(r, 200));
    expect(await leases.find(testId)).toBeNull();
  });

  it('saves racing two submits through both replicas: graded once, every answer acknowledged is graded, every later one 409, none stored after grading', async () => {
    const { learner, testId, view } = await practiceTest();
    const [first, ...rest] = view.questions;
    await save(learner, testId, first!.qid, anAnswer(first!));
    const saves = rest.map((q, i) =>
      new Promise((r) => setTimeout(r, i)).then(() =>
        outcome(save(learner, testId, q.qid, anAnswer(q))),
      ),
    );
    const submits = new Promise((r) => setTimeout(r, 12)).then(() =>
      Promise.all([submit(learner, testId), submit(learner, testId)]),
    );
    const [[one, two], outcomes] = await Promise.all([submits, Promise.all(saves)]);
    const acknowledged = outcomes.filter((o) => o === 'ok').length;
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'TEST_SUBMITTED')).toBe(true);
    // one grading: both submits answer the same result, the same moment
    expect(two).toEqual(one);
    expect(one.test).toMatchObject({ completed: true, answeredCount: 1 + acknowledged });
    const done = await getTest(learner, testId);
    expect(done.questions.filter((q) => q.saved)).toHaveLength(1 + acknowledged);
    expect(done).toMatchObject({ completed: true, answeredCount: 1 + acknowledged });
    // closed: no replica takes the lease until it ends (LEASE_MS after the submit)
    expect(await leases.find(testId)).toMatchObject({ holder: CLOSED_HOLDER });
  });

  it('time up seen by both replicas at once: every save 409, graded once with what was saved before', async () => {
    const { learner, testId, view } = await practiceTest(true);
    await testingDb()
      .collection('tests')
      .updateOne({ _id: testId } as never, {
        $set: { 'timer.endsAt': new Date(Date.now() - 31_000) },
      });
    // nothing read the test for writing yet, so neither replica holds it in memory
    const before = await served(SAVE);
    const outcomes = await Promise.all(
      view.questions.slice(0, 16).map((q) => outcome(save(learner, testId, q.qid, anAnswer(q)))),
    );
    const [a, b] = delta(before, await served(SAVE));
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(outcomes).toContain('TIME_UP');
    expect(outcomes.every((o) => o === 'TIME_UP' || o === 'TEST_SUBMITTED')).toBe(true);
    const done = await getTest(learner, testId);
    expect(done).toMatchObject({ completed: true, answeredCount: 0 });
    expect(done.questions.filter((q) => q.saved)).toHaveLength(0);
  });

  it('a test both replicas hold in memory, submitted through one: the other refuses the next saves at once (409), not after its 5 s', async () => {
    const { learner, testId, view } = await practiceTest();
    const before = await served(SAVE);
    await Promise.all(
      view.questions.slice(0, 16).map((q) => save(learner, testId, q.qid, anAnswer(q))),
    );
    await submit(learner, testId);
    const outcomes = await Promise.all(
      view.questions.slice(16, 32).map((q) => outcome(save(learner, testId, q.qid, anAnswer(q)))),
    );
    const [a, b] = delta(before, await served(SAVE));
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(outcomes).toEqual(Array(16).fill('TEST_SUBMITTED'));
    const done = await getTest(learner, testId);
    expect(done.questions.filter((q) => q.saved)).toHaveLength(16);
  });

  it('a test both replicas hold in memory, deleted through one: the next saves are 404 everywhere and write nothing back', async () => {
    const { learner, testId, view } = await practiceTest();
    await Promise.all(
      view.questions.slice(0, 16).map((q) => save(learner, testId, q.qid, anAnswer(q))),
    );
    await rpc.request(Subjects.testing.deleteTest, { actor: learner, input: { testId } });
    const refusals = await Promise.all(
      view.questions.slice(16, 32).map((q) => failure(save(learner, testId, q.qid, anAnswer(q)))),
    );
    expect(refusals).toEqual(
      Array(16).fill({ status: 404, code: 'NOT_FOUND', message: TEST_MESSAGES.notFound }),
    );
    const db = testingDb();
    for (const name of ['tests', 'test_answers', 'test_contents'])
      expect(await db.collection(name).countDocuments({ _id: testId } as never)).toBe(0);
  });
});
