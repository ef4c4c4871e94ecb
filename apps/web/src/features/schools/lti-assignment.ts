import type { LtiAssignmentView, LtiAttempt } from '@examprep/contracts/types';
import { LTI_ASSIGNMENT_MESSAGES as T } from './lti-assignment.messages';

/** How often the page asks again while a score is on its way to the LMS gradebook. */
export const GRADE_POLL_MS = 5_000;

/**
 * The query's refetch interval: every GRADE_POLL_MS while an attempt's grade is being sent (so
 * 'Sending…' becomes 'Sent' on its own), else none. A failed delivery is retried by the service
 * with backoff, minutes apart: not worth asking every few seconds.
 */
export function gradePollInterval(view: LtiAssignmentView | undefined): number | false {
  return view?.attempts.some((a) => a.gradeSync === 'pending') ? GRADE_POLL_MS : false;
}

/** The learner's unfinished attempt: Start becomes Resume (the service resumes it). */
export function hasUnfinished(view: LtiAssignmentView): boolean {
  return view.attempts.some((a) => a.status === 'in-progress');
}

/** A submitted attempt's score ('82 %'); none yet → '—'. */
export function scoreLabel(attempt: LtiAttempt): string {
  return attempt.status === 'submitted' &&
    typeof attempt.score === 'number' &&
    Number.isFinite(attempt.score)
    ? `${Math.round(attempt.score)} %`
    : T.noScore;
}

/** When an attempt started, in the learner's locale and time zone. */
export function startedLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
