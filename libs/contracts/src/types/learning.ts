/**
 * The learning engine (issue 29, ADR 0039): what each learner has mastered, what to practise
 * next, and how ready they are. The model and its shapes live in libs/learning; these are the
 * facts it folds and the replies of its calls.
 */

/** Where a graded answer outside a test was given. */
export const PRACTICE_SOURCES = ['infinite', 'pump'] as const;
export type PracticeSource = (typeof PRACTICE_SOURCES)[number];

/**
 * `events.practice.answered`: a learner's answer to a generated item was checked (the Infinite
 * QBank's Check, or the pump simulator's). Message id `practice:<uid>:<itemId>`, with `:review`
 * for an answer to a served review: an item checked again within the stream's duplicate window
 * counts once, and its review counts apart from the practice answer before it.
 */
export interface PracticeAnsweredEvent {
  uid: string;
  /** The generated item (`topic~seed`), or the simulator problem's id. */
  itemId: string;
  topicKey: string;
  course: string;
  objective: string;
  correct: boolean;
  /** The misconception the wrong answer hit (its named wrong value), or null. */
  misconception: string | null;
  /** The chance of a right guess: 1/choices for a single-choice item, 0 for a typed or pump answer. */
  guess: number;
  source: PracticeSource;
  /** Answered as a review of a missed item (the weak-spots batch). */
  review?: boolean;
  answeredAt: string;
}

/** The levels of mastery, weakest first ('not-enough': too few answers to say). */
export const MASTERY_LEVELS = [
  'not-enough',
  'needs-work',
  'developing',
  'proficient',
  'mastered',
] as const;
export type MasteryLevelName = (typeof MASTERY_LEVELS)[number];

/** Words for each level, as the screens show them. */
export const MASTERY_LEVEL_LABELS: Readonly<Record<MasteryLevelName, string>> = {
  'not-enough': 'Not enough answers yet',
  'needs-work': 'Needs work',
  developing: 'Developing',
  proficient: 'Proficient',
  mastered: 'Mastered',
};

/** One skill (a topic or an objective) as the screens show it. */
export interface SkillView {
  key: string;
  name: string;
  level: MasteryLevelName;
  /** P(correct) on a typical item, 0..1, and its 80 % interval. */
  p: number;
  low: number;
  high: number;
  answers: number;
  correct: number;
  lastAt: string | null;
}

export interface ObjectiveView extends SkillView {
  section: string;
  topics: SkillView[];
}

export interface CourseMastery {
  course: string;
  name: string;
  objectives: ObjectiveView[];
}

/** The dashboard's card: mastery per course and the review queue's count. */
export interface LearningSummary {
  courses: CourseMastery[];
  /** Review cards due now, and per course id. */
  dueReviews: number;
  dueByCourse: Record<string, number>;
  /** Graded answers the model has seen. */
  answers: number;
  /** The weakest topics with enough evidence (or none): what "Practise my weak spots" starts with. */
  weakSpots: { course: string; topicKey: string; name: string; level: MasteryLevelName }[];
}

/** One section of the TEAS Math prediction (Numbers and Algebra, Measurement and Data). */
export interface SectionReadiness {
  section: string;
  /** Scored items of the section on the real test (18 and 16). */
  scoredItems: number;
  /** Predicted items correct (mean), and its 80 % interval (whole items). */
  predicted: number;
  low: number;
  high: number;
  /** The same as percentages of `scoredItems` (0..100, whole numbers). */
  percent: number;
  percentLow: number;
  percentHigh: number;
  enough: boolean;
  answers: number;
  lastAt: string | null;
}

/** The TEAS Math readiness: the predicted score on the 34 scored items, with its uncertainty. */
export interface TeasReadiness {
  enough: boolean;
  scoredItems: number;
  predicted: number;
  low: number;
  high: number;
  percent: number;
  percentLow: number;
  percentHigh: number;
  sections: SectionReadiness[];
  answers: number;
  lastAt: string | null;
  /** The prediction in plain words, with its uncertainty and evidence (or what is missing). */
  summary: string;
}

export interface FamilyReadinessView {
  section: string;
  level: MasteryLevelName;
  p: number;
  low: number;
  high: number;
  answers: number;
  lastAt: string | null;
  summary: string;
}

/** One point of the score trend: a graded test's score, or the day's estimate. */
export interface TrendPoint {
  at: string;
  course: string;
  kind: 'test' | 'estimate';
  /** Percent, 0..100. */
  percent: number;
  /** The estimate's 80 % interval (estimates only). */
  low: number | null;
  high: number | null;
}

export interface Readiness {
  teas: TeasReadiness;
  medDosage: FamilyReadinessView[];
  trend: TrendPoint[];
}

/** One block of a plan's day: the due reviews, or practice of an objective. */
export interface PlanBlock {
  kind: 'review' | 'practice';
  course: string;
  /** Null for the review block. */
  objective: string | null;
  name: string;
  minutes: number;
  questions: number;
}

export interface PlanDay {
  date: string;
  blocks: PlanBlock[];
}

export interface StudyPlan {
  examDate: string;
  daysLeft: number;
  minutesPerDay: number;
  /** The objectives in the order the plan weighs them, with their share of practice time. */
  focus: {
    course: string;
    objective: string;
    name: string;
    share: number;
    level: MasteryLevelName;
  }[];
  /** The next seven days (fewer when the exam is sooner). */
  days: PlanDay[];
  /** A sentence for the learner: how the time is spread and why. */
  summary: string;
}

/** The learner's study plan settings. */
export interface StudyPlanSettings {
  examDate: string;
  minutesPerDay: number;
  /** Opt-in daily reminder mail. */
  reminders: boolean;
}

export interface LearningExport {
  exportedAt: string;
  uid: string;
  skills: unknown[];
  reviewCards: unknown[];
  plan: StudyPlanSettings | null;
  trend: TrendPoint[];
}

/** Limits and texts of the learning engine's inputs (the browser and the service check both). */
export const LEARNING_LIMITS = {
  minutesPerDayMin: 5,
  minutesPerDayMax: 600,
  /** How far ahead an exam date may be set (days). */
  examDateMaxDays: 730,
  /** Items in one weak-spots batch (as the Infinite QBank's batches). */
  weakSpotsBatch: 10,
} as const;

export const LEARNING_MESSAGES = {
  examDate: 'The exam date must be a date from today up to two years ahead.',
  minutesPerDay: `Minutes per day must be a whole number from ${LEARNING_LIMITS.minutesPerDayMin} to ${LEARNING_LIMITS.minutesPerDayMax}.`,
  reminders: 'Reminders must be on or off.',
  noPlan: 'You have not set an exam date yet.',
  course: 'The course is not valid.',
  noTopics: 'There is nothing to practise in this course yet.',
  unsubscribe: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will not get study reminders any more.',
  deleted: 'Your learning data was deleted.',
  /** The question bank did not answer the weak-spots batch in time. */
  peerFailed: 'Could not load practice questions. Please try again.',
} as const;
