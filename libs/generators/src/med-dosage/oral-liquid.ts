import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { conclusion, frac, mlPlaces, num, numericItem, q, result } from './shared';

interface LiquidDrug {
  drug: string;
  /** Amount in `unit` per `per` mL, as on the label. */
  amount: number;
  unit: 'mg' | 'g' | 'mEq';
  per: number;
  dose: { min: number; max: number; step: number };
  bottleMl: readonly number[];
  sig: string;
}

/** Oral liquids with their usual label concentrations and single doses. */
export const LIQUID_DRUGS: readonly LiquidDrug[] = [
  {
    drug: 'amoxicillin oral suspension',
    amount: 250,
    unit: 'mg',
    per: 5,
    dose: { min: 100, max: 500, step: 25 },
    bottleMl: [100, 150],
    sig: 'PO every 8 hours',
  },
  {
    drug: 'amoxicillin oral suspension',
    amount: 400,
    unit: 'mg',
    per: 5,
    dose: { min: 200, max: 875, step: 25 },
    bottleMl: [50, 75, 100],
    sig: 'PO every 12 hours',
  },
  {
    drug: 'acetaminophen oral suspension',
    amount: 160,
    unit: 'mg',
    per: 5,
    dose: { min: 80, max: 650, step: 10 },
    bottleMl: [120, 473],
    sig: 'PO every 6 hours as needed for fever',
  },
  {
    drug: 'ibuprofen oral suspension',
    amount: 100,
    unit: 'mg',
    per: 5,
    dose: { min: 50, max: 400, step: 10 },
    bottleMl: [120, 473],
    sig: 'PO every 6 hours as needed for pain',
  },
  {
    drug: 'cephalexin oral suspension',
    amount: 250,
    unit: 'mg',
    per: 5,
    dose: { min: 125, max: 500, step: 25 },
    bottleMl: [100, 200],
    sig: 'PO every 6 hours',
  },
  {
    drug: 'prednisolone oral solution',
    amount: 15,
    unit: 'mg',
    per: 5,
    dose: { min: 5, max: 60, step: 1 },
    bottleMl: [240],
    sig: 'PO daily',
  },
  {
    drug: 'ondansetron oral solution',
    amount: 4,
    unit: 'mg',
    per: 5,
    dose: { min: 2, max: 8, step: 1 },
    bottleMl: [50],
    sig: 'PO every 8 hours as needed for nausea',
  },
  {
    drug: 'furosemide oral solution',
    amount: 10,
    unit: 'mg',
    per: 1,
    dose: { min: 4, max: 80, step: 2 },
    bottleMl: [60, 120],
    sig: 'PO daily',
  },
  {
    drug: 'potassium chloride oral solution',
    amount: 20,
    unit: 'mEq',
    per: 15,
    dose: { min: 10, max: 40, step: 5 },
    bottleMl: [473],
    sig: 'PO twice daily',
  },
  {
    drug: 'lactulose oral solution',
    amount: 10,
    unit: 'g',
    per: 15,
    dose: { min: 10, max: 30, step: 5 },
    bottleMl: [473, 946],
    sig: 'PO three times daily',
  },
  {
    drug: 'digoxin oral solution',
    amount: 0.05,
    unit: 'mg',
    per: 1,
    dose: { min: 0.025, max: 0.25, step: 0.025 },
    bottleMl: [60],
    sig: 'PO daily',
  },
  {
    drug: 'phenobarbital elixir',
    amount: 20,
    unit: 'mg',
    per: 5,
    dose: { min: 15, max: 60, step: 5 },
    bottleMl: [473],
    sig: 'PO twice daily',
  },
  {
    drug: 'azithromycin oral suspension',
    amount: 200,
    unit: 'mg',
    per: 5,
    dose: { min: 100, max: 500, step: 20 },
    bottleMl: [15, 22.5, 30],
    sig: 'PO daily',
  },
  {
    drug: 'oxycodone oral solution',
    amount: 5,
    unit: 'mg',
    per: 5,
    dose: { min: 2.5, max: 10, step: 2.5 },
    bottleMl: [500],
    sig: 'PO every 4 hours as needed for pain',
  },
];

/** A single oral liquid dose is 0.2-30 mL. */
export const ORAL_LIQUID_RANGES = { volumeMl: { min: 0.2, max: 30 } } as const;

/**
 * Oral liquid dosage: desired over have times the quantity (D/H × Q). Answer in mL to the
 * nearest tenth, or hundredth under 1 mL. The bottle size is given as a distractor.
 */
export function oralLiquid(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = ORAL_LIQUID_RANGES;
  let drug: LiquidDrug;
  let dose: number;
  do {
    drug = rng.pick(LIQUID_DRUGS);
    dose = rng.step(drug.dose.min, drug.dose.max, drug.dose.step);
  } while (dose === drug.amount || (dose / drug.amount) * drug.per > r.volumeMl.max);
  const bottle = rng.pick(drug.bottleMl);
  const exact = (dose / drug.amount) * drug.per;
  const places = mlPlaces(exact);
  const label = `${num(drug.amount)} ${drug.unit}${drug.per === 1 ? '/mL' : ` per ${num(drug.per)} mL`}`;
  const question =
    `Order: ${drug.drug.replace(/ oral.*| elixir/, '')} ${num(dose)} ${drug.unit} ${drug.sig}. ` +
    `Available: a ${num(bottle)} mL bottle of ${drug.drug} labeled ${label}. ` +
    'How many mL should the nurse give per dose?';
  const explanation = [
    'Use desired over have times the quantity: D/H × Q, where Q is the volume that holds the labeled amount (not the bottle size).',
    `\\[${frac(q(dose, drug.unit), q(drug.amount, drug.unit))} \\times ${q(drug.per, 'mL')} ${result(exact, 'mL', places + 1)}\\]`,
    `Dimensional analysis gives the same: ${drug.unit} cancels in \\(${frac(q(dose, drug.unit), '1')} \\times ${frac(q(drug.per, 'mL'), q(drug.amount, drug.unit))}\\).`,
    conclusion(exact, places, 'mL', 'the nurse gives'),
  ].join(' ');
  return numericItem(rng, {
    question,
    explanation,
    exact,
    places,
    unit: 'mL',
    params: { dose, amount: drug.amount, per: drug.per, bottle, drugUnit: drug.unit },
    distractors: [
      {
        value: (drug.amount / dose) * drug.per,
        misconception: 'inverted ratio (have/desired × quantity)',
      },
      {
        value: (dose / drug.amount) * bottle,
        misconception: 'used total volume instead of concentration (bottle size as Q)',
      },
      drug.per !== 1
        ? { value: dose / drug.amount, misconception: 'ignored the quantity (D/H only)' }
        : { value: null, misconception: '' },
      {
        value: dose / drug.amount / drug.per,
        misconception: 'divided by the quantity instead of multiplying',
      },
    ],
  });
}
