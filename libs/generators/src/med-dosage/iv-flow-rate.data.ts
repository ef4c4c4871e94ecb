// Data of the iv-flow-rate generator (iv-flow-rate.ts): infusion volumes, times and pump rates.
// The numbers are clinical reference values; a change here changes the generated questions.

/** Plausible ranges of an IV infusion by pump (mL/hr). */
export const IV_FLOW_RATE_RANGES = {
  volumeMl: { min: 50, max: 3000, step: 50 },
  hours: [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 16, 24],
  minutes: [15, 20, 30, 45, 60, 90],
  rateMlPerHr: { min: 5, max: 999 },
} as const;
