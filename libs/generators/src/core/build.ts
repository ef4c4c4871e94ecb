import type { RoundingRule } from '@examprep/contracts/types';
import { ANSWER_FORMAT } from './answer-format';
import { roundingInstruction, sameValue, separateThousands } from './numbers';
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
  // Choices are shown, so they carry thousands separators like the texts (the answer too: it
  // is one of them); the distractors name the choices as shown.
  const shown = chosen.map((c) => ({ ...c, value: separateThousands(c.value) }));
  const answer = separateThousands(parts.answer);
  return {
    type: 'single',
    question: shownText(withRounding(parts.question, parts.rounding ?? null)),
    choices: rng.shuffle([answer, ...shown.map((c) => c.value)]),
    correctAnswer: [answer],
    explanation: shownText(parts.explanation),
    rounding: parts.rounding ?? null,
    unit: parts.unit ?? null,
    distractors: shown,
    params: parts.params,
  };
}

/**
 * A fill-in-the-blank item graded under `rounding`. The key stays as typed (plain digits: the
 * checker reads '1,000' and '1000' alike); the texts carry thousands separators.
 */
export function blank(parts: ItemParts): QuestionItem {
  return {
    type: 'blank',
    question: shownText(withRounding(withAnswerFormat(parts), parts.rounding ?? null)),
    choices: [],
    correctAnswer: [parts.answer],
    explanation: shownText(parts.explanation),
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

/**
 * A blank's question with what to type when the answer is a percent: the validator refuses
 * '%', so the item says to type the number alone (the unit '%' is shown after the field).
 */
function withAnswerFormat(parts: ItemParts): string {
  return parts.unit === '%' ? `${parts.question} ${ANSWER_FORMAT.percent}` : parts.question;
}

/** A text as shown: every number of 1,000 and above with its separators (ISMP). */
const shownText = separateThousands;

function withRounding(question: string, rounding: RoundingRule | null): string {
  return rounding ? `${question} ${roundingInstruction(rounding.places)}` : question;
}

/** Broken numbers (NaN, Infinity) never show; each generator rules out values its topic forbids (e.g. 0 mL/hr). */
function isUsable(value: string): boolean {
  return !/NaN|Infinity|undefined/.test(value);
}
