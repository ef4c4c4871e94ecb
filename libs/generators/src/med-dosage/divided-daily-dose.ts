import { Rng, unit } from '../core';
import type { GeneratedItem } from '../core';
import { clean, conclusion, frac, mlPlaces, num, numericItem, q, result } from './shared';

interface DailyDrug {
  drug: string;
  /** mg/kg/day choices. */
  rates: readonly number[];
  /** Dosing intervals in hours. */
  intervals: readonly number[];
  route: 'PO' | 'IV';
  kg: { min: number; max: number };
  /** Oral suspension (mg per `per` mL) for the volume variant. */
  liquid?: { amount: number; per: number };
}

/** Pediatric total daily doses divided into equal doses (common reference values). */
export const DAILY_DRUGS: readonly DailyDrug[] = [
  {
    drug: 'amoxicillin',
    rates: [40, 45, 50],
    intervals: [8, 12],
    route: 'PO',
    kg: { min: 4, max: 30 },
    liquid: { amount: 250, per: 5 },
  },
  {
    drug: 'amoxicillin',
    rates: [80, 90],
    intervals: [12],
    route: 'PO',
    kg: { min: 4, max: 20 },
    liquid: { amount: 400, per: 5 },
  },
  {
    drug: 'cephalexin',
    rates: [25, 40, 50],
    intervals: [6, 12],
    route: 'PO',
    kg: { min: 4, max: 35 },
    liquid: { amount: 250, per: 5 },
  },
  {
    drug: 'cefdinir',
    rates: [14],
    intervals: [12],
    route: 'PO',
    kg: { min: 5, max: 40 },
    liquid: { amount: 125, per: 5 },
  },
  {
    drug: 'clindamycin',
    rates: [20, 24, 30],
    intervals: [6, 8],
    route: 'PO',
    kg: { min: 5, max: 40 },
    liquid: { amount: 75, per: 5 },
  },
  {
    drug: 'cefuroxime',
    rates: [20, 30],
    intervals: [12],
    route: 'PO',
    kg: { min: 5, max: 30 },
    liquid: { amount: 125, per: 5 },
  },
  {
    drug: 'ibuprofen',
    rates: [30, 40],
    intervals: [6, 8],
    route: 'PO',
    kg: { min: 6, max: 40 },
    liquid: { amount: 100, per: 5 },
  },
  {
    drug: 'phenobarbital',
    rates: [3, 4, 5],
    intervals: [12],
    route: 'PO',
    kg: { min: 3, max: 40 },
    liquid: { amount: 20, per: 5 },
  },
  { drug: 'gentamicin', rates: [6, 7.5], intervals: [8], route: 'IV', kg: { min: 3, max: 40 } },
  {
    drug: 'ampicillin',
    rates: [100, 150, 200],
    intervals: [6],
    route: 'IV',
    kg: { min: 3, max: 40 },
  },
  { drug: 'vancomycin', rates: [40, 60], intervals: [6, 8], route: 'IV', kg: { min: 3, max: 40 } },
  { drug: 'cefazolin', rates: [50, 75, 100], intervals: [8], route: 'IV', kg: { min: 3, max: 40 } },
];

/** Children 3-40 kg in half-kilogram steps; the dose per interval is what is asked. */
export const DIVIDED_DOSE_RANGES = {
  kg: { min: 3, max: 40 },
  intervalsHr: [6, 8, 12],
  mgPerDose: { min: 1, max: 2000 },
} as const;

/**
 * Weight-based dosing with a divided daily dose: mg/kg/day times the weight gives the daily
 * total, divided by the number of doses a day (24 ÷ interval) gives one dose (mg, tenth),
 * or its volume of an oral suspension (mL).
 */
export function dividedDailyDose(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const drug = rng.pick(DAILY_DRUGS);
  const rate = rng.pick(drug.rates);
  const interval = rng.pick(drug.intervals);
  const kg = rng.step(drug.kg.min * 2, drug.kg.max * 2, 1) / 2;
  const inLb = rng.chance(0.4);
  const lb = clean(kg * 2.2);
  const doses = 24 / interval;
  const daily = clean(rate * kg);
  const perDose = daily / doses;
  const liquid = drug.liquid && rng.chance(0.4) ? drug.liquid : undefined;
  const exact = liquid ? (perDose / liquid.amount) * liquid.per : perDose;
  const u = liquid ? 'mL' : 'mg';
  const places = liquid ? mlPlaces(exact) : 1;

  const question =
    `A child weighing ${inLb ? `${num(lb)} lb` : `${num(kg)} kg`} has an order for ${drug.drug} ${num(rate)} mg/kg/day ${drug.route} in divided doses every ${interval} hours. ` +
    (liquid
      ? `The ${drug.drug} oral suspension is labeled ${num(liquid.amount)} mg per ${num(liquid.per)} mL. How many mL should the nurse give per dose?`
      : 'How many mg should the child receive per dose?');
  const weight = inLb
    ? `The weight in kg: \\(${frac(q(lb, 'lb'), '1')} \\times ${frac(q(1, 'kg'), q(2.2, 'lb'))} = ${q(kg, 'kg')}\\). `
    : '';
  const explanation = [
    `${weight}Daily dose: \\(${frac(q(rate, 'mg'), `${unit('kg')} \\cdot ${unit('day')}`)} \\times ${q(kg, 'kg')} = ${q(daily, 'mg/day')}\\).`,
    `Every ${interval} hours means 24 ÷ ${interval} = ${doses} doses a day, so one dose is`,
    liquid
      ? `\\[${frac(q(daily, 'mg'), q(doses, 'doses'))} \\times ${frac(q(liquid.per, 'mL'), q(liquid.amount, 'mg'))} ${result(exact, 'mL/dose', places + 1)}\\]`
      : `\\[${frac(q(daily, 'mg'), q(doses, 'doses'))} ${result(exact, 'mg/dose', 2)}\\]`,
    conclusion(exact, places, u, 'one dose is'),
  ].join(' ');
  const asAsked = (mgPerDose: number) =>
    liquid ? (mgPerDose / liquid.amount) * liquid.per : mgPerDose;
  return numericItem(rng, {
    question,
    explanation,
    exact,
    places,
    unit: u,
    params: {
      rate,
      interval,
      kg,
      lb,
      inLb: inLb ? 1 : 0,
      amount: liquid?.amount ?? 0,
      per: liquid?.per ?? 0,
    },
    distractors: [
      { value: asAsked(daily), misconception: 'did not divide the daily dose' },
      {
        value: asAsked(daily / interval),
        misconception: 'divided by the interval in hours instead of the doses per day',
      },
      {
        value: asAsked(daily / (doses === 4 ? 3 : doses + 1)),
        misconception: `wrong number of doses per day (every ${interval} hours is ${doses} doses)`,
      },
      inLb
        ? {
            value: asAsked((rate * lb * 2.2) / doses),
            misconception: 'lb/kg swap (multiplied by 2.2)',
          }
        : {
            value: asAsked((rate * kg * 2.2) / doses),
            misconception: 'lb/kg swap (multiplied a weight in kg by 2.2)',
          },
      inLb
        ? { value: asAsked((rate * lb) / doses), misconception: 'used pounds as kilograms' }
        : { value: null, misconception: '' },
    ],
  });
}
