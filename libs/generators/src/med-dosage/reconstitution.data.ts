// Data of the reconstitution generator (reconstitution.ts): powder vials with their
// reconstitution directions. The numbers are clinical reference values; a change here changes the
// generated questions.

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

/** Reconstitution directions from common package inserts. */
export const VIALS: readonly Vial[] = [
  {
    drug: 'ceftriaxone',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: '1% lidocaine',
    route: 'IM',
    dilutions: [{ diluentMl: 2.1, perMl: 350 }],
    order: { min: 250, max: 1000, step: 50 },
  },
  {
    drug: 'ceftriaxone',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: '1% lidocaine',
    route: 'IM',
    dilutions: [{ diluentMl: 1, perMl: 350 }],
    order: { min: 125, max: 500, step: 25 },
  },
  {
    drug: 'cefazolin',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: 'sterile water',
    route: 'IM',
    dilutions: [{ diluentMl: 2.5, perMl: 330 }],
    order: { min: 250, max: 1000, step: 50 },
  },
  {
    drug: 'cefazolin',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: 'sterile water',
    route: 'IM',
    dilutions: [{ diluentMl: 2, perMl: 225 }],
    order: { min: 125, max: 500, step: 25 },
  },
  {
    drug: 'ampicillin',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: 'sterile water',
    route: 'IM',
    dilutions: [{ diluentMl: 3.5, perMl: 250 }],
    order: { min: 250, max: 1000, step: 50 },
  },
  {
    drug: 'ampicillin',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: 'sterile water',
    route: 'IM',
    dilutions: [{ diluentMl: 1.8, perMl: 250 }],
    order: { min: 100, max: 500, step: 25 },
  },
  {
    drug: 'nafcillin',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [{ diluentMl: 3.4, perMl: 250 }],
    order: { min: 250, max: 1000, step: 50 },
  },
  {
    drug: 'methylprednisolone sodium succinate',
    amount: 125,
    unit: 'mg',
    label: '125 mg',
    diluent: 'the attached diluent',
    route: 'IV',
    dilutions: [{ diluentMl: 2, perMl: 62.5 }],
    order: { min: 20, max: 125, step: 5 },
  },
  {
    drug: 'vancomycin',
    amount: 1000,
    unit: 'mg',
    label: '1 g',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [{ diluentMl: 20, perMl: 50 }],
    order: { min: 250, max: 1000, step: 25 },
    derive: true,
  },
  {
    drug: 'vancomycin',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [{ diluentMl: 10, perMl: 50 }],
    order: { min: 100, max: 500, step: 25 },
    derive: true,
  },
  {
    drug: 'acyclovir',
    amount: 500,
    unit: 'mg',
    label: '500 mg',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [{ diluentMl: 10, perMl: 50 }],
    order: { min: 100, max: 500, step: 10 },
    derive: true,
  },
  {
    drug: 'penicillin G potassium',
    amount: 5_000_000,
    unit: 'units',
    label: '5,000,000 units',
    diluent: 'sterile water',
    route: 'IV',
    dilutions: [
      { diluentMl: 18, perMl: 250_000 },
      { diluentMl: 8, perMl: 500_000 },
      { diluentMl: 3, perMl: 1_000_000 },
    ],
    order: { min: 300_000, max: 5_000_000, step: 100_000 },
  },
];

/** Volumes to withdraw: 0.1-20 mL. */
export const RECONSTITUTION_RANGES = { volumeMl: { min: 0.1, max: 20 } } as const;
