import { blankOrSingle, dm, formatNumber, m, Rng, roundTo, unit } from '../core';
import type { GeneratedItem } from '../core';
import { num, tex } from './shared';
import { IV_FLOW_RATE_RANGES } from './iv-flow-rate.data';

/**
 * IV flow rate by pump: volume over time in mL/hr, rounded to the nearest whole mL/hr
 * (pumps are set in whole mL/hr). Time is given in hours or, for short infusions, minutes.
 */
export function ivFlowRate(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = IV_FLOW_RATE_RANGES;
  const inMinutes = rng.chance(0.3);
  let volume: number;
  let hours: number;
  let minutes: number;
  do {
    if (inMinutes) {
      minutes = rng.pick(r.minutes);
      hours = minutes / 60;
      volume = rng.step(25, 500, 25);
    } else {
      hours = rng.pick(r.hours);
      minutes = hours * 60;
      volume = rng.step(r.volumeMl.min, r.volumeMl.max, r.volumeMl.step);
    }
  } while (volume / hours < r.rateMlPerHr.min || volume / hours > r.rateMlPerHr.max);

  const exact = volume / hours;
  const answer = formatNumber(roundTo(exact, 0), 0);
  const time = inMinutes
    ? `${minutes} minutes`
    : `${formatNumber(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
  const question = `Infuse ${num(volume)} mL of 0.9% sodium chloride over ${time} by infusion pump. At what rate in mL/hr should the pump be set?`;
  const timeFactor = inMinutes
    ? `\\frac{${tex(volume)}\\,${unit('mL')}}{${minutes}\\,${unit('min')}} \\times \\frac{60\\,${unit('min')}}{1\\,${unit('hr')}}`
    : `\\frac{${tex(volume)}\\,${unit('mL')}}{${formatNumber(hours)}\\,${unit('hr')}}`;
  const explanation = [
    `A pump rate is volume divided by time in hours: ${m(`\\text{rate} = \\frac{V}{t}`)}.`,
    inMinutes
      ? `The time is in minutes, so multiply by ${m(`\\frac{60\\,${unit('min')}}{1\\,${unit('hr')}}`)} to get mL/hr.`
      : '',
    dm(`${timeFactor} = ${formatNumber(exact, 2)}\\,${unit('mL/hr')}`),
    exact === roundTo(exact, 0)
      ? `The pump is set to ${m(`${answer}\\,${unit('mL/hr')}`)}.`
      : `Rounded to the nearest whole number, the pump is set to ${m(`${answer}\\,${unit('mL/hr')}`)}.`,
  ]
    .filter(Boolean)
    .join(' ');
  const parts = {
    question,
    answer,
    explanation,
    rounding: { places: 0 },
    unit: 'mL/hr',
    params: { volume, minutes, inMinutes: inMinutes ? 1 : 0 },
  };
  // A wrong rate that rounds to 0 mL/hr is never shown (an empty value is skipped).
  const whole = (x: number) => (roundTo(x, 0) > 0 ? formatNumber(roundTo(x, 0), 0) : '');
  return blankOrSingle(rng, parts, () => [
    {
      value: whole(volume / minutes),
      misconception: 'missed x60: divided by minutes instead of hours',
    },
    {
      value: whole((volume / minutes) * 15),
      misconception: 'confused the pump rate with a drip rate (applied a 15 gtt/mL drop factor)',
    },
    { value: whole(volume * hours), misconception: 'multiplied volume by time' },
    { value: whole(exact * 60), misconception: 'multiplied by 60 instead of dividing' },
    { value: whole(exact / 2), misconception: 'halved the rate' },
    { value: whole(exact + 25), misconception: 'arithmetic slip (+25 mL/hr)' },
    { value: whole(exact * 1.5), misconception: 'arithmetic slip (x1.5)' },
  ]);
}
