import {
  compareObjectiveCodes,
  type Course,
  type GenerateBatchQuery,
  isTopicOpen,
  type Objective,
  QBANK_LIMITS,
  type Topic,
} from '@examprep/contracts/types';

/** What the learner practises; lives in the URL (?course=&objective=&topic=&count=). */
export interface QbankSelection {
  course: string;
  objective: string;
  /** '' = all topics of the objective (mixed). */
  topic: string;
  count: number;
}

export interface ObjectiveOption {
  code: string;
  objective: Objective;
}

/** Objectives of a course, codes sorted numerically ('2' before '10'). */
export function sortedObjectives(course: Course | undefined): ObjectiveOption[] {
  if (!course) return [];
  return Object.keys(course.objectives)
    .sort(compareObjectiveCodes)
    .map((code) => ({ code, objective: course.objectives[code] }));
}

/** A count from the URL: a whole number from 1 to batchMax, else the default (5). */
export function parseCount(raw: string | null): number {
  const n = Number(raw);
  if (raw === null || raw.trim() === '' || !Number.isInteger(n)) return QBANK_LIMITS.batchDefault;
  return Math.min(Math.max(n, 1), QBANK_LIMITS.batchMax);
}

export interface ResolvedSelection {
  selection: QbankSelection;
  course: Course;
  objective: Objective;
  topic: Topic | null;
  /** True when the URL named a course, objective or topic that is not on offer. */
  adjusted: boolean;
}

/**
 * The URL's choices matched against the courses on offer: an unknown course, objective or
 * topic falls back to the first course, the first objective (numeric order) or all topics.
 * Null when no course is on offer.
 */
export function resolveSelection(
  courses: readonly Course[],
  params: URLSearchParams,
): ResolvedSelection | null {
  if (courses.length === 0) return null;
  const wantedCourse = params.get('course') ?? '';
  const wantedObjective = params.get('objective') ?? '';
  const wantedTopic = params.get('topic') ?? '';
  let adjusted = false;

  let course = courses.find((c) => c.id === wantedCourse);
  if (!course) {
    adjusted ||= wantedCourse !== '';
    course = courses[0];
  }
  const objectives = sortedObjectives(course);
  let chosen = objectives.find((o) => o.code === wantedObjective);
  if (!chosen) {
    adjusted ||= wantedObjective !== '';
    chosen = objectives[0];
  }
  if (!chosen) return null;
  const topic = chosen.objective.topics.find((t) => t.key === wantedTopic) ?? null;
  if (!topic && wantedTopic !== '') adjusted = true;

  return {
    selection: {
      course: course.id,
      objective: chosen.code,
      topic: topic?.key ?? '',
      count: parseCount(params.get('count')),
    },
    course,
    objective: chosen.objective,
    topic,
    adjusted,
  };
}

/** The URL query of a selection (count only when it is not the default). */
export function selectionToParams(selection: QbankSelection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.course) params.set('course', selection.course);
  if (selection.objective) params.set('objective', selection.objective);
  if (selection.topic) params.set('topic', selection.topic);
  if (selection.count !== QBANK_LIMITS.batchDefault) params.set('count', String(selection.count));
  return params;
}

/** GET /api/infiniteqbank/generate-batch query (no topic = mixed topics). */
export function batchParams(selection: QbankSelection): GenerateBatchQuery {
  return {
    course: selection.course,
    objective: selection.objective,
    count: selection.count,
    ...(selection.topic ? { topic: selection.topic } : {}),
  };
}

/** That query as the call sends it (formQuery). */
export function batchQuery(selection: QbankSelection): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(batchParams(selection))) params.set(key, String(value));
  return params.toString();
}

/** Topics an admin sees that learners cannot use yet (not free or not available). */
export function closedTopics(topics: readonly Topic[]): Topic[] {
  return topics.filter((t) => !isTopicOpen(t));
}

export function sameSelection(a: QbankSelection, b: QbankSelection): boolean {
  return (
    a.course === b.course &&
    a.objective === b.objective &&
    a.topic === b.topic &&
    a.count === b.count
  );
}
