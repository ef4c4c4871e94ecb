import type {
  PumpKind,
  PumpQuestion,
  PumpTimeFormat,
  RoundingRule,
} from '@examprep/contracts/types';

/** A wrong choice and the named misconception that produces it ('missed x60', 'lb/kg swap'). */
export interface Distractor {
  value: string;
  misconception: string;
}

/** What every generated item carries. */
interface ItemBase {
  /** Question text; math in \( \) or \[ \]. States the rounding rule when there is one. */
  question: string;
  /** Four choices for single (answer included, shuffled); empty for blank and pump. */
  choices: string[];
  /** Step by step, KaTeX-safe LaTeX. */
  explanation: string;
  rounding: RoundingRule | null;
  unit: string | null;
  distractors: Distractor[];
  params: Record<string, number | string>;
}

/**
 * What a question generator returns. `params` are the drawn inputs so tests can recompute the
 * answer by an independent method; `distractors` name each wrong choice's misconception.
 * Neither reaches the browser.
 */
export interface QuestionItem extends ItemBase {
  type: 'single' | 'blank';
  /** Exactly one element. */
  correctAnswer: [string];
  pump?: undefined;
}

/**
 * A pump item (Med Dosage pump topics, issue 14): answered on the pump face, so it is for the
 * Infinite QBank only, never a stored question, a test or a workbook (see `isPumpTopic`).
 * `correctAnswer` is the canonical strings in PUMP_ANSWER_ORDER (contracts): [A.rate, A.vtbi,
 * B.rate, B.vtbi] in Rate and VTBI modes, [hours, minutes] in Time mode.
 */
export interface PumpItem extends ItemBase {
  type: 'pump';
  correctAnswer: string[];
  /** What the pump face shows (no answer). */
  pump: PumpQuestion;
  /** The pump problem `(kind, timeFormat, seed)` the item replays (server side). */
  pumpRef: { kind: PumpKind; timeFormat: PumpTimeFormat; seed: number };
}

export type GeneratedItem = QuestionItem | PumpItem;

/** A pure, deterministic generator: the same seed always gives the same item. */
export type GenerateFn = (seed: number) => GeneratedItem;

export interface TopicDefinition {
  key: string;
  name: string;
  /** Absent for catalogue topics that have no generator yet (their switches stay disabled). */
  generate?: GenerateFn;
  /**
   * 'pump': the items are answered on the pump face (type 'pump'): Infinite QBank only, never
   * copied into the question bank, a test or a workbook.
   */
  answeredOn?: 'pump';
}

export interface ObjectiveDefinition {
  code: string;
  name: string;
  section: string;
  topics: TopicDefinition[];
}

export interface CourseDefinition {
  id: string;
  name: string;
  objectives: ObjectiveDefinition[];
}
export type { RoundingRule } from '@examprep/contracts/types';
