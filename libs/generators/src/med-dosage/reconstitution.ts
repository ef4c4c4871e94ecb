import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { conclusion, frac, mlPlaces, num, numericItem, q, result } from './shared';

interface Dilution {
  /** Diluent added (mL). */
  diluentMl: number;
  /** Resulting concentration per mL (label value, accounts for powder displacement). */
  perMl: number;
}

interface Vial {
  drug: string;
  /** Vial content in `unit`. */
  amount: number;
  unit: 'mg' | 'units';
  /** How the vial is labeled (1 g, 500 mg, 5,000,000 units). */
  label: string;
  diluent: string;
  route: string;
  dilutions: readonly Dilution[];
  /** Orders drawn as min..max by step, never more than the vial holds. */
  order: { min: number; max: number; step: number };
  /** The label gives the final volume, not the concentration: the learner works it out. */
  derive?: boolean;
}

/** Reconstitution directions from common package inserts. */
export const VIALS: readonly Vial[] = [
  {
    drug: 'ceftriaxone',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: '1% lidocaine',
    route: 'IM',
    dilutions: [{ diluentMl: 2.1, perMl: 350 }],
    order: { min: 250, max: 1000, step: 50 },
  },
  {
    drug: 'ceftriaxone',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: '1% lidocaine',
    route: 'IM',
    dilutions: [{ diluentMl: 1, perMl: 350 }],
    order: { min: 125, max: 500, step: 25 },
  },
  {
    drug: 'cefazolin',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: 'sterile water',
    route: 'IM',
    dilutions: [{ diluentMl: 2.5, perMl: 330 }],
    order: { min: 250, max: 1000, step: 50 },
  },
  {
    drug: 'cefazolin',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: 'sterile water',
    route: 'IM',
    dilutions: [{ diluentMl: 2, perMl: 225 }],
    order: { min: 125, max: 500, step: 25 },
  },
  {
    drug: 'ampicillin',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: 'sterile water',
    route: 'IM',
    dilutions: [{ diluentMl: 3.5, perMl: 250 }],
    order: { min: 250, max: 1000, step: 50 },
  },
  {
    drug: 'ampicillin',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: 'sterile water',
    route: 'IM',
    dilutions: [{ diluentMl: 1.8, perMl: 250 }],
    order: { min: 100, max: 500, step: 25 },
  },
  {
    drug: 'nafcillin',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [{ diluentMl: 3.4, perMl: 250 }],
    order: { min: 250, max: 1000, step: 50 },
  },
  {
    drug: 'methylprednisolone sodium succinate',
    amount: 125,
    unit: 'mg',
    label: '125 mg',
    diluent: 'the attached diluent',
    route: 'IV',
    dilutions: [{ diluentMl: 2, perMl: 62.5 }],
    order: { min: 20, max: 125, step: 5 },
  },
  {
    drug: 'vancomycin',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [{ diluentMl: 20, perMl: 50 }],
    order: { min: 250, max: 1000, step: 25 },
    derive: true,
  },
  {
    drug: 'vancomycin',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [{ diluentMl: 10, perMl: 50 }],
    order: { min: 100, max: 500, step: 25 },
    derive: true,
  },
  {
    drug: 'acyclovir',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [{ diluentMl: 10, perMl: 50 }],
    order: { min: 100, max: 500, step: 10 },
    derive: true,
  },
  {
    drug: 'penicillin G potassium',
    amount: 5_000_000,
    unit: 'units',
    label: '5,000,000 units',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [
      { diluentMl: 18, perMl: 250_000 },
      { diluentMl: 8, perMl: 500_000 },
      { diluentMl: 3, perMl: 1_000_000 },
    ],
    order: { min: 300_000, max: 5_000_000, step: 100_000 },
  },
];

/** Volumes to withdraw: 0.1-20 mL. */
export const RECONSTITUTION_RANGES = { volumeMl: { min: 0.1, max: 20 } } as const;

/**
 * Reconstitution: powder plus diluent gives a concentration (from the label, or vial
 * amount over final volume), then desired over concentration gives the volume to withdraw.
 */
export function reconstitution(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  let vial: Vial;
  let order: number;
  do {
    vial = rng.pick(VIALS);
    order = rng.step(vial.order.min, vial.order.max, vial.order.step);
  } while (order === vial.amount && rng.chance(0.7));
  const dilution = rng.pick(vial.dilutions);
  const others = vial.dilutions.filter((d) => d !== dilution);
  const exact = order / dilution.perMl;
  const places = mlPlaces(exact);
  const u = vial.unit;
  const table =
    vial.dilutions.length > 1
      ? `The label reads: ${vial.dilutions.map((d) => `add ${num(d.diluentMl)} mL for ${num(d.perMl)} units/mL`).join('; ')}. The nurse adds ${num(dilution.diluentMl)} mL of ${vial.diluent}.`
      : vial.derive
        ? `The label says to add ${num(dilution.diluentMl)} mL of ${vial.diluent}, for a total volume of ${num(dilution.diluentMl)} mL.`
        : `The label says to add ${num(dilution.diluentMl)} mL of ${vial.diluent} to yield ${num(dilution.perMl)} ${u}/mL.`;
  const question =
    `Order: ${vial.drug} ${num(order)} ${u} ${vial.route}. A vial of ${vial.drug} contains ${vial.label} of powder. ${table} ` +
    'How many mL should the nurse withdraw?';
  const concStep = vial.derive
    ? `The concentration is the vial amount over the final volume: ${num(vial.amount)} ${u} ÷ ${num(dilution.diluentMl)} mL = ${num(dilution.perMl)} ${u}/mL.`
    : vial.dilutions.length > 1
      ? `Adding ${num(dilution.diluentMl)} mL gives ${num(dilution.perMl)} units/mL; the other strengths do not apply.`
      : `After reconstitution the concentration is ${num(dilution.perMl)} ${u}/mL (the powder adds volume, so use the label's concentration, not the diluent volume).`;
  const explanation = [
    concStep,
    `Desired over concentration (${u} cancel out):`,
    `\\[${frac(q(order, u), '1')} \\times ${frac(q(1, 'mL'), q(dilution.perMl, u))} ${result(exact, 'mL', places + 1)}\\]`,
    conclusion(exact, places, 'mL', 'the nurse withdraws'),
  ].join(' ');
  return numericItem(rng, {
    question,
    explanation,
    exact,
    places,
    unit: 'mL',
    params: {
      order,
      perMl: dilution.perMl,
      vialAmount: vial.amount,
      diluentMl: dilution.diluentMl,
      unit: u,
    },
    distractors: [
      ...others.map((d) => ({
        value: order / d.perMl,
        misconception: `used the concentration of another dilution (${num(d.perMl)} units/mL)`,
      })),
      {
        value: (order / vial.amount) * dilution.diluentMl,
        misconception: 'used the diluent volume instead of the concentration',
      },
      { value: dilution.perMl / order, misconception: 'inverted ratio (concentration/desired)' },
      vial.derive
        ? { value: order / vial.amount, misconception: 'took the vial amount as the amount per mL' }
        : { value: null, misconception: '' },
      order !== vial.amount
        ? { value: vial.amount / dilution.perMl, misconception: 'withdrew the whole vial' }
        : { value: null, misconception: '' },
    ],
  });
}
