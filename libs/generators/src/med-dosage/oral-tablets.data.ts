// Data of the oral-tablets generator (oral-tablets.ts): oral tablets with their strengths and
// largest single doses. The numbers are clinical reference values; a change here changes the
// generated questions.

export type MassUnit = 'g' | 'mg' | 'mcg';

/** Micrograms in one of each mass unit. */
export const MCG_PER: Record<MassUnit, number> = { g: 1_000_000, mg: 1000, mcg: 1 };

export interface TabletDrug {
  drug: string;
  unit: MassUnit;
  strengths: readonly number[];
  /** Largest single dose ordered (in `unit`). */
  maxDose: number;
  /** Scored tablets may be split in half. */
  scored: boolean;
  sig: string;
  /** Another unit the prescriber may write the order in. */
  orderUnit?: MassUnit;
}

/** Common oral tablets with their marketed strengths and usual largest single doses. */
export const TABLET_DRUGS: readonly TabletDrug[] = [
  {
    drug: 'metoprolol tartrate',
    unit: 'mg',
    strengths: [25, 50, 100],
    maxDose: 200,
    scored: true,
    sig: 'PO twice daily',
  },
  {
    drug: 'furosemide',
    unit: 'mg',
    strengths: [20, 40, 80],
    maxDose: 160,
    scored: true,
    sig: 'PO daily',
  },
  {
    drug: 'lisinopril',
    unit: 'mg',
    strengths: [2.5, 5, 10, 20],
    maxDose: 40,
    scored: true,
    sig: 'PO daily',
  },
  {
    drug: 'levothyroxine',
    unit: 'mcg',
    strengths: [25, 50, 75, 100],
    maxDose: 200,
    scored: true,
    sig: 'PO daily before breakfast',
    orderUnit: 'mg',
  },
  {
    drug: 'acetaminophen',
    unit: 'mg',
    strengths: [325, 500],
    maxDose: 1000,
    scored: false,
    sig: 'PO every 6 hours as needed for pain',
    orderUnit: 'g',
  },
  {
    drug: 'warfarin',
    unit: 'mg',
    strengths: [1, 2, 2.5, 5],
    maxDose: 10,
    scored: true,
    sig: 'PO daily at 1700',
  },
  {
    drug: 'prednisone',
    unit: 'mg',
    strengths: [5, 10, 20],
    maxDose: 60,
    scored: true,
    sig: 'PO daily with breakfast',
  },
  {
    drug: 'digoxin',
    unit: 'mg',
    strengths: [0.125, 0.25],
    maxDose: 0.5,
    scored: true,
    sig: 'PO daily',
    orderUnit: 'mcg',
  },
  {
    drug: 'carvedilol',
    unit: 'mg',
    strengths: [3.125, 6.25, 12.5, 25],
    maxDose: 50,
    scored: false,
    sig: 'PO twice daily with food',
  },
  {
    drug: 'amlodipine',
    unit: 'mg',
    strengths: [2.5, 5, 10],
    maxDose: 10,
    scored: false,
    sig: 'PO daily',
  },
  {
    drug: 'lorazepam',
    unit: 'mg',
    strengths: [0.5, 1, 2],
    maxDose: 4,
    scored: true,
    sig: 'PO every 8 hours as needed for anxiety',
  },
  {
    drug: 'hydralazine',
    unit: 'mg',
    strengths: [10, 25, 50],
    maxDose: 100,
    scored: false,
    sig: 'PO every 6 hours',
  },
  {
    drug: 'clonidine',
    unit: 'mg',
    strengths: [0.1, 0.2],
    maxDose: 0.6,
    scored: true,
    sig: 'PO twice daily',
    orderUnit: 'mcg',
  },
  {
    drug: 'metformin',
    unit: 'mg',
    strengths: [500, 850, 1000],
    maxDose: 1000,
    scored: false,
    sig: 'PO twice daily with meals',
  },
];

/** Tablets per dose: whole, or halves of scored tablets, up to 3. */
export const ORAL_TABLET_RANGES = {
  tablets: [0.5, 1, 1.5, 2, 2.5, 3],
  maxTablets: 3,
} as const;
