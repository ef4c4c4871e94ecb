import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { clean, frac, mlPlaces, num, numericItem, q, result } from './shared';
import { type WeightDrug, WEIGHT_DRUGS } from './weight-based-dose.data';

/**
 * Weight-based dosing: mg/kg times the weight (converted from pounds when given in lb),
 * asked as the dose in mg or as the volume in mL of the available concentration.
 */
export function weightBasedDose(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  let drug: WeightDrug;
  let kg: number;
  do {
    drug = rng.pick(WEIGHT_DRUGS);
    kg = rng.step(drug.kg.min * 2, drug.kg.max * 2, 1) / 2;
  } while (drug.mgPerKg * kg > drug.maxMg);
  const inLb = rng.chance(0.5);
  const lb = clean(kg * 2.2);
  const askMl = rng.chance(0.4);
  const mg = clean(drug.mgPerKg * kg);
  const exact = askMl ? (mg / drug.amount) * drug.per : mg;
  const u = askMl ? 'mL' : 'mg';
  const places = askMl ? mlPlaces(exact) : mg < 1 ? 2 : 1;
  const who = kg < 40 ? 'A child' : 'A client';
  const label = `${num(drug.amount)} mg${drug.per === 1 ? '/mL' : ` per ${num(drug.per)} mL`}`;
  const question =
    `${who} weighing ${inLb ? `${num(lb)} lb` : `${num(kg)} kg`} has an order for ${drug.drug} ${num(drug.mgPerKg)} mg/kg ${drug.route}. ` +
    (askMl
      ? `The ${drug.form} available is labeled ${label}. How many mL should the nurse give?`
      : `How many mg should the ${kg < 40 ? 'child' : 'client'} receive per dose?`);
  const weightStep = inLb
    ? `Convert the weight first: \\(${frac(q(lb, 'lb'), '1')} \\times ${frac(q(1, 'kg'), q(2.2, 'lb'))} = ${q(kg, 'kg')}\\). `
    : '';
  const chain = [
    frac(q(drug.mgPerKg, 'mg'), q(1, 'kg')),
    q(kg, 'kg'),
    ...(askMl ? [frac(q(drug.per, 'mL'), q(drug.amount, 'mg'))] : []),
  ].join(' \\times ');
  const wrongKg = (w: number) =>
    askMl ? (drug.mgPerKg * w * drug.per) / drug.amount : drug.mgPerKg * w;
  return numericItem(rng, {
    question,
    steps: [
      `${weightStep}Multiply the ordered mg/kg by the weight in kg${askMl ? ', then by the volume per mg of the available concentration' : ''}; kg${askMl ? ' and mg' : ''} cancel:`,
      `\\[${chain} ${result(exact, u, places + 1)}\\]`,
    ],
    answerIs: askMl ? 'the nurse gives' : 'the dose is',
    exact,
    places,
    unit: u,
    params: {
      drug: drug.drug,
      rowId: drug.rowId,
      mgPerKg: drug.mgPerKg,
      kg,
      lb,
      inLb: inLb ? 1 : 0,
      askMl: askMl ? 1 : 0,
      amount: drug.amount,
      per: drug.per,
    },
    distractors: [
      inLb && { value: wrongKg(lb * 2.2), misconception: 'lb/kg swap (multiplied by 2.2)' },
      inLb && { value: wrongKg(lb), misconception: 'used pounds as kilograms' },
      askMl
        ? {
            value: (mg * drug.amount) / drug.per,
            misconception: 'inverted the concentration (multiplied by mg per mL)',
          }
        : {
            value: kg / drug.mgPerKg,
            misconception: 'divided the weight by mg/kg instead of multiplying',
          },
      askMl && { value: mg, misconception: 'stopped at the dose in mg' },
      !inLb && {
        value: wrongKg(kg * 2.2),
        misconception: 'lb/kg swap (multiplied a weight in kg by 2.2)',
      },
      !inLb && {
        value: wrongKg(kg / 2.2),
        misconception: 'converted a weight already in kg (divided by 2.2)',
      },
    ],
  });
}
