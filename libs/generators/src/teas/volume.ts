import { dm, m, Rng, unit } from '../core';
import type { RoundingRule } from '@examprep/contracts/types';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, clean, lengthText, num, option, rounded } from './shared';

export const VOLUME_RANGES = {
  solids: ['prism', 'cube', 'cylinder', 'cone'],
  units: ['cm', 'in', 'ft', 'm'],
  /** Edges of boxes and cubes. */
  edge: { min: 2, max: 20 },
  /** Radius (or half the diameter) and height of cylinders and cones. */
  radius: { min: 1, max: 10 },
  height: { min: 2, max: 20 },
  pi: 3.14,
} as const;

type Solid = (typeof VOLUME_RANGES.solids)[number];

const LONG: Record<string, string> = { cm: 'centimeters', m: 'meters', in: 'inches', ft: 'feet' };

interface Built {
  question: string;
  steps: string[];
  answer: number;
  rounding: RoundingRule | null;
  candidates: Distractor[];
  params: Record<string, number | string>;
}

/** Volume of rectangular prisms, cubes, cylinders and cones (pi = 3.14). */
export function volume(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = VOLUME_RANGES;
  const solid: Solid = rng.pick(r.solids);
  const u = rng.pick(r.units);
  const b = build(rng, solid, u);
  const places = b.rounding?.places ?? 2;
  const answer = rounded(b.answer, places);
  const inMl = b.params.milliliters === 1;
  const answerLatex = inMl ? `${answer}\\,${unit('mL')}` : `${answer}\\,${unit(u)}^3`;
  const parts = {
    question: b.question,
    answer,
    explanation: [...b.steps, `The answer is ${m(answerLatex)}.`].join(' '),
    rounding: b.rounding,
    unit: inMl ? 'mL' : `${u}³`,
    params: { solid, unit: u, ...b.params },
  };
  return blankOrNumericChoice(rng, parts, b.candidates, b.answer, places);
}

function build(rng: Rng, solid: Solid, u: string): Built {
  const r = VOLUME_RANGES;
  const U = unit(u);
  const pi = r.pi;
  switch (solid) {
    case 'prism': {
      const [l, w, h] = [0, 0, 0].map(() => rng.int(r.edge.min, r.edge.max));
      const v = l * w * h;
      const milliliters = u === 'cm' && rng.chance(0.5);
      const surface = 2 * (l * w + l * h + w * h);
      return {
        question: milliliters
          ? `A rectangular container is ${l} cm long, ${w} cm wide and ${h} cm high. How many milliliters does it hold when full? (${m(`1\\,${unit('cm')}^3 = 1\\,${unit('mL')}`)})`
          : `A rectangular box is ${lengthText(l, u)} long, ${lengthText(w, u)} wide and ${lengthText(h, u)} high. What is its volume in cubic ${LONG[u]}?`,
        steps: [
          `The volume of a rectangular prism is length times width times height:`,
          dm(`V = l \\times w \\times h = ${l} \\times ${w} \\times ${h} = ${v}\\,${U}^3`),
          milliliters
            ? `Since ${m(`1\\,${unit('cm')}^3 = 1\\,${unit('mL')}`)}, the container holds ${m(`${v}\\,${unit('mL')}`)}.`
            : '',
        ].filter(Boolean),
        answer: v,
        rounding: null,
        candidates: [
          option(surface, 'surface area instead of volume', 2),
          option(l + w + h, 'added the dimensions', 2),
          option(l * w, 'multiplied only two dimensions', 2),
          option(2 * (l * w + h), 'mixed up the formulas', 2),
        ],
        params: { length: l, width: w, height: h, milliliters: milliliters ? 1 : 0 },
      };
    }
    case 'cube': {
      const s = rng.int(r.edge.min, r.edge.max);
      return {
        question: `A cube has edges ${lengthText(s, u)} long. What is its volume in cubic ${LONG[u]}?`,
        steps: [
          `Every edge of a cube is the same, so the volume is the edge cubed:`,
          dm(`V = s^3 = ${s} \\times ${s} \\times ${s} = ${s ** 3}\\,${U}^3`),
        ],
        answer: s ** 3,
        rounding: null,
        candidates: [
          option(3 * s, 'multiplied by 3 instead of cubing', 2),
          option(s * s, 'squared instead of cubing', 2),
          option(6 * s * s, 'surface area instead of volume', 2),
        ],
        params: { edge: s },
      };
    }
    case 'cylinder':
    case 'cone': {
      const cone = solid === 'cone';
      const radius = rng.int(r.radius.min, r.radius.max);
      const height = rng.int(r.height.min, r.height.max);
      const givenDiameter = rng.chance(0.5);
      const diameter = 2 * radius;
      const base = clean(pi * radius * radius);
      const exact = clean(cone ? (base * height) / 3 : base * height);
      const given = givenDiameter
        ? `a diameter of ${lengthText(diameter, u)}`
        : `a radius of ${lengthText(radius, u)}`;
      const name = cone ? 'cone' : 'cylinder';
      const steps = givenDiameter
        ? [`The radius is half the diameter: ${m(`r = ${diameter} \\div 2 = ${radius}\\,${U}`)}.`]
        : [];
      steps.push(
        cone
          ? `The volume of a cone is one third of the base area times the height, ${m('V = \\frac{1}{3}\\pi r^2 h')}:`
          : `The volume of a cylinder is the base area times the height, ${m('V = \\pi r^2 h')}:`,
        dm(
          cone
            ? `V = \\frac{1}{3} \\times 3.14 \\times ${radius}^2 \\times ${height} = \\frac{${num(base * height)}}{3} ${Number(rounded(exact, 1)) === exact ? '=' : '\\approx'} ${rounded(exact, 1)}\\,${U}^3`
            : `V = 3.14 \\times ${radius}^2 \\times ${height} = ${num(base)} \\times ${height} = ${num(exact)}\\,${U}^3`,
        ),
      );
      const third = cone ? 1 / 3 : 1;
      return {
        question: `A ${name} has ${given} and a height of ${lengthText(height, u)}. What is its volume in cubic ${LONG[u]}? Use ${m('\\pi = 3.14')}.`,
        steps,
        answer: exact,
        rounding: { places: 1 },
        candidates: [
          givenDiameter
            ? option(pi * diameter * diameter * height * third, 'used diameter as radius', 1)
            : option(pi * (radius / 2) ** 2 * height * third, 'used radius as diameter', 1),
          option(pi * radius * height * third, 'forgot to square the radius', 1),
          option(
            2 * pi * radius * height * third,
            'used the circumference instead of the base area',
            1,
          ),
          cone
            ? option(base * height, 'forgot the 1/3 for a cone', 1)
            : option(base, 'forgot to multiply by the height', 1),
        ],
        params: givenDiameter
          ? { diameter, height, cone: cone ? 1 : 0 }
          : { radius, height, cone: cone ? 1 : 0 },
      };
    }
  }
}
