import { TEST_MESSAGES } from '@examprep/contracts';
import { refusalOf } from '@examprep/nest-kit';
import {
  admin,
  learner,
  other,
  owned,
  practice,
  sample,
  setup,
} from '../../test/support/service-fixture';
import { FakeTestsRepository } from '../../test/support/fake-tests.repository';
import { LOCK_WAIT_MS, RECENT_TEST_TTL_MS, TOUCH_EVERY_MS } from './test-store';

describe('AnswersService.check (submit-quiz-answer, full tests)', () => {
  it('grades against the snapshot and reveals that question only', async () => {
    const { tests, answers, clock } = setup();
    const { testId } = await tests.create(learner, sample);
    const result = await answers.check(learner, {
      testId,
      questionId: 'AA01',
      submittedAnswer: '3',
    });
    expect(result).toEqual({
      success: true,
      isCorrect: false,
      updatedQuestion: {
        correctAnswer: ['2'],
        explanation: 'Explanation AA01',
        explanationImage: null,
        video: null,
        gradedAt: clock.now().toISOString(),
        gradedBy: 'system',
        misconception: 'you multiplied by 60 instead of dividing',
        feedback: null,
      },
    });
    const view = await tests.get(learner, testId);
    expect(view.questions[0]).toMatchObject({
      status: 'incorrect',
      isSubmitted: true,
      correctAnswer: ['2'],
    });
    expect(Object.keys(view.questions[1]!)).not.toContain('correctAnswer');
  });

  it('a question is checked once (409); not in the test (404); practice tests have no check (400)', async () => {
    const { tests, answers } = setup({ owned });
    const { testId } = await tests.create(learner, sample);
    await answers.check(learner, { testId, questionId: 'AA01', submittedAnswer: '2' });
    expect(
      await refusalOf(answers.check(learner, { testId, questionId: 'AA01', submittedAnswer: '3' })),
    ).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: TEST_MESSAGES.alreadyChecked,
    });
    expect(
      await refusalOf(answers.check(learner, { testId, questionId: 'ZZ99', submittedAnswer: '2' })),
    ).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: TEST_MESSAGES.questionNotInTest,
    });
    const p = await tests.create(learner, practice);
    expect(
      await refusalOf(
        answers.check(learner, { testId: p.testId, questionId: 'AA01', submittedAnswer: '2' }),
      ),
    ).toMatchObject({
      status: 400,
      message: TEST_MESSAGES.checkInPractice,
    });
  });

  it('a flagged question is checked once like any other, and keeps its flag', async () => {
    const { tests, answers } = setup();
    const { testId } = await tests.create(learner, sample);
    await answers.flag(learner, { testId, questionId: 'AA02', flagged: true });
    await expect(
      answers.check(learner, { testId, questionId: 'AA02', submittedAnswer: '2' }),
    ).resolves.toMatchObject({ isCorrect: true });
    expect((await tests.get(learner, testId)).questions[1]).toMatchObject({
      flagged: true,
      status: 'correct',
      isSubmitted: true,
    });
    expect(
      await refusalOf(answers.check(learner, { testId, questionId: 'AA02', submittedAnswer: '2' })),
    ).toMatchObject({ status: 409, message: TEST_MESSAGES.alreadyChecked });
  });

  it('the first check of a question is one insert after the test read (lastUpdated is at most TOUCH_EVERY_MS old)', async () => {
    const { tests, answers, repo, clock } = setup();
    const { testId } = await tests.create(learner, sample);
    repo.calls.length = 0;
    await answers.check(learner, { testId, questionId: 'AA01', submittedAnswer: '2' });
    expect(repo.calls).toEqual(['findOwnTest', 'insertAnswer']);
    clock.advance(TOUCH_EVERY_MS);
    repo.calls.length = 0;
    await answers.check(learner, { testId, questionId: 'AA02', submittedAnswer: '2' });
    expect(repo.calls).toEqual(['findOwnTest', 'insertAnswer', 'touch']);
  });

  it("another learner's test: 404 and nothing stored", async () => {
    const { tests, answers, repo } = setup();
    const { testId } = await tests.create(learner, sample);
    for (const actor of [other, admin])
      expect(
        await refusalOf(answers.check(actor, { testId, questionId: 'AA01', submittedAnswer: '2' })),
      ).toMatchObject({ status: 404 });
    expect(repo.answers.size).toBe(0);
  });
});

describe('AnswersService.save (save-practice-answer)', () => {
  it("a stalled write does not queue the test's later saves past the gateway's time-out: those that waited longer than LOCK_WAIT_MS answer 503 without writing, then saves run again", async () => {
    const { tests, answers, repo } = setup({ owned });
    const { testId } = await tests.create(learner, practice);
    await answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '1' });
    let now = 1_000;
    const clock = jest.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const write = repo.writeAnswer.bind(repo);
      let unstall!: () => void;
      const stalled = new Promise<void>((r) => (unstall = r));
      const spy = jest.spyOn(repo, 'writeAnswer').mockImplementationOnce(async (...args) => {
        await stalled; // FerretDB's write stuck behind a busy disk
        return write(...args);
      });
      const first = answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '2' });
      const queued = [1, 2, 3].map((v) =>
        answers.save(learner, { testId, questionId: 'AA01', submittedAnswer: String(v) }),
      );
      await new Promise((r) => setTimeout(r, 5));
      now += LOCK_WAIT_MS + 1;
      const fresh = answers.save(learner, { testId, questionId: 'AA01', submittedAnswer: '4' });
      unstall();
      await expect(first).resolves.toMatchObject({ success: true, saved: true });
      for (const q of queued)
        expect(await refusalOf(q)).toMatchObject({
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again.',
        });
      await expect(fresh).resolves.toMatchObject({ success: true, questionId: 'AA01' });
      expect(spy).toHaveBeenCalledTimes(2); // the stalled one and the fresh one, none of the dropped
      const stored = (await tests.get(learner, testId)).questions;
      expect(stored.find((q) => q.qid === 'AA01')).toMatchObject({ submittedAnswer: '4' });
    } finally {
      clock.mockRestore();
    }
  });

  it('a save: the test read at most once per RECENT_TEST_TTL_MS, the snapshot from memory, one answer write, lastUpdated at most once per TOUCH_EVERY_MS', async () => {
    const { tests, answers, repo, clock } = setup({ owned });
    const { testId } = await tests.create(learner, practice);
    repo.calls.length = 0;
    const saved = await answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '2' });
    expect(saved).toMatchObject({ success: true, questionId: 'AA02', saved: true });
    expect(repo.calls).toEqual(['findOwnTest', 'writeAnswer']);
    repo.calls.length = 0;
    clock.advance(RECENT_TEST_TTL_MS - 1);
    await answers.save(learner, { testId, questionId: 'AA01', submittedAnswer: '3' });
    expect(repo.calls).toEqual(['writeAnswer']);
    repo.calls.length = 0;
    clock.advance(TOUCH_EVERY_MS);
    await answers.save(learner, { testId, questionId: 'AA01', submittedAnswer: '4' });
    expect(repo.calls).toEqual(['findOwnTest', 'writeAnswer', 'touch']);
  });

  it('a test read from memory is still refused to another learner, and to anyone once this process submitted it', async () => {
    const { tests, answers, clock } = setup({ owned });
    const { testId } = await tests.create(learner, practice);
    await answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '2' });
    expect(
      await refusalOf(answers.save(other, { testId, questionId: 'AA02', submittedAnswer: '2' })),
    ).toMatchObject({ status: 404 });
    await answers.submit(learner, { testId });
    clock.advance(1);
    expect(
      await refusalOf(answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '5' })),
    ).toMatchObject({ status: 409, code: 'TEST_SUBMITTED' });
  });

  it("'' clears the answer (saved false); a full test has no save (400)", async () => {
    const { tests, answers } = setup({ owned });
    const { testId } = await tests.create(learner, practice);
    await answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '2' });
    await expect(
      answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '' }),
    ).resolves.toMatchObject({ saved: false });
    expect((await tests.get(learner, testId)).questions[1]).toMatchObject({
      saved: false,
      submittedAnswer: null,
    });
    const full = await tests.create(learner, sample);
    expect(
      await refusalOf(
        answers.save(learner, { testId: full.testId, questionId: 'AA01', submittedAnswer: '2' }),
      ),
    ).toMatchObject({
      status: 400,
      message: TEST_MESSAGES.saveInFull,
    });
  });

  it('38 saves at once to different questions: all stored', async () => {
    const { tests, answers } = setup({
      owned,
      pool: (_c, _n) => Array.from({ length: 38 }, (_, i) => ({ ...poolQ(i) })),
    });
    const { testId } = await tests.create(learner, practice);
    await Promise.all(
      Array.from({ length: 38 }, (_, i) =>
        answers.save(learner, { testId, questionId: qid(i), submittedAnswer: '2' }),
      ),
    );
    const view = await tests.get(learner, testId);
    expect(view.questions.filter((q) => q.saved)).toHaveLength(38);
  });

  it('after the timer (plus 30 s grace) a save submits the test with what was saved: 409 TIME_UP', async () => {
    const { tests, answers, clock } = setup({ owned });
    const { testId } = await tests.create(learner, { ...practice, timed: true });
    await answers.save(learner, { testId, questionId: 'AA01', submittedAnswer: '2' });
    clock.advance((Math.round((57 * 60 * 4) / 38) + 30) * 1000);
    await expect(
      answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '2' }),
    ).resolves.toMatchObject({ saved: true });
    clock.advance(1);
    expect(
      await refusalOf(answers.save(learner, { testId, questionId: 'AA03', submittedAnswer: '2' })),
    ).toEqual({
      status: 409,
      code: 'TIME_UP',
      message: 'Time is up. Your test was submitted with the answers you saved.',
    });
    const view = await tests.get(learner, testId);
    expect(view).toMatchObject({
      completed: true,
      correctCount: 2,
      unansweredCount: 2,
      finalScore: 50,
    });
  });

  it('an expired test is submitted by a read too', async () => {
    const { tests, clock } = setup({ owned });
    const { testId } = await tests.create(learner, { ...practice, timed: true });
    clock.advance(24 * 3600 * 1000);
    await expect(tests.unfinished(learner, practice)).resolves.toEqual({ test: null });
    await expect(tests.get(learner, testId)).resolves.toMatchObject({ completed: true });
  });

  it('the gradebook settles the tests whose time is up, and reads no other unfinished test', async () => {
    const repo = new FakeTestsRepository();
    const { tests, clock } = setup({ owned, repo });
    const timed = await tests.create(learner, { ...practice, timed: true });
    const untimed = await tests.create(learner, practice);
    clock.advance(3600 * 1000); // 4 questions: 6 minutes (and 30 s of grace) have passed
    const later = await tests.create(learner, { ...practice, timed: true });
    expect(repo.tests.get(timed.testId)?.timerEndsAt).toEqual(
      repo.tests.get(timed.testId)?.timer?.endsAt,
    );
    expect(repo.tests.get(untimed.testId)?.timerEndsAt).toBeNull();
    repo.calls.length = 0;
    repo.listFilters.length = 0;
    const book = await tests.gradebook(learner);
    expect(book.tests.map((t) => t.id)).toEqual([timed.testId]);
    expect(book.tests[0]).toMatchObject({ completed: true });
    // the completed tests and the time-up ones, by their index; never every unfinished test
    // (the second completed list: the retention that follows a learner's submit)
    expect(repo.calls.filter((c) => c.startsWith('list'))).toEqual([
      'listByUser',
      'listTimeUp',
      'listByUser',
    ]);
    expect(repo.listFilters).toEqual([{ completed: true }, { completed: true }]);
    expect(repo.tests.get(untimed.testId)?.completed).toBe(false);
    expect(repo.tests.get(later.testId)?.completed).toBe(false);
    // read again: the settled test is among the completed ones now, listed once
    expect((await tests.gradebook(learner)).tests.map((t) => t.id)).toEqual([timed.testId]);
  });
});

describe('AnswersService.submit and retention', () => {
  it('submitting twice answers the same result; an answer after submit is 409', async () => {
    const { tests, answers, clock } = setup({ owned });
    const { testId } = await tests.create(learner, practice);
    await answers.save(learner, { testId, questionId: 'AA01', submittedAnswer: '2' });
    await answers.save(learner, { testId, questionId: 'AA03', submittedAnswer: '1' });
    const first = await answers.submit(learner, { testId });
    expect(first.test).toMatchObject({
      completed: true,
      finalScore: 25,
      correctCount: 1,
      incorrectCount: 1,
      unansweredCount: 2,
      answeredCount: 2,
      objectives: [
        { objective: 'Fractions', correct: 1, incorrect: 0, unanswered: 1, total: 2 },
        { objective: 'Ratios', correct: 0, incorrect: 1, unanswered: 1, total: 2 },
      ],
    });
    clock.advance(5000);
    await expect(answers.submit(learner, { testId })).resolves.toEqual(first);
    expect(
      await refusalOf(answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '2' })),
    ).toEqual({
      status: 409,
      code: 'TEST_SUBMITTED',
      message: TEST_MESSAGES.alreadySubmitted,
    });
    expect(await refusalOf(answers.submit(other, { testId }))).toMatchObject({ status: 404 });
  });

  it('a learner keeps the newest 10 completed tests (by lastUpdated); unfinished ones stay', async () => {
    const { tests, answers, repo, clock } = setup();
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      const { testId } = await tests.create(learner, sample);
      clock.advance(1000);
      await answers.submit(learner, { testId });
      ids.push(testId);
    }
    const open = await tests.create(learner, sample);
    const book = await tests.gradebook(learner);
    expect(book.tests.map((t) => t.id)).toEqual(ids.slice(1).reverse());
    expect(repo.tests.has(ids[0]!)).toBe(false);
    expect(repo.contents.has(ids[0]!)).toBe(false);
    expect(repo.tests.has(open.testId)).toBe(true);
  });

  it('an admin keeps every test; an admin reads another gradebook with userId', async () => {
    const { tests, answers, clock } = setup();
    for (let i = 0; i < 11; i++) {
      const { testId } = await tests.create(admin, sample);
      clock.advance(1000);
      await answers.submit(admin, { testId });
    }
    expect((await tests.gradebook(admin)).tests).toHaveLength(11);
    const { testId } = await tests.create(learner, sample);
    await answers.submit(learner, { testId });
    await expect(tests.gradebook(admin, 'u1')).resolves.toMatchObject({ tests: [{ id: testId }] });
    await expect(tests.gradebook(other, 'u1')).resolves.toEqual({ tests: [] });
  });

  it('flag: kept with the answer, the owner only', async () => {
    const { tests, answers } = setup();
    const { testId } = await tests.create(learner, sample);
    await expect(
      answers.flag(learner, { testId, questionId: 'AA02', flagged: true }),
    ).resolves.toEqual({ success: true, flagged: true });
    expect((await tests.get(learner, testId)).questions[1]).toMatchObject({
      flagged: true,
      status: 'unanswered',
      saved: false,
    });
    expect(
      await refusalOf(answers.flag(other, { testId, questionId: 'AA02', flagged: false })),
    ).toMatchObject({ status: 404 });
  });

  it('a graded test is read-only: flag, check and save answer 409 TEST_SUBMITTED', async () => {
    const { tests, answers } = setup({ owned });
    const full = await tests.create(learner, sample);
    await answers.flag(learner, { testId: full.testId, questionId: 'AA02', flagged: true });
    await answers.submit(learner, { testId: full.testId });
    const submitted = {
      status: 409,
      code: 'TEST_SUBMITTED',
      message: TEST_MESSAGES.alreadySubmitted,
    };
    for (const call of [
      answers.flag(learner, { testId: full.testId, questionId: 'AA02', flagged: false }),
      answers.flag(learner, { testId: full.testId, questionId: 'AA03', flagged: true }),
      answers.check(learner, { testId: full.testId, questionId: 'AA01', submittedAnswer: '2' }),
    ]) {
      expect(await refusalOf(call)).toEqual(submitted);
    }
    expect((await tests.get(learner, full.testId)).questions[1]).toMatchObject({ flagged: true });
    const p = await tests.create(learner, practice);
    await answers.submit(learner, { testId: p.testId });
    expect(
      await refusalOf(
        answers.save(learner, { testId: p.testId, questionId: 'AA01', submittedAnswer: '2' }),
      ),
    ).toEqual(submitted);
  });
});

const qid = (i: number) => `AC${String(i).padStart(2, '0')}`;
function poolQ(i: number) {
  return {
    qid: qid(i),
    type: 'single' as const,
    question: `Q${i}`,
    choices: ['1', '2'],
    correctAnswer: ['2'],
    explanation: 'E',
    course: 'Practice',
    objective: 'O',
    rounding: null,
    media: { questionImage: null, explanationImage: null, video: null },
    misconceptions: [],
  };
}
