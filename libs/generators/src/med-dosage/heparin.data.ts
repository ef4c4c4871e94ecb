// Data of the heparin generator (heparin.ts): premixed heparin bags, bolus vials and the
// weight-based protocols with their caps, all drawn from the clinical reference table
// (reference/, ADR 0038). A change of a number belongs in the table, with its source.

import { HEPARIN_BAGS, HEPARIN_PROTOCOLS, HEPARIN_VIALS } from './reference';

const maxInfusion = Math.max(...HEPARIN_PROTOCOLS.map((p) => p.maxInfusionUnitsPerHr));

/** Premixed heparin bags (units in mL of D5W), bolus vials (units/mL) and the protocols. */
export const HEPARIN_RANGES = {
  bags: HEPARIN_BAGS.map(({ units, ml }) => ({ units, ml })),
  bolusVialsUnitsPerMl: HEPARIN_VIALS.map((v) => v.units / v.ml),
  /** Ordered (or delivered) units/hr in the non-weight-based questions: up to the VTE cap. */
  orderedUnitsPerHr: { min: 500, max: maxInfusion, step: 50 },
  /** Every units/hr in any question: no protocol starts above its cap (1,800 units/hr, VTE). */
  unitsPerHr: { min: 500, max: maxInfusion },
  /** Running rates drawn for the mL/hr to units/hr questions. */
  runningMlPerHr: { min: 5, max: 50 },
  /** Every pump rate asked or given stays in this range. */
  pumpMlPerHr: { min: 5, max: 60 },
  kg: { min: 45, max: 125 },
  /** Bolus and infusion per kg come in pairs with their caps (VTE 80 + 18, ACS 60 + 12). */
  protocols: HEPARIN_PROTOCOLS.map((p) => ({
    name: p.name,
    bolusPerKg: p.bolusUnitsPerKg,
    maxBolusUnits: p.maxBolusUnits,
    infusionPerKg: p.infusionUnitsPerKgHr,
    maxUnitsPerHr: p.maxInfusionUnitsPerHr,
  })),
} as const;
