// Data of the titration generator (titration.ts): ICU drips with their standard concentrations
// and titration ranges. The numbers are clinical reference values; a change here changes the
// generated questions. Bags and dose ranges come from the clinical reference table (reference/,
// ADR 0038).

import { INFUSION_ROWS } from './reference';

export interface TitrationDrug {
  drug: string;
  bagAmount: number;
  bagUnit: 'mg' | 'mcg' | 'units';
  bagMl: number;
  doseUnit: 'mg' | 'mcg' | 'units';
  perKg: boolean;
  per: 'min' | 'hr';
  dose: { min: number; max: number; step: number };
  /** Rounding of a dose worked back from a pump rate. */
  dosePlaces: number;
}

/**
 * How a titration question steps and rounds each drug's dose (presentation only; the bag and
 * the dose range come from the reference table's infusion rows).
 */
const STEPS: Record<string, { step: number; dosePlaces: number }> = {
  dopamine: { step: 1, dosePlaces: 1 },
  dobutamine: { step: 0.5, dosePlaces: 1 },
  norepinephrine: { step: 1, dosePlaces: 1 },
  'norepinephrine/kg': { step: 0.01, dosePlaces: 2 },
  epinephrine: { step: 1, dosePlaces: 1 },
  nitroglycerin: { step: 5, dosePlaces: 0 },
  phenylephrine: { step: 10, dosePlaces: 0 },
  esmolol: { step: 25, dosePlaces: 0 },
  propofol: { step: 5, dosePlaces: 0 },
  dexmedetomidine: { step: 0.1, dosePlaces: 2 },
  diltiazem: { step: 1, dosePlaces: 1 },
  nicardipine: { step: 2.5, dosePlaces: 1 },
  amiodarone: { step: 0.5, dosePlaces: 1 },
  'regular insulin': { step: 0.01, dosePlaces: 2 },
};

/** Standard ICU concentrations and titration ranges, one per reference infusion row. */
export const TITRATION_DRUGS: readonly TitrationDrug[] = INFUSION_ROWS.map((row) => {
  const key = row.drug === 'norepinephrine' && row.perKg ? 'norepinephrine/kg' : row.drug;
  const presentation = STEPS[key];
  if (!presentation) throw new Error(`no titration step for ${key}`);
  return {
    drug: row.drug,
    bagAmount: row.bagAmount,
    bagUnit: row.bagUnit,
    bagMl: row.bagMl,
    doseUnit: row.doseUnit,
    perKg: row.perKg,
    per: row.per,
    dose: { min: row.dose.min, max: row.dose.max, step: presentation.step },
    dosePlaces: presentation.dosePlaces,
  };
});

/** Adult weights 40-150 kg; pump rates 0.5-999 mL/hr to the tenth. */
export const TITRATION_RANGES = {
  kg: { min: 40, max: 150 },
  mlPerHr: { min: 0.5, max: 999 },
} as const;
