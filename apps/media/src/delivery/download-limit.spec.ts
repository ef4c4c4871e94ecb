import { MEDIA_LIMITS } from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';
import { FakeDownloadsRepository } from '../../test/support/fake-downloads.repository';
import { DownloadLimiter } from './download-limit';

const payload = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ServiceError);
  return (e as ServiceError).payload;
};

describe('stamped downloads: 10 per user and product per 24 h', () => {
  it('the 11th in the window is 429 with the spec text; other products and users are counted apart', async () => {
    let now = 1_000_000_000;
    const counts = new FakeDownloadsRepository();
    const limiter = new DownloadLimiter(counts, () => now);
    for (let i = 0; i < MEDIA_LIMITS.stampedDownloadsPerWindow; i++) {
      await limiter.take('u1', 'wb');
      now += 1000;
    }
    expect(await payload(limiter.take('u1', 'wb'))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message:
        'You have attempted/downloaded this product too many times (recently)... contact support.',
    });
    await limiter.take('u1', 'other');
    await limiter.take('u2', 'wb');
    // the first one leaves the window 24 h after it was made
    now = 1_000_000_000 + MEDIA_LIMITS.stampedDownloadWindowMs + 1;
    await limiter.take('u1', 'wb');
    expect(await payload(limiter.take('u1', 'wb'))).toMatchObject({ status: 429 });
  });

  it('concurrent requests cannot both be the 10th; an undone request gives its place back', async () => {
    const counts = new FakeDownloadsRepository();
    const limiter = new DownloadLimiter(counts, () => 5);
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, () => limiter.take('u1', 'wb')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(counts.docs.size).toBe(10);
    const undo = (results[0] as PromiseFulfilledResult<() => Promise<void>>).value;
    await undo();
    await limiter.take('u1', 'wb');
    expect(counts.docs.size).toBe(10);
  });
});

describe('stamped downloads with two replicas (ADR 0027)', () => {
  it('two requests at once through two replicas on one store, whatever the count before: never more than 10 counted or let through, a refusal is 429 and not counted', async () => {
    for (let before = 0; before <= MEDIA_LIMITS.stampedDownloadsPerWindow; before++) {
      const counts = new FakeDownloadsRepository();
      for (let i = 0; i < before; i++) await counts.add('u1', 'wb', new Date(1));
      // every store call yields first, as a round trip does, so the replicas' calls interleave
      const store = new Proxy(counts, {
        get: (target, key) => {
          const value = Reflect.get(target, key) as unknown;
          return typeof value === 'function'
            ? async (...args: unknown[]) => {
                await new Promise((r) => setImmediate(r));
                return (value as (...a: unknown[]) => unknown).apply(target, args);
              }
            : value;
        },
      });
      const replicas = [new DownloadLimiter(store, () => 5), new DownloadLimiter(store, () => 5)];
      const results = await Promise.allSettled(replicas.map((r) => r.take('u1', 'wb')));
      const through = results.filter((r) => r.status === 'fulfilled').length;
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as ServiceError).payload.status).toBe(429);
      expect(before + through).toBeLessThanOrEqual(MEDIA_LIMITS.stampedDownloadsPerWindow);
      expect(counts.docs.size).toBe(before + through);
    }
  });
});
