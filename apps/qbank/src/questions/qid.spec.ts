import fc from 'fast-check';
import { qidAt, QID_PATTERN, QID_SPACE } from '@examprep/contracts';
import { randomFreeQid, randomQid } from './qid';

describe('qid', () => {
  it('maps the whole space AA00..ZZ99 onto valid, distinct ids', () => {
    expect(qidAt(0)).toBe('AA00');
    expect(qidAt(99)).toBe('AA99');
    expect(qidAt(100)).toBe('AB00');
    expect(qidAt(QID_SPACE - 1)).toBe('ZZ99');
    const all = new Set<string>();
    for (let n = 0; n < QID_SPACE; n++) all.add(qidAt(n));
    expect(all.size).toBe(QID_SPACE);
    for (const q of all) expect(q).toMatch(QID_PATTERN);
  });

  it('random ids always match the pattern', () => {
    fc.assert(fc.property(fc.nat(QID_SPACE - 1), (n) => QID_PATTERN.test(randomQid(() => n))));
  });

  it('finds the only free id when all others are taken, and null when none is left', () => {
    const taken = new Set(Array.from({ length: QID_SPACE }, (_, n) => qidAt(n)));
    taken.delete('QX42');
    expect(randomFreeQid(taken, () => 0)).toBe('QX42');
    taken.add('QX42');
    expect(randomFreeQid(taken)).toBeNull();
  });
});
