import type { Announcement } from '@examprep/contracts';
import { AnnouncementsCache } from './announcements.cache';

const a = (id: string): Announcement => ({
  id,
  content: id,
  isVisible: true,
  order: 0,
  date: '2026-01-01',
  linkText: '',
  linkUrl: '',
});

describe('AnnouncementsCache', () => {
  let now = 0;
  const sut = () => new AnnouncementsCache<Announcement[]>(1_000, () => now);

  beforeEach(() => {
    now = 0;
  });

  it('loads once while fresh, again after the time-to-live', async () => {
    const cache = sut();
    const load = jest.fn(async () => [a('1')]);
    await cache.get(load);
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1_001;
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one pending load between concurrent readers', async () => {
    const cache = sut();
    const load = jest.fn(async () => [a('1')]);
    await Promise.all([cache.get(load), cache.get(load), cache.get(load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads after invalidate', async () => {
    const cache = sut();
    const load = jest.fn(async () => [a('1')]);
    await cache.get(load);
    cache.invalidate();
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a load that was running when a change happened', async () => {
    const cache = sut();
    let resolve!: (v: Announcement[]) => void;
    const slow = cache.get(() => new Promise((r) => (resolve = r)));
    cache.invalidate();
    const fresh = jest.fn(async () => [a('new')]);
    resolve([a('old')]);
    await slow;
    // the invalidate already dropped the slow entry; the next read loads fresh data
    await expect(cache.get(fresh)).resolves.toEqual([a('new')]);
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('drops a stale load that finished after a later change', async () => {
    const cache = sut();
    let resolve!: (v: Announcement[]) => void;
    const first = cache.get(() => new Promise((r) => (resolve = r)));
    // a reader arriving now shares the pending load
    const second = cache.get(async () => [a('unused')]);
    cache.invalidate();
    resolve([a('old')]);
    await Promise.all([first, second]);
    const fresh = jest.fn(async () => [a('new')]);
    await expect(cache.get(fresh)).resolves.toEqual([a('new')]);
  });

  it('does not keep a failed load', async () => {
    const cache = sut();
    await expect(cache.get(async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    await expect(cache.get(async () => [a('1')])).resolves.toEqual([a('1')]);
  });
});
