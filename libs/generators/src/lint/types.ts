import type { RoundingRule } from '@examprep/contracts/types';

/** The names of the language and notation rules (issue 28). */
export type LintRuleName =
  | 'article'
  | 'singular'
  | 'thousands'
  | 'leading-zero'
  | 'trailing-zero'
  | 'ismp-units'
  | 'rounding'
  | 'answer-format';

/** Where a shown text comes from. */
export type TextPlace = 'question' | 'choice' | 'explanation' | 'pump';

/** One shown text of an item. */
export interface ShownText {
  place: TextPlace;
  text: string;
}

/** A problem the lint found: the rule, where, the offending excerpt and what to write. */
export interface LintProblem {
  rule: LintRuleName;
  place: TextPlace | 'item';
  /** The offending words as written (a short excerpt). */
  found: string;
  message: string;
}

/**
 * What the lint reads of a generated item: everything a learner is shown, and what decides
 * which rules apply. `typed` texts (a blank's key, the pump's keypad strings) are not shown
 * before answering and are compared as typed, so they are not held to display notation.
 */
export interface LintSubject {
  type: 'single' | 'blank' | 'pump';
  question: string;
  choices: string[];
  explanation: string;
  rounding: RoundingRule | null;
  unit: string | null;
  /** The answer as a learner types or picks it. */
  answer: string[];
  /** The pump's question text and, in Time mode, its programmed readings (shown). */
  pumpText?: string;
  pumpFace?: string[];
}

/** A rule over the shown texts of an item (text rules) or over the whole item. */
export type TextRule = (shown: ShownText) => LintProblem[];
export type ItemRule = (subject: LintSubject) => LintProblem[];
