import {
  add,
  blank,
  div,
  dm,
  fraction,
  fractionLatex,
  lcm,
  m,
  mul,
  Rng,
  roundTo,
  singleChoice,
  sub,
} from '../core';
import type { Distractor, Fraction, GeneratedItem } from '../core';
import { mixedText, rounded } from './shared';

export const FRACTION_OPS_RANGES = {
  denominators: [2, 3, 4, 5, 6, 8, 9, 10, 12],
  /** Whole part of a mixed-number operand. */
  whole: { min: 1, max: 3 },
  operations: ['add', 'subtract', 'multiply', 'divide'],
  /** Decimal answers of blank items are rounded to hundredths. */
  decimalPlaces: 2,
} as const;

type Operation = (typeof FRACTION_OPS_RANGES.operations)[number];

const SYMBOL: Record<Operation, string> = {
  add: '+',
  subtract: '-',
  multiply: '\\times',
  divide: '\\div',
};

/**
 * Adds, subtracts, multiplies or divides two fractions (sometimes mixed numbers). Single-choice
 * items ask for lowest terms ('1 3/4'); blank items ask for the decimal to hundredths.
 */
export function fractionOps(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = FRACTION_OPS_RANGES;
  const op = rng.pick(r.operations);
  const mixed = rng.chance(0.3);
  const draw = (): { value: Fraction; whole: number; part: Fraction } => {
    const d = rng.pick(r.denominators);
    const part = fraction(rng.int(1, d - 1), d);
    const whole = mixed ? rng.int(r.whole.min, r.whole.max) : 0;
    return { value: add(fraction(whole, 1), part), whole, part };
  };
  let first = draw();
  let second = draw();
  while (op === 'subtract' && first.value.n * second.value.d === second.value.n * first.value.d) {
    second = draw();
  }
  if (op === 'subtract' && first.value.n * second.value.d < second.value.n * first.value.d) {
    [first, second] = [second, first];
  }
  const a = first.value;
  const b = second.value;
  const result = apply(op, a, b);
  const asDecimal = rng.chance(0.5);

  const expression = `${fractionLatex(a, true)} ${SYMBOL[op]} ${fractionLatex(b, true)}`;
  const steps: string[] = [];
  if (mixed) {
    steps.push(
      `Write the mixed numbers as improper fractions: ${m(`${fractionLatex(a, true)} = ${fractionLatex(a)}`)} and ${m(`${fractionLatex(b, true)} = ${fractionLatex(b)}`)}.`,
    );
  }
  if (op === 'add' || op === 'subtract') {
    const common = lcm(a.d, b.d);
    const an = a.n * (common / a.d);
    const bn = b.n * (common / b.d);
    const sign = op === 'add' ? '+' : '-';
    steps.push(
      common === a.d && common === b.d
        ? `The denominators are already the same (${m(String(common))}), so ${op} the numerators.`
        : `Use the least common denominator ${m(String(common))}: ${m(`${fractionLatex(a)} = \\frac{${an}}{${common}}`)} and ${m(`${fractionLatex(b)} = \\frac{${bn}}{${common}}`)}.`,
      dm(
        `\\frac{${an}}{${common}} ${sign} \\frac{${bn}}{${common}} = ${simplified(op === 'add' ? an + bn : an - bn, common, result)}`,
      ),
    );
  } else if (op === 'multiply') {
    steps.push(
      'Multiply the numerators and multiply the denominators, then simplify.',
      dm(
        `${fractionLatex(a)} \\times ${fractionLatex(b)} = ${simplified(a.n * b.n, a.d * b.d, result)}`,
      ),
    );
  } else {
    steps.push(
      `Dividing by a fraction is multiplying by its reciprocal ${m(fractionLatex(fraction(b.d, b.n)))}.`,
      dm(
        `${fractionLatex(a)} \\times ${fractionLatex(fraction(b.d, b.n))} = ${simplified(a.n * b.d, a.d * b.n, result)}`,
      ),
    );
  }
  const params = {
    operation: op,
    aNumerator: a.n,
    aDenominator: a.d,
    bNumerator: b.n,
    bDenominator: b.d,
    mixed: mixed ? 1 : 0,
    form: asDecimal ? 'decimal' : 'fraction',
  };

  if (asDecimal) {
    const places = r.decimalPlaces;
    const exact = result.n / result.d;
    const answer = rounded(exact, places);
    const isExact = roundTo(exact, places) === exact;
    steps.push(
      `As a decimal: ${m(`${fractionLatex(result)} = ${result.n} \\div ${result.d} ${isExact ? '=' : '\\approx'} ${answer}`)}. The answer is ${m(answer)}.`,
    );
    return blank({
      question: `What is ${m(expression)}? Write the answer as a decimal.`,
      answer,
      explanation: steps.join(' '),
      rounding: { places },
      params,
    });
  }

  const answer = mixedText(result);
  steps.push(
    result.d !== 1 && Math.abs(result.n) > result.d
      ? `As a mixed number, ${m(`${fractionLatex(result)} = ${fractionLatex(result, true)}`)}. The answer is ${m(fractionLatex(result, true))}.`
      : `The answer is ${m(fractionLatex(result))}.`,
  );
  const text = (n: number, d: number): string =>
    d > 0 && n > 0 && Number.isInteger(n) && Number.isInteger(d) ? mixedText(fraction(n, d)) : '';
  const named = (f: Fraction | null, misconception: string): Distractor => ({
    value: f ? text(f.n, f.d) : '',
    misconception,
  });
  const differ = a.d !== b.d;
  const candidates: Distractor[] = [];
  switch (op) {
    case 'add':
      candidates.push(
        { value: text(a.n + b.n, a.d + b.d), misconception: 'added numerators and denominators' },
        named(
          differ ? fraction(a.n + b.n, a.d * b.d) : null,
          'multiplied the denominators but did not rename the numerators',
        ),
        named(mixed ? add(first.part, second.part) : null, 'ignored the whole numbers'),
        named(mul(a, b), 'multiplied instead of adding'),
      );
      break;
    case 'subtract':
      candidates.push(
        {
          value: text(a.n - b.n, a.d - b.d),
          misconception: 'subtracted numerators and denominators',
        },
        named(
          differ ? fraction(a.n - b.n, a.d * b.d) : null,
          'multiplied the denominators but did not rename the numerators',
        ),
        named(
          mixed && first.whole > second.whole
            ? add(fraction(first.whole - second.whole, 1), smallFromLarge(first.part, second.part))
            : null,
          'subtracted the smaller fraction from the larger instead of regrouping',
        ),
        named(mixed ? sub(first.part, second.part) : null, 'ignored the whole numbers'),
        named(add(a, b), 'added instead of subtracting'),
      );
      break;
    case 'multiply':
      candidates.push(
        named(
          mixed ? add(fraction(first.whole * second.whole, 1), mul(first.part, second.part)) : null,
          'multiplied the whole numbers and the fractions separately',
        ),
        named(div(a, b), 'inverted the second fraction (divided instead of multiplying)'),
        {
          value: text(a.n * b.n, a.d + b.d),
          misconception: 'multiplied the numerators but added the denominators',
        },
        named(add(a, b), 'added instead of multiplying'),
      );
      break;
    case 'divide':
      candidates.push(
        named(mul(a, b), 'did not invert the divisor (multiplied instead)'),
        named(div(b, a), 'inverted the dividend instead of the divisor'),
        named(
          mixed ? add(fraction(first.whole, second.whole), div(first.part, second.part)) : null,
          'divided the whole numbers and the fractions separately',
        ),
        named(mul(fraction(a.d, a.n), fraction(b.d, b.n)), 'inverted both fractions'),
      );
      break;
  }
  candidates.push(
    { value: text(result.n + 1, result.d), misconception: 'numerator slip (+1)' },
    { value: text(result.n, result.d + 1), misconception: 'denominator slip (+1)' },
    { value: text(result.d, result.n), misconception: 'inverted the answer' },
    { value: text(result.n - 1, result.d), misconception: 'numerator slip (-1)' },
    { value: text(result.n * 2, result.d), misconception: 'doubled the answer' },
  );
  return singleChoice(
    rng,
    {
      question: `What is ${m(expression)}? Give the answer in lowest terms.`,
      answer,
      explanation: steps.join(' '),
      params,
    },
    candidates,
  );
}

function apply(op: Operation, a: Fraction, b: Fraction): Fraction {
  switch (op) {
    case 'add':
      return add(a, b);
    case 'subtract':
      return sub(a, b);
    case 'multiply':
      return mul(a, b);
    case 'divide':
      return div(a, b);
  }
}

/** '\\frac{n}{d}' followed by '= simplest form' when simplifying changes it. */
function simplified(n: number, d: number, result: Fraction): string {
  const raw = `\\frac{${n}}{${d}}`;
  return n === result.n && d === result.d ? raw : `${raw} = ${fractionLatex(result)}`;
}

/** |p - q|: what a learner who never regroups (borrows) writes for the fraction parts. */
function smallFromLarge(p: Fraction, q: Fraction): Fraction {
  const difference = sub(p, q);
  return difference.n < 0 ? fraction(-difference.n, difference.d) : difference;
}
