// Data of the infusion-time generator (infusion-time.ts): pump and gravity infusion volumes and
// rates. The numbers are clinical reference values; a change here changes the generated
// questions.

/** Infusions by pump (mL/hr) or by gravity (gtt/min with a drop factor), 10 min to 24 hr. */
export const INFUSION_TIME_RANGES = {
  pump: {
    volumesMl: [50, 100, 150, 250, 500, 750, 1000],
    rateMlPerHr: { min: 25, max: 250, step: 5 },
  },
  gravity: {
    volumesMl: [250, 500, 1000],
    gttPerMin: { min: 15, max: 60 },
    dropFactors: [10, 15, 20, 60],
  },
  totalMinutes: { min: 10, max: 24 * 60 },
} as const;
