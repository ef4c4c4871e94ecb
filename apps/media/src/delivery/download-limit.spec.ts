import { MEDIA_LIMITS } from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';
import { type DownloadCounts, DownloadLimiter } from './download-limit';

class FakeCounts implements DownloadCounts {
  docs = new Map<string, { uid: string; productId: string; at: Date }>();
  private n = 0;
  async countSince(uid: string, productId: string, since: Date) {
    return [...this.docs.values()].filter(
      (d) => d.uid === uid && d.productId === productId && d.at > since,
    ).length;
  }
  async add(uid: string, productId: string, at: Date) {
    const id = String(++this.n);
    this.docs.set(id, { uid, productId, at });
    return id;
  }
  async remove(id: string) {
    this.docs.delete(id);
  }
  async removeUser(uid: string) {
    const before = this.docs.size;
    for (const [id, d] of this.docs) if (d.uid === uid) this.docs.delete(id);
    return before - this.docs.size;
  }
}

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
    const counts = new FakeCounts();
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
    const counts = new FakeCounts();
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
