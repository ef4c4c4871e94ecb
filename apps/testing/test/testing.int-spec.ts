// The testing service against the RUNNING services of the test profile (testing, catalog, qbank)
// over NATS as the gateway calls them, with the real FerretDB: create (free sample, paid practice
// after a grant, no access, unsupported), the answer payload absent from every read before the
// check or the submit, 38 concurrent saves, submit twice, answers after submit, another learner's
// test, the continue / start-new lookup, and the timer (ADR 0019).
import { RECENT_TEST_TTL_MS } from '../src/exams/test-store';
import { type Actor, Subjects, TEST_MESSAGES, type TestView } from '@examprep/contracts';
import {
  anAnswer,
  connectSystem,
  create,
  disconnectSystem,
  failure,
  getTest,
  grant,
  adminActor,
  newUser,
  PRACTICE,
  REVEAL_FIELDS,
  revealedKeys,
  rpc,
  SAMPLE,
  testingDb,
} from './support/testing-system';

const ADMIN = adminActor('it-admin@examprep.test');

beforeAll(connectSystem, 150_000);
afterAll(disconnectSystem);

const check = (
  actor: Actor,
  testId: string,
  questionId: string,
  submittedAnswer: string | string[],
) =>
  rpc.request(Subjects.testing.submitQuizAnswer, {
    actor,
    input: { testId, questionId, submittedAnswer },
  });
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

describe('create-test', () => {
  it('a free sample: 15 questions of the TEAS sample, named by the catalogue, nothing revealed', async () => {
    const learner = await newUser();
    const { success, testId } = await create(learner, {
      ...SAMPLE,
      productName: 'Not this',
      instructions: 'Nor this',
    });
    expect(success).toBe(true);
    expect(testId).toMatch(/^[A-Za-z0-9]{20}$/);
    const view = await getTest(learner, testId);
    expect(view).toMatchObject({
      id: testId,
      userId: learner.uid,
      productId: 'teas_math_sample_qbank',
      testProductId: 'teas_math_sample_qbank',
      includeId: 'teas_math_sample_qbank',
      productName: 'TEAS Math Sample QBank',
      mode: 'full',
      completed: false,
      totalQuestions: 15,
      answeredCount: 0,
      finalScore: null,
      timer: null,
    });
    expect(view.instructions).not.toBe('Nor this');
    expect(view.questions).toHaveLength(15);
    for (const q of view.questions) expect(revealedKeys(q)).toEqual([]);
  });

  it('the TEAS practice test (38 questions) after a grant; without it 403', async () => {
    const learner = await newUser();
    expect(await failure(create(learner, PRACTICE))).toEqual({
      status: 403,
      code: 'NO_PRODUCT_ACCESS',
      message: 'You do not have access to this product.',
    });
    await grant(ADMIN, learner.uid, { teas_math_qbank: true });
    const { testId } = await create(learner, PRACTICE);
    const view = await getTest(learner, testId);
    expect(view).toMatchObject({
      mode: 'practice',
      totalQuestions: 38,
      productName: 'TEAS Math QBank',
    });
  });

  it("unsupported include or mode: 400 'Unsupported product configuration: ...'", async () => {
    const learner = await newUser();
    for (const input of [
      { ...SAMPLE, mode: 'practice' as const },
      { productId: 'teas_math_qbank', includeId: 'teas_math_sample_qbank', mode: 'full' as const },
      { productId: 'teas_math_workbook', includeId: 'teas_math_workbook', mode: 'full' as const },
    ])
      expect(await failure(create(learner, input))).toEqual({
        status: 400,
        code: 'UNSUPPORTED_PRODUCT',
        message: `Unsupported product configuration: ${input.productId} (include: ${input.includeId}, mode: ${input.mode}).`,
      });
  });
});

describe('full test: check, reveal, submit', () => {
  it('reveals a question only after its check, every question after submit; submit twice = same; answers after submit 409', async () => {
    const learner = await newUser();
    const { testId } = await create(learner, SAMPLE);
    const before = await getTest(learner, testId);
    const [first, second] = before.questions;
    const result = await check(learner, testId, first!.qid, anAnswer(first!));
    expect(typeof result.isCorrect).toBe('boolean');
    expect(Object.keys(result.updatedQuestion).sort()).toEqual([
      'correctAnswer',
      'explanation',
      'explanationImage',
      'feedback',
      'gradedAt',
      'gradedBy',
      'misconception',
      'video',
    ]);
    expect(result.updatedQuestion.gradedBy).toBe('system');
    const after = await getTest(learner, testId);
    expect(after.questions[0]).toMatchObject({
      isSubmitted: true,
      status: result.isCorrect ? 'correct' : 'incorrect',
      correctAnswer: result.updatedQuestion.correctAnswer,
    });
    for (const q of after.questions.slice(1)) expect(revealedKeys(q)).toEqual([]);
    expect(after.answeredCount).toBe(1);

    expect(await failure(check(learner, testId, first!.qid, anAnswer(first!)))).toMatchObject({
      status: 409,
      message: TEST_MESSAGES.alreadyChecked,
    });
    expect(await failure(check(learner, testId, second!.qid, ''))).toMatchObject({
      status: 400,
      message: 'Please enter an answer before submitting!',
    });

    const one = await submit(learner, testId);
    expect(one.test).toMatchObject({
      completed: true,
      totalQuestions: 15,
      correctCount: result.isCorrect ? 1 : 0,
      incorrectCount: result.isCorrect ? 0 : 1,
      unansweredCount: 14,
      finalScore: result.isCorrect ? 7 : 0,
    });
    expect(one.test.objectives!.reduce((n, o) => n + o.total, 0)).toBe(15);
    await expect(submit(learner, testId)).resolves.toEqual(one);
    const graded = await getTest(learner, testId);
    for (const q of graded.questions) expect(revealedKeys(q)).toHaveLength(REVEAL_FIELDS.length);
    expect(await failure(check(learner, testId, second!.qid, anAnswer(second!)))).toEqual({
      status: 409,
      code: 'TEST_SUBMITTED',
      message: TEST_MESSAGES.alreadySubmitted,
    });
  });

  it('a wrong choice that a generator names: the check and the review show its misconception', async () => {
    const learner = await newUser();
    const { testId } = await create(learner, SAMPLE);
    const view = await getTest(learner, testId);
    // what the qbank hands the snapshot (service to service; the browser never sees this)
    const pool = await rpc.request(Subjects.qbank.pool, {
      actor: null,
      query: { course: 'TEAS Math Sample QBank', count: 15 },
    });
    const named = pool.questions.find((q) => q.type === 'single' && q.misconceptions.length > 0);
    expect(named).toBeDefined();
    const distractor = named!.misconceptions[0]!;
    expect(view.questions.find((q) => q.qid === named!.qid)).not.toHaveProperty('misconception');
    const result = await check(learner, testId, named!.qid, distractor.value);
    expect(result).toMatchObject({
      isCorrect: false,
      updatedQuestion: {
        misconception: distractor.misconception,
        correctAnswer: named!.correctAnswer,
      },
    });
    const after = await getTest(learner, testId);
    expect(after.questions.find((q) => q.qid === named!.qid)).toMatchObject({
      status: 'incorrect',
      misconception: distractor.misconception,
    });
  });

  it('bad input: a question not in the test, a choice not in the question, 501 characters, script, operators → 400/404, nothing stored', async () => {
    const learner = await newUser();
    const { testId } = await create(learner, SAMPLE);
    const view = await getTest(learner, testId);
    const single = view.questions.find((q) => q.type === 'single');
    const blank = view.questions.find((q) => q.type === 'blank');
    expect(await failure(check(learner, testId, 'ZZ99', '1'))).toMatchObject({
      status: 404,
      message: TEST_MESSAGES.questionNotInTest,
    });
    if (single)
      expect(
        await failure(check(learner, testId, single.qid, 'not a choice <script>')),
      ).toMatchObject({
        status: 400,
        message: TEST_MESSAGES.choiceNotInQuestion,
      });
    if (blank) {
      expect(await failure(check(learner, testId, blank.qid, '1'.repeat(501)))).toMatchObject({
        status: 400,
        message: 'Answer too long. Maximum 500 characters allowed.',
      });
      expect(
        await failure(check(learner, testId, blank.qid, '<script>alert(1)</script>')),
      ).toMatchObject({ status: 400 });
    }
    expect(
      await failure(check(learner, testId, view.questions[0]!.qid, { $ne: '' } as never)),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await failure(getTest(learner, 'x'.repeat(20)))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Test not found.',
    });
    const sheet = await testingDb()
      .collection('test_answers')
      .findOne({ _id: testId } as never);
    expect(sheet?.answers).toEqual({});
    expect((await getTest(learner, testId)).answeredCount).toBe(0);
  });
});

describe('practice test: saves', () => {
  it('38 concurrent saves to one test: all 38 stored, nothing revealed before submit, all after', async () => {
    const learner = await newUser();
    await grant(ADMIN, learner.uid, { teas_math_qbank: true });
    const { testId } = await create(learner, PRACTICE);
    const view = await getTest(learner, testId);
    const answers = await Promise.all(
      view.questions.map((q) => save(learner, testId, q.qid, anAnswer(q))),
    );
    expect(answers.every((a) => a.success && a.saved)).toBe(true);
    const sheet = await testingDb()
      .collection('test_answers')
      .findOne({ _id: testId } as never);
    expect(Object.keys(sheet?.answers ?? {}).sort()).toEqual(
      view.questions.map((q) => q.qid).sort(),
    );
    for (const q of view.questions)
      expect(sheet?.answers[q.qid].submittedAnswer).toEqual([anAnswer(q)].flat());
    const saved = await getTest(learner, testId);
    expect(saved.questions.filter((q) => q.saved)).toHaveLength(38);
    expect(saved.answeredCount).toBe(38);
    for (const q of saved.questions) {
      expect(revealedKeys(q)).toEqual([]);
      expect(q.status).toBe('unanswered');
    }
    const { test } = await submit(learner, testId);
    expect(test.unansweredCount).toBe(0);
    expect(test.correctCount! + test.incorrectCount!).toBe(38);
    const graded = await getTest(learner, testId);
    for (const q of graded.questions) expect(revealedKeys(q)).toHaveLength(REVEAL_FIELDS.length);
    expect(
      await failure(save(learner, testId, view.questions[0]!.qid, anAnswer(view.questions[0]!))),
    ).toMatchObject({
      status: 409,
      code: 'TEST_SUBMITTED',
    });
  });

  it('the timer: an expired test (past the 30 s grace) refuses the save with TIME_UP and is submitted with what was saved', async () => {
    const learner = await newUser();
    await grant(ADMIN, learner.uid, { teas_math_qbank: true });
    const { testId } = await create(learner, { ...PRACTICE, timed: true });
    const view = await getTest(learner, testId);
    expect(view.timer).toMatchObject({ limitSeconds: 57 * 60 });
    await save(learner, testId, view.questions[0]!.qid, anAnswer(view.questions[0]!));
    await testingDb()
      .collection('tests')
      .updateOne({ _id: testId } as never, {
        $set: { 'timer.endsAt': new Date(Date.now() - 31_000) },
      });
    // the service reuses an unfinished test's document for RECENT_TEST_TTL_MS after a save; a
    // timer never changes in real life, this test moves it in the database behind its back
    await new Promise((resolve) => setTimeout(resolve, RECENT_TEST_TTL_MS + 100));
    expect(
      await failure(save(learner, testId, view.questions[1]!.qid, anAnswer(view.questions[1]!))),
    ).toEqual({
      status: 409,
      code: 'TIME_UP',
      message: 'Time is up. Your test was submitted with the answers you saved.',
    });
    const done = await getTest(learner, testId);
    expect(done).toMatchObject({ completed: true, answeredCount: 1, unansweredCount: 37 });
    // its own time-out: the wait above passes jest's default 5 s (a multi-project run ignores a
    // project's testTimeout)
  }, 20_000);
});

describe('ownership, continue / start new', () => {
  it("learner B on A's test: 404 for every call and A's test unchanged", async () => {
    const a = await newUser();
    const b = await newUser();
    const { testId } = await create(a, SAMPLE);
    const before: TestView = await getTest(a, testId);
    const qid = before.questions[0]!.qid;
    const notFound = { status: 404, code: 'NOT_FOUND', message: 'Test not found.' };
    expect(await failure(getTest(b, testId))).toEqual(notFound);
    expect(await failure(getTest(b, testId, a.uid))).toEqual(notFound);
    expect(await failure(check(b, testId, qid, anAnswer(before.questions[0]!)))).toEqual(notFound);
    expect(await failure(save(b, testId, qid, '1'))).toEqual(notFound);
    expect(
      await failure(
        rpc.request(Subjects.testing.flagQuestion, {
          actor: b,
          input: { testId, questionId: qid, flagged: true },
        }),
      ),
    ).toEqual(notFound);
    expect(await failure(submit(b, testId))).toEqual(notFound);
    expect(
      await failure(rpc.request(Subjects.testing.deleteTest, { actor: b, input: { testId } })),
    ).toEqual(notFound);
    await expect(getTest(a, testId)).resolves.toEqual(before);
  });

  it('the unfinished lookup finds the test; start new deletes it first', async () => {
    const learner = await newUser();
    const lookup = () =>
      rpc.request(Subjects.testing.unfinishedTest, {
        actor: learner,
        query: { productId: SAMPLE.productId, includeId: SAMPLE.includeId, mode: 'full' },
      });
    await expect(lookup()).resolves.toEqual({ test: null });
    const old = await create(learner, SAMPLE);
    await expect(lookup()).resolves.toMatchObject({ test: { id: old.testId, completed: false } });
    await rpc.request(Subjects.testing.deleteTest, {
      actor: learner,
      input: { testId: old.testId },
    });
    const fresh = await create(learner, SAMPLE);
    await expect(lookup()).resolves.toMatchObject({ test: { id: fresh.testId } });
    expect(await failure(getTest(learner, old.testId))).toMatchObject({ status: 404 });
    await submit(learner, fresh.testId);
    await expect(lookup()).resolves.toEqual({ test: null });
  });
});
