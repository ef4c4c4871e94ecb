import { MEDIA_LIMITS } from '@examprep/contracts/types';
import { createSignedUrlCache, type SignedUrlKey } from './signed-url-cache';

const KEY: SignedUrlKey = { user: 'u1', path: 'Images/AB12-que.png', kind: 'image' };
const answer = (signedUrl: string) => ({ signedUrl });

/** A loader whose answers the test releases by hand. */
function deferredLoader() {
  const resolvers: ((v: { signedUrl: string } | null) => void)[] = [];
  const rejecters: ((e: unknown) => void)[] = [];
  const load = jest.fn(
    () =>
      new Promise<{ signedUrl: string } | null>((resolve, reject) => {
        resolvers.push(resolve);
        rejecters.push(reject);
      }),
  );
  return { load, resolve: (i: number, url: string) => resolvers[i](answer(url)), rejecters };
}

describe('signed-URL cache (learner spec §4, §9: 45 minutes per user, path and kind)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-24T10:00:00Z'));
  });
  afterEach(() => jest.useRealTimers());

  it('keeps an URL 2,700,000 ms (45 minutes) and asks again after that', async () => {
    expect(MEDIA_LIMITS.signedUrlCacheMs).toBe(2_700_000);
    const sut = createSignedUrlCache();
    const load = jest
      .fn()
      .mockResolvedValueOnce(answer('u-1'))
      .mockResolvedValueOnce(answer('u-2'));
    await expect(sut.get(KEY, load)).resolves.toBe('u-1');
    jest.advanceTimersByTime(2_700_000 - 1);
    await expect(sut.get(KEY, load)).resolves.toBe('u-1');
    expect(sut.peek(KEY)).toBe('u-1');
    expect(load).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(sut.peek(KEY)).toBeUndefined();
    await expect(sut.get(KEY, load)).resolves.toBe('u-2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keys by user, path and kind: another of any one is another request', async () => {
    const sut = createSignedUrlCache();
    let n = 0;
    const load = jest.fn(async () => answer(`u-${++n}`));
    await sut.get(KEY, load);
    await sut.get({ ...KEY, user: 'u2' }, load);
    await sut.get({ ...KEY, path: 'Images/AB12-exp.png' }, load);
    await sut.get({ ...KEY, kind: 'download' }, load);
    await sut.get(KEY, load);
    expect(load).toHaveBeenCalledTimes(4);
    expect(sut.peek({ ...KEY, user: 'u2' })).toBe('u-2');
    expect(sut.peek(KEY)).toBe('u-1');
  });

  it('concurrent requests for one key share one pending request', async () => {
    const sut = createSignedUrlCache();
    const d = deferredLoader();
    const a = sut.get(KEY, d.load);
    const b = sut.get(KEY, d.load);
    const c = sut.get(KEY, d.load);
    expect(d.load).toHaveBeenCalledTimes(1);
    d.resolve(0, 'shared');
    await expect(Promise.all([a, b, c])).resolves.toEqual(['shared', 'shared', 'shared']);
  });

  it('a failed fetch yields null and is not cached: the next call asks again', async () => {
    const sut = createSignedUrlCache();
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('403'))
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce({ signedUrl: '' })
      .mockResolvedValueOnce(answer('ok'));
    await expect(sut.get(KEY, load)).resolves.toBeNull();
    await expect(sut.get(KEY, load)).resolves.toBeNull();
    await expect(sut.get(KEY, load)).resolves.toBeNull();
    expect(sut.peek(KEY)).toBeUndefined();
    await expect(sut.get(KEY, load)).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('callers sharing a failed request all get null', async () => {
    const sut = createSignedUrlCache();
    const d = deferredLoader();
    const both = Promise.all([sut.get(KEY, d.load), sut.get(KEY, d.load)]);
    d.rejecters[0](new Error('network'));
    await expect(both).resolves.toEqual([null, null]);
  });

  it('never keeps an URL past a minute before its own expiry', async () => {
    const sut = createSignedUrlCache();
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const load = jest.fn(async () => ({ signedUrl: 'short', expiresAt }));
    await sut.get(KEY, load);
    jest.advanceTimersByTime(9 * 60_000 - 1);
    expect(sut.peek(KEY)).toBe('short');
    jest.advanceTimersByTime(1);
    expect(sut.peek(KEY)).toBeUndefined();
  });

  it('clears one key: the others stay', async () => {
    const sut = createSignedUrlCache();
    const load = jest.fn(async () => answer('x'));
    const other = { ...KEY, user: 'u2' };
    await sut.get(KEY, load);
    await sut.get(other, load);
    const listener = jest.fn();
    sut.subscribe(listener);
    sut.clearKey(KEY);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sut.peek(KEY)).toBeUndefined();
    expect(sut.peek(other)).toBe('x');
  });

  it('clears a path for every user and kind, and nothing else', async () => {
    const sut = createSignedUrlCache();
    const load = jest.fn(async () => answer('x'));
    const keys = [KEY, { ...KEY, user: 'u2' }, { ...KEY, kind: 'download' as const }];
    const kept = { ...KEY, path: 'Images/AB12-exp.png' };
    for (const k of [...keys, kept]) await sut.get(k, load);
    sut.clearPath(KEY.path);
    for (const k of keys) expect(sut.peek(k)).toBeUndefined();
    expect(sut.peek(kept)).toBe('x');
  });

  it('a clear while a request runs drops its answer, and the next call asks again', async () => {
    const sut = createSignedUrlCache();
    const d = deferredLoader();
    const first = sut.get(KEY, d.load);
    sut.clearPath(KEY.path);
    const second = sut.get(KEY, d.load);
    expect(d.load).toHaveBeenCalledTimes(2);
    d.resolve(0, 'old-object');
    await expect(first).resolves.toBe('old-object');
    expect(sut.peek(KEY)).toBeUndefined();
    d.resolve(1, 'new-object');
    await expect(second).resolves.toBe('new-object');
    expect(sut.peek(KEY)).toBe('new-object');
  });

  it('tells subscribers when an URL arrives; unsubscribed listeners hear nothing', async () => {
    const sut = createSignedUrlCache();
    const listener = jest.fn();
    const stop = sut.subscribe(listener);
    await sut.get(KEY, async () => answer('x'));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    sut.clear();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sut.peek(KEY)).toBeUndefined();
  });
});
