// Data of the heparin generator (heparin.ts): premixed heparin bags, bolus vials and the protocol
// doses. The numbers are clinical reference values; a change here changes the generated
// questions.

/** Premixed heparin bags (units in mL of D5W) and bolus vials (units/mL). */
export const HEPARIN_RANGES = {
  bags: [
    { units: 25_000, ml: 250 },
    { units: 25_000, ml: 500 },
    { units: 12_500, ml: 250 },
    { units: 20_000, ml: 500 },
  ],
  bolusVialsUnitsPerMl: [1000, 5000],
  /** Ordered (or delivered) units/hr in the non-weight-based questions. */
  orderedUnitsPerHr: { min: 500, max: 2000, step: 50 },
  /** Every units/hr in any question (weight-based doses reach 18 units/kg/hr x 125 kg). */
  unitsPerHr: { min: 500, max: 2500 },
  /** Running rates drawn for the mL/hr to units/hr questions. */
  runningMlPerHr: { min: 5, max: 50 },
  /** Every pump rate asked or given stays in this range. */
  pumpMlPerHr: { min: 5, max: 60 },
  kg: { min: 45, max: 125 },
  infusionUnitsPerKgHr: [12, 15, 18],
  bolusUnitsPerKg: [60, 80],
  maxBolusUnits: 10_000,
} as const;
