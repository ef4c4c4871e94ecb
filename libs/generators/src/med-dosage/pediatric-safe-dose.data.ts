// Data of the pediatric-safe-dose generator (pediatric-safe-dose.ts): pediatric safe daily
// ranges, weights and the verdict texts. The numbers are clinical reference values; a change here
// changes the generated questions. The ranges come from the clinical reference table
// (reference/, ADR 0038).

import { type DrugRowId, drugRow } from './reference';

export interface SafeRangeDrug {
  /** The reference row the range comes from. */
  rowId: DrugRowId;
  drug: string;
  /** Safe range in mg/kg/day. */
  min: number;
  max: number;
  interval: number;
  route: 'PO' | 'IV';
  /** Weights drawn for it (kg): its row's band within SAFE_DOSE_RANGES.kg. */
  kg: { min: number; max: number };
}

/** Children 5-40 kg (no newborns on these intervals); a row may narrow it (amoxicillin: over 3 months). */
const CHILD_KG = { min: 5, max: 40 } as const;

const safeRange = (rowId: DrugRowId): SafeRangeDrug => {
  const row = drugRow(rowId);
  return {
    rowId,
    drug: row.drug,
    min: row.dose.min,
    max: row.dose.max,
    interval: row.intervalsHr[0] ?? 24,
    route: row.route === 'PO' ? 'PO' : 'IV',
    kg: {
      min: Math.max(CHILD_KG.min, row.kg?.min ?? CHILD_KG.min),
      max: Math.min(CHILD_KG.max, row.kg?.max ?? CHILD_KG.max),
    },
  };
};

/**
 * Pediatric safe daily ranges with their usual dosing interval, from the reference table (rows
 * for children past the newborn period; a newborn's intervals differ). Oral cephalexin and
 * clindamycin are left out: their rows cover a narrower weight band (cephalexin's 3 g/day cap
 * above 30 kg, clindamycin's 37.5 mg minimum dose at 10 kg or less) than the 5-40 kg drawn here.
 */
export const SAFE_RANGE_DRUGS: readonly SafeRangeDrug[] = [
  safeRange('amoxicillin-po-q8'),
  safeRange('cefazolin-iv'),
  safeRange('ampicillin-iv'),
  safeRange('gentamicin-iv-child'),
  safeRange('clindamycin-iv'),
];

export const SAFE_DOSE_RANGES = {
  /** Children 5-40 kg: the widest band; each drug draws within its row's (SafeRangeDrug.kg). */
  kg: CHILD_KG,
  /** Unsafe orders are 1.15-2 times the maximum or 0.4-0.85 times the minimum. */
  highFactor: { min: 1.15, max: 2 },
  lowFactor: { min: 0.4, max: 0.85 },
} as const;

export const VERDICTS = {
  safe: 'Safe: give the ordered dose',
  high: 'Unsafe (too high): hold and contact the prescriber',
  low: 'Unsafe (too low): contact the prescriber',
  adjust: 'Give the maximum safe dose instead of the ordered dose',
} as const;
