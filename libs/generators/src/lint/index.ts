/**
 * The language and notation lint of generated items (issue 28): pure functions over what a
 * learner is shown, one module per rule, each returning named problems. Run over every topic
 * of the registry by lint/registry-*.spec.ts.
 */
import type { GeneratedItem } from '../core/types';
import { answerFormatRule } from './answer-format';
import { articleRule } from './article';
import { ismpUnitsRule } from './ismp-units';
import { leadingZeroRule } from './leading-zero';
import { roundingRule } from './rounding';
import { singularRule } from './singular';
import { shownTexts } from './text';
import { thousandsRule } from './thousands';
import { trailingZeroRule } from './trailing-zero';
import type { ItemRule, LintProblem, LintSubject, TextRule } from './types';

export * from './types';
export { plainText } from './text';
export { ROUNDING_INSTRUCTION } from './rounding';

export const TEXT_RULES: readonly TextRule[] = [
  articleRule,
  singularRule,
  thousandsRule,
  leadingZeroRule,
  trailingZeroRule,
  ismpUnitsRule,
];
export const ITEM_RULES: readonly ItemRule[] = [roundingRule, answerFormatRule];

/** The lint's view of a generated item: the shown texts, and the typed answer apart. */
export function lintSubjectOf(
  item: GeneratedItem,
  faceReading?: (s: string) => string,
): LintSubject {
  const subject: LintSubject = {
    type: item.type,
    question: item.question,
    choices: item.choices,
    explanation: item.explanation,
    rounding: item.rounding,
    unit: item.unit,
    answer: item.correctAnswer,
  };
  if (item.type === 'pump') {
    subject.pumpText = item.pump.text;
    const display = item.pump.display;
    if (display && faceReading)
      subject.pumpFace = [display.A.rate, display.A.vtbi, display.B.rate, display.B.vtbi].map(
        faceReading,
      );
  }
  return subject;
}

/** Every problem of an item, rule by rule. */
export function lintSubject(subject: LintSubject): LintProblem[] {
  const out: LintProblem[] = [];
  for (const shown of shownTexts(subject)) for (const rule of TEXT_RULES) out.push(...rule(shown));
  for (const rule of ITEM_RULES) out.push(...rule(subject));
  return out;
}

export function lintItem(item: GeneratedItem, faceReading?: (s: string) => string): LintProblem[] {
  return lintSubject(lintSubjectOf(item, faceReading));
}
