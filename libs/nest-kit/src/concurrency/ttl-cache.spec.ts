import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  // lru-cache reads a start time of 0 as "no time-to-live": the clock starts later
  const START = 50_000;
  let now = START;
  const sut = () => new TtlCache<{ n: number }>(1_000, () => now);

  beforeEach(() => {
    now = START;
  });

  it('loads once while fresh (up to the time-to-live), again after it', async () => {
    const cache = sut();
    const load = jest.fn(async () => ({ n: 1 }));
    await cache.get(load);
    now = START + 1_000;
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(1);
    now = START + 1_001;
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one pending load between concurrent readers', async () => {
    const cache = sut();
    const load = jest.fn(async () => ({ n: 7 }));
    await expect(Promise.all([cache.get(load), cache.get(load), cache.get(load)])).resolves.toEqual(
      [{ n: 7 }, { n: 7 }, { n: 7 }],
    );
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const cache = sut();
    await expect(cache.get(async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    await expect(cache.get(async () => ({ n: 2 }))).resolves.toEqual({ n: 2 });
  });

  it('reloads after invalidate', async () => {
    const cache = sut();
    const load = jest.fn(async () => ({ n: 1 }));
    await cache.get(load);
    cache.invalidate();
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('invalidate during a load: its readers get its value, the next reader a new load', async () => {
    const cache = sut();
    let finish!: (v: { n: number }) => void;
    const old = cache.get(() => new Promise((resolve) => (finish = resolve)));
    cache.invalidate();
    const fresh = cache.get(async () => ({ n: 2 }));
    finish({ n: 1 });
    await expect(old).resolves.toEqual({ n: 1 });
    await expect(fresh).resolves.toEqual({ n: 2 });
    await expect(cache.get(async () => ({ n: 3 }))).resolves.toEqual({ n: 2 });
  });

  it('a failed reload after the time-to-live does not keep the old value', async () => {
    const cache = sut();
    await cache.get(async () => ({ n: 1 }));
    now = START + 2_000;
    await expect(cache.get(async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    await expect(cache.get(async () => ({ n: 2 }))).resolves.toEqual({ n: 2 });
  });
});
