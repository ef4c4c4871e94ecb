// Data of the weight-conversions generator (weight-conversions.ts): patient weight ranges. The
// numbers are clinical reference values; a change here changes the generated questions.

/** Patient weights: 2-150 kg (4.4-330 lb); infants may be weighed in pounds and ounces. */
export const WEIGHT_CONVERSION_RANGES = {
  kg: { min: 2, max: 150 },
  lb: { min: 4.4, max: 330 },
  infantLb: { min: 5, max: 20 },
  oz: { min: 1, max: 15 },
  lbPerKg: 2.2,
} as const;
