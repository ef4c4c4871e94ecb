import { blank, m, Rng, singleChoice } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { hasPlaces, num, signed, term } from './shared';

export const INEQUALITIES_RANGES = {
  forms: ['two_step', 'both_sides'],
  operators: ['<', '>', '<=', '>='],
  /** The boundary of the solution set. */
  boundary: { min: -10, max: 10 },
  coefficient: { min: -9, max: 9 },
  constant: { min: -20, max: 20 },
} as const;

type Form = (typeof INEQUALITIES_RANGES.forms)[number];
export type Operator = (typeof INEQUALITIES_RANGES.operators)[number];

const LATEX: Record<Operator, string> = { '<': '<', '>': '>', '<=': '\\le', '>=': '\\ge' };
/** How an operator is written in a choice (plain text). */
const TEXT: Record<Operator, string> = { '<': '<', '>': '>', '<=': '≤', '>=': '≥' };
const FLIP: Record<Operator, Operator> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
const TOGGLE_STRICT: Record<Operator, Operator> = { '<': '<=', '>': '>=', '<=': '<', '>=': '>' };

/** The plain-text form of a solution set: 'x > 3', 'x ≤ -2'. */
export const solutionText = (op: Operator, boundary: number): string =>
  `x ${TEXT[op]} ${num(boundary)}`;

/**
 * Linear inequalities in one variable, ax + b < c or ax + b < cx + d, where dividing by a
 * negative coefficient flips the sign. Single-choice items ask for the solution set
 * ('x > 3'); blank items ask for the smallest or largest whole number that satisfies it.
 */
export function inequalities(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = INEQUALITIES_RANGES;
  const form: Form = rng.pick(r.forms);
  const op: Operator = rng.pick(r.operators);
  const t = rng.int(r.boundary.min, r.boundary.max);
  const coefficient = () => {
    let value = 0;
    while (value === 0 || Math.abs(value) === 1)
      value = rng.int(r.coefficient.min, r.coefficient.max);
    return value;
  };
  let b = 0;
  while (b === 0) b = rng.int(r.constant.min, r.constant.max);
  const a = coefficient();
  let c = 0;
  let k: number;
  let rhs: number;
  let inequality: string;
  const steps: string[] = [];
  if (form === 'two_step') {
    k = a;
    rhs = a * t + b;
    inequality = `${term(a)} ${signed(b)} ${LATEX[op]} ${num(rhs)}`;
  } else {
    c = coefficient();
    while (c === a || Math.abs(a - c) > r.coefficient.max) c = coefficient();
    k = a - c;
    rhs = k * t + b;
    inequality = `${term(a)} ${signed(b)} ${LATEX[op]} ${term(c)}${rhs === 0 ? '' : ` ${signed(rhs)}`}`;
    steps.push(
      `${c > 0 ? 'Subtract' : 'Add'} ${m(term(Math.abs(c)))} ${c > 0 ? 'from' : 'to'} both sides: ${m(`${term(k)} ${signed(b)} ${LATEX[op]} ${num(rhs)}`)}.`,
    );
  }
  const solved: Operator = k < 0 ? FLIP[op] : op;
  steps.push(
    `${b > 0 ? 'Subtract' : 'Add'} ${m(num(Math.abs(b)))} ${b > 0 ? 'from' : 'to'} both sides: ${m(`${term(k)} ${LATEX[op]} ${num(rhs - b)}`)}.`,
  );
  if (k !== 1) {
    steps.push(
      k < 0
        ? `Divide both sides by ${m(num(k))}. Dividing by a negative number reverses the inequality sign: ${m(`x ${LATEX[solved]} ${num(t)}`)}.`
        : `Divide both sides by ${m(num(k))}; dividing by a positive number keeps the sign: ${m(`x ${LATEX[solved]} ${num(t)}`)}.`,
    );
  }
  const params = { form, operator: op, a, b, c, rhs };
  const question = `${m(inequality)}`;

  if (rng.chance(0.5)) {
    const smallest = solved === '>' || solved === '>=';
    const answer = solved === '>' ? t + 1 : solved === '<' ? t - 1 : t;
    steps.push(
      smallest
        ? `The integers that satisfy ${m(`x ${LATEX[solved]} ${num(t)}`)} start at ${m(num(answer))}${solved === '>' ? `, because ${m(num(t))} itself is not included` : ''}.`
        : `The integers that satisfy ${m(`x ${LATEX[solved]} ${num(t)}`)} go up to ${m(num(answer))}${solved === '<' ? `, because ${m(num(t))} itself is not included` : ''}.`,
      `The answer is ${m(num(answer))}.`,
    );
    return blank({
      question: `What is the ${smallest ? 'smallest' : 'largest'} integer ${m('x')} that satisfies ${question}?`,
      answer: num(answer),
      explanation: steps.join(' '),
      params: { ...params, ask: smallest ? 'smallest' : 'largest' },
    });
  }

  const answer = solutionText(solved, t);
  steps.push(`The answer is ${m(`x ${LATEX[solved]} ${num(t)}`)}.`);
  const candidates: Distractor[] = [
    k < 0
      ? {
          value: solutionText(op, t),
          misconception: 'did not flip inequality sign when dividing by a negative',
        }
      : {
          value: solutionText(FLIP[op], t),
          misconception: 'flipped inequality sign when dividing by a positive',
        },
    {
      value: hasPlaces((rhs + b) / k, 0) ? solutionText(solved, (rhs + b) / k) : '',
      misconception: 'sign error moving the constant',
    },
    {
      value: solutionText(TOGGLE_STRICT[solved], t),
      misconception: 'included or excluded the endpoint wrongly',
    },
    {
      value: solutionText(FLIP[solved], -t),
      misconception: 'sign errors in both the boundary and the direction',
    },
    { value: solutionText(solved, -t), misconception: 'sign error in the boundary' },
    {
      value: solutionText(FLIP[TOGGLE_STRICT[solved]], t),
      misconception: 'reversed the direction and the endpoint',
    },
    { value: solutionText(solved, t + 1), misconception: 'arithmetic slip in the boundary (+1)' },
  ];
  return singleChoice(
    rng,
    { question: `Solve the inequality ${question}.`, answer, explanation: steps.join(' '), params },
    candidates,
  );
}
