/** Number helpers shared by answer checking and the question generators. */

/** Rounds half away from zero to `places` decimals, exactly on decimal ties (1.005 -> 1.01). */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`cannot round ${value}`);
  if (!Number.isInteger(places) || places < 0 || places > 10) {
    throw new RangeError(`places must be 0..10, got ${places}`);
  }
  if (Number.isInteger(value)) return value === 0 ? 0 : value; // fast path (also drops -0)
  const sign = value < 0 ? -1 : 1;
  // Shift by exponent notation so 1.005 is 100.5 (not 100.49999) before rounding.
  const shifted = Number(`${Math.abs(value)}e${places}`);
  const rounded = Number(`${Math.round(shifted)}e-${places}`);
  const result = sign * rounded;
  return Object.is(result, -0) ? 0 : result;
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
