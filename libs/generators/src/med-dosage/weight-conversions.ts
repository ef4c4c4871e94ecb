import { ROUND_ONLY_THE_FINAL_ANSWER } from '@examprep/contracts/types';
import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { frac, num, numericItem, q, result } from './shared';
import type { NumericSpec } from './shared';
import { WEIGHT_CONVERSION_RANGES } from './weight-conversions.data';

/**
 * Weight conversions with 1 kg = 2.2 lb: pounds (or pounds and ounces) to kilograms, and
 * kilograms to pounds, rounded to the nearest tenth.
 */
export function weightConversion(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = WEIGHT_CONVERSION_RANGES;
  const kind = rng.pick(['lbToKg', 'lbToKg', 'lbOzToKg', 'kgToLb'] as const);
  const places = 1;
  let lb = 0;
  let oz = 0;
  let kg = 0;
  let exact: number;
  let question: string;
  let steps: string[];
  let distractors: NumericSpec['distractors'];

  if (kind === 'kgToLb') {
    kg = rng.chance(0.5) ? rng.step(20, 1500, 1) / 10 : rng.int(r.kg.min, r.kg.max);
    exact = kg * r.lbPerKg;
    question = `A client weighs ${num(kg)} kg. What is the client's weight in pounds (lb)?`;
    steps = [
      'Use 1 kg = 2.2 lb. Multiply by the factor with kg in the denominator so kg cancels:',
      `\\[${frac(q(kg, 'kg'), '1')} \\times ${frac(q(2.2, 'lb'), q(1, 'kg'))} ${result(exact, 'lb', 2)}\\]`,
    ];
    distractors = [
      {
        value: kg / r.lbPerKg,
        misconception: 'lb/kg swap (divided by 2.2 instead of multiplying)',
      },
      { value: kg * 2, misconception: 'multiplied by 2 instead of 2.2' },
      { value: kg + r.lbPerKg, misconception: 'added 2.2 instead of multiplying' },
    ];
  } else {
    if (kind === 'lbOzToKg') {
      lb = rng.int(r.infantLb.min, r.infantLb.max);
      oz = rng.int(r.oz.min, r.oz.max);
    } else {
      lb = rng.chance(0.7) ? rng.int(10, r.lb.max) : rng.step(50, 800, 1) / 10;
    }
    const pounds = lb + oz / 16;
    exact = pounds / r.lbPerKg;
    const who = kind === 'lbOzToKg' ? 'An infant' : pounds < 80 ? 'A child' : 'A client';
    const weight = oz ? `${num(lb)} lb ${num(oz)} oz` : `${num(lb)} lb`;
    // the ounces make an intermediate (7 lb 3 oz = 7.1875 lb) that rounding first would change
    const when = kind === 'lbOzToKg' ? ` ${ROUND_ONLY_THE_FINAL_ANSWER}` : '';
    question = `${who} weighs ${weight}. What is the weight in kilograms (kg)?${when}`;
    const ozStep = oz
      ? `First write the ounces as pounds (16 oz = 1 lb): ${num(oz)} oz ÷ 16 = ${num(oz / 16)} lb, so the weight is ${num(pounds)} lb. `
      : '';
    steps = [
      `${ozStep}Use 1 kg = 2.2 lb. Multiply by the factor with lb in the denominator so lb cancels:`,
      `\\[${frac(q(pounds, 'lb'), '1')} \\times ${frac(q(1, 'kg'), q(2.2, 'lb'))} ${result(exact, 'kg', 2)}\\]`,
    ];
    distractors = [
      { value: pounds * r.lbPerKg, misconception: 'lb/kg swap (multiplied by 2.2)' },
      { value: pounds / 2, misconception: 'divided by 2 instead of 2.2' },
      // 7 lb 8 oz read as 7.8 lb (only when the ounces are one digit, so it reads as a decimal)
      oz > 0 &&
        oz < 10 && {
          value: (lb + oz / 10) / r.lbPerKg,
          misconception: 'ounces read as a decimal of a pound',
        },
      oz
        ? { value: lb / r.lbPerKg, misconception: 'ignored the ounces' }
        : { value: pounds - r.lbPerKg, misconception: 'subtracted 2.2 instead of dividing' },
    ];
  }
  return numericItem(rng, {
    question,
    steps,
    answerIs: 'the weight is',
    exact,
    places,
    unit: kind === 'kgToLb' ? 'lb' : 'kg',
    params: { kind, lb, oz, kg },
    distractors,
  });
}
