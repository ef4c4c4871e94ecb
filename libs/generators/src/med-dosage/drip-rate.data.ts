// Data of the drip-rate generator (drip-rate.ts): drop factors, infusion volumes and times, and
// the wrong drop factors learners use. The numbers are clinical reference values; a change here
// changes the generated questions.

/** Gravity infusions: macrodrip 10/15/20 gtt/mL, microdrip 60 gtt/mL (low rates only). */
export const DRIP_RATE_RANGES = {
  dropFactors: [10, 15, 20, 60],
  continuous: { volumesMl: [250, 500, 1000], hours: [2, 3, 4, 5, 6, 8, 10, 12, 24] },
  piggyback: { volumesMl: [50, 100, 150, 250], minutes: [20, 30, 45, 60, 90] },
  rateMlPerHr: { min: 20, max: 250, step: 5 },
  gttPerMin: { min: 5, max: 125 },
  microdripMaxMlPerHr: 100,
} as const;

/** For each drop factor, the two wrong ones a learner most often uses in its place. */
export const WRONG_DROP_FACTORS: Record<number, [number, number]> = {
  10: [60, 15],
  15: [60, 10],
  20: [60, 15],
  60: [15, 20],
};
