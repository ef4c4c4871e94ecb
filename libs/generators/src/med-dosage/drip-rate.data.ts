// Data of the drip-rate generator (drip-rate.ts): drop factors, infusion volumes and times, and
// the wrong drop factors learners use. Drop factors, the countable drip range, bags and
// piggybacks come from the clinical reference table (reference/, ADR 0038).

import { DRIP_ROW, FLUID_ROWS, PIGGYBACK_ROW } from './reference';

const lr = FLUID_ROWS.find((f) => f.name === "lactated Ringer's solution")!;
const ns = FLUID_ROWS.find((f) => f.name === '0.9% sodium chloride')!;

/**
 * Gravity infusions: macrodrip 10/15/20 gtt/mL, microdrip 60 gtt/mL. One bag of lactated
 * Ringer's over hours, a cefazolin piggyback over 30-60 minutes, or saline at an ordered mL/hr;
 * every drip rate is one a nurse can count (15-60 gtt/min), so a microdrip runs at most
 * 60 mL/hr.
 */
export const DRIP_RATE_RANGES = {
  dropFactors: DRIP_ROW.dropFactors,
  continuous: { volumesMl: lr.bagsMl, hours: [2, 3, 4, 5, 6, 8, 10, 12, 24] },
  piggyback: { volumesMl: PIGGYBACK_ROW.volumesMl, minutes: PIGGYBACK_ROW.minutes },
  rateMlPerHr: { min: 20, max: Math.min(250, ns.maxRateMlPerHr), step: 5 },
  gttPerMin: DRIP_ROW.countableGttPerMin,
  microdripMaxMlPerHr: DRIP_ROW.countableGttPerMin.max,
} as const;

/** For each drop factor, the two wrong ones a learner most often uses in its place. */
export const WRONG_DROP_FACTORS: Record<number, [number, number]> = {
  10: [60, 15],
  15: [60, 10],
  20: [60, 15],
  60: [15, 20],
};
