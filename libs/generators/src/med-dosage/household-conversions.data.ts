// Data of the household-conversions generator (household-conversions.ts): household volume
// equivalents, unit names and the conversion scenarios. The numbers are clinical reference
// values; a change here changes the generated questions. Teaspoon and tablespoon, and the largest
// dose measured with each, come from the clinical reference table (reference/, ADR 0038).

import { HOUSEHOLD_ROWS } from './reference';

const tsp = HOUSEHOLD_ROWS.find((r) => r.unit === 'tsp')!;
const tbsp = HOUSEHOLD_ROWS.find((r) => r.unit === 'tbsp')!;

/**
 * Milliliters in one of each unit (household measures as taught in nursing programs; teaspoon
 * and tablespoon from the reference table).
 */
export const HOUSEHOLD_ML = {
  mL: 1,
  tsp: tsp.ml,
  tbsp: tbsp.ml,
  oz: 30,
  cup: 240,
  L: 1000,
} as const;
export type VolumeUnit = keyof typeof HOUSEHOLD_ML;

export const HOUSEHOLD_NAMES: Record<VolumeUnit, string> = {
  mL: 'milliliters (mL)',
  tsp: 'teaspoons (tsp)',
  tbsp: 'tablespoons (tbsp)',
  oz: 'ounces (oz)',
  cup: 'cups',
  L: 'liters (L)',
};

export interface HouseholdPair {
  from: VolumeUnit;
  to: VolumeUnit;
  /** Amounts drawn as min..max by step. */
  amount: { min: number; max: number; step: number };
  stem: string;
  /**
   * A medication dose measured in teaspoons or tablespoons: at most the table's largest dose
   * for that measure (15 mL by teaspoon, 30 mL by tablespoon); oral doses belong in mL.
   */
  dose?: 'tsp' | 'tbsp';
}

/** Realistic amounts: oral liquid doses, fluid intake and IV bags. */
export const HOUSEHOLD_PAIRS: readonly HouseholdPair[] = [
  {
    from: 'tsp',
    to: 'mL',
    amount: { min: 0.5, max: tsp.maxDoseMl / tsp.ml, step: 0.5 },
    stem: 'A child is to take {v} of a cough syrup.',
    dose: 'tsp',
  },
  {
    from: 'tbsp',
    to: 'mL',
    amount: { min: 0.5, max: tbsp.maxDoseMl / tbsp.ml, step: 0.5 },
    stem: 'A client is to take {v} of magnesium hydroxide.',
    dose: 'tbsp',
  },
  {
    from: 'oz',
    to: 'mL',
    amount: { min: 1, max: 16, step: 0.5 },
    stem: 'A client drank {v} of juice.',
  },
  {
    from: 'cup',
    to: 'mL',
    amount: { min: 0.25, max: 3, step: 0.25 },
    stem: 'A client drank {v} of tea.',
  },
  {
    from: 'mL',
    to: 'tsp',
    amount: { min: 2.5, max: tsp.maxDoseMl, step: 2.5 },
    stem: 'A dose of {v} of an oral suspension is to be measured at home.',
    dose: 'tsp',
  },
  {
    from: 'mL',
    to: 'tbsp',
    amount: { min: tbsp.ml, max: tbsp.maxDoseMl, step: 7.5 },
    stem: 'A dose of {v} of an oral solution is to be measured at home.',
    dose: 'tbsp',
  },
  {
    from: 'mL',
    to: 'oz',
    amount: { min: 10, max: 480, step: 10 },
    stem: 'A client is to drink {v} of an oral contrast solution.',
  },
  {
    from: 'L',
    to: 'mL',
    amount: { min: 0.25, max: 3, step: 0.25 },
    stem: "A client is to receive {v} of lactated Ringer's solution.",
  },
  {
    from: 'mL',
    to: 'L',
    amount: { min: 50, max: 3000, step: 50 },
    stem: "A client's urine output for the day is {v}.",
  },
  {
    from: 'tbsp',
    to: 'tsp',
    amount: { min: 0.5, max: 4, step: 0.5 },
    stem: 'A recipe for an oral rehydration mix calls for {v} of sugar.',
  },
  {
    from: 'oz',
    to: 'tbsp',
    amount: { min: 0.5, max: tbsp.maxDoseMl / 30, step: 0.5 },
    stem: 'A client is to take {v} of a liquid antacid.',
    dose: 'tbsp',
  },
];
