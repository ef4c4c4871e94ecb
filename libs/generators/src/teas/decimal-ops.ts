import { dm, m, Rng } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, clean, hasPlaces, num, option } from './shared';

export const DECIMAL_OPS_RANGES = {
  operations: ['add', 'subtract', 'multiply', 'divide'],
  /** Operands of sums and differences. */
  addend: { min: 0.1, max: 99.99 },
  /** Factors of products. */
  factor: { min: 0.05, max: 12 },
  /** Divisors have one or two decimal places; quotients are whole or tenths. */
  divisor: { min: 0.05, max: 9.9 },
  quotient: { min: 1.1, max: 60 },
} as const;

type Operation = (typeof DECIMAL_OPS_RANGES.operations)[number];

/** A decimal with exactly `places` decimals (last digit non-zero) from its digits range. */
function decimal(rng: Rng, minDigits: number, maxDigits: number, places: number): number {
  let digits = rng.int(minDigits, maxDigits);
  if (places > 0 && digits % 10 === 0) digits += 1;
  return clean(digits / 10 ** places);
}

/** Decimal places written in a number's notation. */
const placesOf = (x: number): number => (num(x).split('.')[1] ?? '').length;

const placesText = (n: number): string => `${n} decimal ${n === 1 ? 'place' : 'places'}`;

/** Digits of a decimal without its point: 12.5 -> 125. */
const digitsOf = (x: number): number => Math.round(x * 10 ** placesOf(x));

/**
 * Adds, subtracts, multiplies or divides decimals. The answers are exact (no rounding);
 * the misconceptions are the classic decimal-point ones.
 */
export function decimalOps(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const op: Operation = rng.pick(DECIMAL_OPS_RANGES.operations);
  let a: number;
  let b: number;
  switch (op) {
    case 'add':
    case 'subtract': {
      const pa = rng.int(1, 2);
      const pb = rng.pick([0, 1, 2].filter((p) => p !== pa));
      a = decimal(rng, 10 ** pa, 99 * 10 ** pa, pa);
      b = decimal(rng, pb === 0 ? 1 : 10 ** pb, 50 * 10 ** pb, pb);
      if (op === 'subtract' && a <= b) [a, b] = [b, a];
      break;
    }
    case 'multiply': {
      const pa = rng.int(1, 2);
      a = pa === 1 ? decimal(rng, 2, 99, 1) : decimal(rng, 5, 99, 2);
      b = rng.chance(0.5) ? rng.int(2, 12) : decimal(rng, 11, 99, 1);
      break;
    }
    case 'divide': {
      const pb = rng.int(1, 2);
      b = pb === 1 ? decimal(rng, 2, 99, 1) : decimal(rng, 5, 95, 2);
      const q = rng.chance(0.6) ? rng.int(2, 60) : decimal(rng, 11, 99, 1);
      a = clean(q * b);
      break;
    }
  }

  const exact = clean(
    op === 'add' ? a + b : op === 'subtract' ? a - b : op === 'multiply' ? a * b : a / b,
  );
  const answer = num(exact);
  const A = num(a);
  const B = num(b);
  const symbol = { add: '+', subtract: '-', multiply: '\\times', divide: '\\div' }[op];
  const pa = placesOf(a);
  const pb = placesOf(b);
  const steps: string[] = [];
  const candidates: Distractor[] = [];
  if (op === 'add' || op === 'subtract') {
    steps.push(
      `Line up the decimal points so that ones are under ones, tenths under tenths and hundredths under hundredths, then ${op === 'add' ? 'add' : 'subtract'} column by column.`,
      dm(`${A} ${symbol} ${B} = ${answer}`),
    );
    const misaligned = Math.abs(
      op === 'add' ? digitsOf(a) + digitsOf(b) : digitsOf(a) - digitsOf(b),
    );
    candidates.push(
      option(
        misaligned / 10 ** Math.max(pa, pb),
        'lined up the last digits instead of the decimal points',
        4,
      ),
      option(
        op === 'add' ? a - b : a + b,
        op === 'add' ? 'subtracted instead of adding' : 'added instead of subtracting',
        4,
      ),
    );
  } else if (op === 'multiply') {
    const product = digitsOf(a) * digitsOf(b);
    steps.push(
      `Multiply as if there were no decimal points: ${m(`${digitsOf(a)} \\times ${digitsOf(b)} = ${product}`)}.`,
      `The factors have ${pa} + ${pb} = ${placesText(pa + pb)} in all, so place the decimal point ${placesText(pa + pb).replace('decimal ', '')} from the right of ${product}${product % 10 === 0 ? ' and drop the trailing zeros' : ''}:`,
      dm(`${A} \\times ${B} = ${answer}`),
    );
    candidates.push(
      option(exact * 10, 'decimal slip (x10): counted too few decimal places', 4),
      option(exact / 10, 'decimal slip (/10): counted too many decimal places', 4),
      option(a + b, 'added instead of multiplying', 4),
    );
  } else {
    const shift = 10 ** pb;
    steps.push(
      `Make the divisor a whole number: move both decimal points ${pb} ${pb === 1 ? 'place' : 'places'} to the right (multiply both numbers by ${shift}).`,
      dm(`${A} \\div ${B} = ${num(a * shift)} \\div ${num(b * shift)} = ${answer}`),
    );
    candidates.push(
      option(exact / shift, 'moved the decimal point of the divisor only', 4),
      option(exact * shift, 'moved the decimal point of the dividend only', 4),
      option(hasPlaces(b / a, 4) ? b / a : NaN, 'divided the divisor by the dividend', 4),
      option(a * b, 'multiplied instead of dividing', 4),
    );
  }
  steps.push(`The answer is ${m(answer)}.`);
  const parts = {
    question: `What is ${m(`${A} ${symbol} ${B}`)}?`,
    answer,
    explanation: steps.join(' '),
    params: { operation: op, a, b },
  };
  return blankOrNumericChoice(rng, parts, candidates, exact, 4);
}
