import type { RoundingRule } from '@examprep/contracts/types';

/** A wrong choice and the named misconception that produces it ('missed x60', 'lb/kg swap'). */
export interface Distractor {
  value: string;
  misconception: string;
}

/**
 * What a generator returns. `params` are the drawn inputs so tests can recompute the
 * answer by an independent method; `distractors` name each wrong choice's misconception.
 * Neither reaches the browser.
 */
export interface GeneratedItem {
  type: 'single' | 'blank';
  /** Question text; math in \( \) or \[ \]. States the rounding rule when there is one. */
  question: string;
  /** Four choices for single (answer included, shuffled); empty for blank. */
  choices: string[];
  /** Exactly one element. */
  correctAnswer: [string];
  /** Step by step, KaTeX-safe LaTeX. */
  explanation: string;
  rounding: RoundingRule | null;
  unit: string | null;
  distractors: Distractor[];
  params: Record<string, number | string>;
}

/** A pure, deterministic generator: the same seed always gives the same item. */
export type GenerateFn = (seed: number) => GeneratedItem;

export interface TopicDefinition {
  key: string;
  name: string;
  /** Absent for catalogue topics that have no generator yet (their switches stay disabled). */
  generate?: GenerateFn;
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
