import { dm, m, Rng } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, option } from './shared';

export const ORDER_OF_OPERATIONS_RANGES = {
  templates: ['add_mul', 'paren_div', 'square_mul', 'paren_square', 'div_mul', 'two_products'],
  /** Every number written in the expression. */
  operand: { min: 1, max: 200 },
  /** The value of the expression. */
  answer: { min: 0, max: 999 },
} as const;

type Template = (typeof ORDER_OF_OPERATIONS_RANGES.templates)[number];

interface Expression {
  /** Plain text with + - * / ^ and parentheses (what the spec's parser reads). */
  text: string;
  /** LaTeX steps, the first being the expression itself, the last the value. */
  steps: string[];
  value: number;
  candidates: Distractor[];
}

const keepAny = () => true;

/** Evaluates integer expressions with the order of operations (PEMDAS). */
export function orderOfOperations(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = ORDER_OF_OPERATIONS_RANGES;
  const template: Template = rng.pick(r.templates);
  let e: Expression;
  do {
    e = build(rng, template);
  } while (e.value < r.answer.min || e.value > r.answer.max);
  const answer = String(e.value);
  const explanation = [
    `Use the order of operations: parentheses, exponents, multiplication and division from left to right, then addition and subtraction from left to right.`,
    dm(e.steps.join(' \\\\ &= ').replace(/^/, '\\begin{aligned} & ').concat(' \\end{aligned}')),
    `The answer is ${m(answer)}.`,
  ].join(' ');
  const parts = {
    question: `Evaluate ${m(e.steps[0])}.`,
    answer,
    explanation,
    params: { template, expression: e.text },
  };
  return blankOrNumericChoice(rng, parts, e.candidates, e.value, 0, true);
}

function build(rng: Rng, template: Template): Expression {
  const n = (min = 2, max = 12) => rng.int(min, max);
  switch (template) {
    case 'add_mul': {
      // a + b x c - d
      const [a, b, c, d] = [n(), n(), n(), n()];
      return {
        text: `${a} + ${b} * ${c} - ${d}`,
        steps: [
          `${a} + ${b} \\times ${c} - ${d}`,
          `${a} + ${b * c} - ${d}`,
          `${a + b * c} - ${d}`,
          `${a + b * c - d}`,
        ],
        value: a + b * c - d,
        candidates: [
          option((a + b) * c - d, 'worked left to right (added before multiplying)', 0, keepAny),
          option(a + b * (c - d), 'subtracted before multiplying', 0, keepAny),
          option((a + b) * (c - d), 'added and subtracted before multiplying', 0, keepAny),
        ],
      };
    }
    case 'paren_div': {
      // a x (b + c) - d / e, with d a multiple of e
      const [a, b, c, e] = [n(2, 9), n(1, 9), n(1, 9), n(2, 6)];
      const d = e * n(1, 9);
      const value = a * (b + c) - d / e;
      return {
        text: `${a} * (${b} + ${c}) - ${d} / ${e}`,
        steps: [
          `${a} \\times (${b} + ${c}) - ${d} \\div ${e}`,
          `${a} \\times ${b + c} - ${d} \\div ${e}`,
          `${a * (b + c)} - ${d / e}`,
          `${value}`,
        ],
        value,
        candidates: [
          option(a * b + c - d / e, 'ignored the parentheses', 0, keepAny),
          option(
            (a * (b + c) - d) / e,
            'worked left to right (subtracted before dividing)',
            0,
            (v) => Number.isInteger(v),
          ),
          option(a * (b + c) + d / e, 'added instead of subtracting the quotient', 0, keepAny),
        ],
      };
    }
    case 'square_mul': {
      // a + b^2 x c
      const [a, b, c] = [n(1, 20), n(2, 9), n(2, 6)];
      const value = a + b * b * c;
      return {
        text: `${a} + ${b}^2 * ${c}`,
        steps: [
          `${a} + ${b}^2 \\times ${c}`,
          `${a} + ${b * b} \\times ${c}`,
          `${a} + ${b * b * c}`,
          `${value}`,
        ],
        value,
        candidates: [
          option(
            a + 2 * b * c,
            'treated the exponent as multiplication (doubled instead of squaring)',
            0,
            keepAny,
          ),
          option((a + b) ** 2 * c, 'added before applying the exponent', 0, keepAny),
          option(a + (b * c) ** 2, 'multiplied before applying the exponent', 0, keepAny),
        ],
      };
    }
    case 'paren_square': {
      // (a - b)^2 / c + d, with (a - b)^2 a multiple of c
      const diff = n(2, 9);
      const b = n(1, 9);
      const a = b + diff;
      const square = diff * diff;
      const divisors = [1, 2, 3, 4, 5, 6, 8, 9].filter((k) => k > 1 && square % k === 0);
      const c = divisors.length ? rng.pick(divisors) : diff;
      const d = n(1, 12);
      const value = square / c + d;
      return {
        text: `(${a} - ${b})^2 / ${c} + ${d}`,
        steps: [
          `(${a} - ${b})^2 \\div ${c} + ${d}`,
          `${diff}^2 \\div ${c} + ${d}`,
          `${square} \\div ${c} + ${d}`,
          `${square / c} + ${d}`,
          `${value}`,
        ],
        value,
        candidates: [
          option((a * a - b * b) / c + d, 'squared each number inside the parentheses', 0, (v) =>
            Number.isInteger(v),
          ),
          option(square / (c + d), 'added before dividing', 0, (v) => Number.isInteger(v)),
          option(
            (2 * diff) / c + d,
            'treated the exponent as multiplication (doubled instead of squaring)',
            0,
            (v) => Number.isInteger(v),
          ),
        ],
      };
    }
    case 'div_mul': {
      // a - b / c x d, with b a multiple of c: division and multiplication left to right
      const c = n(2, 6);
      const d = n(2, 6);
      const b = c * d * n(1, 4);
      const a = n((b / c) * d, (b / c) * d + 40);
      const value = a - (b / c) * d;
      return {
        text: `${a} - ${b} / ${c} * ${d}`,
        steps: [
          `${a} - ${b} \\div ${c} \\times ${d}`,
          `${a} - ${b / c} \\times ${d}`,
          `${a} - ${(b / c) * d}`,
          `${value}`,
        ],
        value,
        candidates: [
          option(a - b / (c * d), 'multiplied before dividing (ignored left to right)', 0, keepAny),
          option(((a - b) / c) * d, 'worked left to right (subtracted first)', 0, (v) =>
            Number.isInteger(v),
          ),
          option(a + (b / c) * d, 'added instead of subtracting', 0, keepAny),
        ],
      };
    }
    case 'two_products': {
      // a x b - c x d + e
      const [a, b, c, d, e] = [n(), n(), n(), n(2, 9), n(1, 15)];
      const value = a * b - c * d + e;
      return {
        text: `${a} * ${b} - ${c} * ${d} + ${e}`,
        steps: [
          `${a} \\times ${b} - ${c} \\times ${d} + ${e}`,
          `${a * b} - ${c * d} + ${e}`,
          `${a * b - c * d} + ${e}`,
          `${value}`,
        ],
        value,
        candidates: [
          option(
            (a * b - c) * d + e,
            'worked left to right (subtracted before multiplying)',
            0,
            keepAny,
          ),
          option(a * b - c * (d + e), 'added before multiplying', 0, keepAny),
          option(a * b - c * d - e, 'subtracted the last term too', 0, keepAny),
        ],
      };
    }
  }
}
