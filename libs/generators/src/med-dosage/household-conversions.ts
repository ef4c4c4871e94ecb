import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { frac, num, numericItem, q, result } from './shared';
import {
  HOUSEHOLD_ML,
  HOUSEHOLD_NAMES,
  HOUSEHOLD_PAIRS,
  type VolumeUnit,
} from './household-conversions.data';

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
  const question = `${pair.stem.replace('{v}', `${num(amount)} ${from === 'cup' ? (amount === 1 ? 'cup' : 'cups') : from}`)} How many ${HOUSEHOLD_NAMES[to]} is this?`;

  // The same conversion with a wrong equivalence for one unit.
  const withMl = (unitMl: Partial<Record<VolumeUnit, number>>) => {
    const table = { ...HOUSEHOLD_ML, ...unitMl };
    return (amount * table[from]) / table[to];
  };
  const involves = (u: VolumeUnit) => from === u || to === u;
  return numericItem(rng, {
    question,
    steps: [
      `Use ${equivalence(bigger, smaller)}. Multiply by the factor with ${from} in the denominator so ${from} cancels:`,
      `\\[${frac(q(amount, from), '1')} \\times ${factor} ${result(exact, to, places + 1)}\\]`,
    ],
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
          : false,
      involves('oz') && {
        value: withMl({ oz: 15 }),
        misconception: 'ounce/tablespoon confused (used 15 mL per oz)',
      },
      involves('cup') && {
        value: withMl({ cup: 250 }),
        misconception: 'used 1 cup = 250 mL instead of 240 mL',
      },
      involves('L') && { value: withMl({ L: 100 }), misconception: 'used 1 L = 100 mL' },
    ],
  });
}
