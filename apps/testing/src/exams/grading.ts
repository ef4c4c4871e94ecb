import type {
  ObjectiveScore,
  PoolQuestion,
  QuestionStatus,
  TestMode,
  TestScore,
} from '@examprep/contracts';
import { checkAnswer } from '@examprep/validation';

/** What grading needs of a stored answer (absent = never answered). */
export interface AnswerState {
  submittedAnswer: readonly string[];
  isSubmitted: boolean;
  status: QuestionStatus;
}

type Gradable = Pick<PoolQuestion, 'type' | 'correctAnswer' | 'rounding'>;

/** The one answer check (libs/validation) on the snapshot: correct, incorrect or unanswered. */
export function gradeAnswer(question: Gradable, answer: readonly string[]): QuestionStatus {
  if (answer.length === 0) return 'unanswered';
  return checkAnswer(question, answer) ? 'correct' : 'incorrect';
}

/**
 * A question's status in a test. Full: what its check said (unchecked = unanswered). Practice:
 * 'unanswered' until the test is submitted, then the grade of the saved answer.
 */
export function questionStatus(
  mode: TestMode,
  completed: boolean,
  question: Gradable,
  answer: AnswerState | undefined,
): QuestionStatus {
  if (!answer) return 'unanswered';
  if (mode === 'full') return answer.isSubmitted ? answer.status : 'unanswered';
  return completed ? gradeAnswer(question, answer.submittedAnswer) : 'unanswered';
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
): Grade {
  const byObjective = new Map<string, ObjectiveScore>();
  let correct = 0;
  let incorrect = 0;
  for (const q of questions) {
    const status = questionStatus(mode, true, q, answers.get(q.qid));
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
 * whose text is a misconception's value, or a typed answer that the answer check takes as equal
 * to one. Null for a right, empty or unexplained answer (and for sata).
 */
export function misconceptionOf(
  question: Gradable & Pick<PoolQuestion, 'misconceptions'>,
  answer: readonly string[],
): string | null {
  if (answer.length === 0 || gradeAnswer(question, answer) !== 'incorrect') return null;
  const named = question.misconceptions ?? [];
  if (question.type === 'single') {
    const chosen = answer[0]!.trim();
    return named.find((m) => m.value.trim() === chosen)?.misconception ?? null;
  }
  if (question.type === 'blank') {
    const hit = named.find((m) =>
      checkAnswer({ type: 'blank', correctAnswer: [m.value], rounding: question.rounding }, answer),
    );
    return hit?.misconception ?? null;
  }
  return null;
}
