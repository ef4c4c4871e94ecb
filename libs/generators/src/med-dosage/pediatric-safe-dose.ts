import { Rng, singleChoice } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { clean, frac, num, numericItem, q, result, round } from './shared';
import { SAFE_DOSE_RANGES, SAFE_RANGE_DRUGS, VERDICTS } from './pediatric-safe-dose.data';

type Verdict = 'safe' | 'high' | 'low';

/** Order amounts are written in steps that suit their size (0.5, 1, 5, 10 or 25 mg). */
function orderStep(mg: number): number {
  if (mg < 10) return 0.5;
  if (mg < 50) return 1;
  if (mg < 200) return 5;
  if (mg < 500) return 10;
  return 25;
}

const verdictOf = (dailyMg: number, lo: number, hi: number): Verdict =>
  dailyMg > clean(hi) ? 'high' : dailyMg < clean(lo) ? 'low' : 'safe';

/**
 * Pediatric safe-dose check: the safe daily range (mg/kg/day × kg) against the ordered
 * daily total (dose × doses a day). Asked as a verdict (single choice) or as the maximum or
 * minimum safe single dose (mg, tenth).
 */
export function pediatricSafeDose(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = SAFE_DOSE_RANGES;
  const drug = rng.pick(SAFE_RANGE_DRUGS);
  const doses = 24 / drug.interval;
  const target = rng.pick(['safe', 'safe', 'high', 'high', 'low'] as const);
  let kg: number;
  let order: number;
  for (;;) {
    kg = rng.step(drug.kg.min * 2, drug.kg.max * 2, 1) / 2;
    const lo = (drug.min * kg) / doses;
    const hi = (drug.max * kg) / doses;
    const step = orderStep(hi);
    if (target === 'safe') {
      const first = Math.ceil(clean(lo / step));
      const last = Math.floor(clean(hi / step));
      if (first > last) continue;
      order = clean(rng.int(first, last) * step);
    } else if (target === 'high') {
      const f = rng.step(r.highFactor.min * 100, r.highFactor.max * 100, 5) / 100;
      order = clean(Math.ceil(clean((hi * f) / step)) * step);
    } else {
      const f = rng.step(r.lowFactor.min * 100, r.lowFactor.max * 100, 5) / 100;
      order = clean(Math.floor(clean((lo * f) / step)) * step);
      if (order <= 0) continue;
    }
    break;
  }
  const inLb = rng.chance(0.4);
  const lb = clean(kg * 2.2);
  const loDay = clean(drug.min * kg);
  const hiDay = clean(drug.max * kg);
  const dailyOrdered = clean(order * doses);
  const mode = rng.pick(['verdict', 'verdict', 'max', 'max', 'min'] as const);
  const params = {
    drug: drug.drug,
    mode,
    order,
    kg,
    lb,
    inLb: inLb ? 1 : 0,
    min: drug.min,
    max: drug.max,
    interval: drug.interval,
  };
  const weightText = inLb ? `${num(lb)} lb` : `${num(kg)} kg`;
  const rangeText = `${num(drug.min)}–${num(drug.max)} mg/kg/day`;
  const weightStep = inLb
    ? `Weight in kg: \\(${frac(q(lb, 'lb'), '1')} \\times ${frac(q(1, 'kg'), q(2.2, 'lb'))} = ${q(kg, 'kg')}\\). `
    : '';
  const rangeStep = `Safe daily range: ${num(drug.min)} mg/kg/day × ${num(kg)} kg = ${num(loDay)} mg/day to ${num(drug.max)} mg/kg/day × ${num(kg)} kg = ${num(hiDay)} mg/day.`;

  if (mode === 'verdict') {
    const verdict = verdictOf(dailyOrdered, loDay, hiDay);
    const question =
      `A child weighing ${weightText} has an order for ${drug.drug} ${num(order)} mg ${drug.route} every ${drug.interval} hours. ` +
      `The safe dose range is ${rangeText} in divided doses. Is the ordered dose safe?`;
    const comparison =
      verdict === 'safe'
        ? 'which is within the safe range'
        : verdict === 'high'
          ? 'which is above the safe maximum'
          : 'which is below the safe minimum';
    const explanation = [
      `${weightStep}${rangeStep}`,
      `Every ${drug.interval} hours is ${doses} doses a day, so the ordered daily total is`,
      `\\[${q(order, 'mg/dose')} \\times ${frac(q(doses, 'doses'), q(1, 'day'))} = ${q(dailyOrdered, 'mg/day')},\\]`,
      `${comparison} (about ${num(round(loDay / doses, 1))}–${num(round(hiDay / doses, 1))} mg per dose).`,
      `So the answer is: ${VERDICTS[verdict]}.`,
    ].join(' ');
    const named: Distractor[] = [];
    const add = (v: Verdict, misconception: string) =>
      named.push({ value: VERDICTS[v], misconception });
    add(
      verdictOf(order, loDay, hiDay),
      'compared one dose with the daily range (did not multiply by doses per day)',
    );
    if (inLb) {
      add(verdictOf(dailyOrdered, drug.min * lb, drug.max * lb), 'used pounds as kilograms');
      add(
        verdictOf(dailyOrdered, drug.min * lb * 2.2, drug.max * lb * 2.2),
        'lb/kg swap (multiplied by 2.2)',
      );
    } else {
      add(
        verdictOf(dailyOrdered, drug.min * kg * 2.2, drug.max * kg * 2.2),
        'lb/kg swap (multiplied a weight in kg by 2.2)',
      );
    }
    add(
      verdictOf(order * drug.interval, loDay, hiDay),
      'multiplied by the interval in hours instead of the doses per day',
    );
    add('safe', 'assumed a prescribed dose is safe without checking the range');
    add('high', 'misread the upper limit of the safe range');
    add('low', 'misread the lower limit of the safe range');
    const distractors: Distractor[] = [
      ...named,
      {
        value: VERDICTS.adjust,
        misconception: 'changed the dose without a new order (outside the nursing scope)',
      },
    ];
    return singleChoice(
      rng,
      { question, answer: VERDICTS[verdict], explanation, rounding: null, unit: null, params },
      distractors,
    );
  }

  const isMax = mode === 'max';
  const perKgDay = isMax ? drug.max : drug.min;
  const exact = (perKgDay * kg) / doses;
  const places = 1;
  const question =
    `A child weighing ${weightText} is to receive ${drug.drug} ${drug.route} every ${drug.interval} hours. ` +
    `The safe dose range is ${rangeText} in divided doses. What is the ${isMax ? 'maximum' : 'minimum'} safe single dose in mg?`;
  return numericItem(rng, {
    question,
    steps: [
      `${weightStep}${rangeStep}`,
      `Every ${drug.interval} hours is ${doses} doses a day, so the ${isMax ? 'maximum' : 'minimum'} single dose is`,
      `\\[${frac(q(isMax ? hiDay : loDay, 'mg/day'), q(doses, 'doses/day'))} ${result(exact, 'mg/dose', 2)}\\]`,
    ],
    answerIs: `the ${isMax ? 'maximum' : 'minimum'} safe single dose is`,
    exact,
    places,
    unit: 'mg',
    params,
    distractors: [
      { value: perKgDay * kg, misconception: 'did not divide the daily dose' },
      {
        value: ((isMax ? drug.min : drug.max) * kg) / doses,
        misconception: `used the ${isMax ? 'minimum' : 'maximum'} of the range`,
      },
      inLb
        ? { value: (perKgDay * lb * 2.2) / doses, misconception: 'lb/kg swap (multiplied by 2.2)' }
        : {
            value: (perKgDay * kg * 2.2) / doses,
            misconception: 'lb/kg swap (multiplied a weight in kg by 2.2)',
          },
      inLb && { value: (perKgDay * lb) / doses, misconception: 'used pounds as kilograms' },
      {
        value: (perKgDay * kg) / drug.interval,
        misconception: 'divided by the interval in hours instead of the doses per day',
      },
    ],
  });
}
