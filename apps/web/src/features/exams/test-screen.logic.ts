import {
  answerList,
  navigatorMarker,
  type NavigationBlockReason,
  type NavigatorMarker,
  type SubmittedAnswer,
  type TestMode,
  type TestQuestionView,
} from '@examprep/contracts/types';
import { validateMathAnswer } from '@examprep/validation';
import { TESTS_MESSAGES as T } from './tests.messages';

/**
 * Why navigation (Previous, Next, the navigator, leaving the page) is blocked, in the order
 * of the spec's list (learner spec §4 Full test), or null when it is not.
 */
export function navigationBlockReason(state: {
  submittingTest: boolean;
  submittingAnswer: boolean;
  invalidInput: boolean;
  other?: boolean;
}): NavigationBlockReason | null {
  if (state.submittingTest) return 'submittingTest';
  if (state.submittingAnswer) return 'submittingAnswer';
  if (state.invalidInput) return 'validation';
  if (state.other) return 'other';
  return null;
}

/**
 * A navigator entry's marker colour and accessible name (never colour alone). `pending`: a
 * practice answer kept on this device and not yet saved: answered (blue), named so.
 */
export function markerOf(
  mode: TestMode | 'review',
  q: Pick<TestQuestionView, 'isSubmitted' | 'status' | 'saved' | 'flagged'>,
  index: number,
  current: boolean,
  pending = false,
): { marker: NavigatorMarker; label: string; pending: boolean } {
  const isPending = pending && mode === 'practice';
  const marker = navigatorMarker(mode, isPending ? { ...q, saved: true } : q);
  const name = isPending ? T.markerPending : T.markerNames[marker];
  return {
    marker,
    label: T.navigatorItem(index + 1, name, q.flagged, current),
    pending: isPending,
  };
}

/**
 * Where a test screen opens (learner spec §4; issue 24 #8), from which questions are answered
 * (full: checked; practice: answered, on the server or kept on this device): on the first one
 * without an answer; with none left, on the last question with the submit confirmation open
 * (and the 'You have answered all the questions!' banner).
 */
export function openingPosition(answered: readonly boolean[]): {
  index: number;
  confirm: boolean;
} {
  const first = answered.indexOf(false);
  if (first >= 0) return { index: first, confirm: false };
  return answered.length === 0
    ? { index: 0, confirm: false }
    : { index: answered.length - 1, confirm: true };
}

/** The answer as the calls carry it: single and blank a string, sata a list. */
export function emptyAnswer(type: TestQuestionView['type']): SubmittedAnswer {
  return type === 'sata' ? [] : '';
}

export function isEmptyAnswer(answer: SubmittedAnswer | null | undefined): boolean {
  return answerList(answer).length === 0;
}

/** Same answer? (sata: same set; typed: same after trimming). */
export function sameAnswer(
  a: SubmittedAnswer | null | undefined,
  b: SubmittedAnswer | null | undefined,
): boolean {
  const x = answerList(a)
    .map((s) => s.trim())
    .sort();
  const y = answerList(b)
    .map((s) => s.trim())
    .sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** A typed answer's validation message (libs/validation), null when valid or not typed. */
export function answerError(
  type: TestQuestionView['type'],
  answer: SubmittedAnswer | null | undefined,
): string | null {
  if (type !== 'blank' || typeof answer !== 'string') return null;
  const result = validateMathAnswer(answer);
  return result.isValid ? null : (result.error ?? T.invalidInput);
}

/** The answer in the form the server takes: typed answers trimmed. */
export function answerForServer(
  type: TestQuestionView['type'],
  answer: SubmittedAnswer,
): SubmittedAnswer {
  if (Array.isArray(answer)) return [...answer];
  return type === 'blank' ? answer.trim() : answer;
}

/**
 * Counts of the 'Submit Your Test?' dialog (and the answered counter). `answeredOf` is the
 * screen's own view when it knows more than the read (practice: answers kept on this device).
 */
export function submitCounts<Q extends Pick<TestQuestionView, 'isSubmitted' | 'saved'>>(
  mode: TestMode,
  questions: readonly Q[],
  answeredOf?: (q: Q) => boolean,
): { answered: number; unanswered: number; total: number } {
  const answered = questions.filter((q) =>
    answeredOf ? answeredOf(q) : mode === 'full' ? q.isSubmitted : q.saved,
  ).length;
  return { answered, unanswered: questions.length - answered, total: questions.length };
}

/** Seconds left until `endsAt` (never below 0). */
export function secondsLeft(endsAt: string, now: number): number {
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** The countdown as 'm:ss' (or 'h:mm:ss'). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Whole minutes left, rounded up: what the polite live region announces once per minute. */
export function minutesLeft(seconds: number): number {
  return Math.ceil(Math.max(0, seconds) / 60);
}
