import { Rng, unit } from '../core';
import type { GeneratedItem } from '../core';
import { clean, frac, mlPlaces, num, numericItem, q, result } from './shared';
import { DAILY_DRUGS } from './divided-daily-dose.data';

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
    `${drug.population === 'neonatal' ? 'A newborn in the first week of life' : 'A child'} weighing ${inLb ? `${num(lb)} lb` : `${num(kg)} kg`} has an order for ${drug.drug} ${num(rate)} mg/kg/day ${drug.route} in divided doses every ${interval} hours. ` +
    (liquid
      ? `The ${drug.drug} ${liquid.form} is labeled ${num(liquid.amount)} mg per ${num(liquid.per)} mL. How many mL should the nurse give per dose?`
      : 'How many mg should the child receive per dose?');
  const weight = inLb
    ? `The weight in kg: \\(${frac(q(lb, 'lb'), '1')} \\times ${frac(q(1, 'kg'), q(2.2, 'lb'))} = ${q(kg, 'kg')}\\). `
    : '';
  const asAsked = (mgPerDose: number) =>
    liquid ? (mgPerDose / liquid.amount) * liquid.per : mgPerDose;
  return numericItem(rng, {
    question,
    steps: [
      `${weight}Daily dose: \\(${frac(q(rate, 'mg'), `${unit('kg')} \\cdot ${unit('day')}`)} \\times ${q(kg, 'kg')} = ${q(daily, 'mg/day')}\\).`,
      `Every ${interval} hours means 24 ÷ ${interval} = ${doses} doses a day, so one dose is`,
      liquid
        ? `\\[${frac(q(daily, 'mg'), q(doses, 'doses'))} \\times ${frac(q(liquid.per, 'mL'), q(liquid.amount, 'mg'))} ${result(exact, 'mL/dose', places + 1)}\\]`
        : `\\[${frac(q(daily, 'mg'), q(doses, 'doses'))} ${result(exact, 'mg/dose', 2)}\\]`,
    ],
    answerIs: 'one dose is',
    exact,
    places,
    unit: u,
    params: {
      drug: drug.drug,
      rowId: drug.rowId,
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
      inLb && { value: asAsked((rate * lb) / doses), misconception: 'used pounds as kilograms' },
    ],
  });
}
