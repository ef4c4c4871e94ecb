import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { conclusion, frac, num, numericItem, q, result } from './shared';

/** Milliliters in one of each unit (household measures as taught in nursing programs). */
export const HOUSEHOLD_ML = { mL: 1, tsp: 5, tbsp: 15, oz: 30, cup: 240, L: 1000 } as const;
export type VolumeUnit = keyof typeof HOUSEHOLD_ML;

const NAMES: Record<VolumeUnit, string> = {
  mL: 'milliliters (mL)',
  tsp: 'teaspoons (tsp)',
  tbsp: 'tablespoons (tbsp)',
  oz: 'ounces (oz)',
  cup: 'cups',
  L: 'liters (L)',
};

interface HouseholdPair {
  from: VolumeUnit;
  to: VolumeUnit;
  /** Amounts drawn as min..max by step. */
  amount: { min: number; max: number; step: number };
  stem: string;
}

/** Realistic amounts: oral liquid doses, fluid intake and IV bags. */
export const HOUSEHOLD_PAIRS: readonly HouseholdPair[] = [
  {
    from: 'tsp',
    to: 'mL',
    amount: { min: 0.5, max: 3, step: 0.5 },
    stem: 'A child is to take {v} of a cough syrup.',
  },
  {
    from: 'tbsp',
    to: 'mL',
    amount: { min: 0.5, max: 4, step: 0.5 },
    stem: 'A client is to take {v} of magnesium hydroxide.',
  },
  {
    from: 'oz',
    to: 'mL',
    amount: { min: 1, max: 16, step: 0.5 },
    stem: 'A client drank {v} of juice.',
  },
  {
    from: 'cup',
    to: 'mL',
    amount: { min: 0.25, max: 3, step: 0.25 },
    stem: 'A client drank {v} of tea.',
  },
  {
    from: 'mL',
    to: 'tsp',
    amount: { min: 2.5, max: 30, step: 2.5 },
    stem: 'A dose of {v} of an oral suspension is to be measured at home.',
  },
  {
    from: 'mL',
    to: 'tbsp',
    amount: { min: 7.5, max: 90, step: 7.5 },
    stem: 'A dose of {v} of an oral solution is to be measured at home.',
  },
  {
    from: 'mL',
    to: 'oz',
    amount: { min: 10, max: 480, step: 10 },
    stem: 'A client is to drink {v} of an oral contrast solution.',
  },
  {
    from: 'L',
    to: 'mL',
    amount: { min: 0.25, max: 3, step: 0.25 },
    stem: "A client is to receive {v} of lactated Ringer's solution.",
  },
  {
    from: 'mL',
    to: 'L',
    amount: { min: 50, max: 3000, step: 50 },
    stem: "A client's urine output for the day is {v}.",
  },
  {
    from: 'tbsp',
    to: 'tsp',
    amount: { min: 0.5, max: 4, step: 0.5 },
    stem: 'A recipe for an oral rehydration mix calls for {v} of sugar.',
  },
  {
    from: 'oz',
    to: 'tbsp',
    amount: { min: 0.5, max: 8, step: 0.5 },
    stem: 'A client is to take {v} of a liquid antacid.',
  },
];

/** The factor text for one unit: 1 tbsp = 15 mL. */
const equivalence = (a: VolumeUnit, b: VolumeUnit): string =>
  `1 ${a} = ${num(HOUSEHOLD_ML[a] / HOUSEHOLD_ML[b])} ${b}`;

/**
 * Household and metric volume conversions (tsp = 5 mL, tbsp = 15 mL, oz = 30 mL,
 * cup = 240 mL, L = 1,000 mL). Answers to the nearest tenth (hundredth for liters).
 */
export function householdConversion(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const pair = rng.pick(HOUSEHOLD_PAIRS);
  const { from, to } = pair;
  const amount = rng.step(pair.amount.min, pair.amount.max, pair.amount.step);
  const perFrom = HOUSEHOLD_ML[from];
  const perTo = HOUSEHOLD_ML[to];
  const exact = (amount * perFrom) / perTo;
  const places = to === 'L' ? 2 : 1;
  const bigger = perFrom > perTo ? from : to;
  const smaller = perFrom > perTo ? to : from;
  const ratio = HOUSEHOLD_ML[bigger] / HOUSEHOLD_ML[smaller];
  const factor =
    bigger === from ? frac(q(ratio, smaller), q(1, bigger)) : frac(q(1, bigger), q(ratio, smaller));
  const question = `${pair.stem.replace('{v}', `${num(amount)} ${from === 'cup' ? (amount === 1 ? 'cup' : 'cups') : from}`)} How many ${NAMES[to]} is this?`;
  const explanation = [
    `Use ${equivalence(bigger, smaller)}. Multiply by the factor with ${from} in the denominator so ${from} cancels:`,
    `\\[${frac(q(amount, from), '1')} \\times ${factor} ${result(exact, to, places + 1)}\\]`,
    conclusion(exact, places, to),
  ].join(' ');

  // The same conversion with a wrong equivalence for one unit.
  const withMl = (unitMl: Partial<Record<VolumeUnit, number>>) => {
    const table = { ...HOUSEHOLD_ML, ...unitMl };
    return (amount * table[from]) / table[to];
  };
  const involves = (u: VolumeUnit) => from === u || to === u;
  return numericItem(rng, {
    question,
    explanation,
    exact,
    places,
    unit: to,
    params: { amount, from, to },
    distractors: [
      { value: (amount * perTo) / perFrom, misconception: 'inverted the conversion factor' },
      involves('tsp')
        ? {
            value: withMl({ tsp: 15, tbsp: 5 }),
            misconception: 'tsp/tbsp confused (5 mL vs 15 mL)',
          }
        : involves('tbsp')
          ? { value: withMl({ tbsp: 5 }), misconception: 'tsp/tbsp confused (used 5 mL per tbsp)' }
          : { value: null, misconception: '' },
      involves('oz')
        ? {
            value: withMl({ oz: 15 }),
            misconception: 'ounce/tablespoon confused (used 15 mL per oz)',
          }
        : { value: null, misconception: '' },
      involves('cup')
        ? { value: withMl({ cup: 250 }), misconception: 'used 1 cup = 250 mL instead of 240 mL' }
        : { value: null, misconception: '' },
      involves('L')
        ? { value: withMl({ L: 100 }), misconception: 'used 1 L = 100 mL' }
        : { value: null, misconception: '' },
    ],
  });
}
