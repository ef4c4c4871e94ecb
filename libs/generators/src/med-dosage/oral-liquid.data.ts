// Data of the oral-liquid generator (oral-liquid.ts): oral liquids with their label
// concentrations, doses and bottle sizes. The numbers are clinical reference values; a change
// here changes the generated questions.

export interface LiquidDrug {
  drug: string;
  /** Amount in `unit` per `per` mL, as on the label. */
  amount: number;
  unit: 'mg' | 'g' | 'mEq';
  per: number;
  dose: { min: number; max: number; step: number };
  bottleMl: readonly number[];
  sig: string;
}

/** Oral liquids with their usual label concentrations and single doses. */
export const LIQUID_DRUGS: readonly LiquidDrug[] = [
  {
    drug: 'amoxicillin oral suspension',
    amount: 250,
    unit: 'mg',
    per: 5,
    dose: { min: 100, max: 500, step: 25 },
    bottleMl: [100, 150],
    sig: 'PO every 8 hours',
  },
  {
    drug: 'amoxicillin oral suspension',
    amount: 400,
    unit: 'mg',
    per: 5,
    dose: { min: 200, max: 875, step: 25 },
    bottleMl: [50, 75, 100],
    sig: 'PO every 12 hours',
  },
  {
    drug: 'acetaminophen oral suspension',
    amount: 160,
    unit: 'mg',
    per: 5,
    dose: { min: 80, max: 650, step: 10 },
    bottleMl: [120, 473],
    sig: 'PO every 6 hours as needed for fever',
  },
  {
    drug: 'ibuprofen oral suspension',
    amount: 100,
    unit: 'mg',
    per: 5,
    dose: { min: 50, max: 400, step: 10 },
    bottleMl: [120, 473],
    sig: 'PO every 6 hours as needed for pain',
  },
  {
    drug: 'cephalexin oral suspension',
    amount: 250,
    unit: 'mg',
    per: 5,
    dose: { min: 125, max: 500, step: 25 },
    bottleMl: [100, 200],
    sig: 'PO every 6 hours',
  },
  {
    drug: 'prednisolone oral solution',
    amount: 15,
    unit: 'mg',
    per: 5,
    dose: { min: 5, max: 60, step: 1 },
    bottleMl: [240],
    sig: 'PO daily',
  },
  {
    drug: 'ondansetron oral solution',
    amount: 4,
    unit: 'mg',
    per: 5,
    dose: { min: 2, max: 8, step: 1 },
    bottleMl: [50],
    sig: 'PO every 8 hours as needed for nausea',
  },
  {
    drug: 'furosemide oral solution',
    amount: 10,
    unit: 'mg',
    per: 1,
    dose: { min: 4, max: 80, step: 2 },
    bottleMl: [60, 120],
    sig: 'PO daily',
  },
  {
    drug: 'potassium chloride oral solution',
    amount: 20,
    unit: 'mEq',
    per: 15,
    dose: { min: 10, max: 40, step: 5 },
    bottleMl: [473],
    sig: 'PO twice daily',
  },
  {
    drug: 'lactulose oral solution',
    amount: 10,
    unit: 'g',
    per: 15,
    dose: { min: 10, max: 30, step: 5 },
    bottleMl: [473, 946],
    sig: 'PO three times daily',
  },
  {
    drug: 'digoxin oral solution',
    amount: 0.05,
    unit: 'mg',
    per: 1,
    dose: { min: 0.025, max: 0.25, step: 0.025 },
    bottleMl: [60],
    sig: 'PO daily',
  },
  {
    drug: 'phenobarbital elixir',
    amount: 20,
    unit: 'mg',
    per: 5,
    dose: { min: 15, max: 60, step: 5 },
    bottleMl: [473],
    sig: 'PO twice daily',
  },
  {
    drug: 'azithromycin oral suspension',
    amount: 200,
    unit: 'mg',
    per: 5,
    dose: { min: 100, max: 500, step: 20 },
    bottleMl: [15, 22.5, 30],
    sig: 'PO daily',
  },
  {
    drug: 'oxycodone oral solution',
    amount: 5,
    unit: 'mg',
    per: 5,
    dose: { min: 2.5, max: 10, step: 2.5 },
    bottleMl: [500],
    sig: 'PO every 4 hours as needed for pain',
  },
];

/** A single oral liquid dose is 0.2-30 mL. */
export const ORAL_LIQUID_RANGES = { volumeMl: { min: 0.2, max: 30 } } as const;
