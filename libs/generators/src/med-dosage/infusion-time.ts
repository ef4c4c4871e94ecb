import { ROUND_ONLY_THE_FINAL_ANSWER } from '@examprep/contracts/types';
import { Rng, singleChoice } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { clean, fmt, frac, num, numericBlank, q, result, round } from './shared';
import { INFUSION_TIME_RANGES } from './infusion-time.data';

/** '8 hr 20 min', '45 min', '6 hr' (minutes whole). */
export function hoursMinutes(totalMinutes: number): string {
  const h = Math.floor(totalMinutes / 60);
  const min = totalMinutes - h * 60;
  if (h === 0) return `${min} min`;
  return min === 0 ? `${h} hr` : `${h} hr ${min} min`;
}

/**
 * Infusion time: volume over rate gives hours; the decimal part of an hour times 60 gives
 * minutes. Single choice in hours and minutes (whole minutes); fill-in answers in minutes
 * for short infusions or in hours to the nearest tenth.
 */
export function infusionTime(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = INFUSION_TIME_RANGES;
  const gravity = rng.chance(0.3);
  let volume: number;
  let rate: number; // mL/hr
  let gtt = 0;
  let dropFactor = 0;
  let total: number; // exact minutes
  do {
    if (gravity) {
      volume = rng.pick(r.gravity.volumesMl);
      dropFactor = rng.pick(r.gravity.dropFactors);
      gtt = rng.int(r.gravity.gttPerMin.min, r.gravity.gttPerMin.max);
      rate = (gtt * 60) / dropFactor;
    } else {
      volume = rng.pick(r.pump.volumesMl);
      rate = rng.step(r.pump.rateMlPerHr.min, r.pump.rateMlPerHr.max, r.pump.rateMlPerHr.step);
    }
    total = clean((volume / rate) * 60);
  } while (
    total < r.totalMinutes.min ||
    total > r.totalMinutes.max ||
    (gravity && dropFactor === 60 && rate > r.gravity.gttPerMin.max) ||
    (!gravity &&
      volume <= r.pump.piggybackMaxMl &&
      (total < r.pump.piggybackMinutes.min || total > r.pump.piggybackMinutes.max))
  );
  const hours = clean(volume / rate);
  const wholeMinutes = Number(fmt(total, 0));
  const params = { volume, rate, gtt, dropFactor, gravity: gravity ? 1 : 0 };

  const setup = gravity
    ? `${num(volume)} mL of 0.9% sodium chloride is infusing by gravity at ${gtt} gtt/min through tubing with a drop factor of ${dropFactor} gtt/mL.`
    : `${num(volume)} mL of ${volume <= r.pump.piggybackMaxMl ? 'an IV antibiotic' : "lactated Ringer's solution"} is infusing by pump at ${num(rate)} mL/hr.`;
  const rateStep = gravity
    ? `First the rate in mL/hr: \\(${frac(q(gtt, 'gtt'), q(1, 'min'))} \\times ${frac(q(1, 'mL'), q(dropFactor, 'gtt'))} \\times ${frac(q(60, 'min'), q(1, 'hr'))} = ${q(rate, 'mL/hr')}\\). `
    : '';
  const wholeHours = Math.floor(hours);
  const hoursChain = `\\[${frac(q(volume, 'mL'), '1')} \\times ${frac(q(1, 'hr'), q(rate, 'mL'))} ${result(hours, 'hr', 4)}\\]`;
  const hoursStep = `${rateStep}Time = volume ÷ rate; mL cancels and leaves hours:`;
  const fraction = Math.round((hours - wholeHours) * 10000) / 10000;
  const minutesStep =
    hours === wholeHours
      ? ''
      : `The part after the decimal point is a fraction of an hour, not minutes: ${num(fraction)} hr × 60 min/hr ${total === wholeMinutes ? '=' : '≈'} ${num(wholeMinutes - wholeHours * 60)} min${wholeMinutes - wholeHours * 60 === 60 ? ', a full hour' : ''}.`;

  // hours that are not exact to a tenth, rounded before the minutes are worked out, move them
  const when = round(hours, 1) === hours ? '' : ` ${ROUND_ONLY_THE_FINAL_ANSWER}`;

  if (rng.chance(0.5)) {
    const short = total < 120;
    const places = short ? 0 : 1;
    const exact = short ? total : hours;
    const u = short ? 'min' : 'hr';
    const question = `${setup} How many ${short ? 'minutes' : 'hours'} will the infusion take?${short ? when : ''}`;
    return numericBlank({
      question,
      steps: [
        short ? `${rateStep}Time = volume ÷ rate; mL and hr cancel and leave minutes:` : hoursStep,
        short
          ? `\\[${frac(q(volume, 'mL'), '1')} \\times ${frac(q(1, 'hr'), q(rate, 'mL'))} \\times ${frac(q(60, 'min'), q(1, 'hr'))} ${result(total, 'min', 2)}\\]`
          : hoursChain,
      ],
      answerIs: 'the infusion takes',
      // 3.75 hr is 3 hr 45 min (not worth saying for whole hours or under an hour)
      after:
        wholeMinutes > 60 && wholeMinutes % 60 !== 0
          ? `(That is ${hoursMinutes(wholeMinutes)}.)`
          : undefined,
      exact,
      places,
      unit: u,
      params: { ...params, asked: u },
    });
  }

  const answer = hoursMinutes(wholeMinutes);
  const question = `${setup} How long will the infusion take, in hours and minutes, to the nearest minute?${when}`;
  const explanation = [hoursStep, hoursChain, minutesStep, `So the infusion takes ${answer}.`]
    .filter(Boolean)
    .join(' ');
  // 8.33 hr written as 8 hr 33 min (and 6.67 hr as 6 hr 67 min)
  const decimalHours = Number(fmt(hours, 2));
  const misreadMinutes = Math.round((decimalHours - Math.floor(decimalHours)) * 100);
  const misread =
    misreadMinutes < 60
      ? hoursMinutes(Math.floor(decimalHours) * 60 + misreadMinutes)
      : `${Math.floor(decimalHours) ? `${Math.floor(decimalHours)} hr ` : ''}${misreadMinutes} min`;
  const candidates: Distractor[] = [
    { value: misread, misconception: 'read the decimal hours as minutes' },
    {
      value: Math.round(hours) >= 1 ? hoursMinutes(Math.round(hours) * 60) : '',
      misconception: 'rounded to whole hours before converting',
    },
    {
      value: hoursMinutes(Math.max(1, Math.round(volume / rate))),
      misconception: 'missed x60: took the mL/hr rate as mL/min',
    },
    ...(gravity
      ? [
          {
            value: hoursMinutes(Math.round((volume / gtt) * 60)),
            misconception: 'missed the drop factor: took gtt/min as mL/hr',
          },
          {
            value: hoursMinutes(Math.max(1, Math.round(volume / gtt))),
            misconception: 'missed the drop factor: took gtt/min as mL/min',
          },
        ]
      : []),
    { value: hoursMinutes(wholeMinutes + 30), misconception: 'arithmetic slip (+30 min)' },
    {
      value: hoursMinutes(Math.max(1, wholeMinutes - 30)),
      misconception: 'arithmetic slip (-30 min)',
    },
    { value: hoursMinutes(wholeMinutes + 60), misconception: 'arithmetic slip (+1 hr)' },
  ];
  return singleChoice(
    rng,
    {
      question,
      answer,
      explanation,
      // The choices are hours and minutes; the question says 'to the nearest minute'. A rounding
      // rule would add 'Round to the nearest whole number.', which reads as whole hours.
      rounding: null,
      unit: null,
      params: { ...params, asked: 'hr min' },
    },
    candidates,
  );
}
