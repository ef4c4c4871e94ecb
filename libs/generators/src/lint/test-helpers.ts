import type { LintProblem, LintSubject, TextRule } from './types';

/** The messages a text rule finds in a question text (for the rules' specs). */
export const findings = (rule: TextRule, text: string): string[] =>
  rule({ place: 'question', text }).map((p: LintProblem) => p.message);

/** A blank item's lint subject with the given fields (for the item rules' specs). */
export function subject(fields: Partial<LintSubject>): LintSubject {
  return {
    type: 'blank',
    question: 'What is 2 + 2?',
    choices: [],
    explanation: '2 + 2 = 4.',
    rounding: null,
    unit: null,
    answer: ['4'],
    ...fields,
  };
}
