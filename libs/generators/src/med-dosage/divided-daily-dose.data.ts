// Data of the divided-daily-dose generator (divided-daily-dose.ts): pediatric drugs dosed per
// day, drawn from the clinical reference table (reference/, ADR 0038): mg/kg/day within each
// row's range, its dosing intervals, the weights it is for (never a newborn on an older
// child's interval) and, where the table has one, the oral liquid with its form.

import { type DrugRowId, drugRow } from './reference';

export interface DailyDrug {
  /** The reference row the numbers come from. */
  rowId: DrugRowId;
  drug: string;
  /** mg/kg/day choices, inside the row's range. */
  rates: readonly number[];
  /** Dosing intervals in hours, the row's own. */
  intervals: readonly number[];
  route: 'PO' | 'IV';
  population: 'pediatric' | 'neonatal';
  kg: { min: number; max: number };
  /** Oral liquid (mg per `per` mL) for the volume variant, with its form on the label. */
  liquid?: { amount: number; per: number; form: string };
}

/** `min`, `min + step`, ... up to `max`. */
function stepsIn(min: number, max: number, step: number): number[] {
  const out: number[] = [];
  for (let x = min; x <= max + 1e-9; x += step) out.push(Math.round(x * 100) / 100);
  return out;
}

/**
 * The drug of a row, with weights cut so no dose passes the row's per-dose or per-day ceiling
 * at the highest rate and longest interval.
 */
function daily(rowId: DrugRowId, step: number, liquid = false): DailyDrug {
  const row = drugRow(rowId);
  const rates = stepsIn(row.dose.min, row.dose.max, step);
  const top = Math.max(...rates);
  const kg = row.kg ?? { min: 5, max: 40 };
  let kgMax = kg.max;
  // Divided doses: a once-daily interval divides nothing, so it is left to other topics.
  const intervals = row.intervalsHr.filter((h) => h < 24);
  const longest = Math.max(...intervals);
  if (row.dose.maxPerDose) kgMax = Math.min(kgMax, (row.dose.maxPerDose * 24) / (top * longest));
  if (row.dose.maxPerDay) kgMax = Math.min(kgMax, row.dose.maxPerDay / top);
  const strength = liquid ? row.strengths.find((s) => s.perMl > 0) : undefined;
  return {
    rowId,
    drug: row.drug,
    rates,
    intervals,
    route: row.route === 'PO' ? 'PO' : 'IV',
    population: row.population === 'neonatal' ? 'neonatal' : 'pediatric',
    kg: { min: kg.min, max: Math.floor(kgMax * 2) / 2 },
    ...(strength && {
      liquid: { amount: strength.amount, per: strength.perMl, form: strength.form },
    }),
  };
}

/** Pediatric total daily doses divided into equal doses, row by row of the reference table. */
export const DAILY_DRUGS: readonly DailyDrug[] = [
  daily('amoxicillin-po-q8', 5),
  daily('amoxicillin-po-q12', 20),
  daily('cephalexin-po', 25),
  daily('cefdinir-po', 1, true),
  daily('clindamycin-po', 4),
  daily('clindamycin-iv', 5),
  daily('ampicillin-iv', 50),
  daily('cefazolin-iv', 25),
  daily('ibuprofen-po-daily', 10, true),
  daily('vancomycin-iv-daily', 10),
  daily('gentamicin-iv-child', 1.5),
  daily('gentamicin-iv-neonate', 1),
];

/** Children 2.5-42 kg in half-kilogram steps; the dose per interval is what is asked. */
export const DIVIDED_DOSE_RANGES = {
  kg: {
    min: Math.min(...DAILY_DRUGS.map((d) => d.kg.min)),
    max: Math.max(...DAILY_DRUGS.map((d) => d.kg.max)),
  },
  intervalsHr: [...new Set(DAILY_DRUGS.flatMap((d) => d.intervals))].sort((a, b) => a - b),
  mgPerDose: { min: 1, max: 2000 },
} as const;
