import { isKvBucketGone, isKvConflict, KvBucket } from './kv-bucket';

const noResponders = () =>
  new Error("no responders: '$JS.API.DIRECT.GET.KV_b.$KV.b.k'", { cause: 'NoResponders' });

describe('KvBucket', () => {
  it('opens the bucket once and keeps it', async () => {
    const open = jest.fn(async () => ({ id: 1 }));
    const kv = new KvBucket(open);
    expect(await kv.run(async (b) => b.id)).toBe(1);
    expect(await kv.run(async (b) => b.id)).toBe(1);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('makes the bucket again when a call finds it gone, and runs the call once more on it', async () => {
    let made = 0;
    const kv = new KvBucket(async () => ({ id: ++made }));
    await kv.run(async () => undefined);
    const seen: number[] = [];
    const result = await kv.run(async (b) => {
      seen.push(b.id);
      if (b.id === 1) throw noResponders();
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(seen).toEqual([1, 2]);
    expect(await kv.run(async (b) => b.id)).toBe(2); // the new one is kept
  });

  it('passes other errors through and keeps the bucket; a failed open is tried again next call', async () => {
    let made = 0;
    const open = jest.fn(async () => {
      made++;
      if (made === 1) throw new Error('JetStream not ready');
      return { id: made };
    });
    const kv = new KvBucket(open);
    await expect(kv.run(async () => 'x')).rejects.toThrow('JetStream not ready');
    await expect(
      kv.run(async () => {
        throw new Error('wrong last sequence: 4');
      }),
    ).rejects.toThrow('wrong last sequence');
    expect(await kv.run(async (b) => b.id)).toBe(2);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('gives up after one remake: a bucket gone twice in one call is the caller’s error', async () => {
    const kv = new KvBucket(async () => ({}));
    await expect(
      kv.run(async () => {
        throw noResponders();
      }),
    ).rejects.toThrow(/no responders/);
  });
});

describe('isKvConflict / isKvBucketGone', () => {
  it('tell a lost race from a lost bucket by the messages nats.js gives', () => {
    expect(isKvConflict(new Error('wrong last sequence: 12'))).toBe(true);
    expect(isKvConflict(new Error('key exists'))).toBe(true);
    expect(isKvConflict(noResponders())).toBe(false);
    expect(isKvBucketGone(noResponders())).toBe(true);
    expect(isKvBucketGone(new Error('stream not found'))).toBe(true);
    expect(isKvBucketGone(new Error('wrong last sequence: 12'))).toBe(false);
    expect(isKvBucketGone(undefined)).toBe(false);
  });
});
