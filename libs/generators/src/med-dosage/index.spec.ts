import { MED_DOSAGE_COURSE } from './index';

const topics = MED_DOSAGE_COURSE.objectives.flatMap((o) => o.topics);

describe('MED_DOSAGE_COURSE', () => {
  it('keys every objective by a numeric code with a section and a name', () => {
    const codes = MED_DOSAGE_COURSE.objectives.map((o) => o.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const objective of MED_DOSAGE_COURSE.objectives) {
      expect(objective.code).toMatch(/^[1-9]\d*$/);
      expect(objective.section.trim()).not.toBe('');
      expect(objective.name.trim()).not.toBe('');
      expect(objective.topics.length).toBeGreaterThan(0);
    }
  });

  it('has unique md_ topic keys and at least 14 generators', () => {
    const keys = topics.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^md_[a-z0-9_.-]{1,61}$/);
    expect(topics.filter((t) => t.generate).length).toBeGreaterThanOrEqual(14);
  });

  it('lists at most one catalogue topic without a generator', () => {
    expect(topics.filter((t) => !t.generate).map((t) => t.key)).toEqual(['md_bsa_dosing']);
  });

  it('keeps the first topic key stable', () => {
    expect(topics.find((t) => t.key === 'md_iv_flow_rate')?.generate).toBeDefined();
  });

  it('mixes single-choice and fill-in-the-blank items in every topic but the pump topics', () => {
    for (const topic of topics) {
      // Pump topics give pump items only (answered on the pump face): pump.spec.ts.
      if (!topic.generate || topic.answeredOn === 'pump') continue;
      const types = Array.from({ length: 200 }, (_, seed) => topic.generate?.(seed).type);
      const blanks = types.filter((t) => t === 'blank').length;
      // about half each (pediatric verdicts are single choice only, so that topic has fewer blanks)
      expect([topic.key, blanks >= 40 && blanks <= 140]).toEqual([topic.key, true]);
    }
  });
});
