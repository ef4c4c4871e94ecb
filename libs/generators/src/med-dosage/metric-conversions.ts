import { frac, numericItem, num, q, decimalsOf, clean } from './shared';
import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { METRIC_EXPONENTS, METRIC_NAMES, METRIC_SCENARIOS } from './metric-conversions.data';

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
  const question = `${scenario.stem.replace('{v}', `${num(value)} ${from}`)} How many ${METRIC_NAMES[to]} is this?`;
  return numericItem(rng, {
    question,
    steps: [
      `There are 1,000 ${small} in 1 ${big}. Multiply by the conversion factor that has ${from} in the denominator so ${from} cancels`,
      toSmaller
        ? '(to a smaller unit the number gets larger):'
        : '(to a larger unit the number gets smaller):',
      `\\[${frac(q(value, from), '1')} \\times ${factor} = ${q(exact, to)}\\]`,
    ],
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
