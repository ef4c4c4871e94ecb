// Data of the divided-daily-dose generator (divided-daily-dose.ts): pediatric drugs dosed per
// day, their mg/kg/day rates, dosing intervals and oral suspensions. The numbers are clinical
// reference values; a change here changes the generated questions.

export interface DailyDrug {
  drug: string;
  /** mg/kg/day choices. */
  rates: readonly number[];
  /** Dosing intervals in hours. */
  intervals: readonly number[];
  route: 'PO' | 'IV';
  kg: { min: number; max: number };
  /** Oral suspension (mg per `per` mL) for the volume variant. */
  liquid?: { amount: number; per: number };
}

/** Pediatric total daily doses divided into equal doses (common reference values). */
export const DAILY_DRUGS: readonly DailyDrug[] = [
  {
    drug: 'amoxicillin',
    rates: [40, 45, 50],
    intervals: [8, 12],
    route: 'PO',
    kg: { min: 4, max: 30 },
    liquid: { amount: 250, per: 5 },
  },
  {
    drug: 'amoxicillin',
    rates: [80, 90],
    intervals: [12],
    route: 'PO',
    kg: { min: 4, max: 20 },
    liquid: { amount: 400, per: 5 },
  },
  {
    drug: 'cephalexin',
    rates: [25, 40, 50],
    intervals: [6, 12],
    route: 'PO',
    kg: { min: 4, max: 35 },
    liquid: { amount: 250, per: 5 },
  },
  {
    drug: 'cefdinir',
    rates: [14],
    intervals: [12],
    route: 'PO',
    kg: { min: 5, max: 40 },
    liquid: { amount: 125, per: 5 },
  },
  {
    drug: 'clindamycin',
    rates: [20, 24, 30],
    intervals: [6, 8],
    route: 'PO',
    kg: { min: 5, max: 40 },
    liquid: { amount: 75, per: 5 },
  },
  {
    drug: 'cefuroxime',
    rates: [20, 30],
    intervals: [12],
    route: 'PO',
    kg: { min: 5, max: 30 },
    liquid: { amount: 125, per: 5 },
  },
  {
    drug: 'ibuprofen',
    rates: [30, 40],
    intervals: [6, 8],
    route: 'PO',
    kg: { min: 6, max: 40 },
    liquid: { amount: 100, per: 5 },
  },
  {
    drug: 'phenobarbital',
    rates: [3, 4, 5],
    intervals: [12],
    route: 'PO',
    kg: { min: 3, max: 40 },
    liquid: { amount: 20, per: 5 },
  },
  { drug: 'gentamicin', rates: [6, 7.5], intervals: [8], route: 'IV', kg: { min: 3, max: 40 } },
  {
    drug: 'ampicillin',
    rates: [100, 150, 200],
    intervals: [6],
    route: 'IV',
    kg: { min: 3, max: 40 },
  },
  { drug: 'vancomycin', rates: [40, 60], intervals: [6, 8], route: 'IV', kg: { min: 3, max: 40 } },
  { drug: 'cefazolin', rates: [50, 75, 100], intervals: [8], route: 'IV', kg: { min: 3, max: 40 } },
];

/** Children 3-40 kg in half-kilogram steps; the dose per interval is what is asked. */
export const DIVIDED_DOSE_RANGES = {
  kg: { min: 3, max: 40 },
  intervalsHr: [6, 8, 12],
  mgPerDose: { min: 1, max: 2000 },
} as const;
