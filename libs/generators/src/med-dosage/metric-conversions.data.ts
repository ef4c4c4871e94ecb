// Data of the metric-conversions generator (metric-conversions.ts): metric units, their names and
// the conversion scenarios. The numbers are clinical reference values; a change here changes the
// generated questions.

/** Powers of ten of each metric unit relative to the gram or the liter. */
export const METRIC_EXPONENTS = { kg: 3, g: 0, mg: -3, mcg: -6, L: 0, mL: -3 } as const;
export type MetricUnit = keyof typeof METRIC_EXPONENTS;

export const METRIC_NAMES: Record<MetricUnit, string> = {
  kg: 'kilograms (kg)',
  g: 'grams (g)',
  mg: 'milligrams (mg)',
  mcg: 'micrograms (mcg)',
  L: 'liters (L)',
  mL: 'milliliters (mL)',
};

export interface MetricScenario {
  from: MetricUnit;
  to: MetricUnit;
  /** Question stem before the ask; `{v}` is the amount with its unit. */
  stem: string;
  values: readonly number[];
}

/** Realistic amounts: drug doses, IV bag volumes and newborn weights. */
export const METRIC_SCENARIOS: readonly MetricScenario[] = [
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads digoxin {v} PO daily.',
    values: [0.0625, 0.125, 0.25],
  },
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads levothyroxine {v} PO daily.',
    values: [0.025, 0.05, 0.075, 0.088, 0.1, 0.112, 0.125, 0.15, 0.175, 0.2],
  },
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads fentanyl {v} IV now.',
    values: [0.025, 0.05, 0.075, 0.1],
  },
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads clonidine {v} PO twice daily.',
    values: [0.1, 0.2, 0.3],
  },
  {
    from: 'mcg',
    to: 'mg',
    stem: 'The order reads levothyroxine {v} PO daily.',
    values: [25, 50, 75, 88, 100, 112, 125, 150, 175, 200],
  },
  {
    from: 'mcg',
    to: 'mg',
    stem: 'The order reads cyanocobalamin {v} IM monthly.',
    values: [100, 500, 1000],
  },
  {
    from: 'mcg',
    to: 'mg',
    stem: 'The order reads fentanyl {v} IV now.',
    values: [25, 50, 75, 100],
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads cefazolin {v} IV every 8 hours.',
    values: [0.5, 1, 1.5, 2],
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads ceftriaxone {v} IM once.',
    values: [0.25, 0.5, 0.75, 1, 2],
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads acetaminophen {v} PO every 6 hours.',
    values: [0.325, 0.5, 0.65, 1],
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads amoxicillin {v} PO every 12 hours.',
    values: [0.25, 0.5, 0.875, 1],
  },
  {
    from: 'mg',
    to: 'g',
    stem: 'The order reads vancomycin {v} IV every 12 hours.',
    values: [500, 750, 1000, 1250, 1500, 1750, 2000],
  },
  {
    from: 'mg',
    to: 'g',
    stem: 'The order reads metformin {v} PO twice daily.',
    values: [250, 500, 850, 1000],
  },
  {
    from: 'mg',
    to: 'g',
    stem: 'The order reads cephalexin {v} PO every 6 hours.',
    values: [125, 250, 500, 750],
  },
  {
    from: 'L',
    to: 'mL',
    stem: 'A client is to receive {v} of 0.9% sodium chloride.',
    values: [0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3],
  },
  {
    from: 'mL',
    to: 'L',
    stem: 'A client drank {v} of water during the shift.',
    values: [150, 240, 360, 480, 600, 750, 900, 1200, 1500, 1750],
  },
  {
    from: 'kg',
    to: 'g',
    stem: 'A newborn weighs {v}.',
    values: [2.45, 2.8, 3.05, 3.2, 3.35, 3.5, 3.65, 3.8, 4.1, 4.25],
  },
  {
    from: 'g',
    to: 'kg',
    stem: 'A newborn weighs {v}.',
    values: [2380, 2650, 2990, 3100, 3240, 3475, 3560, 3720, 3910, 4150],
  },
];
