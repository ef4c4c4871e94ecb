import { dm, m, Rng, unit } from '../core';
import type { RoundingRule } from '@examprep/contracts/types';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, clean, num, option, rounded } from './shared';

export const WORD_PROBLEMS_RANGES = {
  templates: ['travel_time', 'travel_distance', 'unit_cost', 'work_together', 'overtime'],
  /** Speeds in miles per hour and trip times in hours. */
  speed: { min: 30, max: 70, step: 5 },
  hours: [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4],
  /** Unit prices in dollars and pack sizes. */
  /** Prices with no trailing zero when written with cents (so 1.25 but never 1.5). */
  unitPrice: [0.25, 0.75, 1, 1.25, 1.75, 2, 3, 4, 5],
  packSize: { min: 4, max: 24 },
  /** Minutes each worker needs alone for the job. */
  workMinutes: { min: 10, max: 60, step: 5 },
  /** Hourly wage (even, so time-and-a-half is whole dollars) and hours worked in a week. */
  wage: { min: 14, max: 48, step: 2 },
  weekHours: { min: 41, max: 56 },
} as const;

type Template = (typeof WORD_PROBLEMS_RANGES.templates)[number];

interface Problem {
  question: string;
  steps: string[];
  answer: number;
  places: number;
  rounding: RoundingRule | null;
  unit: string;
  candidates: Distractor[];
  params: Record<string, number | string>;
}

const money = (x: number) => m(`\\$${num(x, 2)}`);
const isWhole = (v: number) => v > 0 && Number.isInteger(clean(v));

/** Multi-step word problems: travel time and distance, unit cost, working together, overtime pay. */
export function wordProblems(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const template: Template = rng.pick(WORD_PROBLEMS_RANGES.templates);
  const p = build(rng, template);
  const answer = rounded(p.answer, p.places);
  // hours, miles, minutes: singular after exactly 1 ('1 hour')
  const unitWord = Number(answer) === 1 ? p.unit.replace(/s$/, '') : p.unit;
  const answerText = p.unit === 'dollars' ? money(Number(answer)) : `${m(answer)} ${unitWord}`;
  const parts = {
    question: p.question,
    answer,
    explanation: [...p.steps, `The answer is ${answerText}.`].join(' '),
    rounding: p.rounding,
    unit: p.unit,
    params: { template, ...p.params },
  };
  return blankOrNumericChoice(rng, parts, p.candidates, p.answer, p.places);
}

function build(rng: Rng, template: Template): Problem {
  const r = WORD_PROBLEMS_RANGES;
  switch (template) {
    case 'travel_time':
    case 'travel_distance': {
      const speed = rng.step(r.speed.min, r.speed.max, r.speed.step);
      const hours = rng.pick(r.hours);
      const distance = clean(speed * hours);
      if (template === 'travel_time') {
        return {
          question: `A home-health nurse drives ${num(distance)} miles to a patient's house at an average speed of ${speed} miles per hour. How many hours does the trip take?`,
          steps: [
            `Time is distance divided by speed:`,
            dm(
              `t = \\frac{d}{r} = \\frac{${num(distance)}\\,${unit('mi')}}{${speed}\\,${unit('mi/hr')}} = ${num(hours)}\\,${unit('hr')}`,
            ),
          ],
          answer: hours,
          places: 2,
          rounding: null,
          unit: 'hours',
          candidates: [
            option(speed / distance, 'inverted the rate (speed divided by distance)', 2),
            option(hours * 60, 'gave the time in minutes', 2),
            option(distance - speed, 'subtracted the speed from the distance', 2),
          ],
          params: { speed, distance },
        };
      }
      return {
        question: `An ambulance travels at an average speed of ${speed} miles per hour for ${num(hours)} ${hours === 1 ? 'hour' : 'hours'}. How many miles does it travel?`,
        steps: [
          `Distance is speed times time:`,
          dm(
            `d = r \\times t = ${speed}\\,${unit('mi/hr')} \\times ${num(hours)}\\,${unit('hr')} = ${num(distance)}\\,${unit('mi')}`,
          ),
        ],
        answer: distance,
        places: 2,
        rounding: null,
        unit: 'miles',
        candidates: [
          option(speed / hours, 'divided speed by time instead of multiplying', 2),
          option(speed + hours, 'added speed and time', 2),
          option(speed * hours * 60, 'converted hours to minutes before multiplying', 2),
        ],
        params: { speed, hours },
      };
    }
    case 'unit_cost': {
      let price: number;
      let pack: number;
      let wanted: number;
      do {
        price = rng.pick(r.unitPrice);
        pack = rng.int(r.packSize.min, r.packSize.max);
        wanted = rng.int(2, 6) * pack + rng.pick([0, pack / 2, pack / 4]);
      } while (
        !Number.isInteger(price * pack) ||
        !Number.isInteger(price * wanted) ||
        !Number.isInteger(wanted) ||
        wanted === pack
      );
      const packPrice = clean(price * pack);
      const total = clean(price * wanted);
      return {
        question: `A box of ${pack} alcohol swab packets costs ${money(packPrice)}. At the same price per packet, how much do ${wanted} packets cost?`,
        steps: [
          `Find the unit price first: ${m(`\\$${num(packPrice)} \\div ${pack} = \\$${num(price, 2)}`)} per packet.`,
          `Then multiply by the number of packets:`,
          dm(`${wanted} \\times \\$${num(price, 2)} = \\$${num(total)}`),
        ],
        answer: total,
        places: 0,
        rounding: null,
        unit: 'dollars',
        candidates: [
          option(packPrice * wanted, 'used the box price as the price of one packet', 0),
          option((pack * wanted) / packPrice, 'inverted ratio (packets per dollar)', 0, isWhole),
          option(
            packPrice + (wanted - pack),
            'added the extra packets at 1 dollar each (additive thinking)',
            0,
          ),
          option(
            packPrice * Math.ceil(wanted / pack),
            'priced whole boxes instead of single packets',
            0,
          ),
        ],
        params: { pack, packPrice, wanted },
      };
    }
    case 'work_together': {
      const a = rng.step(r.workMinutes.min, r.workMinutes.max, r.workMinutes.step);
      let b = rng.step(r.workMinutes.min, r.workMinutes.max, r.workMinutes.step);
      while (b === a) b = rng.step(r.workMinutes.min, r.workMinutes.max, r.workMinutes.step);
      const together = (a * b) / (a + b);
      const answer = rounded(together, 1);
      const exact = clean(together) === Number(answer);
      return {
        question: `Working alone, one nursing assistant can restock a supply room in ${a} minutes and another can do it in ${b} minutes. How many minutes will it take them working together?`,
        steps: [
          `Add the rates (rooms per minute): ${m(`\\frac{1}{${a}} + \\frac{1}{${b}} = \\frac{${a + b}}{${a * b}}`)} of the room per minute.`,
          `The time is the reciprocal of the combined rate:`,
          dm(
            `t = \\frac{${a * b}}{${a + b}} ${exact ? '=' : '\\approx'} ${answer}\\,${unit('min')}`,
          ),
        ],
        answer: Number(answer),
        places: 1,
        rounding: { places: 1 },
        unit: 'minutes',
        candidates: [
          option((a + b) / 2, 'averaged the two times', 1),
          option(a + b, 'added the two times', 1),
          option(Math.abs(a - b), 'subtracted the two times', 1),
          option(Math.min(a, b) / 2, 'halved the faster time', 1),
        ],
        params: { a, b },
      };
    }
    case 'overtime': {
      const wage = rng.step(r.wage.min, r.wage.max, r.wage.step);
      const hours = rng.int(r.weekHours.min, r.weekHours.max);
      const extra = hours - 40;
      const pay = 40 * wage + extra * wage * 1.5;
      return {
        question: `A patient care technician earns ${money(wage)} per hour and time-and-a-half for every hour over 40 in a week. How much does the technician earn for working ${hours} hours in one week?`,
        steps: [
          `Regular pay: ${m(`40 \\times \\$${wage} = \\$${40 * wage}`)}.`,
          `Overtime rate: ${m(`1.5 \\times \\$${wage} = \\$${num(1.5 * wage)}`)} per hour for ${m(`${hours} - 40 = ${extra}`)} ${extra === 1 ? 'hour' : 'hours'}: ${m(`${extra} \\times \\$${num(1.5 * wage)} = \\$${num(extra * 1.5 * wage)}`)}.`,
          dm(`\\$${40 * wage} + \\$${num(extra * 1.5 * wage)} = \\$${num(pay)}`),
        ],
        answer: pay,
        places: 0,
        rounding: null,
        unit: 'dollars',
        candidates: [
          option(hours * wage, 'paid the overtime hours at the regular rate', 0),
          option(hours * wage * 1.5, 'paid every hour at the overtime rate', 0),
          option(
            40 * wage + extra * (wage + 1.5),
            'added 1.5 dollars instead of multiplying by 1.5',
            0,
            isWhole,
          ),
          option(40 * wage + extra * wage * 2, 'paid double time instead of time-and-a-half', 0),
        ],
        params: { wage, hours },
      };
    }
  }
}
