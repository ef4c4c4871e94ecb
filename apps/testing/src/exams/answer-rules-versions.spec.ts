import {
  ANSWER_RULE_MESSAGES,
  ANSWER_RULES_VERSION,
  type PoolQuestion,
  type TestQuestionView,
} from '@examprep/contracts';
import { FakeTestsRepository } from '../../test/support/fake-tests.repository';
import {
  learner,
  owned,
  poolQuestion,
  practice,
  sample,
  setup,
} from '../../test/support/service-fixture';

/**
 * Answer rules versions in tests (ADR 0036): a new test records the rules it is graded under;
 * a test stored before (no `answerRules`) keeps rules 1, so no grade shown or stored changes:
 * full tests' stored statuses, practice tests graded at submit and re-graded at every read.
 */
const dose = poolQuestion('AA01', {
  type: 'blank',
  choices: [],
  correctAnswer: ['0.7'],
  rounding: { places: 1 },
  misconceptions: [],
});
const weight = poolQuestion('AA02', {
  type: 'blank',
  choices: [],
  correctAnswer: ['6.3'],
  rounding: { places: 1 },
  misconceptions: [],
});
const pool = (): PoolQuestion[] => [dose, weight];

/** The test as a document written before ADR 0036: no answerRules field at all. */
function storedBeforeV2(repo: FakeTestsRepository, testId: string): void {
  const doc = repo.tests.get(testId)!;
  delete doc.answerRules;
  expect('answerRules' in doc).toBe(false);
}

const byQid = (questions: TestQuestionView[], qid: string) => questions.find((q) => q.qid === qid)!;

describe('answer rules versions in tests (ADR 0036)', () => {
  it('a new test records the current rules at creation', async () => {
    const { tests, repo } = setup({ owned, pool });
    const full = await tests.create(learner, sample);
    const prac = await tests.create(learner, practice);
    expect(ANSWER_RULES_VERSION).toBe(2);
    expect(repo.tests.get(full.testId)!.answerRules).toBe(2);
    expect(repo.tests.get(prac.testId)!.answerRules).toBe(2);
  });

  describe('full test: the check grades and tells why', () => {
    it('v2: ".7" is incorrect with the leading-zero rule; "6.30" correct with the trailing-zero note', async () => {
      const { tests, answers } = setup({ pool });
      const { testId } = await tests.create(learner, sample);
      const zero = await answers.check(learner, {
        testId,
        questionId: 'AA01',
        submittedAnswer: '.7',
      });
      expect(zero.isCorrect).toBe(false);
      expect(zero.updatedQuestion.feedback).toBe(ANSWER_RULE_MESSAGES.leadingZero);
      const trailing = await answers.check(learner, {
        testId,
        questionId: 'AA02',
        submittedAnswer: '6.30',
      });
      expect(trailing.isCorrect).toBe(true);
      expect(trailing.updatedQuestion.feedback).toBe(ANSWER_RULE_MESSAGES.trailingZero);
      // the review shows the same verdicts and feedback
      const view = await tests.get(learner, testId);
      expect(byQid(view.questions, 'AA01')).toMatchObject({
        status: 'incorrect',
        feedback: ANSWER_RULE_MESSAGES.leadingZero,
      });
      expect(byQid(view.questions, 'AA02')).toMatchObject({
        status: 'correct',
        feedback: ANSWER_RULE_MESSAGES.trailingZero,
      });
      const submitted = await answers.submit(learner, { testId });
      expect(submitted.test).toMatchObject({ correctCount: 1, incorrectCount: 1, finalScore: 50 });
    });

    it('v2: under a stated rounding only the rounded value is correct (6.25 for 6.3 is not)', async () => {
      const { tests, answers } = setup({ pool });
      const { testId } = await tests.create(learner, sample);
      const r = await answers.check(learner, {
        testId,
        questionId: 'AA02',
        submittedAnswer: '6.25',
      });
      expect(r.isCorrect).toBe(false);
      expect(r.updatedQuestion.feedback).toBeNull();
    });

    it('a test stored without a version is checked under v1, as it was when it started', async () => {
      const { tests, answers, repo } = setup({ pool });
      const { testId } = await tests.create(learner, sample);
      storedBeforeV2(repo, testId);
      const zero = await answers.check(learner, {
        testId,
        questionId: 'AA01',
        submittedAnswer: '.7',
      });
      expect(zero.isCorrect).toBe(true);
      expect(zero.updatedQuestion.feedback).toBeNull();
      const rounded = await answers.check(learner, {
        testId,
        questionId: 'AA02',
        submittedAnswer: '6.25',
      });
      expect(rounded.isCorrect).toBe(true);
      const view = await tests.get(learner, testId);
      expect(view.questions.map((q) => [q.status, q.feedback])).toEqual([
        ['correct', null],
        ['correct', null],
      ]);
      expect((await answers.submit(learner, { testId })).test.finalScore).toBe(100);
    });
  });

  describe('practice test: graded at submit and re-graded at every read', () => {
    async function submitted(before: boolean) {
      const { tests, answers, repo } = setup({ owned, pool });
      const { testId } = await tests.create(learner, practice);
      if (before) storedBeforeV2(repo, testId);
      await answers.save(learner, { testId, questionId: 'AA01', submittedAnswer: '.7' });
      await answers.save(learner, { testId, questionId: 'AA02', submittedAnswer: '6.25' });
      const { test } = await answers.submit(learner, { testId });
      const view = await tests.get(learner, testId);
      return { test, view };
    }

    it('a test stored without a version keeps its v1 grade, at submit and at every view', async () => {
      const { test, view } = await submitted(true);
      expect(test).toMatchObject({ finalScore: 100, correctCount: 2, incorrectCount: 0 });
      expect(view).toMatchObject({ finalScore: 100, correctCount: 2 });
      expect(view.questions.map((q) => [q.status, q.feedback])).toEqual([
        ['correct', null],
        ['correct', null],
      ]);
    });

    it('a new test is graded under v2, and its review names the leading-zero rule', async () => {
      const { test, view } = await submitted(false);
      expect(test).toMatchObject({ finalScore: 0, correctCount: 0, incorrectCount: 2 });
      expect(view.questions.map((q) => [q.status, q.feedback])).toEqual([
        ['incorrect', ANSWER_RULE_MESSAGES.leadingZero],
        ['incorrect', null],
      ]);
    });
  });
});
