import { TEAS_COURSE } from './index';

const topics = TEAS_COURSE.objectives.flatMap((objective) => objective.topics);

describe('TEAS_COURSE', () => {
  it('keys objectives by unique numeric codes in both TEAS math sections', () => {
    const codes = TEAS_COURSE.objectives.map((objective) => objective.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[1-9]\d*$/);
    expect([...new Set(TEAS_COURSE.objectives.map((o) => o.section))].sort()).toEqual([
      'Measurement and Data',
      'Numbers and Algebra',
    ]);
    for (const objective of TEAS_COURSE.objectives) expect(objective.name.trim()).not.toBe('');
  });

  it('has at least 14 generated topics and at most two catalogue-only topics', () => {
    expect(topics.filter((topic) => topic.generate).length).toBeGreaterThanOrEqual(14);
    expect(topics.filter((topic) => !topic.generate).length).toBeLessThanOrEqual(2);
  });

  it('uses unique lowercase teas_ keys', () => {
    const keys = topics.map((topic) => topic.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^teas_[a-z0-9_.-]{1,59}$/);
  });

  it('generates an item of each type in each topic', () => {
    for (const topic of topics.filter((t) => t.generate)) {
      const types = new Set(Array.from({ length: 100 }, (_, seed) => topic.generate!(seed).type));
      expect([topic.key, [...types].sort()]).toEqual([topic.key, ['blank', 'single']]);
    }
  });
});
