import { COURSE_DEFINITIONS } from '@examprep/generators';
import { NEW_SKILL, updateSkill } from '@examprep/learning';
import type { LearnerSkills } from './learning.repository';
import type { StoredEstimate } from './learning.schema';
import {
  emptySkills,
  ESTIMATES_MAX,
  SEEN_MAX,
  type SkillAnswer,
  TEAS_COURSE_ID,
  TEST_SCORES_MAX,
  withAnswers,
} from './skills-update';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const LATER_TODAY = new Date('2026-11-20T18:30:00.000Z');
const TOMORROW = new Date('2026-11-21T09:00:00.000Z');

const answer = (
  topicKey: string | null,
  objective: string,
  correct: boolean,
  at = NOW,
): SkillAnswer => ({
  topicKey,
  objective,
  obs: { correct, difficulty: 0, guess: 0, at: at.toISOString() },
});

const teas = COURSE_DEFINITIONS.find((c) => c.id === TEAS_COURSE_ID)!;

/** Enough answers on every TEAS objective for the prediction to say something (an estimate). */
function everyTeasObjective(at: Date, perObjective = 3): SkillAnswer[] {
  return teas.objectives.flatMap((o) =>
    Array.from({ length: perObjective }, (_, i) =>
      answer(o.topics.find((t) => t.generate)?.key ?? null, o.code, i % 3 !== 0, at),
    ),
  );
}

describe('withAnswers: a fact folded into a learner’s skills', () => {
  it('folds a fact once: the same key again gives null (the fold then writes nothing)', () => {
    const first = withAnswers(
      emptySkills('u1', 'teas_math'),
      'p:a~1@t',
      [answer('teas_percents', '3', true)],
      NOW,
    )!;
    expect(first.rev).toBe(1);
    expect(first.seen).toEqual(['p:a~1@t']);
    expect(withAnswers(first, 'p:a~1@t', [answer('teas_percents', '3', true)], NOW)).toBeNull();
    const second = withAnswers(first, 'p:a~2@t', [answer('teas_percents', '3', false)], NOW)!;
    expect(second.rev).toBe(2);
    expect(second.topics.teas_percents!.n).toBe(2);
  });

  it('updates the topic and the objective with every answer; a hand-made question (no topic) only its objective', () => {
    const cur = emptySkills('u1', 'teas_math');
    const next = withAnswers(
      cur,
      't:T1',
      [
        answer('teas_percents', '3', true),
        answer('teas_percents', '3', false),
        answer(null, '3', true),
        answer('teas_volume', '13', false),
      ],
      NOW,
    )!;
    expect(next.topics.teas_percents).toMatchObject({ n: 2, correct: 1 });
    expect(next.objectives['3']).toMatchObject({ n: 3, correct: 2 });
    expect(next.topics.teas_volume).toMatchObject({ n: 1, correct: 0 });
    expect(next.objectives['13']).toMatchObject({ n: 1, correct: 0 });
    expect(Object.keys(next.topics).sort()).toEqual(['teas_percents', 'teas_volume']);
    // the same model update as libs/learning's, in the order given
    const one = updateSkill(NEW_SKILL, answer('teas_volume', '13', false).obs);
    expect(next.topics.teas_volume).toEqual(one);
    // pure: the current skills are not changed
    expect(cur).toEqual(emptySkills('u1', 'teas_math'));
  });

  it('replaces today’s estimate (not appended) and adds tomorrow’s, in day order', () => {
    const a = withAnswers(emptySkills('u1', 'teas_math'), 'f1', everyTeasObjective(NOW), NOW)!;
    expect(a.estimates).toHaveLength(1);
    expect(a.estimates[0]).toMatchObject({ day: '2026-11-20', at: NOW.toISOString() });
    const b = withAnswers(a, 'f2', everyTeasObjective(LATER_TODAY), LATER_TODAY)!;
    expect(b.estimates).toHaveLength(1);
    expect(b.estimates[0]).toMatchObject({ day: '2026-11-20', at: LATER_TODAY.toISOString() });
    const c = withAnswers(b, 'f3', [answer('teas_percents', '3', true, TOMORROW)], TOMORROW)!;
    expect(c.estimates.map((e) => e.day)).toEqual(['2026-11-20', '2026-11-21']);
    for (const e of c.estimates) {
      expect(e.low).toBeLessThanOrEqual(e.percent);
      expect(e.high).toBeGreaterThanOrEqual(e.percent);
    }
  });

  it('makes no estimate before the course has enough answers (the trend does not start with a guess)', () => {
    const next = withAnswers(
      emptySkills('u1', 'teas_math'),
      'f1',
      [answer('teas_percents', '3', true)],
      NOW,
    )!;
    expect(next.estimates).toEqual([]);
    const med = withAnswers(
      emptySkills('u1', 'med_dosage'),
      'f1',
      [answer('md_iv_flow_rate', '5', true)],
      NOW,
    )!;
    expect(med.estimates).toEqual([]);
    // a course without a readiness figure never has one
    const other = withAnswers(
      emptySkills('u1', 'some_course'),
      'f1',
      Array(40).fill(answer(null, '1', true)),
      NOW,
    )!;
    expect(other.estimates).toEqual([]);
    expect(other.objectives['1']!.n).toBe(40);
  });

  it('caps the remembered facts, the estimates and the test scores (the oldest go)', () => {
    let s: LearnerSkills = emptySkills('u1', 'teas_math');
    for (let i = 0; i < SEEN_MAX + 5; i++)
      s = withAnswers(s, `f${i}`, [answer('teas_percents', '3', true)], NOW)!;
    expect(s.seen).toHaveLength(SEEN_MAX);
    expect(s.seen[0]).toBe('f5');
    expect(s.seen.at(-1)).toBe(`f${SEEN_MAX + 4}`);

    const day0 = Date.parse('2024-01-01T00:00:00Z');
    const estimates: StoredEstimate[] = Array.from({ length: ESTIMATES_MAX }, (_, i) => {
      const at = new Date(day0 + i * 86_400_000).toISOString();
      return { day: at.slice(0, 10), at, percent: 50, low: 40, high: 60 };
    });
    const full = withAnswers(
      { ...emptySkills('u1', 'teas_math'), estimates },
      'e',
      everyTeasObjective(NOW),
      NOW,
    )!;
    expect(full.estimates).toHaveLength(ESTIMATES_MAX);
    expect(full.estimates[0]!.day).toBe(estimates[1]!.day);
    expect(full.estimates.at(-1)!.day).toBe('2026-11-20');

    const tests = Array.from({ length: TEST_SCORES_MAX }, (_, i) => ({
      testId: `T${i}`,
      at: NOW.toISOString(),
      percent: i % 100,
    }));
    const scored = withAnswers({ ...emptySkills('u1', 'teas_math'), tests }, 't:new', [], NOW, {
      testId: 'new',
      at: NOW.toISOString(),
      percent: 77,
    })!;
    expect(scored.tests).toHaveLength(TEST_SCORES_MAX);
    expect(scored.tests[0]!.testId).toBe('T1');
    expect(scored.tests.at(-1)).toEqual({ testId: 'new', at: NOW.toISOString(), percent: 77 });
  });

  it('keeps a graded test’s score (once per test), with or without answers, and the scores before it', () => {
    const score = { testId: 'T1', at: NOW.toISOString(), percent: 62 };
    const a = withAnswers(emptySkills('u1', 'teas_math'), 't:T1', [], NOW, score)!;
    expect(a.tests).toEqual([score]);
    expect(a.estimates).toEqual([]);
    expect(a.rev).toBe(1);
    const b = withAnswers(a, 't:T2', [answer('teas_percents', '3', true)], NOW, {
      testId: 'T2',
      at: LATER_TODAY.toISOString(),
      percent: 80,
    })!;
    expect(b.tests.map((t) => [t.testId, t.percent])).toEqual([
      ['T1', 62],
      ['T2', 80],
    ]);
    // the same test under another fact key (republished with a new key) replaces its score
    const c = withAnswers(b, 't:T1#again', [], NOW, { ...score, percent: 63 })!;
    expect(c.tests.map((t) => [t.testId, t.percent])).toEqual([
      ['T2', 80],
      ['T1', 63],
    ]);
    // a fact without a score keeps the scores
    const d = withAnswers(c, 'p:x', [answer('teas_percents', '3', true)], NOW)!;
    expect(d.tests).toEqual(c.tests);
  });
});
