// Data of the reconstitution generator (reconstitution.ts): powder vials with their
// reconstitution directions. The numbers are clinical reference values; a change here changes the
// generated questions. Vials and their directions come from the clinical reference table
// (reference/, ADR 0038).

import { VIAL_ROWS } from './reference';

export interface Dilution {
  /** Diluent added (mL). */
  diluentMl: number;
  /** Resulting concentration per mL (label value, accounts for powder displacement). */
  perMl: number;
}

export interface Vial {
  drug: string;
  /** Vial content in `unit`. */
  amount: number;
  unit: 'mg' | 'units';
  /** How the vial is labeled (1 g, 500 mg, 5,000,000 units). */
  label: string;
  diluent: string;
  route: string;
  dilutions: readonly Dilution[];
  /** Orders drawn as min..max by step, never more than the vial holds. */
  order: { min: number; max: number; step: number };
  /** The label gives the final volume, not the concentration: the learner works it out. */
  derive?: boolean;
}

/** Orders drawn for each vial (by drug and size): never more than the vial holds. */
const ORDERS: Record<string, { min: number; max: number; step: number }> = {
  'ceftriaxone/1000': { min: 250, max: 1000, step: 50 },
  'ceftriaxone/500': { min: 125, max: 500, step: 25 },
  'cefazolin/1000': { min: 250, max: 1000, step: 50 },
  'cefazolin/500': { min: 125, max: 500, step: 25 },
  'ampicillin/1000': { min: 250, max: 1000, step: 50 },
  'ampicillin/500': { min: 100, max: 500, step: 25 },
  'methylprednisolone sodium succinate/125': { min: 20, max: 125, step: 5 },
  'vancomycin/500': { min: 100, max: 500, step: 25 },
  'acyclovir/500': { min: 100, max: 500, step: 10 },
  'penicillin G potassium/5000000': { min: 300_000, max: 5_000_000, step: 100_000 },
};

/** Vials whose label gives the final volume, not the concentration: the learner works it out. */
const DERIVE = new Set(['vancomycin', 'acyclovir']);

/** Reconstitution directions from the package inserts, via the clinical reference table. */
export const VIALS: readonly Vial[] = VIAL_ROWS.map((row) => {
  const order = ORDERS[`${row.drug}/${row.amount}`];
  if (!order || order.max > row.amount) throw new Error(`no order range for ${row.drug}`);
  return {
    drug: row.drug,
    amount: row.amount,
    unit: row.unit,
    label: row.label,
    diluent: row.diluent,
    route: row.route,
    dilutions: row.dilutions,
    order,
    ...(DERIVE.has(row.drug) && { derive: true }),
  };
});

/** Volumes to withdraw: 0.1-20 mL. */
export const RECONSTITUTION_RANGES = { volumeMl: { min: 0.1, max: 20 } } as const;
