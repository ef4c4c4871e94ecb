import type { ReferenceSource } from './sources';

/** Who a row is for: adults, children past the neonatal period, or newborns (first weeks). */
export type Population = 'adult' | 'pediatric' | 'neonatal';

export interface WeightRange {
  /** kg, inclusive */
  min: number;
  max: number;
}

/** A usual dose with its ceiling: per dose, per kg per dose, or per kg per day. */
export interface DoseRange {
  unit: 'mg' | 'mcg' | 'g' | 'units';
  basis: 'dose' | 'kg/dose' | 'kg/day';
  min: number;
  max: number;
  /** Largest single dose, in `unit` (absolute, whatever the weight). */
  maxPerDose?: number;
  /** Largest daily total, in `unit`. */
  maxPerDay?: number;
}

/** An available product strength: `amount` `unit` in `perMl` mL (tablets: perMl 0). */
export interface Strength {
  amount: number;
  unit: 'mg' | 'mcg' | 'g' | 'units' | 'mEq';
  perMl: number;
  form: string;
  /** Bottle sizes (mL) where the source lists them. */
  bottlesMl?: readonly number[];
}

/** One drug, by route and population, with its usual dose, intervals and products. */
export interface DrugRow {
  id: string;
  drug: string;
  route: 'PO' | 'IV' | 'IM' | 'subcut' | 'local';
  population: Population;
  indication?: string;
  dose: DoseRange;
  /** Allowed dosing intervals (hours); empty for a single dose. */
  intervalsHr: readonly number[];
  /** Weights the row is drawn for (kg). */
  kg?: WeightRange;
  strengths: readonly Strength[];
  source: ReferenceSource;
  /** A second page when the products and the doses come from different texts. */
  productSource?: ReferenceSource;
}

/** Oral tablets: the doses ordered and the strengths sold; whole tablets only (1 or 2). */
export interface TabletRow {
  drug: string;
  unit: 'mg' | 'mcg';
  strengths: readonly number[];
  /** Single doses ordered (in `unit`). */
  doses: readonly number[];
  sig: string;
  orderUnit?: 'mg' | 'mcg' | 'g';
  source: ReferenceSource;
  productSource: ReferenceSource;
}

/** A heparin weight-based protocol with its caps. */
export interface HeparinProtocolRow {
  name: 'VTE' | 'ACS';
  bolusUnitsPerKg: number;
  maxBolusUnits: number;
  infusionUnitsPerKgHr: number;
  maxInfusionUnitsPerHr: number;
  source: ReferenceSource;
}

/** A premixed bag or vial strength. */
export interface ProductRow {
  units: number;
  ml: number;
  source: ReferenceSource;
}

/** Gravity drip sets and the drop rates a nurse can count. */
export interface DripRow {
  dropFactors: readonly number[];
  microdrip: number;
  countableGttPerMin: { min: number; max: number };
  source: ReferenceSource;
  countSource: ReferenceSource;
}

/** Household measures in mL, and the largest oral dose measured with each. */
export interface HouseholdRow {
  unit: 'tsp' | 'tbsp';
  ml: number;
  /** Largest single oral liquid dose a question measures in this unit (mL). */
  maxDoseMl: number;
  source: ReferenceSource;
}

/** A continuous infusion: its standard bag and the dose range of a titration. */
export interface InfusionRow {
  drug: string;
  bagAmount: number;
  bagUnit: 'mg' | 'mcg' | 'units';
  bagMl: number;
  doseUnit: 'mg' | 'mcg' | 'units';
  perKg: boolean;
  per: 'min' | 'hr';
  dose: { min: number; max: number };
  source: ReferenceSource;
  productSource: ReferenceSource;
}

/** A powder vial with the label's reconstitution directions. */
export interface VialRow {
  drug: string;
  amount: number;
  unit: 'mg' | 'units';
  label: string;
  diluent: string;
  route: string;
  /** Diluent added (mL) and the resulting concentration per mL, as the label's table gives. */
  dilutions: readonly { diluentMl: number; perMl: number }[];
  source: ReferenceSource;
}
