import { dm, m, Rng, unit } from '../core';
import type { GeneratedItem } from '../core';
import { blankOrNumericChoice, clean, hasPlaces, num, option } from './shared';

/** Metric units by quantity, with the power of ten of each relative to the base unit. */
export const METRIC_UNITS = {
  mass: { kg: 3, g: 0, mg: -3, mcg: -6 },
  volume: { L: 0, dL: -1, mL: -3 },
  length: { km: 3, m: 0, cm: -2, mm: -3 },
} as const;

export const METRIC_CONVERSIONS_RANGES = {
  /** Conversions span one to three powers of ten (kg to g, m to cm, L to dL, g to mg...). */
  maxShift: 3,
  /** Values converted to a smaller unit: 0.01 to 99 with at most two decimals. */
  toSmaller: { min: 0.01, max: 99 },
  /** Values converted to a larger unit: whole numbers 1 to 9999. */
  toLarger: { min: 1, max: 9999 },
} as const;

type Quantity = keyof typeof METRIC_UNITS;

const NAMES: Record<string, string> = {
  kg: 'kilograms',
  g: 'grams',
  mg: 'milligrams',
  mcg: 'micrograms',
  L: 'liters',
  dL: 'deciliters',
  mL: 'milliliters',
  km: 'kilometers',
  m: 'meters',
  cm: 'centimeters',
  mm: 'millimeters',
};

/** Conversions within the metric system: moving the decimal point by powers of ten. */
export function metricConversions(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = METRIC_CONVERSIONS_RANGES;
  const quantity: Quantity = rng.pick(['mass', 'mass', 'volume', 'length'] as const);
  const units = Object.entries(METRIC_UNITS[quantity]) as [string, number][];
  let from: [string, number];
  let to: [string, number];
  do {
    from = rng.pick(units);
    to = rng.pick(units);
  } while (from[0] === to[0] || Math.abs(from[1] - to[1]) > r.maxShift);
  const shift = from[1] - to[1];
  let value: number;
  if (shift > 0) {
    // To a smaller unit: 0.01 to 99 with up to two decimals.
    const places = rng.pick([0, 1, 2]);
    value = clean(rng.int(1, 99 * 10 ** places) / 10 ** places);
    if (value < r.toSmaller.min) value = r.toSmaller.min;
  } else {
    value = rng.chance(0.5)
      ? rng.int(r.toLarger.min, 999)
      : rng.int(1, 99) * 100 + rng.pick([0, 25, 50, 75]);
  }
  const exact = clean(value * 10 ** shift);
  const answer = num(exact, 6);
  const factor = 10 ** Math.abs(shift);
  const bigger = shift > 0 ? from[0] : to[0];
  const smaller = shift > 0 ? to[0] : from[0];
  const explanation = [
    `${m(`1\\,${unit(bigger)} = ${factor}\\,${unit(smaller)}`)}.`,
    shift > 0
      ? `Going from a larger unit to a smaller unit, multiply by ${factor}: move the decimal point ${Math.abs(shift)} ${Math.abs(shift) === 1 ? 'place' : 'places'} to the right.`
      : `Going from a smaller unit to a larger unit, divide by ${factor}: move the decimal point ${Math.abs(shift)} ${Math.abs(shift) === 1 ? 'place' : 'places'} to the left.`,
    dm(
      `${num(value)}\\,${unit(from[0])} ${shift > 0 ? '\\times' : '\\div'} ${factor} = ${answer}\\,${unit(to[0])}`,
    ),
    `The answer is ${m(`${answer}\\,${unit(to[0])}`)}.`,
  ].join(' ');
  const parts = {
    question: `Convert ${m(`${num(value)}\\,${unit(from[0])}`)} to ${NAMES[to[0]]}.`,
    answer,
    explanation,
    unit: to[0],
    params: { from: from[0], to: to[0], value },
  };
  const tidy = (v: number) => v > 0 && hasPlaces(v, 6);
  const wrongFactor = Math.abs(shift) === 3 ? 100 : Math.abs(shift) === 2 ? 1000 : 100;
  return blankOrNumericChoice(
    rng,
    parts,
    () => [
      option(value / 10 ** shift, 'moved the decimal point the wrong way', 6, tidy),
      option(exact * 10, 'decimal slip (x10)', 6, tidy),
      option(exact / 10, 'decimal slip (/10)', 6, tidy),
      option(
        shift > 0 ? value * wrongFactor : value / wrongFactor,
        `used ${wrongFactor} instead of ${factor} as the conversion factor`,
        6,
        tidy,
      ),
    ],
    exact,
    6,
  );
}
