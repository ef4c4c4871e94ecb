// Data of the metric-conversions generator (metric-conversions.ts): metric units, their names and
// the conversion scenarios. The numbers are clinical reference values; a change here changes the
// generated questions. Doses and bags come from the clinical reference table (reference/,
// ADR 0038).

import { drugRow, FLUID_ROWS, TABLET_ROWS, VIAL_ROWS } from './reference';

/** Powers of ten of each metric unit relative to the gram or the liter. */
export const METRIC_EXPONENTS = { kg: 3, g: 0, mg: -3, mcg: -6, L: 0, mL: -3 } as const;
export type MetricUnit = keyof typeof METRIC_EXPONENTS;

export const METRIC_NAMES: Record<MetricUnit, string> = {
  kg: 'kilograms (kg)',
  g: 'grams (g)',
  mg: 'milligrams (mg)',
  mcg: 'micrograms (mcg)',
  L: 'liters (L)',
  mL: 'milliliters (mL)',
};

export interface MetricScenario {
  from: MetricUnit;
  to: MetricUnit;
  /** Question stem before the ask; `{v}` is the amount with its unit. */
  stem: string;
  values: readonly number[];
}

const tablets = (drug: string) => TABLET_ROWS.find((t) => t.drug === drug)!;
const vials = (drug: string) =>
  VIAL_ROWS.filter((v) => v.drug === drug)
    .map((v) => v.amount / 1000)
    .sort((x, y) => x - y);
const ns = FLUID_ROWS.find((f) => f.name === '0.9% sodium chloride')!;
const amoxicillin = drugRow('amoxicillin-po-adult');
const digoxinSolution = drugRow('digoxin-po-solution');

/**
 * Realistic amounts: drug doses from the reference table (ADR 0038), IV bag volumes of the
 * table's bags, fluid intake and newborn weights.
 */
export const METRIC_SCENARIOS: readonly MetricScenario[] = [
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads digoxin {v} PO daily.',
    values: [digoxinSolution.dose.min, ...tablets('digoxin').doses],
  },
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads levothyroxine {v} PO daily.',
    values: tablets('levothyroxine').doses.map((d) => d / 1000),
  },
  {
    from: 'mcg',
    to: 'mg',
    stem: 'The order reads levothyroxine {v} PO daily.',
    values: tablets('levothyroxine').doses,
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads cefazolin {v} IV every 8 hours.',
    values: vials('cefazolin'),
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads ceftriaxone {v} IM once.',
    values: vials('ceftriaxone'),
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads acetaminophen {v} PO every 6 hours.',
    values: tablets('acetaminophen').doses.map((d) => d / 1000),
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads amoxicillin {v} PO every 8 hours.',
    values: [amoxicillin.dose.min / 1000, amoxicillin.dose.max / 1000],
  },
  {
    from: 'mg',
    to: 'g',
    stem: 'The order reads acetaminophen {v} PO every 6 hours.',
    values: tablets('acetaminophen').doses,
  },
  {
    from: 'mg',
    to: 'g',
    stem: 'The order reads ampicillin {v} IM every 6 hours.',
    values: vials('ampicillin').map((g) => g * 1000),
  },
  {
    from: 'L',
    to: 'mL',
    stem: 'A client is to receive {v} of 0.9% sodium chloride.',
    values: ns.bagsMl.map((ml) => ml / 1000),
  },
  {
    from: 'mL',
    to: 'L',
    stem: 'A client drank {v} of water during the shift.',
    values: [150, 240, 360, 480, 600, 750, 900, 1200, 1500, 1750],
  },
  {
    from: 'kg',
    to: 'g',
    stem: 'A newborn weighs {v}.',
    values: [2.45, 2.8, 3.05, 3.2, 3.35, 3.5, 3.65, 3.8, 4.1, 4.25],
  },
  {
    from: 'g',
    to: 'kg',
    stem: 'A newborn weighs {v}.',
    values: [2380, 2650, 2990, 3100, 3240, 3475, 3560, 3720, 3910, 4150],
  },
];
