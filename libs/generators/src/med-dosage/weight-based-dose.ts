import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { clean, conclusion, frac, mlPlaces, num, numericItem, q, result } from './shared';

interface WeightDrug {
  drug: string;
  /** mg per kg per dose. */
  mgPerKg: number;
  route: string;
  kg: { min: number; max: number };
  /** Largest single dose (mg); weights are drawn so the dose stays under it. */
  maxMg: number;
  /** The available concentration: `amount` mg per `per` mL. */
  amount: number;
  per: number;
  form: string;
}

/** Weight-based single doses (mg/kg/dose) as used in pediatric and adult references. */
export const WEIGHT_DRUGS: readonly WeightDrug[] = [
  {
    drug: 'acetaminophen',
    mgPerKg: 15,
    route: 'PO every 6 hours as needed',
    kg: { min: 4, max: 60 },
    maxMg: 1000,
    amount: 160,
    per: 5,
    form: 'oral suspension',
  },
  {
    drug: 'ibuprofen',
    mgPerKg: 10,
    route: 'PO every 6 hours as needed',
    kg: { min: 6, max: 40 },
    maxMg: 400,
    amount: 100,
    per: 5,
    form: 'oral suspension',
  },
  {
    drug: 'ceftriaxone',
    mgPerKg: 50,
    route: 'IV once daily',
    kg: { min: 3, max: 40 },
    maxMg: 2000,
    amount: 100,
    per: 1,
    form: 'reconstituted solution',
  },
  {
    drug: 'morphine',
    mgPerKg: 0.1,
    route: 'IV every 4 hours as needed',
    kg: { min: 5, max: 40 },
    maxMg: 4,
    amount: 2,
    per: 1,
    form: 'injection',
  },
  {
    drug: 'gentamicin',
    mgPerKg: 2.5,
    route: 'IV every 8 hours',
    kg: { min: 3, max: 60 },
    maxMg: 150,
    amount: 10,
    per: 1,
    form: 'pediatric injection',
  },
  {
    drug: 'vancomycin',
    mgPerKg: 15,
    route: 'IV every 6 hours',
    kg: { min: 3, max: 60 },
    maxMg: 1000,
    amount: 50,
    per: 1,
    form: 'reconstituted vial',
  },
  {
    drug: 'ondansetron',
    mgPerKg: 0.15,
    route: 'IV every 8 hours as needed',
    kg: { min: 6, max: 26 },
    maxMg: 4,
    amount: 2,
    per: 1,
    form: 'injection',
  },
  {
    drug: 'dexamethasone',
    mgPerKg: 0.6,
    route: 'PO once',
    kg: { min: 5, max: 26 },
    maxMg: 16,
    amount: 1,
    per: 1,
    form: 'oral solution',
  },
  {
    drug: 'cefazolin',
    mgPerKg: 25,
    route: 'IV every 8 hours',
    kg: { min: 3, max: 80 },
    maxMg: 2000,
    amount: 100,
    per: 1,
    form: 'reconstituted solution',
  },
  {
    drug: 'furosemide',
    mgPerKg: 1,
    route: 'IV once',
    kg: { min: 3, max: 40 },
    maxMg: 40,
    amount: 10,
    per: 1,
    form: 'injection',
  },
  {
    drug: 'enoxaparin',
    mgPerKg: 1,
    route: 'subcut every 12 hours',
    kg: { min: 45, max: 150 },
    maxMg: 150,
    amount: 100,
    per: 1,
    form: 'injection',
  },
  {
    drug: 'phenytoin',
    mgPerKg: 20,
    route: 'IV loading dose once',
    kg: { min: 10, max: 75 },
    maxMg: 1500,
    amount: 50,
    per: 1,
    form: 'injection',
  },
];

/** Weights 3-150 kg in half-kilogram steps (so pounds convert exactly to a tenth of a kg). */
export const WEIGHT_BASED_RANGES = {
  kg: { min: 3, max: 150 },
  volumeMl: { min: 0.1, max: 50 },
} as const;

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
  const explanation = [
    `${weightStep}Multiply the ordered mg/kg by the weight in kg${askMl ? ', then by the volume per mg of the available concentration' : ''}; kg${askMl ? ' and mg' : ''} cancel:`,
    `\\[${chain} ${result(exact, u, places + 1)}\\]`,
    conclusion(exact, places, u, askMl ? 'the nurse gives' : 'the dose is'),
  ].join(' ');
  const wrongKg = (w: number) =>
    askMl ? (drug.mgPerKg * w * drug.per) / drug.amount : drug.mgPerKg * w;
  return numericItem(rng, {
    question,
    explanation,
    exact,
    places,
    unit: u,
    params: {
      mgPerKg: drug.mgPerKg,
      kg,
      lb,
      inLb: inLb ? 1 : 0,
      askMl: askMl ? 1 : 0,
      amount: drug.amount,
      per: drug.per,
    },
    distractors: [
      inLb
        ? { value: wrongKg(lb * 2.2), misconception: 'lb/kg swap (multiplied by 2.2)' }
        : { value: null, misconception: '' },
      inLb
        ? { value: wrongKg(lb), misconception: 'used pounds as kilograms' }
        : { value: null, misconception: '' },
      askMl
        ? {
            value: (mg * drug.amount) / drug.per,
            misconception: 'inverted the concentration (multiplied by mg per mL)',
          }
        : {
            value: kg / drug.mgPerKg,
            misconception: 'divided the weight by mg/kg instead of multiplying',
          },
      askMl
        ? { value: mg, misconception: 'stopped at the dose in mg' }
        : { value: null, misconception: '' },
      !inLb
        ? {
            value: wrongKg(kg * 2.2),
            misconception: 'lb/kg swap (multiplied a weight in kg by 2.2)',
          }
        : { value: null, misconception: '' },
      !inLb
        ? {
            value: wrongKg(kg / 2.2),
            misconception: 'converted a weight already in kg (divided by 2.2)',
          }
        : { value: null, misconception: '' },
    ],
  });
}
