/**
 * Per-route limits are written as their production values (`@Throttle(perMinute(5))`); a test
 * system, whose tiers all call from 127.0.0.1, raises them with RATE_LIMIT_SCALE.
 */
let scale = 1;

export function setRateLimitScale(value: number): void {
  scale = value;
}

export function perMinute(limit: number) {
  return { default: { limit: () => Math.max(1, Math.round(limit * scale)), ttl: 60_000 } };
}

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';
