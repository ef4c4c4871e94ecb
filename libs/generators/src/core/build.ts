import type { RoundingRule } from '@examprep/contracts/types';
import { roundingInstruction, sameValue } from './numbers';
import type { Rng } from './rng';
import type { Distractor, QuestionItem } from './types';

export interface ItemParts {
  /** Question text without the rounding sentence (added here when `rounding` is set). */
  question: string;
  answer: string;
  explanation: string;
  rounding?: RoundingRule | null;
  unit?: string | null;
  params: Record<string, number | string>;
}

/**
 * A single-choice item: the answer plus three distinct distractors, taken in order from
 * `candidates` (named misconceptions first, then generic fallbacks); any candidate equal to
 * the answer or to an earlier choice (numerically or as text) is skipped. Choices shuffled.
 */
export function singleChoice(rng: Rng, parts: ItemParts, candidates: Distractor[]): QuestionItem {
  const chosen: Distractor[] = [];
  for (const candidate of candidates) {
    if (chosen.length === 3) break;
    if (!candidate.value || !isUsable(candidate.value)) continue;
    if (sameValue(candidate.value, parts.answer)) continue;
    if (chosen.some((c) => sameValue(c.value, candidate.value))) continue;
    chosen.push(candidate);
  }
  if (chosen.length < 3) {
    throw new Error(
      `only ${chosen.length} distinct distractors for answer ${parts.answer}: add fallbacks`,
    );
  }
  return {
    type: 'single',
    question: withRounding(parts.question, parts.rounding ?? null),
    choices: rng.shuffle([parts.answer, ...chosen.map((c) => c.value)]),
    correctAnswer: [parts.answer],
    explanation: parts.explanation,
    rounding: parts.rounding ?? null,
    unit: parts.unit ?? null,
    distractors: chosen,
    params: parts.params,
  };
}

/** A fill-in-the-blank item graded under `rounding`. */
export function blank(parts: ItemParts): QuestionItem {
  return {
    type: 'blank',
    question: withRounding(parts.question, parts.rounding ?? null),
    choices: [],
    correctAnswer: [parts.answer],
    explanation: parts.explanation,
    rounding: parts.rounding ?? null,
    unit: parts.unit ?? null,
    distractors: [],
    params: parts.params,
  };
}

/**
 * Fill-in-the-blank or single choice with equal chance (one draw of `rng`). The wrong
 * choices are only worked out for a single-choice item; `candidates` must not draw from `rng`.
 */
export function blankOrSingle(
  rng: Rng,
  parts: ItemParts,
  candidates: () => Distractor[],
): QuestionItem {
  return rng.chance(0.5) ? blank(parts) : singleChoice(rng, parts, candidates());
}

function withRounding(question: string, rounding: RoundingRule | null): string {
  return rounding ? `${question} ${roundingInstruction(rounding.places)}` : question;
}

/** Broken numbers (NaN, Infinity) never show; each generator rules out values its topic forbids (e.g. 0 mL/hr). */
function isUsable(value: string): boolean {
  return !/NaN|Infinity|undefined/.test(value);
}
