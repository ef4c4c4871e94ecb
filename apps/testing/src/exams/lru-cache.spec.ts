import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('keeps at most its capacity, forgetting the least recently used first', () => {
    const sut = new LruCache<string, number>(2);
    sut.set('a', 1);
    sut.set('b', 2);
    expect(sut.get('a')).toBe(1); // a is now the newest
    sut.set('c', 3);
    expect(sut.get('b')).toBeUndefined();
    expect(sut.get('a')).toBe(1);
    expect(sut.get('c')).toBe(3);
    expect(sut.size).toBe(2);
    sut.delete('a');
    expect(sut.get('a')).toBeUndefined();
  });
});
