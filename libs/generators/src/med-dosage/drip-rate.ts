import { ROUND_ONLY_THE_FINAL_ANSWER } from '@examprep/contracts/types';
import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { clean, frac, num, numericItem, plural, q, result } from './shared';
import { DRIP_RATE_RANGES, WRONG_DROP_FACTORS } from './drip-rate.data';

/**
 * Drip rate by gravity in gtt/min: volume (mL) times drop factor (gtt/mL) over time in
 * minutes, from a volume and time (hours or minutes) or from an ordered mL/hr. Whole drops.
 */
export function dripRate(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = DRIP_RATE_RANGES;
  let kind: 'continuous' | 'piggyback' | 'rate';
  let volume: number;
  let minutes: number;
  let dropFactor: number;
  let gtt: number;
  do {
    kind = rng.pick(['continuous', 'piggyback', 'rate'] as const);
    dropFactor = rng.pick(r.dropFactors);
    if (kind === 'continuous') {
      volume = rng.pick(r.continuous.volumesMl);
      minutes = rng.pick(r.continuous.hours) * 60;
    } else if (kind === 'piggyback') {
      volume = rng.pick(r.piggyback.volumesMl);
      minutes = rng.pick(r.piggyback.minutes);
    } else {
      volume = rng.step(r.rateMlPerHr.min, r.rateMlPerHr.max, r.rateMlPerHr.step);
      minutes = 60;
    }
    gtt = (volume * dropFactor) / minutes;
  } while (
    gtt < r.gttPerMin.min ||
    gtt > r.gttPerMin.max ||
    (dropFactor === 60 && (volume / minutes) * 60 > r.microdripMaxMlPerHr)
  );
  const exact = gtt;
  const places = 0;
  const mlPerHr = (volume / minutes) * 60;
  const tubing = `The tubing drop factor is ${dropFactor} gtt/mL${dropFactor === 60 ? ' (microdrip)' : ''}.`;
  const order =
    kind === 'rate'
      ? `Infuse 0.9% sodium chloride at ${num(volume)} mL/hr by gravity.`
      : kind === 'continuous'
        ? `Infuse ${num(volume)} mL of lactated Ringer's solution over ${plural(minutes / 60, 'hour')} by gravity.`
        : `Infuse cefazolin 1 g in ${num(volume)} mL of 0.9% sodium chloride over ${num(minutes)} minutes by gravity.`;
  // an mL/hr or mL/min on the way that is not whole would change the drops if rounded first
  const perTime = kind === 'piggyback' ? volume / minutes : kind === 'continuous' ? mlPerHr : 0;
  const when = Number.isInteger(clean(perTime)) ? '' : ` ${ROUND_ONLY_THE_FINAL_ANSWER}`;
  const question = `${order} ${tubing} At how many drops per minute (gtt/min) should the nurse set the infusion?${when}`;
  const time =
    kind === 'piggyback'
      ? frac(q(volume, 'mL'), q(minutes, 'min'))
      : `${frac(q(volume, 'mL'), q(minutes / 60, 'hr'))} \\times ${frac(q(1, 'hr'), q(60, 'min'))}`;
  const [wrong1, wrong2] = WRONG_DROP_FACTORS[dropFactor];
  return numericItem(rng, {
    question,
    steps: [
      'Drops per minute = volume (mL) × drop factor (gtt/mL) ÷ time (min). By dimensional analysis, mL and the time units cancel:',
      `\\[${time} \\times ${frac(q(dropFactor, 'gtt'), q(1, 'mL'))} ${result(exact, 'gtt/min', 2)}\\]`,
    ],
    answerIs: 'the drip rate is',
    exact,
    places,
    unit: 'gtt/min',
    params: { kind, volume, minutes, dropFactor },
    distractors: [
      {
        value: (volume * wrong1) / minutes,
        misconception: `wrong drop factor (used ${wrong1} gtt/mL)`,
      },
      { value: gtt * 60, misconception: 'missed ÷60 (gave drops per hour)' },
      { value: volume / minutes, misconception: 'left out the drop factor (gave mL/min)' },
      { value: mlPerHr, misconception: 'gave the pump rate in mL/hr, not drops per minute' },
      {
        value: (volume * wrong2) / minutes,
        misconception: `wrong drop factor (used ${wrong2} gtt/mL)`,
      },
      {
        value: mlPerHr / dropFactor,
        misconception: 'divided by the drop factor instead of multiplying',
      },
    ],
  });
}
