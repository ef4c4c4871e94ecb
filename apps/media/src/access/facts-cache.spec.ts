import { QuestionFactsCache, REVEALED_TTL_MS, UNREVEALED_TTL_MS } from './facts-cache';

describe('question facts cache', () => {
  it('keeps revealed answers 5 min, others 5 s; drops a question for every learner', () => {
    let now = 0;
    const c = new QuestionFactsCache(() => now);
    c.set('u1', 'AB12', { inTest: true, revealed: true });
    c.set('u2', 'AB12', { inTest: true, revealed: false });
    c.set('u1', 'CD34', { inTest: true, revealed: false });
    expect(c.size).toBe(3);
    now = UNREVEALED_TTL_MS;
    expect(c.get('u2', 'AB12')).toBeUndefined();
    expect(c.get('u1', 'AB12')).toEqual({ inTest: true, revealed: true });
    now = REVEALED_TTL_MS;
    expect(c.get('u1', 'AB12')).toBeUndefined();
    c.set('u1', 'AB12', { inTest: true, revealed: true });
    c.dropQuestion('AB12');
    expect(c.get('u1', 'AB12')).toBeUndefined();
    expect(c.size).toBe(1);
  });
});
