import { frac, numericItem, num, q, decimalsOf, conclusion, clean } from './shared';
import { Rng } from '../core';
import type { GeneratedItem } from '../core';

/** Powers of ten of each metric unit relative to the gram or the liter. */
export const METRIC_EXPONENTS = { kg: 3, g: 0, mg: -3, mcg: -6, L: 0, mL: -3 } as const;
export type MetricUnit = keyof typeof METRIC_EXPONENTS;

const NAMES: Record<MetricUnit, string> = {
  kg: 'kilograms (kg)',
  g: 'grams (g)',
  mg: 'milligrams (mg)',
  mcg: 'micrograms (mcg)',
  L: 'liters (L)',
  mL: 'milliliters (mL)',
};

interface MetricScenario {
  from: MetricUnit;
  to: MetricUnit;
  /** Question stem before the ask; `{v}` is the amount with its unit. */
  stem: string;
  values: readonly number[];
}

/** Realistic amounts: drug doses, IV bag volumes and newborn weights. */
export const METRIC_SCENARIOS: readonly MetricScenario[] = [
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads digoxin {v} PO daily.',
    values: [0.0625, 0.125, 0.25],
  },
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads levothyroxine {v} PO daily.',
    values: [0.025, 0.05, 0.075, 0.088, 0.1, 0.112, 0.125, 0.15, 0.175, 0.2],
  },
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads fentanyl {v} IV now.',
    values: [0.025, 0.05, 0.075, 0.1],
  },
  {
    from: 'mg',
    to: 'mcg',
    stem: 'The order reads clonidine {v} PO twice daily.',
    values: [0.1, 0.2, 0.3],
  },
  {
    from: 'mcg',
    to: 'mg',
    stem: 'The order reads levothyroxine {v} PO daily.',
    values: [25, 50, 75, 88, 100, 112, 125, 150, 175, 200],
  },
  {
    from: 'mcg',
    to: 'mg',
    stem: 'The order reads cyanocobalamin {v} IM monthly.',
    values: [100, 500, 1000],
  },
  {
    from: 'mcg',
    to: 'mg',
    stem: 'The order reads fentanyl {v} IV now.',
    values: [25, 50, 75, 100],
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads cefazolin {v} IV every 8 hours.',
    values: [0.5, 1, 1.5, 2],
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads ceftriaxone {v} IM once.',
    values: [0.25, 0.5, 0.75, 1, 2],
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads acetaminophen {v} PO every 6 hours.',
    values: [0.325, 0.5, 0.65, 1],
  },
  {
    from: 'g',
    to: 'mg',
    stem: 'The order reads amoxicillin {v} PO every 12 hours.',
    values: [0.25, 0.5, 0.875, 1],
  },
  {
    from: 'mg',
    to: 'g',
    stem: 'The order reads vancomycin {v} IV every 12 hours.',
    values: [500, 750, 1000, 1250, 1500, 1750, 2000],
  },
  {
    from: 'mg',
    to: 'g',
    stem: 'The order reads metformin {v} PO twice daily.',
    values: [250, 500, 850, 1000],
  },
  {
    from: 'mg',
    to: 'g',
    stem: 'The order reads cephalexin {v} PO every 6 hours.',
    values: [125, 250, 500, 750],
  },
  {
    from: 'L',
    to: 'mL',
    stem: 'A client is to receive {v} of 0.9% sodium chloride.',
    values: [0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3],
  },
  {
    from: 'mL',
    to: 'L',
    stem: 'A client drank {v} of water during the shift.',
    values: [150, 240, 360, 480, 600, 750, 900, 1200, 1500, 1750],
  },
  {
    from: 'kg',
    to: 'g',
    stem: 'A newborn weighs {v}.',
    values: [2.45, 2.8, 3.05, 3.2, 3.35, 3.5, 3.65, 3.8, 4.1, 4.25],
  },
  {
    from: 'g',
    to: 'kg',
    stem: 'A newborn weighs {v}.',
    values: [2380, 2650, 2990, 3100, 3240, 3475, 3560, 3720, 3910, 4150],
  },
];

/**
 * Metric conversions (g/mg/mcg, L/mL, kg/g): one step of 1,000, by dimensional analysis.
 * Exact answers; the rounding rule states the decimals the answer needs.
 */
export function metricConversion(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const scenario = rng.pick(METRIC_SCENARIOS);
  const { from, to } = scenario;
  const value = rng.pick(scenario.values);
  const toSmaller = METRIC_EXPONENTS[from] > METRIC_EXPONENTS[to];
  const exact = clean(toSmaller ? value * 1000 : value / 1000);
  const places = decimalsOf(exact);
  const big = toSmaller ? from : to;
  const small = toSmaller ? to : from;
  const factor = toSmaller ? frac(q(1000, small), q(1, big)) : frac(q(1, big), q(1000, small));
  const question = `${scenario.stem.replace('{v}', `${num(value)} ${from}`)} How many ${NAMES[to]} is this?`;
  const explanation = [
    `There are 1,000 ${small} in 1 ${big}. Multiply by the conversion factor that has ${from} in the denominator so ${from} cancels`,
    toSmaller
      ? '(to a smaller unit the number gets larger):'
      : '(to a larger unit the number gets smaller):',
    `\\[${frac(q(value, from), '1')} \\times ${factor} = ${q(exact, to)}\\]`,
    conclusion(exact, places, to),
  ].join(' ');
  return numericItem(rng, {
    question,
    explanation,
    exact,
    places,
    unit: to,
    choicePlaces: 6,
    params: { value, from, to },
    distractors: [
      {
        value: toSmaller ? value / 1000 : value * 1000,
        misconception: toSmaller
          ? 'converted the wrong way (divided by 1,000 instead of multiplying)'
          : 'converted the wrong way (multiplied by 1,000 instead of dividing)',
      },
      {
        value: toSmaller ? value * 100 : value / 100,
        misconception: 'used 100 instead of 1,000 as the conversion factor',
      },
      { value, misconception: 'did not convert (kept the number unchanged)' },
      {
        value: toSmaller ? value * 1_000_000 : value / 1_000_000,
        misconception: 'mcg/mg confused (x1000): converted two steps instead of one',
      },
    ],
  });
}
