// Answer rules versions (ADR 0036) against the RUNNING services of the test profile with the
// real FerretDB: a new test stores the rules it is graded under; a test document without the
// field (as every test made before the rules were versioned) is graded under v1, at the check,
// at submit and at every read, while a new one is graded under v2 with its feedback.
import { ANSWER_RULE_MESSAGES, type Actor, type PoolQuestion, Subjects } from '@examprep/contracts';
import { roundTo } from '@examprep/validation';
import {
  connectSystem,
  create,
  disconnectSystem,
  getTest,
  grant,
  adminActor,
  newUser,
  PRACTICE,
  rpc,
  SAMPLE,
  testingDb,
} from './support/testing-system';

const ADMIN = adminActor('it-rules-admin@examprep.test');

beforeAll(connectSystem, 150_000);
afterAll(disconnectSystem);

const check = (actor: Actor, testId: string, questionId: string, submittedAnswer: string) =>
  rpc.request(Subjects.testing.submitQuizAnswer, {
    actor,
    input: { testId, questionId, submittedAnswer },
  });
const save = (actor: Actor, testId: string, questionId: string, submittedAnswer: string) =>
  rpc.request(Subjects.testing.savePracticeAnswer, {
    actor,
    input: { testId, questionId, submittedAnswer },
  });
const submit = (actor: Actor, testId: string) =>
  rpc.request(Subjects.testing.submitTest, { actor, input: { testId } });

/** The test's snapshot as stored (what it grades against; the browser never sees it). */
async function snapshot(testId: string): Promise<PoolQuestion[]> {
  const doc = await testingDb()
    .collection<{ _id: string; questionsJson?: string; questions?: PoolQuestion[] }>(
      'test_contents',
    )
    .findOne({ _id: testId });
  return doc?.questionsJson ? (JSON.parse(doc.questionsJson) as PoolQuestion[]) : doc!.questions!;
}

/** Removes the version, as on a test document written before ADR 0036. */
const storedBeforeV2 = (testId: string) =>
  testingDb()
    .collection<{ _id: string }>('tests')
    .updateOne({ _id: testId }, { $unset: { answerRules: '' } });

/**
 * A typed answer v1 takes as correct and v2 refuses, for a blank question of the snapshot: a
 * value below 1 without its leading zero, or under a stated rounding a value that only rounds
 * to the key. Null when the snapshot has no such question.
 */
function v1OnlyAnswer(q: PoolQuestion): string | null {
  if (q.type !== 'blank') return null;
  const key = Number(q.correctAnswer[0]);
  if (!Number.isFinite(key)) return null;
  if (key > 0 && key < 1) return String(key).replace(/^0\./, '.');
  if (!q.rounding) return null;
  const places = q.rounding.places;
  const rounded = roundTo(key, places);
  return (rounded - 0.4 * 10 ** -places).toFixed(places + 1);
}

async function testWithBlanks(actor: Actor, input: typeof SAMPLE) {
  const { testId } = await create(actor, input);
  const questions = await snapshot(testId);
  const blanks = questions
    .map((q) => ({ q, typed: v1OnlyAnswer(q) }))
    .filter((x): x is { q: PoolQuestion; typed: string } => x.typed !== null);
  return { testId, blanks };
}

describe('answer rules versions (ADR 0036)', () => {
  it('a new test stores answerRules 2 at creation', async () => {
    const learner = await newUser();
    const { testId } = await create(learner, SAMPLE);
    const doc = await testingDb().collection<{ _id: string }>('tests').findOne({ _id: testId });
    expect(doc).toMatchObject({ answerRules: 2 });
  });

  it('full test: v2 refuses what v1 took, and the test without a version still takes it', async () => {
    const learner = await newUser();
    const fresh = await testWithBlanks(learner, SAMPLE);
    expect(fresh.blanks.length).toBeGreaterThan(0);
    const { q, typed } = fresh.blanks[0]!;
    const strict = await check(learner, fresh.testId, q.qid, typed);
    expect(strict.isCorrect).toBe(false);
    if (typed.startsWith('.'))
      expect(strict.updatedQuestion.feedback).toBe(ANSWER_RULE_MESSAGES.leadingZero);
    const view = await getTest(learner, fresh.testId);
    expect(view.questions.find((x) => x.qid === q.qid)).toMatchObject({
      status: 'incorrect',
      feedback: strict.updatedQuestion.feedback,
    });

    const old = await testWithBlanks(learner, SAMPLE);
    await storedBeforeV2(old.testId);
    const same = old.blanks.find((b) => b.q.qid === q.qid) ?? old.blanks[0]!;
    const lenient = await check(learner, old.testId, same.q.qid, same.typed);
    expect(lenient.isCorrect).toBe(true);
    expect(lenient.updatedQuestion.feedback).toBeNull();
    const { test } = await submit(learner, old.testId);
    expect(test).toMatchObject({ correctCount: 1, incorrectCount: 0 });
  });

  it('practice test: graded at submit and at every read under its own rules', async () => {
    const learner = await newUser();
    await grant(ADMIN, learner.uid, { teas_math_qbank: true });
    const graded = async (before: boolean) => {
      const { testId, blanks } = await testWithBlanks(learner, PRACTICE);
      expect(blanks.length).toBeGreaterThan(0);
      if (before) await storedBeforeV2(testId);
      for (const b of blanks) await save(learner, testId, b.q.qid, b.typed);
      const { test } = await submit(learner, testId);
      const view = await getTest(learner, testId);
      const statuses = blanks.map((b) => view.questions.find((x) => x.qid === b.q.qid)!.status);
      return { test, statuses, count: blanks.length };
    };
    const old = await graded(true);
    expect(old.test.correctCount).toBe(old.count);
    expect(old.statuses.every((s) => s === 'correct')).toBe(true);
    const fresh = await graded(false);
    expect(fresh.test.correctCount).toBe(0);
    expect(fresh.statuses.every((s) => s === 'incorrect')).toBe(true);
  });
});
