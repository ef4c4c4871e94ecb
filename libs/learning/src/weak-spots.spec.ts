import fc from 'fast-check';
import { NEW_SKILL } from './mastery';
import { PARAMS } from './params';
import type { SkillState, TopicCandidate } from './types';
import { expectedGain, pickTopics } from './weak-spots';

const NOW = '2026-11-20T12:00:00.000Z';
const YESTERDAY = '2026-11-19T12:00:00.000Z';
const mastered: SkillState = { mu: 3, v: 0.05, n: 80, correct: 76, lastAt: YESTERDAY };
const weak: SkillState = { mu: -1, v: 0.15, n: 30, correct: 9, lastAt: YESTERDAY };
const candidate = (topicKey: string, state: SkillState, difficulty = 0): TopicCandidate => ({
  topicKey,
  state,
  difficulty,
});

describe('expectedGain', () => {
  it('ranks a failed topic and an unknown topic far above a mastered one', () => {
    const g = (s: SkillState): number => expectedGain(candidate('t', s), NOW);
    expect(g(mastered)).toBeLessThan(0.1);
    expect(g(weak)).toBeGreaterThan(0.6);
    expect(g(NEW_SKILL)).toBeGreaterThan(0.8);
  });

  it('grows as an estimate ages (we know less) and as the topic gets harder', () => {
    const fresh = expectedGain(candidate('t', mastered), NOW);
    const old = expectedGain(
      candidate('t', { ...mastered, lastAt: '2026-08-01T00:00:00.000Z' }),
      NOW,
    );
    expect(old).toBeGreaterThan(fresh);
    expect(expectedGain(candidate('t', weak, 1), NOW)).toBeGreaterThan(
      expectedGain(candidate('t', weak, -1), NOW),
    );
  });

  it('is positive and finite for any state (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -8, max: 8, noNaN: true }),
        fc.double({ min: 1e-4, max: PARAMS.PRIOR_VARIANCE, noNaN: true }),
        fc.double({ min: -4, max: 4, noNaN: true }),
        (mu, v, b) => {
          const gain = expectedGain(
            candidate('t', { mu, v, n: 10, correct: 5, lastAt: YESTERDAY }, b),
            NOW,
          );
          expect(gain).toBeGreaterThan(0);
          expect(gain).toBeLessThan(2);
        },
      ),
    );
  });
});

describe('pickTopics', () => {
  const pool = [
    candidate('a_mastered', mastered),
    candidate('b_weak', weak),
    candidate('c_new', NEW_SKILL),
  ];

  it('returns count keys, the same for the same seed, and independent of the listing order', () => {
    const first = pickTopics(pool, 12, 7, NOW);
    expect(first).toHaveLength(12);
    expect(pickTopics(pool, 12, 7, NOW)).toEqual(first);
    expect(pickTopics([...pool].reverse(), 12, 7, NOW)).toEqual(first);
    expect(pickTopics(pool, 12, 8, NOW)).not.toEqual(first);
  });

  it('picks the weak and new topics most, the mastered one rarely but not never', () => {
    const picks = pickTopics(pool, 4000, 1, NOW);
    const share = (k: string): number => picks.filter((p) => p === k).length / picks.length;
    expect(share('b_weak')).toBeGreaterThan(0.35);
    expect(share('c_new')).toBeGreaterThan(0.35);
    expect(share('a_mastered')).toBeGreaterThan(0.01);
    expect(share('a_mastered')).toBeLessThan(0.1);
  });

  it('can hold the weakest topic several times in one batch', () => {
    const picks = pickTopics(
      [candidate('a_mastered', mastered), candidate('b_weak', weak)],
      10,
      3,
      NOW,
    );
    expect(picks.filter((p) => p === 'b_weak').length).toBeGreaterThan(5);
  });

  it('returns nothing for no candidates or a count of 0', () => {
    expect(pickTopics([], 5, 1, NOW)).toEqual([]);
    expect(pickTopics(pool, 0, 1, NOW)).toEqual([]);
  });

  it('starves no topic: in 4,000 draws every one of up to four topics comes up (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -6, max: 6, noNaN: true }), { minLength: 1, maxLength: 4 }),
        fc.nat(1000),
        (mus, seed) => {
          const keys = mus.map((_, i) => `t${i}`);
          const cands = mus.map((mu, i) =>
            candidate(keys[i], { mu, v: 0.05, n: 50, correct: 25, lastAt: YESTERDAY }),
          );
          const picks = pickTopics(cands, 4000, seed, NOW);
          expect(new Set(picks)).toEqual(new Set(keys));
        },
      ),
      { numRuns: 30 },
    );
  });
});
