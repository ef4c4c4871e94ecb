import {
  isPlaceholderEmail,
  type ClassItem,
  type ClassLearner,
  type ClassLearnerReadiness,
  type InstructorClass,
} from '@examprep/contracts/types';
import { INSTRUCTOR_TEXT as T, READINESS_THRESHOLD_PERCENT } from './instructor.messages';

/**
 * A class's page (the key encoded once: it holds ':' and the LMS's context id, which may hold
 * '/').
 */
export const classPath = (contextKey: string) =>
  `/instructor/classes/${encodeURIComponent(contextKey)}`;

/** A class's name as the LMS gave it: its title, else its label. */
export function className(c: Pick<InstructorClass, 'title' | 'label'>): string {
  return c.title || c.label || T.classTitle;
}

/** A learner's name: the roster's, else their email, else the LMS's id of them. */
export function learnerName(learner: ClassLearner): string {
  return learner.name || learnerEmail(learner) || learner.lmsUserId || T.unnamed;
}

/** A learner's real address ('' for none, or for the placeholder of a school account without one). */
export function learnerEmail(learner: ClassLearner): string {
  return learner.email && !isPlaceholderEmail(learner.email) ? learner.email : '';
}

/** Never opened ExamPrep from the course (only the LMS roster knows them). */
export const notStarted = (learner: ClassLearner): boolean => learner.uid === null;

/**
 * The status column: 'Not started' for a learner who never opened ExamPrep (with the roster's
 * status when they left the course), else the roster's status.
 */
export function statusLabel(learner: ClassLearner): string {
  if (!notStarted(learner)) return T.statuses[learner.status];
  return learner.status === 'active'
    ? T.notStarted
    : `${T.notStarted} · ${T.statuses[learner.status]}`;
}

/** A 0..100 score as '72 %', or '—'. */
export function percentLabel(value: number | null): string {
  return value === null ? T.none : T.percent(value);
}

/** The TEAS Math readiness as 'about 64 % (52–75 %)', 'Not enough answers yet', or '—'. */
export function readinessLabel(teas: ClassLearnerReadiness | null): string {
  if (!teas) return T.none;
  if (!teas.enough) return T.notEnough;
  return T.readiness(teas.percent, teas.percentLow, teas.percentHigh);
}

/** A learner's readiness when it is an estimate (enough answers), else null. */
export function estimateOf(learner: ClassLearner): ClassLearnerReadiness | null {
  return learner.teas?.enough ? learner.teas : null;
}

export interface ReadinessSummary {
  learners: number;
  /** Whose likely range lies at or above the threshold (the low end reaches it). */
  likelyAbove: number;
  /** Without an estimate: too few answers, or none at all. */
  lacking: number;
}

/** The class's one-line readiness summary in numbers. */
export function readinessSummary(learners: readonly ClassLearner[]): ReadinessSummary {
  const estimates = learners.map(estimateOf);
  return {
    learners: learners.length,
    likelyAbove: estimates.filter((e) => e !== null && e.percentLow >= READINESS_THRESHOLD_PERCENT)
      .length,
    lacking: estimates.filter((e) => e === null).length,
  };
}

export const LEARNER_SORTS = [
  'name',
  'email',
  'status',
  'testsSubmitted',
  'averageScore',
  'lastScore',
  'lastSubmittedAt',
  'teas',
] as const;
export type LearnerSort = (typeof LEARNER_SORTS)[number];
export interface LearnerOrder {
  sort: LearnerSort;
  dir: 'asc' | 'desc';
}

/** The value a column sorts by; null sorts last in either direction. */
function sortValue(learner: ClassLearner, sort: LearnerSort): string | number | null {
  switch (sort) {
    case 'name':
      return learnerName(learner).toLowerCase();
    case 'email':
      return learnerEmail(learner).toLowerCase() || null;
    case 'status':
      return statusLabel(learner);
    case 'testsSubmitted':
      return learner.testsSubmitted;
    case 'teas':
      return estimateOf(learner)?.percent ?? null;
    default:
      return learner[sort];
  }
}

/** The learners in the table's order (by name within equal values). */
export function sortLearners(
  learners: readonly ClassLearner[],
  order: LearnerOrder,
): ClassLearner[] {
  const sign = order.dir === 'asc' ? 1 : -1;
  const compare = (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return [...learners].sort((a, b) => {
    const va = sortValue(a, order.sort);
    const vb = sortValue(b, order.sort);
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      const c = compare(va, vb);
      if (c !== 0) return sign * c;
    }
    return learnerName(a).localeCompare(learnerName(b));
  });
}

/** A click on a column: the same column turns its direction, another starts ascending. */
export function nextLearnerOrder(order: LearnerOrder, sort: LearnerSort): LearnerOrder {
  if (order.sort !== sort) return { sort, dir: 'asc' };
  return { sort, dir: order.dir === 'asc' ? 'desc' : 'asc' };
}

/** The class's questions, the hardest (lowest facility) first, the most answered first within. */
export function hardestFirst(items: readonly ClassItem[]): ClassItem[] {
  return [...items].sort(
    (a, b) => a.facility - b.facility || b.n - a.n || a.qid.localeCompare(b.qid),
  );
}

/** A facility (0..1) as a whole percent. */
export const facilityLabel = (facility: number): string => T.percent(100 * facility);

/** The export's file name, class-<label>.csv (a name a file system takes). */
export function csvFileName(c: Pick<InstructorClass, 'label' | 'title'>): string {
  const name = (c.label || c.title || 'class').replace(/[^A-Za-z0-9._-]+/g, '-');
  return `class-${name.replace(/^-+|-+$/g, '') || 'class'}.csv`;
}
