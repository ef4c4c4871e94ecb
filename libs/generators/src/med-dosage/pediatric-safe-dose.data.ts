// Data of the pediatric-safe-dose generator (pediatric-safe-dose.ts): pediatric safe daily
// ranges, weights and the verdict texts. The numbers are clinical reference values; a change here
// changes the generated questions.

export interface SafeRangeDrug {
  drug: string;
  /** Safe range in mg/kg/day. */
  min: number;
  max: number;
  interval: number;
  route: 'PO' | 'IV';
}

/** Pediatric safe daily ranges (textbook values) with their usual dosing interval. */
export const SAFE_RANGE_DRUGS: readonly SafeRangeDrug[] = [
  { drug: 'amoxicillin', min: 20, max: 40, interval: 8, route: 'PO' },
  { drug: 'cefazolin', min: 25, max: 50, interval: 8, route: 'IV' },
  { drug: 'cephalexin', min: 25, max: 50, interval: 6, route: 'PO' },
  { drug: 'ampicillin', min: 100, max: 200, interval: 6, route: 'IV' },
  { drug: 'nafcillin', min: 100, max: 200, interval: 6, route: 'IV' },
  { drug: 'gentamicin', min: 6, max: 7.5, interval: 8, route: 'IV' },
  { drug: 'vancomycin', min: 40, max: 60, interval: 6, route: 'IV' },
  { drug: 'cefuroxime', min: 20, max: 30, interval: 12, route: 'PO' },
  { drug: 'erythromycin', min: 30, max: 50, interval: 6, route: 'PO' },
  { drug: 'clindamycin', min: 20, max: 40, interval: 8, route: 'IV' },
  { drug: 'phenytoin', min: 4, max: 8, interval: 12, route: 'PO' },
];

export const SAFE_DOSE_RANGES = {
  kg: { min: 3, max: 40 },
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
