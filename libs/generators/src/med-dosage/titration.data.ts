// Data of the titration generator (titration.ts): ICU drips with their standard concentrations
// and titration ranges. The numbers are clinical reference values; a change here changes the
// generated questions.

export interface TitrationDrug {
  drug: string;
  bagAmount: number;
  bagUnit: 'mg' | 'mcg' | 'units';
  bagMl: number;
  doseUnit: 'mg' | 'mcg' | 'units';
  perKg: boolean;
  per: 'min' | 'hr';
  dose: { min: number; max: number; step: number };
  /** Rounding of a dose worked back from a pump rate. */
  dosePlaces: number;
}

/** Standard ICU concentrations and titration ranges. */
export const TITRATION_DRUGS: readonly TitrationDrug[] = [
  {
    drug: 'dopamine',
    bagAmount: 400,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mcg',
    perKg: true,
    per: 'min',
    dose: { min: 2, max: 20, step: 1 },
    dosePlaces: 1,
  },
  {
    drug: 'dobutamine',
    bagAmount: 250,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mcg',
    perKg: true,
    per: 'min',
    dose: { min: 2, max: 20, step: 0.5 },
    dosePlaces: 1,
  },
  {
    drug: 'dobutamine',
    bagAmount: 500,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mcg',
    perKg: true,
    per: 'min',
    dose: { min: 2, max: 20, step: 0.5 },
    dosePlaces: 1,
  },
  {
    drug: 'norepinephrine',
    bagAmount: 4,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mcg',
    perKg: false,
    per: 'min',
    dose: { min: 2, max: 30, step: 1 },
    dosePlaces: 1,
  },
  {
    drug: 'norepinephrine',
    bagAmount: 8,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mcg',
    perKg: true,
    per: 'min',
    dose: { min: 0.02, max: 0.5, step: 0.01 },
    dosePlaces: 2,
  },
  {
    drug: 'epinephrine',
    bagAmount: 4,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mcg',
    perKg: false,
    per: 'min',
    dose: { min: 1, max: 10, step: 1 },
    dosePlaces: 1,
  },
  {
    drug: 'nitroglycerin',
    bagAmount: 50,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mcg',
    perKg: false,
    per: 'min',
    dose: { min: 5, max: 200, step: 5 },
    dosePlaces: 0,
  },
  {
    drug: 'phenylephrine',
    bagAmount: 10,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mcg',
    perKg: false,
    per: 'min',
    dose: { min: 20, max: 100, step: 10 },
    dosePlaces: 0,
  },
  {
    drug: 'esmolol',
    bagAmount: 2500,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mcg',
    perKg: true,
    per: 'min',
    dose: { min: 50, max: 300, step: 25 },
    dosePlaces: 0,
  },
  {
    drug: 'propofol',
    bagAmount: 1000,
    bagUnit: 'mg',
    bagMl: 100,
    doseUnit: 'mcg',
    perKg: true,
    per: 'min',
    dose: { min: 5, max: 50, step: 5 },
    dosePlaces: 0,
  },
  {
    drug: 'dexmedetomidine',
    bagAmount: 400,
    bagUnit: 'mcg',
    bagMl: 100,
    doseUnit: 'mcg',
    perKg: true,
    per: 'hr',
    dose: { min: 0.2, max: 1.4, step: 0.1 },
    dosePlaces: 2,
  },
  {
    drug: 'diltiazem',
    bagAmount: 125,
    bagUnit: 'mg',
    bagMl: 125,
    doseUnit: 'mg',
    perKg: false,
    per: 'hr',
    dose: { min: 5, max: 15, step: 1 },
    dosePlaces: 1,
  },
  {
    drug: 'nicardipine',
    bagAmount: 25,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mg',
    perKg: false,
    per: 'hr',
    dose: { min: 2.5, max: 15, step: 2.5 },
    dosePlaces: 1,
  },
  {
    drug: 'amiodarone',
    bagAmount: 450,
    bagUnit: 'mg',
    bagMl: 250,
    doseUnit: 'mg',
    perKg: false,
    per: 'min',
    dose: { min: 0.5, max: 1, step: 0.5 },
    dosePlaces: 1,
  },
  {
    drug: 'regular insulin',
    bagAmount: 100,
    bagUnit: 'units',
    bagMl: 100,
    doseUnit: 'units',
    perKg: true,
    per: 'hr',
    dose: { min: 0.05, max: 0.14, step: 0.01 },
    dosePlaces: 2,
  },
  {
    drug: 'regular insulin',
    bagAmount: 100,
    bagUnit: 'units',
    bagMl: 100,
    doseUnit: 'units',
    perKg: false,
    per: 'hr',
    dose: { min: 1, max: 15, step: 0.5 },
    dosePlaces: 1,
  },
];

/** Adult weights 40-150 kg; pump rates 0.5-999 mL/hr to the tenth. */
export const TITRATION_RANGES = {
  kg: { min: 40, max: 150 },
  mlPerHr: { min: 0.5, max: 999 },
} as const;
