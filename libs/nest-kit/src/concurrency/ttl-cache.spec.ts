import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let now = 0;
  const sut = () => new TtlCache<number>(1_000, () => now);

  beforeEach(() => {
    now = 0;
  });

  it('loads once while fresh, again after the time-to-live', async () => {
    const cache = sut();
    const load = jest.fn(async () => 1);
    await cache.get(load);
    now = 999;
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1_000;
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one pending load between concurrent readers', async () => {
    const cache = sut();
    const load = jest.fn(async () => 7);
    await expect(Promise.all([cache.get(load), cache.get(load), cache.get(load)])).resolves.toEqual(
      [7, 7, 7],
    );
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const cache = sut();
    await expect(cache.get(async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    await expect(cache.get(async () => 2)).resolves.toBe(2);
  });

  it('reloads after invalidate', async () => {
    const cache = sut();
    const load = jest.fn(async () => 1);
    await cache.get(load);
    cache.invalidate();
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
