// Data of the solution-strength generator (solution-strength.ts): percent and ratio solutions in
// clinical use. The numbers are clinical reference values; a change here changes the generated
// questions.

/** Percent (w/v: g per 100 mL) and ratio (1:N = 1 g in N mL) strengths in clinical use. */
export const SOLUTION_RANGES = {
  bags: [
    { name: 'dextrose 5% in water (D5W)', percent: 5, volumesMl: [250, 500, 1000] },
    { name: 'dextrose 10% in water (D10W)', percent: 10, volumesMl: [250, 500, 1000] },
    { name: '0.9% sodium chloride', percent: 0.9, volumesMl: [100, 250, 500, 1000] },
    { name: '0.45% sodium chloride', percent: 0.45, volumesMl: [250, 500, 1000] },
    { name: '3% sodium chloride', percent: 3, volumesMl: [100, 250, 500] },
    { name: '20% mannitol', percent: 20, volumesMl: [100, 250, 500] },
  ],
  lidocaine: { percents: [1, 2], volumesMl: [2, 3, 5, 10, 20] },
  percentDoses: [
    {
      drug: 'magnesium sulfate',
      percent: 50,
      dose: { min: 1, max: 4, step: 0.5 },
      unit: 'g',
      route: 'IV',
    },
    {
      drug: 'calcium gluconate',
      percent: 10,
      dose: { min: 0.5, max: 3, step: 0.5 },
      unit: 'g',
      route: 'IV',
    },
    {
      drug: 'dextrose',
      percent: 50,
      dose: { min: 12.5, max: 25, step: 2.5 },
      unit: 'g',
      route: 'IV',
    },
    {
      drug: 'lidocaine',
      percent: 1,
      dose: { min: 10, max: 100, step: 10 },
      unit: 'mg',
      route: 'for local infiltration',
    },
    {
      drug: 'lidocaine',
      percent: 2,
      dose: { min: 20, max: 100, step: 10 },
      unit: 'mg',
      route: 'for local infiltration',
    },
  ],
  ratioDoses: [
    { ratio: 1000, dose: { min: 0.1, max: 0.5, step: 0.05 }, route: 'IM for anaphylaxis' },
    {
      ratio: 10_000,
      dose: { min: 0.5, max: 1, step: 0.1 },
      route: 'IV push during cardiac arrest',
    },
  ],
  localEpinephrine: { ratios: [100_000, 200_000], volumesMl: [5, 10, 15, 20, 30] },
} as const;
