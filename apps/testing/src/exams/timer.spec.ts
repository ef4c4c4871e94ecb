import { TEST_LIMITS } from '@examprep/contracts';
import { isExpired, startTimer } from './timer';

describe('the TEAS practice timer', () => {
  const start = new Date('2026-03-01T10:00:00.000Z');

  it('gives 57 minutes for 38 questions, in proportion otherwise', () => {
    expect(startTimer(38, start)).toEqual({
      limitSeconds: 57 * 60,
      startedAt: start,
      endsAt: new Date('2026-03-01T10:57:00.000Z'),
    });
    expect(startTimer(19, start).limitSeconds).toBe(Math.round((57 * 60) / 2));
  });

  it(`is expired only ${TEST_LIMITS.timerGraceSeconds} s after the end (a late save within the grace is taken)`, () => {
    const timer = startTimer(38, start);
    const at = (ms: number) => new Date(timer.endsAt.getTime() + ms);
    expect(isExpired(timer, at(-1))).toBe(false);
    expect(isExpired(timer, at(0))).toBe(false);
    expect(isExpired(timer, at(30_000))).toBe(false);
    expect(isExpired(timer, at(30_001))).toBe(true);
  });

  it('an untimed test never expires', () => {
    expect(isExpired(null, new Date(8.64e15))).toBe(false);
  });
});
