// Data of the weight-based-dose generator (weight-based-dose.ts): weight-based single doses and
// their available concentrations. The numbers are clinical reference values; a change here
// changes the generated questions.

export interface WeightDrug {
  drug: string;
  /** mg per kg per dose. */
  mgPerKg: number;
  route: string;
  kg: { min: number; max: number };
  /** Largest single dose (mg); weights are drawn so the dose stays under it. */
  maxMg: number;
  /** The available concentration: `amount` mg per `per` mL. */
  amount: number;
  per: number;
  form: string;
}

/** Weight-based single doses (mg/kg/dose) as used in pediatric and adult references. */
export const WEIGHT_DRUGS: readonly WeightDrug[] = [
  {
    drug: 'acetaminophen',
    mgPerKg: 15,
    route: 'PO every 6 hours as needed',
    kg: { min: 4, max: 60 },
    maxMg: 1000,
    amount: 160,
    per: 5,
    form: 'oral suspension',
  },
  {
    drug: 'ibuprofen',
    mgPerKg: 10,
    route: 'PO every 6 hours as needed',
    kg: { min: 6, max: 40 },
    maxMg: 400,
    amount: 100,
    per: 5,
    form: 'oral suspension',
  },
  {
    drug: 'ceftriaxone',
    mgPerKg: 50,
    route: 'IV once daily',
    kg: { min: 3, max: 40 },
    maxMg: 2000,
    amount: 100,
    per: 1,
    form: 'reconstituted solution',
  },
  {
    drug: 'morphine',
    mgPerKg: 0.1,
    route: 'IV every 4 hours as needed',
    kg: { min: 5, max: 40 },
    maxMg: 4,
    amount: 2,
    per: 1,
    form: 'injection',
  },
  {
    drug: 'gentamicin',
    mgPerKg: 2.5,
    route: 'IV every 8 hours',
    kg: { min: 3, max: 60 },
    maxMg: 150,
    amount: 10,
    per: 1,
    form: 'pediatric injection',
  },
  {
    drug: 'vancomycin',
    mgPerKg: 15,
    route: 'IV every 6 hours',
    kg: { min: 3, max: 60 },
    maxMg: 1000,
    amount: 50,
    per: 1,
    form: 'reconstituted vial',
  },
  {
    drug: 'ondansetron',
    mgPerKg: 0.15,
    route: 'IV every 8 hours as needed',
    kg: { min: 6, max: 26 },
    maxMg: 4,
    amount: 2,
    per: 1,
    form: 'injection',
  },
  {
    drug: 'dexamethasone',
    mgPerKg: 0.6,
    route: 'PO once',
    kg: { min: 5, max: 26 },
    maxMg: 16,
    amount: 1,
    per: 1,
    form: 'oral solution',
  },
  {
    drug: 'cefazolin',
    mgPerKg: 25,
    route: 'IV every 8 hours',
    kg: { min: 3, max: 80 },
    maxMg: 2000,
    amount: 100,
    per: 1,
    form: 'reconstituted solution',
  },
  {
    drug: 'furosemide',
    mgPerKg: 1,
    route: 'IV once',
    kg: { min: 3, max: 40 },
    maxMg: 40,
    amount: 10,
    per: 1,
    form: 'injection',
  },
  {
    drug: 'enoxaparin',
    mgPerKg: 1,
    route: 'subcut every 12 hours',
    kg: { min: 45, max: 150 },
    maxMg: 150,
    amount: 100,
    per: 1,
    form: 'injection',
  },
  {
    drug: 'phenytoin',
    mgPerKg: 20,
    route: 'IV loading dose once',
    kg: { min: 10, max: 75 },
    maxMg: 1500,
    amount: 50,
    per: 1,
    form: 'injection',
  },
];

/** Weights 3-150 kg in half-kilogram steps (so pounds convert exactly to a tenth of a kg). */
export const WEIGHT_BASED_RANGES = {
  kg: { min: 3, max: 150 },
  volumeMl: { min: 0.1, max: 50 },
} as const;
