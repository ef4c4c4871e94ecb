import { practiceTimerSeconds, TEST_LIMITS } from '@examprep/contracts';
import type { StoredTimer } from './test.schema';

/** The optional TEAS timer of a practice test: 57 minutes per 38 questions from `now`. */
export function startTimer(questionCount: number, now: Date): StoredTimer {
  const limitSeconds = practiceTimerSeconds(questionCount);
  return {
    limitSeconds,
    startedAt: now,
    endsAt: new Date(now.getTime() + limitSeconds * 1000),
  };
}

/**
 * The timer ran out more than the grace period ago: the service submits the test with what was
 * saved, and a late save is refused (409 TIME_UP). Within the grace a save is still taken.
 */
export function isExpired(
  timer: Pick<StoredTimer, 'endsAt'> | null | undefined,
  now: Date,
): boolean {
  if (!timer) return false;
  const deadline = new Date(timer.endsAt).getTime() + TEST_LIMITS.timerGraceSeconds * 1000;
  return now.getTime() > deadline;
}

/**
 * The timers that ended before this moment are expired at `now` (isExpired, up to the
 * millisecond): the bound of the gradebook's index range over `timerEndsAt`.
 */
export function timeUpBefore(now: Date): Date {
  return new Date(now.getTime() - TEST_LIMITS.timerGraceSeconds * 1000);
}
