// Data of the oral-liquid generator (oral-liquid.ts): oral liquids with their label
// concentrations, doses and bottle sizes. The numbers are clinical reference values; a change
// here changes the generated questions. Strengths, bottles and dose ranges come from the clinical
// reference table (reference/, ADR 0038).

import { type DrugRowId, drugRow } from './reference';

export interface LiquidDrug {
  /** The reference row the strength and doses come from. */
  rowId: DrugRowId;
  drug: string;
  /** Amount in `unit` per `per` mL, as on the label. */
  amount: number;
  unit: 'mg' | 'g' | 'mEq';
  per: number;
  dose: { min: number; max: number; step: number };
  /** Bottle sizes where the source gives them; none: the question names no bottle. */
  bottleMl: readonly number[];
  sig: string;
}

/**
 * An oral liquid from a reference row: its labeled strength (and bottle sizes where the source
 * gives them) and single doses drawn by `step` inside the row's dose range (a per-kg row: from
 * its smallest child's dose to its ceiling).
 */
function liquid(
  rowId: DrugRowId,
  strengthIndex: number,
  dose: { min: number; max: number; step: number },
  sig: string,
): LiquidDrug {
  const row = drugRow(rowId);
  const strength = row.strengths[strengthIndex];
  if (!strength) throw new Error(`row ${rowId} has no liquid ${strengthIndex}`);
  return {
    rowId,
    drug: `${row.drug} ${strength.form}`,
    amount: strength.amount,
    unit: strength.unit === 'g' ? 'g' : 'mg',
    per: strength.perMl,
    dose,
    bottleMl: strength.bottlesMl ?? [],
    sig,
  };
}

/** Oral liquids with their label concentrations and single doses, from the reference table. */
export const LIQUID_DRUGS: readonly LiquidDrug[] = [
  liquid('amoxicillin-po-adult', 0, { min: 250, max: 500, step: 25 }, 'PO every 8 hours'),
  liquid(
    'acetaminophen-po-pediatric',
    0,
    { min: 80, max: 640, step: 10 },
    'PO every 6 hours as needed for fever',
  ),
  liquid(
    'ibuprofen-po-pediatric',
    0,
    { min: 60, max: 400, step: 10 },
    'PO every 6 hours as needed for pain',
  ),
  liquid('cefdinir-po', 0, { min: 35, max: 300, step: 5 }, 'PO every 12 hours'),
  liquid('digoxin-po-solution', 0, { min: 0.125, max: 0.25, step: 0.025 }, 'PO daily'),
];

/** A single oral liquid dose is 0.2-30 mL. */
export const ORAL_LIQUID_RANGES = { volumeMl: { min: 0.2, max: 30 } } as const;
