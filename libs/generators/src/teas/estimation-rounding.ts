import { dm, formatWithCommas, m, Rng, roundTo } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, clean, num, option } from './shared';

export const ESTIMATION_ROUNDING_RANGES = {
  kinds: ['round_decimal', 'round_whole', 'estimate_sum', 'estimate_product'],
  /** Decimals rounded to a whole number, tenth or hundredth (three decimals shown). */
  decimal: { min: 1.001, max: 99.999 },
  /** Whole numbers rounded to the nearest ten, hundred or thousand. */
  whole: { min: 1001, max: 99999 },
  /** Addends (one decimal) of an estimated sum, rounded to whole numbers. */
  addend: { min: 10.1, max: 99.9 },
  /** Two-digit factors (not multiples of ten) of an estimated product, rounded to tens. */
  factor: { min: 11, max: 99 },
} as const;

type Kind = (typeof ESTIMATION_ROUNDING_RANGES.kinds)[number];

/** Names of the place rounded to, by power of ten (-2 = hundredth, 3 = thousand). */
const PLACE: Record<number, string> = {
  [-2]: 'hundredth',
  [-1]: 'tenth',
  0: 'whole number',
  1: 'ten',
  2: 'hundred',
  3: 'thousand',
};
/** Names of the digit places in explanations. */
const DIGIT: Record<number, string> = {
  [-3]: 'thousandths',
  [-2]: 'hundredths',
  [-1]: 'tenths',
  0: 'ones',
  1: 'tens',
  2: 'hundreds',
  3: 'thousands',
};

/** Rounds to a power of ten (half away from zero); truncates and rounds up likewise. */
const toPlace = (x: number, power: number) =>
  power <= 0 ? roundTo(x, -power) : roundTo(x / 10 ** power, 0) * 10 ** power;
const truncate = (x: number, power: number) =>
  clean(Math.floor(clean(x / 10 ** power)) * 10 ** power);
const roundUp = (x: number, power: number) =>
  clean(Math.ceil(clean(x / 10 ** power)) * 10 ** power);

/** Rounding to a place value, and estimating sums and products by rounding first. */
export function estimationRounding(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const kind: Kind = rng.pick(ESTIMATION_ROUNDING_RANGES.kinds);
  const built = kind.startsWith('round')
    ? rounding(rng, kind === 'round_decimal')
    : estimate(rng, kind);
  const answer = num(built.answer, 2);
  const parts = {
    question: built.question,
    answer,
    explanation: `${built.explanation} The answer is ${m(answer)}.`,
    params: built.params,
  };
  return blankOrNumericChoice(rng, parts, built.candidates, built.answer, 2);
}

interface Built {
  question: string;
  explanation: string;
  answer: number;
  candidates: Distractor[];
  params: Record<string, number | string>;
}

function rounding(rng: Rng, decimal: boolean): Built {
  const r = ESTIMATION_ROUNDING_RANGES;
  const power = decimal ? rng.int(-2, 0) : rng.int(1, 3);
  let value: number;
  if (decimal) {
    let thousandths = rng.int(Math.round(r.decimal.min * 1000), Math.round(r.decimal.max * 1000));
    if (thousandths % 10 === 0) thousandths += 1;
    value = thousandths / 1000;
  } else {
    value = rng.int(r.whole.min, r.whole.max);
    if (value % 10 ** power === 0) value += 1;
  }
  const answer = toPlace(value, power);
  const placeName = PLACE[power];
  const digitPower = power - 1;
  const nextDigit = Math.floor(clean(value / 10 ** digitPower)) % 10;
  const shown = decimal ? num(value, 3) : formatWithCommas(value, 0);
  const explanation = [
    `To round to the nearest ${placeName}, look at the ${DIGIT[digitPower]} digit, just to the right of the ${DIGIT[power]} place: it is ${m(String(nextDigit))}.`,
    nextDigit >= 5
      ? `Because it is 5 or more, add 1 to the ${DIGIT[power]} digit${decimal ? ' and drop the digits after it' : ' and replace the digits after it with zeros'}.`
      : `Because it is less than 5, keep the ${DIGIT[power]} digit${decimal ? ' and drop the digits after it' : ' and replace the digits after it with zeros'}.`,
    dm(
      `${shown.replace(/,/g, '{,}')} \\approx ${formatWithCommas(answer, 2).replace(/,/g, '{,}')}`,
    ),
  ].join(' ');
  const other = (p: number) =>
    PLACE[p] !== undefined && (decimal ? p <= 0 : p >= 1) ? toPlace(value, p) : NaN;
  return {
    question: `Round ${m(shown.replace(/,/g, '{,}'))} to the nearest ${placeName}.`,
    explanation,
    answer,
    candidates: [
      option(truncate(value, power), 'truncated instead of rounding', 2),
      option(roundUp(value, power), 'rounded up instead of down', 2),
      option(other(power + 1), 'rounded to the wrong place (one place too far left)', 2),
      option(other(power - 1), 'rounded to the wrong place (one place too far right)', 2),
    ],
    params: { kind: decimal ? 'round_decimal' : 'round_whole', value, power },
  };
}

function estimate(rng: Rng, kind: Kind): Built {
  const r = ESTIMATION_ROUNDING_RANGES;
  if (kind === 'estimate_sum') {
    const count = rng.int(3, 4);
    const terms: number[] = [];
    for (let i = 0; i < count; i++) {
      let tenths = rng.int(Math.round(r.addend.min * 10), Math.round(r.addend.max * 10));
      if (tenths % 10 === 0) tenths += 1;
      terms.push(tenths / 10);
    }
    const roundedTerms = terms.map((t) => toPlace(t, 0));
    const answer = roundedTerms.reduce((s, t) => s + t, 0);
    const exact = clean(terms.reduce((s, t) => s + t, 0));
    return {
      question: `Estimate ${m(terms.map((t) => num(t)).join(' + '))} by first rounding each number to the nearest whole number.`,
      explanation: [
        `Round each number to the nearest whole number, then add:`,
        dm(`${roundedTerms.join(' + ')} = ${answer}`),
        `(The exact sum is ${m(num(exact))}, so the estimate is close.)`,
      ].join(' '),
      answer,
      candidates: [
        option(exact, 'computed the exact sum instead of estimating', 2),
        option(
          terms.reduce((s, t) => s + Math.floor(t), 0),
          'truncated each number instead of rounding',
          2,
        ),
        option(
          terms.reduce((s, t) => s + toPlace(t, 1), 0),
          'rounded each number to the nearest ten',
          2,
        ),
      ],
      params: { kind, terms: terms.map((t) => num(t)).join(' ') },
    };
  }
  const draw = () => {
    let x = rng.int(r.factor.min, r.factor.max);
    if (x % 10 === 0) x += 1;
    return x;
  };
  const a = draw();
  const b = draw();
  const ra = toPlace(a, 1);
  const rb = toPlace(b, 1);
  const answer = ra * rb;
  return {
    question: `Estimate ${m(`${a} \\times ${b}`)} by first rounding each factor to the nearest ten.`,
    explanation: [
      `Round each factor to the nearest ten: ${m(`${a} \\approx ${ra}`)} and ${m(`${b} \\approx ${rb}`)}. Then multiply:`,
      dm(`${ra} \\times ${rb} = ${formatWithCommas(answer).replace(/,/g, '{,}')}`),
    ].join(' '),
    answer,
    candidates: [
      option(a * b, 'computed the exact product instead of estimating', 2),
      option(truncate(a, 1) * truncate(b, 1), 'truncated each factor instead of rounding', 2),
      option(ra * b, 'rounded only the first factor', 2),
      option(a * rb, 'rounded only the second factor', 2),
      option(ra + rb, 'added instead of multiplying', 2),
    ],
    params: { kind, a, b },
  };
}
