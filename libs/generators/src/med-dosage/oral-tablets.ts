import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { clean, conclusion, frac, num, numericItem, q } from './shared';

export type MassUnit = 'g' | 'mg' | 'mcg';

/** Micrograms in one of each mass unit. */
export const MCG_PER: Record<MassUnit, number> = { g: 1_000_000, mg: 1000, mcg: 1 };

interface TabletDrug {
  drug: string;
  unit: MassUnit;
  strengths: readonly number[];
  /** Largest single dose ordered (in `unit`). */
  maxDose: number;
  /** Scored tablets may be split in half. */
  scored: boolean;
  sig: string;
  /** Another unit the prescriber may write the order in. */
  orderUnit?: MassUnit;
}

/** Common oral tablets with their marketed strengths and usual largest single doses. */
export const TABLET_DRUGS: readonly TabletDrug[] = [
  {
    drug: 'metoprolol tartrate',
    unit: 'mg',
    strengths: [25, 50, 100],
    maxDose: 200,
    scored: true,
    sig: 'PO twice daily',
  },
  {
    drug: 'furosemide',
    unit: 'mg',
    strengths: [20, 40, 80],
    maxDose: 160,
    scored: true,
    sig: 'PO daily',
  },
  {
    drug: 'lisinopril',
    unit: 'mg',
    strengths: [2.5, 5, 10, 20],
    maxDose: 40,
    scored: true,
    sig: 'PO daily',
  },
  {
    drug: 'levothyroxine',
    unit: 'mcg',
    strengths: [25, 50, 75, 100],
    maxDose: 200,
    scored: true,
    sig: 'PO daily before breakfast',
    orderUnit: 'mg',
  },
  {
    drug: 'acetaminophen',
    unit: 'mg',
    strengths: [325, 500],
    maxDose: 1000,
    scored: false,
    sig: 'PO every 6 hours as needed for pain',
    orderUnit: 'g',
  },
  {
    drug: 'warfarin',
    unit: 'mg',
    strengths: [1, 2, 2.5, 5],
    maxDose: 10,
    scored: true,
    sig: 'PO daily at 1700',
  },
  {
    drug: 'prednisone',
    unit: 'mg',
    strengths: [5, 10, 20],
    maxDose: 60,
    scored: true,
    sig: 'PO daily with breakfast',
  },
  {
    drug: 'digoxin',
    unit: 'mg',
    strengths: [0.125, 0.25],
    maxDose: 0.5,
    scored: true,
    sig: 'PO daily',
    orderUnit: 'mcg',
  },
  {
    drug: 'carvedilol',
    unit: 'mg',
    strengths: [3.125, 6.25, 12.5, 25],
    maxDose: 50,
    scored: false,
    sig: 'PO twice daily with food',
  },
  {
    drug: 'amlodipine',
    unit: 'mg',
    strengths: [2.5, 5, 10],
    maxDose: 10,
    scored: false,
    sig: 'PO daily',
  },
  {
    drug: 'lorazepam',
    unit: 'mg',
    strengths: [0.5, 1, 2],
    maxDose: 4,
    scored: true,
    sig: 'PO every 8 hours as needed for anxiety',
  },
  {
    drug: 'hydralazine',
    unit: 'mg',
    strengths: [10, 25, 50],
    maxDose: 100,
    scored: false,
    sig: 'PO every 6 hours',
  },
  {
    drug: 'clonidine',
    unit: 'mg',
    strengths: [0.1, 0.2],
    maxDose: 0.6,
    scored: true,
    sig: 'PO twice daily',
    orderUnit: 'mcg',
  },
  {
    drug: 'metformin',
    unit: 'mg',
    strengths: [500, 850, 1000],
    maxDose: 1000,
    scored: false,
    sig: 'PO twice daily with meals',
  },
];

/** Tablets per dose: whole, or halves of scored tablets, up to 3. */
export const ORAL_TABLET_RANGES = {
  tablets: [0.5, 1, 1.5, 2, 2.5, 3],
  maxTablets: 3,
} as const;

/**
 * Oral solid dosage: desired over have times one tablet (after converting the order to
 * the tablet's unit when they differ). Whole or half tablets; exact to the nearest tenth.
 */
export function oralTablets(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  let drug: TabletDrug;
  let have: number;
  let tablets: number;
  do {
    drug = rng.pick(TABLET_DRUGS);
    have = rng.pick(drug.strengths);
    tablets = rng.pick(
      ORAL_TABLET_RANGES.tablets.filter((t) => drug.scored || Number.isInteger(t)),
    );
  } while (have * tablets > drug.maxDose || (tablets === 1 && rng.chance(0.5)));
  const desired = clean(have * tablets); // in the tablet's unit
  const converts = drug.orderUnit !== undefined && rng.chance(0.4);
  const orderUnit: MassUnit = converts && drug.orderUnit ? drug.orderUnit : drug.unit;
  const ordered = clean((desired * MCG_PER[drug.unit]) / MCG_PER[orderUnit]);
  const places = 1;
  const exact = tablets;

  const question =
    `Order: ${drug.drug} ${num(ordered)} ${orderUnit} ${drug.sig}. ` +
    `Available: ${drug.drug} ${num(have)} ${drug.unit} ${drug.scored ? 'scored tablets' : 'tablets'}. ` +
    'How many tablets should the nurse give per dose?';
  const factor = MCG_PER[orderUnit] / MCG_PER[drug.unit];
  const conversion = converts
    ? ` \\times ${factor > 1 ? frac(q(factor, drug.unit), q(1, orderUnit)) : frac(q(1, drug.unit), q(1 / factor, orderUnit))}`
    : '';
  const explanation = [
    converts
      ? `The order is in ${orderUnit} and the tablets in ${drug.unit}, so convert first (${num(ordered)} ${orderUnit} = ${num(desired)} ${drug.unit}), then use desired over have times the quantity.`
      : 'Use desired over have times the quantity: D/H × Q.',
    'As dimensional analysis, the units cancel to leave tablets:',
    `\\[${frac(q(ordered, orderUnit), '1')}${conversion} \\times ${frac(q(1, 'tab'), q(have, drug.unit))} = ${q(exact, 'tab')}\\]`,
    conclusion(exact, places, 'tab', 'the nurse gives'),
  ].join(' ');
  return numericItem(rng, {
    question,
    explanation,
    exact,
    places,
    unit: 'tablets',
    params: { ordered, orderUnit, have, haveUnit: drug.unit, drug: drug.drug },
    distractors: [
      { value: have / desired, misconception: 'inverted ratio (have/desired)' },
      // Across units: a factor of 1,000 too many (for an order in mcg of a tablet in mg this is
      // also what skipping the conversion gives).
      converts
        ? { value: tablets * 1000, misconception: 'mcg/mg confused (x1000)' }
        : { value: null, misconception: '' },
      converts
        ? { value: ordered / have, misconception: 'did not convert the order to the tablet unit' }
        : { value: null, misconception: '' },
      tablets !== 1
        ? { value: 1, misconception: 'gave one tablet regardless of the strength' }
        : { value: null, misconception: '' },
      { value: tablets + 0.5, misconception: 'off by half a tablet' },
      {
        value: tablets > 0.5 ? tablets - 0.5 : null,
        misconception: 'off by half a tablet (too few)',
      },
    ],
  });
}
