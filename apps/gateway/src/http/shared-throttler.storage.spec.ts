import {
  type RateCount,
  type RateCounters,
  SharedThrottlerStorage,
} from './shared-throttler.storage';

/** Counters in memory, shared by the storages given them (several gateway replicas). */
class FakeCounters implements RateCounters {
  readonly counts = new Map<string, { s: number; n: number }>();
  failing = false;
  async hit(key: string, windowMs: number, now: number): Promise<RateCount> {
    await new Promise((r) => setImmediate(r));
    if (this.failing) throw new Error('bucket unavailable');
    const before = this.counts.get(key);
    const next =
      before && now - before.s < windowMs ? { s: before.s, n: before.n + 1 } : { s: now, n: 1 };
    this.counts.set(key, next);
    return { hits: next.n, resetAt: next.s + windowMs };
  }
}

const MINUTE = 60_000;

describe('SharedThrottlerStorage (rate limits with several gateway replicas, ADR 0027)', () => {
  it('a strict limit (5 a minute) holds across two replicas: the 6th hit, whichever replica takes it, is blocked until the window (from the first hit) ends', async () => {
    const counters = new FakeCounters();
    let now = 10 * MINUTE + 15_000;
    const first = now;
    const replicas = [
      new SharedThrottlerStorage(counters, 1, () => now),
      new SharedThrottlerStorage(counters, 1, () => now),
    ];
    const hits = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        replicas[i % 2]!.increment('sign-up:ip:1.2.3.4', MINUTE, 5, MINUTE, 'default'),
      ),
    );
    expect(hits.filter((h) => h.isBlocked)).toHaveLength(1);
    expect(hits.map((h) => h.totalHits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    const blocked = hits.find((h) => h.isBlocked)!;
    expect(blocked).toMatchObject({ timeToExpire: 60, timeToBlockExpire: 60 });
    now += 40_000;
    await expect(
      replicas[0]!.increment('sign-up:ip:1.2.3.4', MINUTE, 5, MINUTE, 'default'),
    ).resolves.toMatchObject({ totalHits: 7, isBlocked: true, timeToBlockExpire: 20 });
    // another key is counted apart; the next window starts at the minute
    await expect(
      replicas[0]!.increment('sign-up:ip:5.6.7.8', MINUTE, 5, MINUTE, 'default'),
    ).resolves.toMatchObject({ totalHits: 1, isBlocked: false });
    now = first + MINUTE;
    await expect(
      replicas[1]!.increment('sign-up:ip:1.2.3.4', MINUTE, 5, MINUTE, 'default'),
    ).resolves.toMatchObject({ totalHits: 1, isBlocked: false, timeToExpire: 60 });
  });

  it('limits above SHARED_LIMIT_MAX_PER_MINUTE (before RATE_LIMIT_SCALE) count per replica, without the shared counters', async () => {
    const counters = new FakeCounters();
    const sut = new SharedThrottlerStorage(counters, 20, () => 0);
    await sut.increment('k', MINUTE, 600 * 20, MINUTE, 'default'); // the default ceiling
    await sut.increment('k', MINUTE, 60 * 20, MINUTE, 'default'); // an answer call
    expect(counters.counts.size).toBe(0);
    await sut.increment('k', MINUTE, 30 * 20, MINUTE, 'default'); // sanitize: shared
    expect(counters.counts.size).toBe(1);
  });

  it('shared counters that fail: counted per replica (never a refusal for that), and counted shared again once they answer', async () => {
    const counters = new FakeCounters();
    counters.failing = true;
    const sut = new SharedThrottlerStorage(counters, 1, () => 0);
    const local = await Promise.all(
      Array.from({ length: 4 }, () => sut.increment('k', MINUTE, 3, MINUTE, 'default')),
    );
    expect(local.map((h) => h.isBlocked)).toEqual([false, false, false, true]);
    counters.failing = false;
    await expect(sut.increment('k', MINUTE, 3, MINUTE, 'default')).resolves.toMatchObject({
      totalHits: 1,
    });
  });

  it('without shared counters every limit counts in this process', async () => {
    const sut = new SharedThrottlerStorage(null, 1, () => 0);
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await sut.increment('k', MINUTE, 3, MINUTE, 'default'));
    expect(hits.map((h) => h.isBlocked)).toEqual([false, false, false, true]);
  });
});
