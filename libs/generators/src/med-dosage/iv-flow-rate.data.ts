// Data of the iv-flow-rate generator (iv-flow-rate.ts): infusion volumes, times and pump rates
// of 0.9% sodium chloride, drawn from the clinical reference table (reference/, ADR 0038): at
// most one bag, at most the fluid's rate cap.

import { FLUID_ROWS } from './reference';

const ns = FLUID_ROWS.find((f) => f.name === '0.9% sodium chloride')!;

/** Plausible ranges of an IV infusion of 0.9% sodium chloride by pump (mL/hr). */
export const IV_FLOW_RATE_RANGES = {
  volumeMl: { min: 50, max: Math.max(...ns.bagsMl), step: 50 },
  hours: [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 16, 24],
  minutes: [15, 20, 30, 45, 60, 90],
  rateMlPerHr: { min: 10, max: ns.maxRateMlPerHr },
} as const;
