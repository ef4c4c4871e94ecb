import { dm, gcd, m, Rng } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, clean, num, option } from './shared';

export const RATIO_PROPORTION_RANGES = {
  kinds: ['solve', 'dilution', 'staffing', 'map', 'part_whole', 'pump'],
  /** Terms of the known ratio. */
  term: { min: 1, max: 12 },
  /** Scale factors between the two ratios. */
  factors: [1.5, 2, 2.5, 3, 4, 5, 6, 8, 10],
  /** Patients per nurse. */
  patientsPerNurse: { min: 2, max: 8 },
  /** Miles per map inch. */
  milesPerInch: [5, 10, 20, 25, 50],
  /** Class sizes (part-to-whole). */
  classSize: { min: 12, max: 120 },
} as const;

type Kind = (typeof RATIO_PROPORTION_RANGES.kinds)[number];

interface Proportion {
  /** The given ratio a : b and the scaled quantity c; x pairs with c. */
  question: string;
  setup: string;
  answer: number;
  unit: string | null;
  candidates: Distractor[];
  params: Record<string, number | string>;
}

/**
 * Ratios and proportions: solving a/b = c/x for the unknown in any position, and word
 * problems (dilution, nurse staffing, map scales, part-to-whole, pump volumes).
 */
export function ratioProportion(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const kind: Kind = rng.pick(RATIO_PROPORTION_RANGES.kinds);
  const p = kind === 'solve' ? solve(rng) : word(rng, kind);
  const answer = num(p.answer, 2);
  const parts = {
    question: p.question,
    answer,
    explanation: `${p.setup} The answer is ${m(answer)}${p.unit ? ` ${p.unit}` : ''}.`,
    unit: p.unit,
    params: p.params,
  };
  return blankOrNumericChoice(rng, parts, p.candidates, p.answer, 2);
}

/** a/b = c/x with the unknown in any of the four places. */
function solve(rng: Rng): Proportion {
  const r = RATIO_PROPORTION_RANGES;
  const a = rng.int(r.term.min, r.term.max);
  let b = rng.int(r.term.min, r.term.max);
  while (b === a) b = rng.int(r.term.min, r.term.max);
  const k = rng.pick(r.factors);
  const values = [a, b, clean(a * k), clean(b * k)];
  const slot = rng.int(0, 3);
  const cell = (i: number) => (i === slot ? 'x' : num(values[i]));
  const equation = `\\frac{${cell(0)}}{${cell(1)}} = \\frac{${cell(2)}}{${cell(3)}}`;
  // x shares its fraction with `partner`; `same` sits in the other fraction in x's position.
  const partner = values[slot ^ 1];
  const same = values[slot ^ 2];
  const other = values[slot ^ 3];
  const answer = clean((partner * same) / other);
  const product = `${num(partner)} \\times ${num(same)}`;
  const setup = [
    `Cross-multiply: the products of the diagonals are equal.`,
    dm(`${num(other)}x = ${product} = ${num(partner * same)}`),
    `Divide both sides by ${m(num(other))}:`,
    dm(`x = \\frac{${num(partner * same)}}{${num(other)}} = ${num(answer, 2)}`),
  ].join(' ');
  return {
    question: `Solve for ${m('x')}: ${m(equation)}`,
    setup,
    answer,
    unit: null,
    candidates: [
      option((partner * other) / same, 'inverted ratio: flipped one of the fractions', 2),
      option(partner * same, 'multiplied across but did not divide', 2),
      option(
        partner + same - other,
        'added the difference instead of scaling (additive thinking)',
        2,
      ),
      option((same * other) / partner, 'cross-multiplied the wrong pair', 2),
    ],
    params: { kind: 'solve', slot, a: values[0], b: values[1], c: values[2], d: values[3] },
  };
}

function word(rng: Rng, kind: Exclude<Kind, 'solve'>): Proportion {
  const r = RATIO_PROPORTION_RANGES;
  switch (kind) {
    case 'dilution': {
      const a = rng.int(1, 5);
      const b = rng.pick([10, 20, 25, 50, 100]);
      const c = clean(b * rng.pick(r.factors));
      const answer = clean((a * c) / b);
      return rateProblem({
        question: `A disinfectant is mixed using ${a} mL of concentrate for every ${b} mL of water. How many milliliters of concentrate are needed for ${num(c)} mL of water?`,
        a,
        b,
        c,
        answer,
        unit: 'mL',
        names: ['\\text{mL concentrate}', '\\text{mL water}'],
        kind,
      });
    }
    case 'staffing': {
      const perNurse = rng.int(r.patientsPerNurse.min, r.patientsPerNurse.max);
      const nurses = rng.int(2, 12);
      const patients = perNurse * nurses;
      return rateProblem({
        question: `The nurse-to-patient ratio on a unit is ${m(`1:${perNurse}`)}. How many nurses are needed for ${patients} patients?`,
        a: 1,
        b: perNurse,
        c: patients,
        answer: nurses,
        unit: 'nurses',
        names: ['\\text{nurses}', '\\text{patients}'],
        kind,
      });
    }
    case 'map': {
      const milesPerInch = rng.pick(r.milesPerInch);
      const inches = rng.pick([1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7.5]);
      return rateProblem({
        question: `On a map, 1 inch represents ${milesPerInch} miles. Two towns are ${num(inches)} inches apart on the map. How many miles apart are the towns?`,
        a: milesPerInch,
        b: 1,
        c: inches,
        answer: clean(milesPerInch * inches),
        unit: 'miles',
        names: ['\\text{mi}', '\\text{in}'],
        kind,
      });
    }
    case 'pump': {
      const minutes = rng.pick([5, 10, 15, 20, 30]);
      const ml = rng.pick([5, 10, 15, 20, 25, 30, 50]);
      const total = minutes * rng.pick([2, 3, 4, 6, 8, 12]);
      return rateProblem({
        question: `An infusion delivers ${ml} mL every ${minutes} minutes. How many milliliters are delivered in ${total} minutes?`,
        a: ml,
        b: minutes,
        c: total,
        answer: clean((ml * total) / minutes),
        unit: 'mL',
        names: ['\\text{mL}', '\\text{min}'],
        kind,
      });
    }
    case 'part_whole': {
      const men = rng.int(1, 5);
      let women = rng.int(2, 9);
      while (gcd(men, women) !== 1) women = rng.int(2, 9);
      const groups = rng.int(
        Math.ceil(r.classSize.min / (men + women)),
        Math.floor(r.classSize.max / (men + women)),
      );
      const total = groups * (men + women);
      const answer = groups * women;
      const setup = [
        `The ratio ${m(`${men}:${women}`)} splits the class into ${men} + ${women} = ${men + women} equal parts, of which ${women} are women.`,
        dm(`\\frac{${women}}{${men + women}} \\times ${total} = ${answer}`),
      ].join(' ');
      return {
        question: `The ratio of men to women in a nursing class is ${m(`${men}:${women}`)}. There are ${total} students in the class. How many of the students are women?`,
        setup,
        answer,
        unit: 'women',
        candidates: [
          option((total * women) / men, 'used the part-to-part ratio instead of part-to-whole', 2),
          option(groups * men, 'inverted ratio: found the number of men', 2),
          option(total - women, 'subtracted the ratio term from the total', 2),
          option(total / women, 'divided the total by the ratio term', 2),
        ],
        params: { kind, men, women, total },
      };
    }
  }
}

/**
 * "a per b; how much for c?": x / c = a / b, solved by cross-multiplication. `names` label
 * the a- and b-quantities in the set-up.
 */
function rateProblem(input: {
  question: string;
  a: number;
  b: number;
  c: number;
  answer: number;
  unit: string;
  names: [string, string];
  kind: string;
}): Proportion {
  const { a, b, c, answer, names } = input;
  // a counted name agrees with its number: 1 nurse, 4 patients (\\text{nurses} after a 1 drops its s)
  const named = (n: number, name: string) =>
    `${num(n)}\\,${n === 1 ? name.replace(/s\}$/, '}') : name}`;
  const setup = [
    `Set up a proportion with the same units in each position:`,
    dm(`\\frac{${named(a, names[0])}}{${named(b, names[1])}} = \\frac{x}{${named(c, names[1])}}`),
    `Cross-multiply and divide:`,
    dm(`x = \\frac{${num(a)} \\times ${num(c)}}{${num(b)}} = ${num(answer, 2)}`),
  ].join(' ');
  return {
    question: input.question,
    setup,
    answer,
    unit: input.unit,
    candidates: [
      option((b * c) / a, 'inverted ratio', 2),
      option(a * c, 'multiplied but did not divide', 2),
      option(c + a - b, 'added the difference instead of scaling (additive thinking)', 2),
      option(c / (a * b), 'divided by both terms', 2),
    ],
    params: { kind: input.kind, a, b, c },
  };
}
