// Data of the solution-strength generator (solution-strength.ts): percent and ratio solutions
// in clinical use, drawn from the clinical reference table (reference/, ADR 0038). A change of
// a number belongs in the table, with its source.

import { drugRow, EPINEPHRINE, FLUID_ROWS } from './reference';

const ns = FLUID_ROWS.find((f) => f.name === '0.9% sodium chloride')!;
const d5w = FLUID_ROWS.find((f) => f.name === 'D5W')!;
const lidocaine = drugRow('lidocaine-local');
const lidocaineEpi = drugRow('lidocaine-epinephrine-local');
const imAdult = drugRow('epinephrine-im-anaphylaxis-adult');
const arrest = drugRow('epinephrine-iv-arrest-adult');

/** mg/mL of an epinephrine ratio strength (1:1,000 = 1 mg/mL, 1:10,000 = 0.1 mg/mL). */
export const epinephrineMgPerMl = (ratio: number): number =>
  EPINEPHRINE.strengths.find((s) => s.ratio === ratio)!.mgPerMl;

/** Lidocaine injected in a question: at most the table's maximum without epinephrine (300 mg). */
const lidocaineVolumes = (percent: number): number[] =>
  [2, 3, 5, 10, 20].filter((ml) => ml * percent * 10 <= (lidocaine.dose.maxPerDose ?? 0));

/** Percent (w/v: g per 100 mL) and ratio (1:N = 1 g in N mL) strengths in clinical use. */
export const SOLUTION_RANGES = {
  bags: [
    { name: 'dextrose 5% in water (D5W)', percent: 5, volumesMl: d5w.bagsMl },
    { name: '0.9% sodium chloride', percent: 0.9, volumesMl: ns.bagsMl },
  ],
  /** 1% and 2% lidocaine in volumes that stay under the table's 300 mg ceiling. */
  lidocaine: {
    percents: [1, 2],
    volumesByPercent: { 1: lidocaineVolumes(1), 2: lidocaineVolumes(2) } as Record<
      number,
      number[]
    >,
    maxMg: lidocaine.dose.maxPerDose ?? 0,
  },
  percentDoses: [
    {
      drug: 'magnesium sulfate',
      percent: 50,
      dose: {
        min: drugRow('magnesium-sulfate-iv').dose.min,
        max: drugRow('magnesium-sulfate-iv').dose.max,
        step: 0.5,
      },
      unit: 'g',
      route: 'IV',
    },
    {
      drug: 'calcium gluconate',
      percent: 10,
      dose: { min: drugRow('calcium-gluconate-iv').dose.min, max: 3, step: 0.5 },
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
  /** Epinephrine: IM for anaphylaxis (1 mg/mL) and the adult ACLS dose, 1 mg (0.1 mg/mL). */
  ratioDoses: [
    {
      ratio: 1000,
      dose: { min: imAdult.dose.min, max: imAdult.dose.max, step: 0.05 },
      route: 'IM for anaphylaxis',
    },
    {
      ratio: 10_000,
      dose: { min: arrest.dose.min, max: arrest.dose.max, step: 1 },
      route: 'IV push during cardiac arrest',
    },
  ],
  /** 1% lidocaine with epinephrine: at most 30 mL (300 mg, under the 500 mg ceiling). */
  localEpinephrine: {
    ratios: [100_000, 200_000],
    volumesMl: [5, 10, 15, 20, 30].filter((ml) => ml * 10 <= (lidocaineEpi.dose.maxPerDose ?? 0)),
  },
} as const;
