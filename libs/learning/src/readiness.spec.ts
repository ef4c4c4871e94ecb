import { MED_DOSAGE_COURSE, TEAS_COURSE } from '@examprep/generators';
import { predictCorrect } from './mastery';
import { PARAMS } from './params';
import {
  agoWords,
  evidenceWords,
  familyReadiness,
  sectionsOf,
  spreadItems,
  teasPrediction,
} from './readiness';
import type { SkillState } from './types';

const NOW = '2026-11-20T15:00:00.000Z';
const codes = TEAS_COURSE.objectives.map((o) => o.code);
const sectionOf = (code: string): string =>
  TEAS_COURSE.objectives.find((o) => o.code === code)?.section ?? '';
const everywhere = (s: SkillState | null): Record<string, SkillState | null> =>
  Object.fromEntries(codes.map((c) => [c, s]));
const strong: SkillState = {
  mu: 2.5,
  v: 0.06,
  n: 8,
  correct: 7,
  lastAt: '2026-11-20T09:00:00.000Z',
};

describe('teasPrediction', () => {
  it('spreads the 34 scored items 18 / 16 over the two sections', () => {
    const t = teasPrediction({}, NOW);
    expect(t.scoredItems).toBe(34);
    expect(t.sections.map((s) => [s.section, s.scoredItems])).toEqual([
      ['Numbers and Algebra', 18],
      ['Measurement and Data', 16],
    ]);
    expect(spreadItems(16, 6)).toEqual([3, 3, 3, 3, 2, 2]);
    expect(spreadItems(18, 9)).toEqual(Array(9).fill(2));
  });

  it('for a new learner says what is missing, and keeps the prior’s wide interval', () => {
    const t = teasPrediction({}, NOW);
    expect(t.enough).toBe(false);
    expect(t.summary).toBe(
      'Not enough answers yet: answer at least 10 more Numbers and Algebra and 10 more ' +
        'Measurement and Data questions for a prediction.',
    );
    expect(t.answers).toBe(0);
    expect(t.lastAt).toBeNull();
    expect(t.high - t.low).toBeGreaterThanOrEqual(8);
  });

  it('names only the section still short of answers', () => {
    const some = Object.fromEntries(
      codes.map((c) => [c, sectionOf(c) === 'Numbers and Algebra' ? strong : null]),
    );
    const t = teasPrediction(some, NOW);
    expect(t.sections[0].enough).toBe(true);
    expect(t.summary).toBe(
      'Not enough answers yet: answer at least 10 more Measurement and Data questions for a prediction.',
    );
  });

  it('for a strong learner predicts a high score with a narrow interval and the evidence', () => {
    const t = teasPrediction(everywhere(strong), NOW);
    expect(t.enough).toBe(true);
    expect(t.predicted).toBeGreaterThan(29);
    expect(t.high - t.low).toBeLessThanOrEqual(6);
    expect(t.low).toBeLessThanOrEqual(t.predicted);
    expect(t.predicted).toBeLessThanOrEqual(t.high);
    expect(t.answers).toBe(8 * 15);
    expect(t.summary).toMatch(
      /^We expect about \d+ of 34 \(\d+ %\), likely between \d+ and \d+ \(8 chances in 10\)\. Based on 120 answers, the latest today\.$/,
    );
    expect(t.percent).toBe(Math.round((100 * t.predicted) / 34));
  });

  it('has a mean equal to the sum of the items’ predictive probabilities (Monte Carlo check)', () => {
    const states = Object.fromEntries(
      codes.map((c, i) => [c, { mu: -1 + (i % 5) * 0.6, v: 0.2, n: 10, correct: 6, lastAt: NOW }]),
    );
    const t = teasPrediction(states, NOW);
    const expected = TEAS_COURSE.objectives.reduce((sum, o) => {
      const inSection = TEAS_COURSE.objectives.filter((x) => x.section === o.section);
      const items = spreadItems(PARAMS.TEAS_SECTION_ITEMS[o.section], inSection.length);
      const k = items[inSection.indexOf(o)];
      return sum + k * predictCorrect(states[o.code], 0, PARAMS.TEAS_GUESS, NOW);
    }, 0);
    expect(Math.abs(t.predicted - expected)).toBeLessThan(0.3);
    const sectionSum = t.sections.reduce((s, x) => s + x.predicted, 0);
    expect(Math.abs(sectionSum - t.predicted)).toBeLessThan(0.11);
  });

  it('is deterministic, and rises when one objective improves', () => {
    const base = everywhere(strong);
    expect(teasPrediction(base, NOW)).toEqual(teasPrediction(base, NOW));
    const weaker = { ...base, '10': { ...strong, mu: -2 } };
    expect(teasPrediction(weaker, NOW).predicted).toBeLessThan(teasPrediction(base, NOW).predicted);
  });

  it('takes under 5 ms (median of 21 runs after warm-up)', () => {
    const states = everywhere(strong);
    for (let i = 0; i < 5; i++) teasPrediction(states, NOW);
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      teasPrediction(states, NOW);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    expect(times[10]).toBeLessThan(5);
  });
});

describe('familyReadiness', () => {
  it('gives Med Dosage one family per section, in course order', () => {
    const families = familyReadiness('med_dosage', {}, NOW);
    expect(families.map((f) => f.section)).toEqual(
      sectionsOf(MED_DOSAGE_COURSE).map((s) => s.section),
    );
    expect(families.map((f) => f.section)).toEqual([
      'Conversions',
      'Oral Medications',
      'Weight-Based Dosing',
      'IV Therapy',
      'Solutions',
      'Critical Care',
    ]);
    expect(families[0].summary).toBe(
      'Not enough answers yet to tell: likely between 17 % and 83 % right on a typical question for now. No answers yet.',
    );
  });

  it('shows a level, the interval and the evidence for a well-practised family', () => {
    const known: SkillState = {
      mu: 1.6,
      v: 0.08,
      n: 14,
      correct: 12,
      lastAt: '2026-11-17T20:00:00.000Z',
    };
    const [conversions] = familyReadiness('med_dosage', { '1': known, '2': known }, NOW);
    expect(conversions.mastery.level).toBe('proficient');
    expect(conversions.mastery.answers).toBe(28);
    expect(conversions.summary).toMatch(
      /^Proficient: about \d+ %, likely between \d+ % and \d+ % right on a typical question\. Based on 28 answers, the latest 3 days ago\.$/,
    );
  });

  it('refuses an unknown course', () => {
    expect(() => familyReadiness('nope', {}, NOW)).toThrow(/unknown course 'nope'/);
  });
});

describe('evidence in words', () => {
  it('counts calendar days', () => {
    expect(agoWords('2026-11-20T01:00:00.000Z', NOW)).toBe('today');
    expect(agoWords('2026-11-19T23:00:00.000Z', NOW)).toBe('yesterday');
    expect(agoWords('2026-11-17T23:00:00.000Z', NOW)).toBe('3 days ago');
    expect(agoWords('2026-10-30T23:00:00.000Z', NOW)).toBe('3 weeks ago');
    expect(agoWords('2026-06-01T00:00:00.000Z', NOW)).toBe('5 months ago');
    expect(evidenceWords(1, NOW, NOW)).toBe('Based on 1 answer, the latest today.');
  });
});
