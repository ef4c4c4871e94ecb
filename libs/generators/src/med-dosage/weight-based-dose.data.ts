// Data of the weight-based-dose generator (weight-based-dose.ts): weight-based single doses and
// their available concentrations. The numbers are clinical reference values; a change here
// changes the generated questions. Doses, weights and products come from the clinical reference
// table (reference/, ADR 0038).

import { type DrugRowId, drugRow } from './reference';

export interface WeightDrug {
  /** The reference row the numbers come from. */
  rowId: DrugRowId;
  drug: string;
  /** mg per kg per dose. */
  mgPerKg: number;
  route: string;
  kg: { min: number; max: number };
  /** Largest single dose (mg); weights are drawn so the dose stays under it. */
  maxMg: number;
  /** The available concentration: `amount` mg per `per` mL. */
  amount: number;
  per: number;
  form: string;
}

/**
 * A weight-based single dose from a reference row: the mg/kg of one dose (a per-day row is
 * divided by its doses a day), the row's weights cut at its ceiling, and its product.
 */
function fromRow(rowId: DrugRowId, mgPerKg: number, route: string): WeightDrug {
  const row = drugRow(rowId);
  const strength = row.strengths[0];
  if (!strength) throw new Error(`row ${rowId} has no product`);
  // A per-day row is divided into its doses a day (first interval): 75 mg/kg/day q8h = 25 mg/kg.
  const doses = row.dose.basis === 'kg/day' ? 24 / (row.intervalsHr[0] ?? 24) : 1;
  if (mgPerKg < row.dose.min / doses - 1e-9 || mgPerKg > row.dose.max / doses + 1e-9)
    throw new Error(`${rowId}: ${mgPerKg} mg/kg per dose is outside the row`);
  const dayCap = row.dose.maxPerDay ? row.dose.maxPerDay / doses : Infinity;
  const maxMg = Math.min(row.dose.maxPerDose ?? Infinity, dayCap);
  const kg = row.kg ?? { min: 5, max: 40 };
  return {
    rowId,
    drug: row.drug,
    mgPerKg,
    route,
    kg,
    maxMg: Number.isFinite(maxMg) ? maxMg : mgPerKg * kg.max,
    amount: strength.amount,
    per: strength.perMl,
    form: strength.form,
  };
}

/** Weight-based single doses (mg/kg/dose) from the clinical reference table. */
export const WEIGHT_DRUGS: readonly WeightDrug[] = [
  fromRow('acetaminophen-po-pediatric', 15, 'PO every 6 hours as needed'),
  fromRow('ibuprofen-po-pediatric', 10, 'PO every 6 hours as needed'),
  fromRow('ceftriaxone-iv-pediatric', 50, 'IV once daily'),
  fromRow('gentamicin-iv-child', 2.5, 'IV every 8 hours'),
  fromRow('vancomycin-iv-dose', 10, 'IV every 6 hours'),
  fromRow('cefazolin-iv', 25, 'IV every 8 hours'),
  fromRow('dexamethasone-croup', 0.6, 'IM once for croup'),
  fromRow('epinephrine-im-anaphylaxis-pediatric', 0.01, 'IM once for anaphylaxis'),
];

/** Weights in half-kilogram steps (so pounds convert exactly to a tenth of a kg). */
export const WEIGHT_BASED_RANGES = {
  kg: {
    min: Math.min(...WEIGHT_DRUGS.map((d) => d.kg.min)),
    max: Math.max(...WEIGHT_DRUGS.map((d) => d.kg.max)),
  },
  volumeMl: { min: 0.1, max: 50 },
} as const;
