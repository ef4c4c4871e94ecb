/**
 * Helpers shared by the Med Dosage generators: medication notation of quantities in text
 * and LaTeX, rounding sentences, and the numeric item builder with named distractors and
 * generic fallbacks (so a single-choice item always has three distinct wrong choices).
 */
import {
  blank,
  blankOrSingle,
  formatNumber,
  formatWithCommas,
  roundingInstruction,
  roundTo,
  unit,
} from '../core';
import type { Distractor, QuestionItem, ItemParts, Rng } from '../core';

const POW10 = [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];

/** Removes binary noise (0.1 * 3 = 0.30000000000000004) so rounding sees the true decimal. */
export const clean = (x: number): number => (Number.isInteger(x) ? x : Number(x.toPrecision(12)));

/**
 * Rounds half away from zero after removing binary noise. Values that already have at most
 * `places` decimals are returned as they are (core roundTo parses strings, so it is the
 * slow path of every generator; this keeps it for values that really need rounding).
 */
export function round(x: number, places: number): number {
  const c = clean(x);
  if (Number.isInteger(c)) return c;
  const scaled = c * POW10[places];
  if (Number.isInteger(scaled) && scaled / POW10[places] === c) return c;
  return roundTo(c, places);
}

/**
 * formatNumber of a value already rounded to `places`: its shortest JavaScript form is that
 * decimal (leading zero, no trailing zero) unless exponent notation would show.
 */
const format = (x: number, places: number): string => {
  const a = Math.abs(x);
  return a < 1e15 && (a === 0 || a >= 1e-6) ? String(x) : formatNumber(x, places);
};

/** A value rounded to `places` in medication notation (leading zero, no trailing zero). */
export const fmt = (x: number, places: number): string => format(round(x, places), places);

/** A number for question text: up to 4 decimals, thousands separators (1,000 and up). */
export const num = (x: number): string => {
  const r = round(x, 4);
  return Math.abs(r) < 1000 ? format(r, 4) : formatWithCommas(r, 4);
};

/** A number inside LaTeX (the thousands comma braced so KaTeX adds no space after it). */
export const tex = (x: number): string => num(x).replace(/,/g, '{,}');

/**
 * A unit written as a word agrees with its number ('1 unit', '0.25 cups'); abbreviations
 * (mL, mg, hr) never change. The word units the generators write are 'units' and 'cup'.
 */
export function agree(x: number, u: string): string {
  if (x === 1) return u.replace(/^units\b/, 'unit').replace(/^cups\b/, 'cup');
  return u.replace(/^unit\b/, 'units').replace(/^cup\b/, 'cups');
}

/** A quantity inside LaTeX: 12.5\,\text{mg}. */
export const q = (x: number, u: string): string => `${tex(x)}\\,${unit(agree(x, u))}`;

/** A fraction inside LaTeX. */
export const frac = (top: string, bottom: string): string => `\\frac{${top}}{${bottom}}`;

/** '=' when `exact` is shown exactly with `shown` decimals, otherwise '\approx'. */
export const rel = (exact: number, shown: number): string =>
  round(exact, shown) === clean(exact) ? '=' : '\\approx';

/** `exact` with `shown` decimals, preceded by '=' or '\approx' (for the end of a chain). */
export const result = (exact: number, u: string, shown: number): string =>
  `${rel(exact, shown)} ${tex(round(exact, shown))}\\,${unit(agree(round(exact, shown), u))}`;

/**
 * The closing sentence of an explanation: 'The answer is \(1.5\,\text{mL}\).' or, when the
 * exact value needed rounding, 'Rounded to the nearest tenth, the answer is ...'.
 */
function conclusion(exact: number, places: number, u: string, what = 'the answer is'): string {
  const shown = `\\(${tex(round(exact, places))}\\,${unit(agree(round(exact, places), u))}\\)`;
  if (round(exact, places) === clean(exact)) return `So ${what} ${shown}.`;
  const rule = roundingInstruction(places).replace('Round to', 'Rounded to').replace(/\.$/, '');
  return `${rule}, ${what} ${shown}.`;
}

/** A wrong value and the named misconception that produces it (null when it does not apply). */
export interface NumericDistractor {
  value: number | null;
  misconception: string;
}

export interface NumericSpec {
  /** Question text without the rounding sentence. */
  question: string;
  /** The worked steps; the closing sentence (see `conclusion`) is added after them. */
  steps: string[];
  /** Words before the answer in the closing sentence (default 'the answer is'). */
  answerIs?: string;
  /** Unit in the closing sentence when it is written shorter than `unit` ('tab'). */
  conclusionUnit?: string;
  /** A remark after the closing sentence (left out when absent or empty). */
  after?: string;
  /** The exact (unrounded) answer; the item's answer is it rounded to `places`. */
  exact: number;
  places: number;
  unit: string;
  params: Record<string, number | string>;
  /**
   * Named misconceptions, most telling first (`false` where one does not apply to the drawn
   * values); generic fallbacks are appended.
   */
  distractors: (NumericDistractor | false)[];
  /** Decimals shown in wrong choices (default `places`, i.e. rounded like the answer). */
  choicePlaces?: number;
}

/** A numeric item that is always fill-in-the-blank. */
export type NumericBlankSpec = Omit<NumericSpec, 'distractors' | 'choicePlaces'>;

/**
 * The parts every numeric item shares: the answer rounded to `places` in medication
 * notation, the rounding rule, and the explanation ending in its closing sentence.
 */
function numericParts(spec: NumericBlankSpec): ItemParts {
  const closing = conclusion(
    spec.exact,
    spec.places,
    spec.conclusionUnit ?? spec.unit,
    spec.answerIs,
  );
  return {
    question: spec.question,
    answer: fmt(spec.exact, spec.places),
    explanation: [...spec.steps, closing, ...(spec.after ? [spec.after] : [])].join(' '),
    rounding: { places: spec.places },
    unit: spec.unit,
    params: spec.params,
  };
}

/**
 * A numeric item: fill-in-the-blank or single choice with equal chance. Wrong choices are
 * rounded like the answer; zero, negative or non-finite ones are never shown.
 */
export function numericItem(rng: Rng, spec: NumericSpec): QuestionItem {
  return blankOrSingle(rng, numericParts(spec), () => numericChoices(spec));
}

/** A numeric fill-in-the-blank item (no wrong choices). */
export function numericBlank(spec: NumericBlankSpec): QuestionItem {
  return blank(numericParts(spec));
}

/** The first three usable, distinct wrong values: the named ones, then generic slips. */
function numericChoices(spec: NumericSpec): Distractor[] {
  const shown = spec.choicePlaces ?? spec.places;
  const a = round(spec.exact, spec.places);
  const step = 10 ** -spec.places;
  const candidates: (NumericDistractor | false)[] = [
    ...spec.distractors,
    { value: a * 10, misconception: 'decimal slip (x10)' },
    { value: a / 10, misconception: 'decimal slip (÷10)' },
    { value: a * 2, misconception: 'arithmetic slip (x2)' },
    { value: a / 2, misconception: 'arithmetic slip (÷2)' },
    { value: a + step, misconception: 'rounding slip (one unit too high in the last place)' },
    { value: a + 2 * step, misconception: 'rounding slip (two units too high in the last place)' },
  ];
  // singleChoice checks again; stopping at three keeps the property runs fast.
  const chosen: Distractor[] = [];
  const seen = [round(a, shown)];
  for (const d of candidates) {
    if (chosen.length === 3) break;
    if (!d || d.value === null || !Number.isFinite(d.value)) continue;
    const value = round(d.value, shown);
    if (value <= 0 || seen.includes(value)) continue;
    seen.push(value);
    chosen.push({ value: format(value, shown), misconception: d.misconception });
  }
  return chosen;
}

/** Decimals needed to write `x` exactly (at most 6). */
export function decimalsOf(x: number): number {
  const text = formatNumber(clean(x), 6);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Places for a mL volume: tenth, or hundredth under 1 mL. */
export const mlPlaces = (ml: number): number => (round(ml, 2) < 1 ? 2 : 1);

/** 'hour' or 'hours'. */
export const plural = (n: number, word: string): string =>
  `${num(n)} ${n === 1 ? word : `${word}s`}`;
