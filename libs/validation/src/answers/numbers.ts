/** Number helpers shared by answer checking and the question generators. */

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];

/** Rounds half away from zero to `places` decimals, exactly on decimal ties (1.005 -> 1.01). */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`cannot round ${value}`);
  if (!Number.isInteger(places) || places < 0 || places > 10) {
    throw new RangeError(`places must be 0..10, got ${places}`);
  }
  if (Number.isInteger(value)) return value === 0 ? 0 : value; // fast path (also drops -0)
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.abs(value) * POW10[places];
  const fraction = shifted - Math.floor(shifted);
  // Near a tie the binary product can land a hair off .5 (1.005 * 100 = 100.49999...): there
  // the decimal digits decide, by shifting with exponent notation (exact, but slower).
  const rounded =
    Math.abs(fraction - 0.5) < 1e-7
      ? shiftDecimal(Math.round(shiftDecimal(Math.abs(value), places)), -places)
      : Math.round(shifted) / POW10[places];
  const result = sign * rounded;
  return Object.is(result, -0) ? 0 : result;
}

/** The exact (string-based) rounding, kept as the reference the fast path is tested against. */
export function roundToReference(value: number, places: number): number {
  if (Number.isInteger(value)) return value === 0 ? 0 : value;
  const sign = value < 0 ? -1 : 1;
  const result = sign * shiftDecimal(Math.round(shiftDecimal(Math.abs(value), places)), -places);
  return Object.is(result, -0) ? 0 : result;
}

/** value x 10^k on the shortest decimal form of value (no binary error, exponents kept). */
function shiftDecimal(value: number, k: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + k}`);
}

/**
 * A number written plainly: '0.5', '.5', '-3', '+2', '1,250', '0.50', or a simple fraction
 * '3/4' / '-1/2'. Anything else (units, words, expressions) is null.
 */
export function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number(cleaned);
  const fraction = /^([-+]?\d+)\s*\/\s*(\d+)$/.exec(cleaned);
  if (fraction && Number(fraction[2]) !== 0) return Number(fraction[1]) / Number(fraction[2]);
  return null;
}
