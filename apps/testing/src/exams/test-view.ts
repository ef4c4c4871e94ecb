import type {
  AnswerRulesVersion,
  PoolQuestion,
  RevealedAnswer,
  TestExport,
  TestQuestionView,
  TestSummary,
  TestView,
} from '@examprep/contracts';
import { answerRulesOf, testExportPath } from '@examprep/contracts';
import { answerForView } from './answer-rules';
import { answerFeedback, misconceptionOf, questionStatus } from './grading';
import { type TestAnswerRecord, type TestRecord, toTestTimer } from './test.schema';

const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : new Date(d).toISOString();

/** The stored answer fields a view reads (a lean answer document). */
export type StoredAnswer = Pick<
  TestAnswerRecord,
  | 'qid'
  | 'submittedAnswer'
  | 'isSubmitted'
  | 'status'
  | 'gradedAt'
  | 'gradedBy'
  | 'savedAt'
  | 'flagged'
>;

/** A test without its questions (gradebook rows, lookups, admin lists). */
export function toSummary(test: TestRecord, answeredCount: number): TestSummary {
  return {
    id: test._id,
    userId: test.userId,
    productId: test.productId,
    testProductId: test.testProductId,
    includeId: test.includeId,
    productName: test.productName,
    mode: test.mode,
    completed: test.completed,
    createdAt: iso(test.createdAt)!,
    lastUpdated: iso(test.lastUpdated)!,
    submittedAt: iso(test.submittedAt),
    totalQuestions: test.totalQuestions,
    answeredCount: test.answeredCount ?? answeredCount,
    finalScore: test.finalScore ?? null,
    correctCount: test.correctCount ?? null,
    incorrectCount: test.incorrectCount ?? null,
    unansweredCount: test.unansweredCount ?? null,
    timer: toTestTimer(test.timer),
    objectives: test.objectives ?? null,
  };
}

/** Questions with an answer so far: practice = saved, full = checked. */
export function countAnswered(
  test: Pick<TestRecord, 'mode'>,
  answers: Iterable<StoredAnswer>,
): number {
  let n = 0;
  for (const a of answers) {
    if (test.mode === 'full' ? a.isSubmitted : a.submittedAnswer.length > 0) n++;
  }
  return n;
}

/**
 * A question's answer may be shown: the test is completed, or (full test) this question was
 * checked. Nothing else reveals it (DESIGN.md §5).
 */
export function isRevealed(
  test: Pick<TestRecord, 'completed' | 'mode'>,
  answer: StoredAnswer | undefined,
): boolean {
  return test.completed || (test.mode === 'full' && !!answer?.isSubmitted);
}

/** The reveal fields of a question view (review, export): gradedAt null when never graded. */
export type RevealFields = Required<
  Pick<
    TestQuestionView,
    | 'correctAnswer'
    | 'explanation'
    | 'explanationImage'
    | 'video'
    | 'gradedAt'
    | 'gradedBy'
    | 'misconception'
    | 'feedback'
  >
>;

/**
 * The reveal fields of one question. Graded at its check (full), else at the submit; an
 * unanswered question of a test not yet submitted (an admin's export) has gradedAt null. The
 * misconception and the feedback follow the test's answer rules (ADR 0036).
 */
export function revealFields(
  test: Pick<TestRecord, 'submittedAt' | 'answerRules'>,
  question: PoolQuestion,
  answer: StoredAnswer | undefined,
): RevealFields {
  const rules = answerRulesOf(test);
  const given = answer?.submittedAnswer ?? [];
  const gradedAt = iso(answer?.gradedAt) ?? iso(test.submittedAt);
  return {
    correctAnswer: [...question.correctAnswer],
    explanation: question.explanation,
    explanationImage: question.media?.explanationImage ?? null,
    video: question.media?.video ?? null,
    gradedAt,
    gradedBy: answer?.gradedBy ?? (gradedAt ? 'system' : null),
    misconception: misconceptionOf(question, given, rules),
    feedback: answerFeedback(question, given, rules),
  };
}

/** What submit-quiz-answer reveals right after the check (learner spec §7). */
export function revealedAnswer(
  question: PoolQuestion,
  answer: StoredAnswer & { gradedAt: Date; gradedBy: string },
  rules: AnswerRulesVersion,
): RevealedAnswer {
  return {
    ...revealFields({ submittedAt: null, answerRules: rules }, question, answer),
    gradedAt: answer.gradedAt.toISOString(),
    gradedBy: answer.gradedBy,
  };
}

/** One question as a read shows it: the reveal fields ABSENT until revealed. */
export function toQuestionView(
  test: TestRecord,
  question: PoolQuestion,
  answer: StoredAnswer | undefined,
  reveal: boolean = isRevealed(test, answer),
): TestQuestionView {
  const stored = answer?.submittedAnswer ?? [];
  const view: TestQuestionView = {
    qid: question.qid,
    type: question.type,
    question: question.question,
    answerOrder: [...question.choices],
    questionImage: question.media?.questionImage ?? null,
    objective: question.objective,
    rounding: question.rounding ?? null,
    submittedAnswer: answerForView(question.type, stored),
    isSubmitted: test.mode === 'full' ? !!answer?.isSubmitted : test.completed,
    status: questionStatus(test.mode, test.completed, question, answer, answerRulesOf(test)),
    saved: stored.length > 0,
    savedAt: iso(answer?.savedAt),
    flagged: !!answer?.flagged,
  };
  return reveal ? { ...view, ...revealFields(test, question, answer) } : view;
}

export function toTestView(
  test: TestRecord,
  questions: readonly PoolQuestion[],
  answers: ReadonlyMap<string, StoredAnswer>,
): TestView {
  return {
    ...toSummary(test, countAnswered(test, answers.values())),
    instructions: test.instructions,
    questions: questions.map((q) => toQuestionView(test, q, answers.get(q.qid))),
  };
}

/** The admin's export file: everything, every question revealed (admin spec §2.1). */
export function toTestExport(
  test: TestRecord,
  questions: readonly PoolQuestion[],
  answers: ReadonlyMap<string, StoredAnswer>,
  fetchedAt: Date,
): TestExport {
  return {
    path: testExportPath(test.userId, test._id),
    fetchedAt: fetchedAt.toISOString(),
    test: {
      ...toSummary(test, countAnswered(test, answers.values())),
      instructions: test.instructions,
      questions: questions.map(
        (q) =>
          toQuestionView(
            test,
            q,
            answers.get(q.qid),
            true,
          ) as TestExport['test']['questions'][number],
      ),
    },
  };
}
