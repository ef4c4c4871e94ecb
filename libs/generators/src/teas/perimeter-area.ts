import { dm, m, Rng, unit } from '../core';
import type { RoundingRule } from '@examprep/contracts/types';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, clean, lengthText, num, option, rounded } from './shared';

export const PERIMETER_AREA_RANGES = {
  shapes: [
    'rectangle_area',
    'rectangle_perimeter',
    'triangle_area',
    'circle_area',
    'circle_circumference',
  ],
  units: ['cm', 'm', 'in', 'ft'],
  /** Side lengths of rectangles and base/height of triangles. */
  side: { min: 2, max: 30 },
  /** Radius or diameter of circles. */
  circle: { min: 1, max: 20 },
  /** The value used for pi (stated in the question). */
  pi: 3.14,
} as const;

type Shape = (typeof PERIMETER_AREA_RANGES.shapes)[number];

const LONG: Record<string, string> = { cm: 'centimeters', m: 'meters', in: 'inches', ft: 'feet' };

interface Figure {
  question: string;
  steps: string[];
  answer: number;
  rounding: RoundingRule | null;
  area: boolean;
  candidates: Distractor[];
  params: Record<string, number | string>;
}

/** Perimeter and area of rectangles, triangles and circles (pi = 3.14). */
export function perimeterArea(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = PERIMETER_AREA_RANGES;
  const shape: Shape = rng.pick(r.shapes);
  const u = rng.pick(r.units);
  const f = build(rng, shape, u);
  const places = f.rounding?.places ?? 2;
  const answer = rounded(f.answer, places);
  const unitLatex = f.area ? `${unit(u)}^2` : unit(u);
  const parts = {
    question: f.question,
    answer,
    explanation: [...f.steps, `The answer is ${m(`${answer}\\,${unitLatex}`)}.`].join(' '),
    rounding: f.rounding,
    unit: f.area ? `${u}²` : u,
    params: { shape, unit: u, ...f.params },
  };
  return blankOrNumericChoice(rng, parts, f.candidates, f.answer, places);
}

function build(rng: Rng, shape: Shape, u: string): Figure {
  const r = PERIMETER_AREA_RANGES;
  const side = () => rng.int(r.side.min, r.side.max);
  const U = unit(u);
  const ask = (area: boolean) =>
    area ? `What is its area in square ${LONG[u]}?` : `What is its perimeter in ${LONG[u]}?`;
  switch (shape) {
    case 'rectangle_area':
    case 'rectangle_perimeter': {
      const length = side();
      let width = side();
      while (width === length) width = side();
      const area = shape === 'rectangle_area';
      const l = Math.max(length, width);
      const w = Math.min(length, width);
      const perimeter = 2 * (l + w);
      return {
        question: `A rectangle is ${lengthText(l, u)} long and ${lengthText(w, u)} wide. ${ask(area)}`,
        steps: area
          ? [
              `The area of a rectangle is length times width:`,
              dm(`A = l \\times w = ${l} \\times ${w} = ${l * w}\\,${U}^2`),
            ]
          : [
              `The perimeter is the distance around: two lengths and two widths.`,
              dm(`P = 2l + 2w = 2 \\times ${l} + 2 \\times ${w} = ${perimeter}\\,${U}`),
            ],
        answer: area ? l * w : perimeter,
        rounding: null,
        area,
        candidates: area
          ? [
              option(perimeter, 'perimeter instead of area', 2),
              option(l + w, 'added length and width', 2),
              option(2 * l * w, 'doubled the area', 2),
            ]
          : [
              option(l * w, 'area instead of perimeter', 2),
              option(l + w, 'added only one length and one width', 2),
              option(2 * l + w, 'doubled only the length', 2),
            ],
        params: { length: l, width: w },
      };
    }
    case 'triangle_area': {
      const base = side();
      const height = side();
      const area = (base * height) / 2;
      return {
        question: `A triangle has a base of ${lengthText(base, u)} and a height of ${lengthText(height, u)}. What is its area in square ${LONG[u]}?`,
        steps: [
          `The area of a triangle is half of base times height:`,
          dm(
            `A = \\frac{1}{2} b h = \\frac{1}{2} \\times ${base} \\times ${height} = ${num(area)}\\,${U}^2`,
          ),
        ],
        answer: area,
        rounding: null,
        area: true,
        candidates: [
          option(base * height, 'forgot the 1/2 in the triangle area', 2),
          option(base + height, 'added base and height', 2),
          option((base * height) / 4, 'halved twice', 2),
        ],
        params: { base, height },
      };
    }
    case 'circle_area':
    case 'circle_circumference': {
      const area = shape === 'circle_area';
      const givenRadius = rng.chance(0.5);
      const radius = givenRadius
        ? rng.int(r.circle.min, r.circle.max)
        : rng.int(r.circle.min, r.circle.max / 2);
      const diameter = 2 * radius;
      const pi = r.pi;
      const given = givenRadius
        ? `a radius of ${lengthText(radius, u)}`
        : `a diameter of ${lengthText(diameter, u)}`;
      const exact = clean(area ? pi * radius * radius : 2 * pi * radius);
      const steps = givenRadius
        ? []
        : [`The radius is half the diameter: ${m(`r = ${diameter} \\div 2 = ${radius}\\,${U}`)}.`];
      if (area) {
        steps.push(
          `The area of a circle is ${m('A = \\pi r^2')}:`,
          dm(
            `A = 3.14 \\times ${radius}^2 = 3.14 \\times ${radius * radius} = ${num(exact)}\\,${U}^2`,
          ),
        );
      } else {
        steps.push(
          `The circumference of a circle is ${m('C = 2\\pi r = \\pi d')}:`,
          dm(
            givenRadius
              ? `C = 2 \\times 3.14 \\times ${radius} = ${num(exact)}\\,${U}`
              : `C = 3.14 \\times ${diameter} = ${num(exact)}\\,${U}`,
          ),
        );
      }
      const candidates: Distractor[] = area
        ? [
            givenRadius
              ? option(pi * (radius / 2) ** 2, 'used radius as diameter (halved it again)', 1)
              : option(pi * diameter * diameter, 'used diameter as radius', 1),
            option(2 * pi * radius, 'circumference instead of area', 1),
            option(pi * radius, 'forgot to square the radius', 1),
            option(pi * diameter * diameter, 'squared the diameter instead of the radius', 1),
          ]
        : [
            givenRadius
              ? option(pi * radius, 'used radius as diameter', 1)
              : option(2 * pi * diameter, 'used diameter as radius', 1),
            option(pi * radius * radius, 'area instead of circumference', 1),
            givenRadius
              ? option(4 * pi * radius, 'doubled the diameter', 1)
              : option(pi * radius, 'halved the diameter and forgot the 2', 1),
          ];
      return {
        question: `A circle has ${given}. ${area ? `What is its area in square ${LONG[u]}?` : `What is its circumference in ${LONG[u]}?`} Use ${m('\\pi = 3.14')}.`,
        steps,
        answer: exact,
        rounding: { places: 1 },
        area,
        candidates,
        params: givenRadius ? { radius } : { diameter },
      };
    }
  }
}
