import { m, Rng } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, hasPlaces, num, option, paren, signed, term } from './shared';

export const LINEAR_EQUATIONS_RANGES = {
  forms: ['two_step', 'distribute', 'both_sides', 'divide'],
  /** The solution x: a non-zero whole number. */
  solution: { min: -12, max: 12 },
  /** Coefficients of x (never 0) and constants. */
  coefficient: { min: -9, max: 9 },
  constant: { min: -20, max: 20 },
} as const;

type Form = (typeof LINEAR_EQUATIONS_RANGES.forms)[number];

/** A misconception's value, kept only when it is a whole number (so choices look alike). */
const wrong = (value: number, misconception: string): Distractor =>
  option(value, misconception, 0, (v) => hasPlaces(v, 0));

/**
 * One-variable linear equations with a whole-number solution: ax + b = c, a(x + b) = c,
 * ax + b = cx + d and x/a + b = c.
 */
export function linearEquations(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = LINEAR_EQUATIONS_RANGES;
  const form: Form = rng.pick(r.forms);
  let x = 0;
  while (x === 0) x = rng.int(r.solution.min, r.solution.max);
  const coefficient = (min: number, max: number) => {
    let value = 0;
    while (value === 0 || Math.abs(value) === 1) value = rng.int(min, max);
    return value;
  };
  const constant = () => {
    let value = 0;
    while (value === 0) value = rng.int(r.constant.min, r.constant.max);
    return value;
  };

  let equation: string;
  let steps: string[];
  let candidates: Distractor[];
  let params: Record<string, number | string>;
  switch (form) {
    case 'two_step': {
      const a = coefficient(r.coefficient.min, r.coefficient.max);
      const b = constant();
      const c = a * x + b;
      equation = `${term(a)} ${signed(b)} = ${num(c)}`;
      steps = [
        `${b > 0 ? 'Subtract' : 'Add'} ${m(num(Math.abs(b)))} ${b > 0 ? 'from' : 'to'} both sides: ${m(`${term(a)} = ${num(c - b)}`)}.`,
        `Divide both sides by ${m(num(a))}: ${m(`x = \\frac{${num(c - b)}}{${num(a)}} = ${num(x)}`)}.`,
      ];
      candidates = [
        wrong(
          (c + b) / a,
          b > 0
            ? 'added the constant instead of subtracting it'
            : 'subtracted the constant instead of adding it',
        ),
        wrong(c / a - b, 'divided before undoing the constant'),
        wrong(-x, a < 0 ? 'lost the negative sign when dividing by a negative' : 'sign error'),
        wrong(c - b - a, 'subtracted the coefficient instead of dividing'),
      ];
      params = { form, a, b, c };
      break;
    }
    case 'distribute': {
      const a = coefficient(2, 9);
      const b = constant() % 10 || 3;
      const c = a * (x + b);
      equation = `${num(a)}(x ${signed(b)}) = ${num(c)}`;
      steps = [
        `Distribute ${m(num(a))} to both terms in the parentheses: ${m(`${num(a)}x ${signed(a * b)} = ${num(c)}`)}.`,
        `${a * b > 0 ? 'Subtract' : 'Add'} ${m(num(Math.abs(a * b)))} ${a * b > 0 ? 'from' : 'to'} both sides: ${m(`${num(a)}x = ${num(c - a * b)}`)}.`,
        `Divide both sides by ${m(num(a))}: ${m(`x = ${num(x)}`)}.`,
      ];
      candidates = [
        wrong((c - b) / a, 'forgot to distribute (multiplied only x by the outside number)'),
        wrong(c / a + b, 'sign error: added the constant instead of subtracting it'),
        wrong(c * a - b, 'multiplied instead of dividing'),
        wrong(c - b - a, 'subtracted the outside number instead of dividing'),
      ];
      params = { form, a, b, c };
      break;
    }
    case 'both_sides': {
      const a = coefficient(r.coefficient.min, r.coefficient.max);
      let c = coefficient(r.coefficient.min, r.coefficient.max);
      while (c === a || Math.abs(a - c) > r.coefficient.max) {
        c = coefficient(r.coefficient.min, r.coefficient.max);
      }
      const b = constant();
      const d = (a - c) * x + b;
      equation = `${term(a)} ${signed(b)} = ${term(c)}${d === 0 ? '' : ` ${signed(d)}`}`;
      steps = [
        `Collect the ${m('x')} terms on the left by ${c > 0 ? 'subtracting' : 'adding'} ${m(term(Math.abs(c)))} ${c > 0 ? 'from' : 'to'} both sides: ${m(`${term(a - c)} ${signed(b)} = ${num(d)}`)}.`,
        `${b > 0 ? 'Subtract' : 'Add'} ${m(num(Math.abs(b)))} ${b > 0 ? 'from' : 'to'} both sides: ${m(`${term(a - c)} = ${num(d - b)}`)}.`,
      ];
      if (a - c !== 1) {
        steps.push(
          `Divide both sides by ${m(num(a - c))}: ${m(`x = \\frac{${num(d - b)}}{${num(a - c)}} = ${num(x)}`)}.`,
        );
      }
      candidates = [
        wrong((d + b) / (a - c), 'sign error moving the constant across the equals sign'),
        wrong((d - b) / (a + c), 'sign error moving the x term across the equals sign'),
        wrong((b - d) / (a - c), 'subtracted in the wrong order'),
        wrong(d - b - (a - c), 'subtracted the coefficient instead of dividing'),
      ];
      params = { form, a, b, c, d };
      break;
    }
    case 'divide': {
      const a = coefficient(2, 6);
      x = a * rng.int(1, 8) * (rng.chance(0.3) ? -1 : 1);
      const b = constant() % 10 || 4;
      const c = x / a + b;
      equation = `\\frac{x}{${num(a)}} ${signed(b)} = ${num(c)}`;
      steps = [
        `${b > 0 ? 'Subtract' : 'Add'} ${m(num(Math.abs(b)))} ${b > 0 ? 'from' : 'to'} both sides: ${m(`\\frac{x}{${num(a)}} = ${num(c - b)}`)}.`,
        `Multiply both sides by ${m(num(a))}: ${m(`x = ${paren(c - b)} \\times ${num(a)} = ${num(x)}`)}.`,
      ];
      candidates = [
        wrong((c - b) / a, 'divided instead of multiplying'),
        wrong(c * a - b, 'multiplied before undoing the constant'),
        wrong(
          (c + b) * a,
          b > 0
            ? 'added the constant instead of subtracting it'
            : 'subtracted the constant instead of adding it',
        ),
        wrong(-x, 'sign error'),
      ];
      params = { form, a, b, c };
      break;
    }
  }
  const answer = num(x);
  const parts = {
    question: `Solve for ${m('x')}: ${m(equation)}`,
    answer,
    explanation: [
      ...steps,
      `Check: substituting ${m(`x = ${answer}`)} makes both sides equal. The answer is ${m(answer)}.`,
    ].join(' '),
    params: { ...params, equation },
  };
  return blankOrNumericChoice(rng, parts, candidates, x, 0, true);
}
