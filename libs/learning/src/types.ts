import type { MasteryLevelName, SectionReadiness, TeasReadiness } from '@examprep/contracts/types';

/**
 * The learning engine's shapes (issue 29, ADR 0039). Pure data: what the testing service stores
 * per learner and what the model, readiness, review scheduler and study plan read and return.
 * Times are ISO 8601 strings (UTC); dates are 'YYYY-MM-DD'.
 */

/**
 * What the model knows of one learner on one skill (a generator topic, or an objective): a
 * Gaussian belief about the learner's ability on the logit scale, N(mu, v), and the evidence
 * behind it. Item difficulty lives on the same scale (0 = an item the population answers
 * correctly half the time before guessing).
 */
export interface SkillState {
  /** Posterior mean of the ability (logits). */
  mu: number;
  /** Posterior variance of the ability (logits²), before the drift since `lastAt`. */
  v: number;
  /** Graded answers folded in. */
  n: number;
  /** Of which correct. */
  correct: number;
  /** When the latest answer was given; null before any. */
  lastAt: string | null;
}

/** One graded answer as the model sees it. */
export interface Observation {
  correct: boolean;
  /** The item's difficulty (logits), from the item analysis or the topic's population. */
  difficulty: number;
  /**
   * The chance of answering right by guessing: 1/choices for a single-choice item (0.25 for
   * four), 0 for a typed answer, a pump entry or a select-all item.
   */
  guess: number;
  at: string;
}

/** Where a learner stands on a skill, for the screens. */
/** Where a learner stands on a skill (the contracts' MASTERY_LEVELS). */
export type MasteryLevel = MasteryLevelName;

export interface Mastery {
  level: MasteryLevel;
  /** P(correct) on a typical item (difficulty 0, no guessing), 0..1. */
  p: number;
  /** 80 % credible interval of `p`. */
  low: number;
  high: number;
  /** Whether there is enough evidence to say more than 'not enough answers yet'. */
  enough: boolean;
  answers: number;
  lastAt: string | null;
}

/** A skill as the weak-spot picker sees it. */
export interface TopicCandidate {
  topicKey: string;
  state: SkillState;
  /** The topic's typical item difficulty (logits). */
  difficulty: number;
}

/**
 * The TEAS Math prediction and its sections are the contracts' shapes (the readiness call
 * answers them as they are): the documentation of each field is there.
 */
export type SectionPrediction = SectionReadiness;
export type TeasPrediction = TeasReadiness;

/** Med Dosage readiness per topic family (the course's sections). */
export interface FamilyReadiness {
  section: string;
  mastery: Mastery;
  summary: string;
}

/**
 * A missed item brought back at growing intervals (FSRS, ts-fsrs). `fsrs` is the scheduler's
 * card as stored (dates as ISO strings); the rest is ours.
 */
export interface ReviewCard {
  /** The item the learner missed: a generated item's id (`topic~seed`) or a stored question's qid. */
  itemId: string;
  /** The generator topic (for siblings); null for a hand-made question. */
  topicKey: string | null;
  course: string;
  objective: string;
  /** The misconception the miss hit (the wrong value's name), or null. */
  misconception: string | null;
  /** When the card is due next. */
  due: string;
  /** Times the card was reviewed since it was made, and how many of those were missed again. */
  reviews: number;
  lapses: number;
  /** The scheduler's own state (ts-fsrs Card, dates as ISO strings). */
  fsrs: StoredFsrsCard;
}

export interface StoredFsrsCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string | null;
}

/** What to serve for a due card: the same item, or a sibling (same topic and misconception, new numbers). */
export type ReviewServe =
  { kind: 'same'; itemId: string } | { kind: 'sibling'; topicKey: string; seed: number };

/** One objective as the study plan sees it. */
export interface PlanObjective {
  course: string;
  objective: string;
  name: string;
  section: string;
  /** The objective's skill, or null when the learner has no answers there. */
  state: SkillState | null;
}

export interface StudyPlanInput {
  examDate: string;
  minutesPerDay: number;
  today: string;
  objectives: PlanObjective[];
  /** Review cards due today. */
  dueReviews: number;
}

/** The plan's shapes are the contracts' (the web app reads them): PlanBlock, PlanDay, StudyPlan. */
export type { PlanBlock, PlanDay, StudyPlan } from '@examprep/contracts/types';
