import fc from 'fast-check';
import { FixedWindowThrottlerStorage } from './fixed-window-throttler.storage';

describe('FixedWindowThrottlerStorage', () => {
  it('lets `limit` requests through per window and blocks the next', async () => {
    let now = 1_000;
    const sut = new FixedWindowThrottlerStorage(() => now);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await sut.increment('u1', 60_000, 3, 0, 'default'));
    expect(results.map((r) => r.isBlocked)).toEqual([false, false, false, true]);
    expect(results[3]).toMatchObject({ totalHits: 4, timeToExpire: 60 });
    now += 60_000;
    expect((await sut.increment('u1', 60_000, 3, 0, 'default')).isBlocked).toBe(false);
  });

  it('counts keys and throttlers apart', async () => {
    const sut = new FixedWindowThrottlerStorage(() => 0);
    await sut.increment('a', 1_000, 1, 0, 'default');
    expect((await sut.increment('b', 1_000, 1, 0, 'default')).isBlocked).toBe(false);
    expect((await sut.increment('a', 1_000, 1, 0, 'login')).isBlocked).toBe(false);
    expect((await sut.increment('a', 1_000, 1, 0, 'default')).isBlocked).toBe(true);
  });

  it('keeps blocking for blockDuration past the window', async () => {
    let now = 0;
    const sut = new FixedWindowThrottlerStorage(() => now);
    await sut.increment('k', 1_000, 1, 5_000, 'default');
    expect((await sut.increment('k', 1_000, 1, 5_000, 'default')).isBlocked).toBe(true);
    now = 2_000;
    expect((await sut.increment('k', 1_000, 1, 5_000, 'default')).isBlocked).toBe(true);
    now = 5_001;
    expect((await sut.increment('k', 1_000, 1, 5_000, 'default')).isBlocked).toBe(false);
  });

  it('never lets more than `limit` through inside one window (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 999 }), { maxLength: 200 }),
        async (limit, offsets) => {
          let now = 0;
          const sut = new FixedWindowThrottlerStorage(() => now);
          let allowed = 0;
          for (const o of [...offsets].sort((a, b) => a - b)) {
            now = o;
            if (!(await sut.increment('k', 1_000, limit, 0, 'default')).isBlocked) allowed++;
          }
          expect(allowed).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });
});

describe('perMinute', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { perMinute, setRateLimitScale } = require('./rate-limit') as typeof import('./rate-limit');
  afterEach(() => setRateLimitScale(1));

  it('is the written limit in production and scales for a test system', () => {
    const limit = () => (perMinute(5).default.limit as () => number)();
    expect(limit()).toBe(5);
    setRateLimitScale(20);
    expect(limit()).toBe(100);
    expect(perMinute(5).default.ttl).toBe(60_000);
  });
});
