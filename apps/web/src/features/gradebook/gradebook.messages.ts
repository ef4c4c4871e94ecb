import { TEST_LABELS, TEST_MESSAGES, TEST_MODE_LABELS } from '@examprep/contracts/types';

/** Texts of /gradebook and /review-test (learner spec §2 Gradebook and Review, §8 Gradebook). */
export const GRADEBOOK_MESSAGES = {
  ...TEST_MESSAGES,
  ...TEST_LABELS,
  modeLabels: TEST_MODE_LABELS,
  title: 'Gradebook',
  loading: 'Loading graded tests...',
  tryAgain: 'Try Again',
  goToDashboard: 'Go to Dashboard',
  adminViewOf: (userId: string) => `You are viewing the gradebook of user ${userId}.`,
  listCaption: 'Graded tests, newest first',
  score: 'Score',
  date: 'Date',
  mode: 'Mode',
  correct: 'Correct',
  incorrect: 'Incorrect',
  unansweredCount: 'Unanswered',
  questions: (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`,
  review: 'Review',
  reviewOf: (product: string, date: string) => `Review ${product} of ${date}`,
  delete: 'Delete',
  deleteOf: (product: string, date: string) => `Delete ${product} of ${date}`,
  deleteTitle: 'Delete Test',
  deleting: 'Deleting…',
  deleted: 'The test was deleted.',
  dismiss: 'Dismiss',
  showBreakdown: 'Show breakdown by objective',
  hideBreakdown: 'Hide breakdown by objective',
  breakdownTitle: 'Results by objective',
  breakdownCaption: 'Correct, incorrect and unanswered questions per objective',
  breakdownNone: 'No per-objective results for this test.',
  objective: 'Objective',
  total: 'Total',
  percentCorrect: (correct: number, total: number) =>
    total > 0 ? `${Math.round((100 * correct) / total)}%` : TEST_LABELS.notAvailable,

  reviewTitle: 'Test Review',
  loadingTest: 'Loading test...',
  backToGradebook: 'Back to Gradebook',
  backToDashboard: 'Back to Dashboard',
  summaryHeading: 'Score summary',
  finalScore: 'Final score',
  questionOf: (n: number, total: number) => `Question ${n} of ${total}`,
  navigatorLabel: 'Questions',
  navigatorItem: (n: number, status: string, flagged: boolean) =>
    `Question ${n}: ${status}${flagged ? ', flagged' : ''}`,
  statusLabels: { correct: 'correct', incorrect: 'incorrect', unanswered: 'unanswered' },
  choices: 'Choices',
  yourAnswer: 'Your answer',
  noAnswer: 'No answer',
  correctAnswer: 'Correct answer',
  explanation: 'Explanation',
  questionImageAlt: (n: number) => `Figure for question ${n}`,
  explanationImageAlt: 'Explanation figure',
  videoExplanation: 'Video explanation',
  commonMistake: (text: string) => `Common mistake: ${text}`,
  resultCorrect: 'Correct',
  resultIncorrect: 'Incorrect',
  resultUnanswered: 'Not answered',
  flagged: 'Flagged for review',
  tryFullQbankText:
    'You reviewed a sample. The full QBank has hundreds of questions with explanations, full tests and a TEAS practice test.',
  seeProducts: 'See the products',
  adminViewBanner: (userId: string) => `You are reviewing a test of user ${userId}.`,
} as const;

/** An ISO date shown as the learner's local date and time; unreadable → 'Invalid Date'. */
export function formatTestDate(iso: string | null | undefined): string {
  if (!iso) return TEST_LABELS.invalidDate;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return TEST_LABELS.invalidDate;
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A score in percent; a missing or unreadable one → 'N/A'. */
export function formatScore(score: number | null | undefined): string {
  return typeof score === 'number' && Number.isFinite(score)
    ? `${score}%`
    : TEST_LABELS.notAvailable;
}

/** A count; missing → 'N/A'. */
export function formatCount(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? String(n) : TEST_LABELS.notAvailable;
}
