import type {
  AnswerRulesVersion,
  ObjectiveScore,
  PoolQuestion,
  QuestionStatus,
  TestMode,
  TestScore,
} from '@examprep/contracts';
import { judgeAnswer, sameBlankValue } from '@examprep/validation';

/** What grading needs of a stored answer (absent = never answered). */
export interface AnswerState {
  submittedAnswer: readonly string[];
  isSubmitted: boolean;
  status: QuestionStatus;
}

type Gradable = Pick<PoolQuestion, 'type' | 'correctAnswer' | 'rounding'>;

/**
 * The one answer check (libs/validation) on the snapshot, under the test's answer rules
 * (answerRulesOf: 1 for tests made before ADR 0036): correct, incorrect or unanswered.
 */
export function gradeAnswer(
  question: Gradable,
  answer: readonly string[],
  rules: AnswerRulesVersion,
): QuestionStatus {
  if (answer.length === 0) return 'unanswered';
  return judgeAnswer(question, answer, rules).correct ? 'correct' : 'incorrect';
}

/**
 * What the test's answer rules say about how an answer was written (a missing leading zero, a
 * trailing zero); null when nothing, and always under rules 1.
 */
export function answerFeedback(
  question: Gradable,
  answer: readonly string[],
  rules: AnswerRulesVersion,
): string | null {
  if (answer.length === 0) return null;
  return judgeAnswer(question, answer, rules).feedback;
}

/**
 * A question's status in a test. Full: what its check said (unchecked = unanswered), as
 * stored at the check. Practice: 'unanswered' until the test is submitted, then the grade of
 * the saved answer under the test's rules (the same grade at every read).
 */
export function questionStatus(
  mode: TestMode,
  completed: boolean,
  question: Gradable,
  answer: AnswerState | undefined,
  rules: AnswerRulesVersion,
): QuestionStatus {
  if (!answer) return 'unanswered';
  if (mode === 'full') return answer.isSubmitted ? answer.status : 'unanswered';
  return completed ? gradeAnswer(question, answer.submittedAnswer, rules) : 'unanswered';
}

export interface Grade extends TestScore {
  finalScore: number;
  correctCount: number;
  incorrectCount: number;
  unansweredCount: number;
  /** Questions with an answer (practice: saved; full: checked). */
  answeredCount: number;
  objectives: ObjectiveScore[];
}

/**
 * Grades a test at submit: finalScore = round(100 × correct / total), the counts, and one
 * ObjectiveScore per objective in first-seen order (the breakdown beyond the spec).
 */
export function gradeTest(
  mode: TestMode,
  questions: readonly (Gradable & Pick<PoolQuestion, 'qid' | 'objective'>)[],
  answers: ReadonlyMap<string, AnswerState>,
  rules: AnswerRulesVersion,
): Grade {
  const byObjective = new Map<string, ObjectiveScore>();
  let correct = 0;
  let incorrect = 0;
  for (const q of questions) {
    const status = questionStatus(mode, true, q, answers.get(q.qid), rules);
    const objective = q.objective || 'Other';
    let row = byObjective.get(objective);
    if (!row) {
      row = { objective, correct: 0, incorrect: 0, unanswered: 0, total: 0 };
      byObjective.set(objective, row);
    }
    row[status]++;
    row.total++;
    if (status === 'correct') correct++;
    if (status === 'incorrect') incorrect++;
  }
  const total = questions.length;
  return {
    finalScore: total === 0 ? 0 : Math.round((100 * correct) / total),
    correctCount: correct,
    incorrectCount: incorrect,
    unansweredCount: total - correct - incorrect,
    answeredCount: correct + incorrect,
    objectives: [...byObjective.values()],
  };
}

/**
 * The named misconception behind a wrong answer (generator-built questions): a single choice
 * whose text is a misconception's value, or a typed answer whose value the test's rules take as
 * a misconception's value (however it is written). Null for a right, empty or unexplained
 * answer (and for sata).
 */
export function misconceptionOf(
  question: Gradable & Pick<PoolQuestion, 'misconceptions'>,
  answer: readonly string[],
  rules: AnswerRulesVersion,
): string | null {
  if (answer.length === 0 || gradeAnswer(question, answer, rules) !== 'incorrect') return null;
  const named = question.misconceptions ?? [];
  if (question.type === 'single') {
    const chosen = answer[0]!.trim();
    return named.find((m) => m.value.trim() === chosen)?.misconception ?? null;
  }
  if (question.type === 'blank') {
    const hit = named.find((m) =>
      rules === 1
        ? judgeAnswer(
            { type: 'blank', correctAnswer: [m.value], rounding: question.rounding },
            answer,
            1,
          ).correct
        : sameBlankValue({ correctAnswer: [m.value], rounding: question.rounding }, answer[0]!),
    );
    return hit?.misconception ?? null;
  }
  return null;
}
