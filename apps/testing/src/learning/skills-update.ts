import {
  familyReadiness,
  NEW_SKILL,
  type Observation,
  type SkillState,
  teasPrediction,
  updateSkill,
} from '@examprep/learning';
import type { LearnerSkills } from './learning.repository';
import type { StoredEstimate, StoredTestScore } from './learning.schema';

/** One graded answer to fold: the skills it counts toward and how it was answered. */
export interface SkillAnswer {
  /** The generator topic, or null (a hand-made question: its objective only). */
  topicKey: string | null;
  objective: string;
  obs: Observation;
}

/** The courses whose readiness has a daily estimate for the trend. */
export const TEAS_COURSE_ID = 'teas_math';
export const MED_DOSAGE_COURSE_ID = 'med_dosage';

/** Facts remembered per learner and course, so a redelivered fact is not folded twice. */
export const SEEN_MAX = 64;
/** Daily estimates kept for the trend (a year), and graded test scores. */
export const ESTIMATES_MAX = 366;
export const TEST_SCORES_MAX = 200;

export const emptySkills = (uid: string, course: string): LearnerSkills => ({
  uid,
  course,
  topics: {},
  objectives: {},
  estimates: [],
  tests: [],
  seen: [],
  rev: 0,
});

/**
 * The course's readiness today as one figure with its 80 % interval, for the trend: TEAS Math's
 * predicted percent; for another course the mean of its families' P(correct) (null until a
 * family has enough answers, so the trend does not start with the prior's 50 %).
 */
export function estimateOf(
  course: string,
  objectives: Record<string, SkillState>,
  now: Date,
): Omit<StoredEstimate, 'day' | 'at'> | null {
  const at = now.toISOString();
  if (course === TEAS_COURSE_ID) {
    const t = teasPrediction(objectives, at);
    return t.enough ? { percent: t.percent, low: t.percentLow, high: t.percentHigh } : null;
  }
  if (course === MED_DOSAGE_COURSE_ID) {
    const families = familyReadiness(course, objectives, at);
    if (!families.some((f) => f.mastery.enough)) return null;
    const mean = (pick: (f: (typeof families)[number]) => number) =>
      Math.round((100 * families.reduce((s, f) => s + pick(f), 0)) / families.length);
    return {
      percent: mean((f) => f.mastery.p),
      low: mean((f) => f.mastery.low),
      high: mean((f) => f.mastery.high),
    };
  }
  return null;
}

/**
 * The learner's skills with a fact's answers folded in (the topic's and the objective's state
 * each take every answer), today's estimate replaced, and the graded test's score kept; null when
 * the fact (`factKey`) was folded already. Pure: the fold stores the result by compare-and-set.
 */
export function withAnswers(
  cur: LearnerSkills,
  factKey: string,
  answers: readonly SkillAnswer[],
  now: Date,
  score?: StoredTestScore,
): LearnerSkills | null {
  if (cur.seen.includes(factKey)) return null;
  const topics = { ...cur.topics };
  const objectives = { ...cur.objectives };
  for (const a of answers) {
    if (a.topicKey) topics[a.topicKey] = updateSkill(topics[a.topicKey] ?? NEW_SKILL, a.obs);
    objectives[a.objective] = updateSkill(objectives[a.objective] ?? NEW_SKILL, a.obs);
  }
  const day = now.toISOString().slice(0, 10);
  const estimate = answers.length > 0 ? estimateOf(cur.course, objectives, now) : null;
  const estimates = estimate
    ? [...cur.estimates.filter((e) => e.day !== day), { day, at: now.toISOString(), ...estimate }]
        .sort((a, b) => (a.day < b.day ? -1 : 1))
        .slice(-ESTIMATES_MAX)
    : cur.estimates;
  const tests = score
    ? [...cur.tests.filter((t) => t.testId !== score.testId), score].slice(-TEST_SCORES_MAX)
    : cur.tests;
  return {
    ...cur,
    topics,
    objectives,
    estimates,
    tests,
    seen: [...cur.seen, factKey].slice(-SEEN_MAX),
    rev: cur.rev + 1,
  };
}
