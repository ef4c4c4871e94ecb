/**
 * Tests, grading, gradebook and review: shapes shared by web and services (learner spec §2
 * Test screens and Gradebook, §3 Test and Question in a test, §4 Starting a test, Full test,
 * Practice test, Gradebook retention, §7 create-test ... delete-test, §8 Gradebook and Tests,
 * §9; admin spec §2.1 Tests column, View Gradebook, test export). Decisions: ADR 0019.
 */
import type { QuestionType, RoundingRule } from './qbank';
import type { TestMode } from './catalog';

/** Learner spec §9 and the beyond-the-spec items. */
export const TEST_LIMITS = {
  /** Completed tests a non-admin keeps (newest by lastUpdated). */
  gradebookRetention: 10,
  /** Questions of the TEAS practice test. */
  practiceQuestions: 38,
  teasSampleQuestions: 15,
  medSampleQuestions: 10,
  /** Practice autosave period. */
  autosaveMs: 15_000,
  /** Practice question-switch debounce. */
  switchDebounceMs: 300,
  /** The optional TEAS timer: 57 minutes for 38 questions (the real exam's pace). */
  practiceTimerSecondsFor38: 57 * 60,
  /** A save that arrives this long after the timer ran out is still taken (network slack). */
  timerGraceSeconds: 30,
  /** Questions one test may hold (the whole TEAS QBank is 204). */
  maxQuestions: 500,
} as const;

/** The timer of a timed practice test: limit = 57 min × questions / 38, whole seconds. */
export function practiceTimerSeconds(questionCount: number): number {
  return Math.round((TEST_LIMITS.practiceTimerSecondsFor38 * questionCount) / 38);
}

export const QUESTION_STATUSES = ['correct', 'incorrect', 'unanswered'] as const;
/** Learner spec §3 Question in a test: status. */
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/**
 * A learner's answer as the calls carry it: the chosen choice's text (single), the chosen
 * texts (sata) or the typed text (blank). '' / [] = no answer.
 */
export type SubmittedAnswer = string | string[];

/** The answer as a list (single/blank: one element; empty answer: none). */
export function answerList(answer: SubmittedAnswer | null | undefined): string[] {
  if (answer == null) return [];
  if (Array.isArray(answer)) return answer.filter((a) => a.trim() !== '');
  return answer.trim() === '' ? [] : [answer];
}

/**
 * One question of a test as a read shows it (learner spec §3 Question in a test). The reveal
 * fields (`correctAnswer` ... `misconception`) are ABSENT until the answer may be shown: in a
 * full test after that question was checked, in a practice test after submit, in review.
 */
export interface TestQuestionView {
  qid: string;
  /** 'blank' = typed answer. */
  type: QuestionType;
  /** The question text (LaTeX in \( \) and \[ \]). */
  question: string;
  /** The valid choices in the order shown (spec: answerOrder); [] for blank. */
  answerOrder: string[];
  questionImage: string | null;
  /** The objective the question belongs to (per-objective breakdown). */
  objective: string;
  /** Grading rule of typed numeric answers, stated to the learner. */
  rounding: RoundingRule | null;
  submittedAnswer: SubmittedAnswer | null;
  /** Full test: checked. Practice test: true once submitted (graded). */
  isSubmitted: boolean;
  /** 'unanswered' until graded (a practice answer stays 'unanswered' until submit). */
  status: QuestionStatus;
  /** Practice: the answer is stored (the navigator's blue marker). */
  saved: boolean;
  /** ISO 8601 of the last stored change of the answer; null = never. */
  savedAt: string | null;
  /** The learner flagged it for review (beyond the spec). */
  flagged: boolean;
  correctAnswer?: string[];
  explanation?: string;
  explanationImage?: string | null;
  video?: string | null;
  /** ISO 8601 */
  gradedAt?: string | null;
  /** 'system' (automatic grading). */
  gradedBy?: string | null;
  /** The named misconception behind the learner's wrong answer, when a generator names it. */
  misconception?: string | null;
  /**
   * What the answer rules of the test say about how the answer was written (ADR 0036), e.g. a
   * missing leading zero; null when nothing (always for tests graded under rules v1).
   */
  feedback?: string | null;
}

/** Per-objective result of a graded test (beyond the spec: breakdown and chart). */
export interface ObjectiveScore {
  objective: string;
  correct: number;
  incorrect: number;
  unanswered: number;
  total: number;
}

/** The optional TEAS timer of a practice test. */
export interface TestTimer {
  limitSeconds: number;
  /** ISO 8601 */
  startedAt: string;
  /** ISO 8601: the server submits the test with what was saved once this has passed. */
  endsAt: string;
}

/** The score fields of a graded test (learner spec §3 Test); null until completed. */
export interface TestScore {
  /** Percent, 0-100, rounded to a whole number. */
  finalScore: number | null;
  correctCount: number | null;
  incorrectCount: number | null;
  unansweredCount: number | null;
}

/** A test without its questions: gradebook rows, the unfinished-test lookup, admin lists. */
export interface TestSummary extends TestScore {
  id: string;
  userId: string;
  productId: string;
  /** The include's id that the test was started from (admin spec: 'test product id'). */
  testProductId: string;
  includeId: string;
  productName: string;
  mode: TestMode;
  completed: boolean;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601: last answer, check, flag or submit. */
  lastUpdated: string;
  /** ISO 8601; null until submitted. */
  submittedAt: string | null;
  totalQuestions: number;
  /** Questions with a stored answer (practice) or checked (full). */
  answeredCount: number;
  timer: TestTimer | null;
  /** Null until completed. */
  objectives: ObjectiveScore[] | null;
}

/** GET /api/tests/:testId (learner spec §3 Test). */
export interface TestView extends TestSummary {
  instructions: string;
  questions: TestQuestionView[];
}

/** POST /api/create-test (learner spec §7). productType/productName/instructions are informational: the server takes them from the catalogue. */
export interface CreateTestInput {
  productType?: string;
  productId: string;
  includeId: string;
  productName?: string;
  instructions?: string;
  mode: TestMode;
  /** Practice only: the optional TEAS timer (beyond the spec). */
  timed?: boolean;
}
export interface CreateTestAnswer {
  success: true;
  testId: string;
}

/** GET /api/tests/unfinished?productId=&includeId=&mode= (learner spec §4 Starting a test). */
export interface UnfinishedTestQuery {
  productId: string;
  includeId: string;
  mode: TestMode;
}
export interface UnfinishedTestAnswer {
  test: TestSummary | null;
}

/** POST /api/submit-quiz-answer (learner spec §7): full tests. The server grades from its snapshot; questionType and validChoices are checked against it, never trusted. */
export interface SubmitQuizAnswerInput {
  testId: string;
  questionId: string;
  submittedAnswer: SubmittedAnswer;
  questionType?: QuestionType;
  validChoices?: string[];
  persistCorrectAnswer?: boolean;
}
export interface RevealedAnswer {
  correctAnswer: string[];
  explanation: string;
  explanationImage: string | null;
  video: string | null;
  /** ISO 8601 */
  gradedAt: string;
  gradedBy: string;
  misconception: string | null;
  /** See TestQuestionView.feedback (always sent by the testing service). */
  feedback?: string | null;
}
export interface SubmitQuizAnswerAnswer {
  success: true;
  isCorrect: boolean;
  updatedQuestion: RevealedAnswer;
}

/** POST /api/save-practice-answer (learner spec §7). '' / [] clears the stored answer. */
export interface SavePracticeAnswerInput {
  testId: string;
  questionId: string;
  submittedAnswer: SubmittedAnswer;
  questionType?: QuestionType;
}
export interface SavePracticeAnswerAnswer {
  success: true;
  questionId: string;
  /** ISO 8601 */
  savedAt: string;
  /** False when the answer was cleared. */
  saved: boolean;
}

/** POST /api/submit-test. Submitting a submitted test answers the same result again. */
export interface SubmitTestInput {
  testId: string;
}
export interface SubmitTestAnswer {
  success: true;
  test: TestSummary;
}

/** POST /api/delete-test (owner, or an admin for any test). */
export interface DeleteTestInput {
  testId: string;
}
export interface DeleteTestAnswer {
  success: true;
}

/** POST /api/flag-question (beyond the spec): flag a question for review. */
export interface FlagQuestionInput {
  testId: string;
  questionId: string;
  flagged: boolean;
}
export interface FlagQuestionAnswer {
  success: true;
  flagged: boolean;
}

/** GET /api/gradebook?userId= (userId honoured only for admins). */
export interface GradebookAnswer {
  tests: TestSummary[];
}

/**
 * GET /api/admin/user-tests?uid=&cursor=&limit= : the tests of a user, newest first (by
 * createdAt, admin spec §2.1), one keyset page (ADR 0026: the next page is the
 * `Link: rel="next"` header).
 */
export interface UserTestsAnswer {
  tests: TestSummary[];
}

/** testing.admin.userTests' reply: a page of UserTestsAnswer and the next page's cursor. */
export interface UserTestsPage extends UserTestsAnswer {
  next: string | null;
}

/**
 * GET /api/admin/test-export?uid=&testId= (admin spec §2.1): the file an admin downloads.
 * `test` is the whole stored test: every field, answers and the question snapshot.
 */
export interface TestExport {
  path: string;
  /** ISO 8601 */
  fetchedAt: string;
  test: TestView & { questions: Required<TestQuestionView>[] };
}

/** The export file's path (admin spec §2.1). */
export const testExportPath = (uid: string, testId: string) => `users/${uid}/tests/${testId}`;

/** Test ids: 20 characters of [A-Za-z0-9] (like the document ids the spec's store makes). */
export const TEST_ID_PATTERN = /^[A-Za-z0-9]{20}$/;

/** The spec's sentences of the test screens, gradebook and review (learner spec §4, §8; admin spec §8). */
export const TEST_MESSAGES = {
  notFoundOrEmpty: 'Test not found or has no questions.',
  notFound: 'Test not found.',
  submitFailed: 'Failed to submit test. Please try again.',
  invalidInput: 'Invalid input detected. Please try again.',
  answerFailed: 'Failed to submit answer. Please try again.',
  loginRequired: 'Please log in to access tests.',
  unsupported: (product: string, include: string, mode: string) =>
    `Unsupported product configuration: ${product} (include: ${include}, mode: ${mode}).`,
  noAccess: 'You do not have access to this product.',
  createFailed: 'Failed to create test. Please try again.',
  startFailed: 'Failed to start test. Please try again.',
  deleteExistingFailed: 'Failed to delete existing test. Please try again.',
  continueFailed: 'Failed to continue test. Please try again.',
  startNewFailed: 'Failed to start a new test. Please try again.',
  accessFailed: 'Something went wrong accessing the product. Please try again.',
  enterAnswer: 'Please enter an answer before submitting!',
  allAnswered: 'You have answered all the questions!',
  answerSaved: 'Answer saved. You can still change your answer!',
  blockSubmittingTest: 'Submitting your test... please wait.',
  blockSubmittingAnswer: 'Checking your answer... please wait.',
  blockValidation: 'Navigation is disabled due to invalid input. Please adjust to proceed.',
  blockOther: 'Navigation is temporarily disabled.',
  gradebookLoadFailed: 'Failed to load graded tests.',
  gradebookEmpty: 'No graded tests found.',
  gradebookPrompt: 'Take a quiz from your dashboard to see it graded here.',
  deleteConfirm: 'Delete this test? This will remove it from your gradebook.',
  deleteFailed: 'Failed to delete test.',
  exportFailed: (message: string) => `Failed to export test: ${message}`,
  // ours (the spec is silent): clear answers to bad input and late calls
  alreadySubmitted: 'This test has already been submitted.',
  questionNotInTest: 'This question is not part of the test.',
  choiceNotInQuestion: "The answer must be one of the question's choices.",
  oneChoiceOnly: 'Choose exactly one answer for this question.',
  typeMismatch: 'The questionType does not match the question.',
  alreadyChecked: 'This question has already been checked.',
  checkInPractice: 'Answers of a practice test are checked when the test is submitted.',
  saveInFull: 'Answers of this test are checked one by one with Check.',
  timeUp: 'Time is up. Your test was submitted with the answers you saved.',
  timerPracticeOnly: 'Only a practice test can be timed.',
  notSubmittedYet: 'This test has not been submitted yet.',
  offlineQueued:
    'You are offline. Your answer is kept on this device and saved when the connection returns.',
  answerKept: 'Your answer is kept on this device and will be saved when the connection returns.',
} as const;

/** The spec's titles, buttons and hints (quoted exactly; not sentences). */
export const TEST_LABELS = {
  previous: 'Previous',
  check: 'Check',
  next: 'Next',
  submitTest: 'Submit Test',
  submitTitle: 'Submit Your Test?',
  submittingTitle: 'Submitting Your Test',
  confirm: 'Confirm',
  cancel: 'Cancel',
  continueTest: 'Continue Test',
  startNewTest: 'Start New Test',
  firstQuestion: 'This is the first question',
  lastInReview: 'This is the last question in review mode',
  tryFullQbank: 'Try the Full QBank!',
  adminView: 'Admin View',
  invalidDate: 'Invalid Date',
  notAvailable: 'N/A',
  testDocumentNotFound: 'Test document not found',
  notAuthenticated: 'Not authenticated',
  deleteFailedShort: 'Delete failed',
  viewGradebook: 'View Gradebook',
  export: 'Export',
  unanswered: 'Unanswered',
  answered: 'Answered',
  total: 'Total',
  flag: 'Flag for review',
  unflag: 'Remove flag',
  calculator: 'Calculator',
  timerLabel: 'Time left',
} as const;

/** Products whose review shows 'Try the Full QBank!' to non-admins (learner spec §2 Review). */
export const SAMPLE_PRODUCT_IDS = [
  'teas_math_sample_qbank',
  'med_dosage_sample_qbank',
  'med_dosage_conversions',
] as const;

export function isSampleProduct(productId: string): boolean {
  return (SAMPLE_PRODUCT_IDS as readonly string[]).includes(productId);
}

/** Navigator marker colours (learner spec §2): full and review, practice. */
export type NavigatorMarker = 'green' | 'red' | 'black' | 'blue';

export function navigatorMarker(
  mode: TestMode | 'review',
  q: Pick<TestQuestionView, 'isSubmitted' | 'status' | 'saved'>,
): NavigatorMarker {
  if (mode === 'practice') return q.saved ? 'blue' : 'black';
  if (!q.isSubmitted || q.status === 'unanswered') return 'black';
  return q.status === 'correct' ? 'green' : 'red';
}

/** Navigation-block reasons of the full test (learner spec §4 Full test). */
export type NavigationBlockReason = 'submittingTest' | 'submittingAnswer' | 'validation' | 'other';

export function navigationBlockMessage(reason: NavigationBlockReason): string {
  switch (reason) {
    case 'submittingTest':
      return TEST_MESSAGES.blockSubmittingTest;
    case 'submittingAnswer':
      return TEST_MESSAGES.blockSubmittingAnswer;
    case 'validation':
      return TEST_MESSAGES.blockValidation;
    default:
      return TEST_MESSAGES.blockOther;
  }
}

/** The test screen route of a test. */
export const testScreenPath = (mode: TestMode, testId: string) => `/test/${mode}/${testId}`;
/** The review route; `userId` only when an admin reviews another user's test. */
export const reviewPath = (testId: string, userId?: string) =>
  userId ? `/review-test/${testId}?userId=${encodeURIComponent(userId)}` : `/review-test/${testId}`;

/**
 * Gradebook ordering and retention (learner spec §4 Gradebook retention): newest first by
 * lastUpdated; a non-admin keeps the first `TEST_LIMITS.gradebookRetention`. Returns the ids
 * to remove. Pure: the testing service applies it after every submit.
 */
export function retentionVictims(
  completed: readonly Pick<TestSummary, 'id' | 'lastUpdated'>[],
  keep: number = TEST_LIMITS.gradebookRetention,
): string[] {
  return [...completed]
    .sort((a, b) => Date.parse(b.lastUpdated) - Date.parse(a.lastUpdated) || (a.id < b.id ? 1 : -1))
    .slice(keep)
    .map((t) => t.id);
}
