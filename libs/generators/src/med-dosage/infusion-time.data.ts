// Data of the infusion-time generator (infusion-time.ts): pump and gravity infusion volumes and
// rates, drawn from the clinical reference table (reference/, ADR 0038): a piggyback of the
// table's volumes running 30-60 minutes, one bag of fluid, a countable drip rate.

import { DRIP_ROW, FLUID_ROWS, PIGGYBACK_ROW } from './reference';

const lr = FLUID_ROWS.find((f) => f.name === "lactated Ringer's solution")!;
const ns = FLUID_ROWS.find((f) => f.name === '0.9% sodium chloride')!;

/** Infusions by pump (mL/hr) or by gravity (gtt/min with a drop factor), 10 min to 24 hr. */
export const INFUSION_TIME_RANGES = {
  pump: {
    /** Piggybacks (an IV antibiotic) and parts of one bag of lactated Ringer's. */
    volumesMl: [...PIGGYBACK_ROW.volumesMl, 500, ...lr.bagsMl],
    rateMlPerHr: { min: 25, max: 250, step: 5 },
    /** A piggyback runs as the table hangs it: 30 to 60 minutes. */
    piggybackMinutes: {
      min: Math.min(...PIGGYBACK_ROW.minutes),
      max: Math.max(...PIGGYBACK_ROW.minutes),
    },
    piggybackMaxMl: Math.max(...PIGGYBACK_ROW.volumesMl),
  },
  gravity: {
    volumesMl: ns.bagsMl,
    gttPerMin: DRIP_ROW.countableGttPerMin,
    dropFactors: DRIP_ROW.dropFactors,
  },
  totalMinutes: { min: 10, max: 24 * 60 },
} as const;
