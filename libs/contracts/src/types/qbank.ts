/** Question-bank shapes shared by web and services (admin spec §3, learner spec §3, §7). */

export const QUESTION_TYPES = ['single', 'sata', 'blank'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** How a numeric answer is rounded: decimal places kept (0 = whole number). */
export interface RoundingRule {
  places: number;
}

/** The stored question document (collection questions, id = qid). */
export interface QuestionMedia {
  questionImage: string | null;
  explanationImage: string | null;
  video: string | null;
}

export interface Question {
  qid: string;
  question: string;
  type: QuestionType;
  choices: string[];
  correctAnswer: string[];
  explanation: string;
  course: string;
  objective: string;
  media: QuestionMedia;
  /** Grading rule of blank answers; null = exact numeric or text comparison. */
  rounding?: RoundingRule | null;
  createdAt?: string;
  updatedAt?: string;
}

/** A topic of a course objective (admin spec §3). */
export interface Topic {
  key: string;
  name: string;
  hasGenerator: boolean;
  free: boolean;
  available: boolean;
}

export interface Objective {
  name: string;
  section: string;
  topics: Topic[];
}

export interface Course {
  id: string;
  name: string;
  /** Objectives keyed by code; sort keys numerically for display. */
  objectives: Record<string, Objective>;
}

/**
 * One generated Infinite QBank item as the browser first sees it: no answer, no
 * explanation until the learner checks (DESIGN §5). `id` replays the item exactly.
 */
export interface InfiniteQuestion {
  id: string;
  topicKey: string;
  seed: number;
  course: string;
  objective: string;
  type: 'single' | 'blank';
  question: string;
  choices: string[];
  rounding: RoundingRule | null;
  /** Unit written after a blank's input, e.g. 'mL/hr'. */
  unit: string | null;
}

/** Result of checking an Infinite QBank answer. */
export interface InfiniteCheckResult {
  correct: boolean;
  correctAnswer: string[];
  explanation: string;
}
