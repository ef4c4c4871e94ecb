import fc from 'fast-check';
import {
  NEW_SKILL,
  combineSkills,
  difficultyFromFacility,
  driftedVariance,
  foldSkill,
  masteryOf,
  predictCorrect,
  updateSkill,
} from './mastery';
import { sigmoid } from './math';
import { PARAMS } from './params';
import type { Observation, SkillState } from './types';

const T0 = '2026-11-01T10:00:00.000Z';
const at = (days: number): string => new Date(Date.parse(T0) + days * 86_400_000).toISOString();
const answer = (correct: boolean, extra: Partial<Observation> = {}): Observation => ({
  correct,
  difficulty: 0,
  guess: 0,
  at: T0,
  ...extra,
});

const stateArb = fc.record({
  mu: fc.double({ min: -6, max: 6, noNaN: true }),
  v: fc.double({ min: 0.01, max: PARAMS.PRIOR_VARIANCE, noNaN: true }),
  n: fc.nat(500),
  correct: fc.constant(0),
  lastAt: fc.constantFrom<string | null>(null, T0),
});
const obsArb = fc.record({
  correct: fc.boolean(),
  difficulty: fc.double({ min: -6, max: 6, noNaN: true }),
  guess: fc.constantFrom(0, 0.2, 0.25, 0.5),
  at: fc.integer({ min: 0, max: 400 }).map(at),
});

describe('NEW_SKILL (the prior)', () => {
  it('is an average learner with the prior variance and no answers, frozen', () => {
    expect(NEW_SKILL).toEqual({ mu: 0, v: PARAMS.PRIOR_VARIANCE, n: 0, correct: 0, lastAt: null });
    expect(Object.isFrozen(NEW_SKILL)).toBe(true);
  });
});

describe('updateSkill', () => {
  it('with no guessing is the Glicko step: g = y − p, I = p(1 − p)', () => {
    const s: SkillState = { mu: 0.5, v: 0.8, n: 3, correct: 2, lastAt: T0 };
    const next = updateSkill(s, answer(false, { difficulty: -0.3 }));
    const p = sigmoid(0.8);
    const v = 0.8 + PARAMS.DRIFT_PER_ANSWER;
    const vNext = 1 / (1 / v + p * (1 - p));
    expect(next.v).toBeCloseTo(vNext, 12);
    expect(next.mu).toBeCloseTo(0.5 + vNext * (0 - p), 12);
    expect(next).toMatchObject({ n: 4, correct: 2, lastAt: T0 });
  });

  it('a right answer raises the estimate, a wrong one lowers it; both narrow it', () => {
    const right = updateSkill(NEW_SKILL, answer(true));
    const wrong = updateSkill(NEW_SKILL, answer(false));
    expect(right.mu).toBeGreaterThan(0);
    expect(wrong.mu).toBeLessThan(0);
    expect(right.v).toBeLessThan(PARAMS.PRIOR_VARIANCE);
    expect(right).toMatchObject({ n: 1, correct: 1, lastAt: T0 });
    expect(wrong).toMatchObject({ n: 1, correct: 0 });
  });

  it('a right guessable answer (four choices) moves the estimate less than a right typed one', () => {
    const typed = updateSkill(NEW_SKILL, answer(true));
    const fourChoice = updateSkill(NEW_SKILL, answer(true, { guess: 0.25 }));
    expect(fourChoice.mu).toBeLessThan(typed.mu);
    expect(fourChoice.v).toBeGreaterThan(typed.v);
  });

  it('a miss on an easy item costs more than a miss on a hard one', () => {
    const easy = updateSkill(NEW_SKILL, answer(false, { difficulty: -2 }));
    const hard = updateSkill(NEW_SKILL, answer(false, { difficulty: 2 }));
    expect(easy.mu).toBeLessThan(hard.mu);
  });

  it('drifts the variance by DRIFT_PER_DAY per day since the latest answer, capped at the prior', () => {
    const s: SkillState = { mu: 1, v: 0.1, n: 20, correct: 18, lastAt: T0 };
    expect(driftedVariance(s, at(10))).toBeCloseTo(0.1 + 10 * PARAMS.DRIFT_PER_DAY, 12);
    expect(driftedVariance(s, at(10_000))).toBe(PARAMS.PRIOR_VARIANCE);
    expect(driftedVariance(s, at(-5))).toBe(0.1);
    const later = updateSkill(s, answer(true, { at: at(30) }));
    const sameDay = updateSkill(s, answer(true, { at: T0 }));
    expect(later.v).toBeGreaterThan(sameDay.v);
  });

  it('keeps the later lastAt when answers arrive out of order', () => {
    const s = updateSkill(NEW_SKILL, answer(true, { at: at(5) }));
    expect(updateSkill(s, answer(true, { at: at(2) })).lastAt).toBe(at(5));
  });

  it('stays finite and in its bounds for any state and answer (property)', () => {
    fc.assert(
      fc.property(stateArb, obsArb, (s, o) => {
        const next = updateSkill(s, o);
        expect(Number.isFinite(next.mu)).toBe(true);
        expect(next.v).toBeGreaterThan(0);
        expect(next.v).toBeLessThanOrEqual(Math.max(s.v, PARAMS.PRIOR_VARIANCE) + 1e-12);
        expect(next.v).toBeLessThanOrEqual(
          driftedVariance(s, o.at) + PARAMS.DRIFT_PER_ANSWER + 1e-12,
        );
        // The estimate moves toward the answer, never away, and by at most one prior sd² per answer.
        if (o.correct) expect(next.mu).toBeGreaterThanOrEqual(s.mu);
        else expect(next.mu).toBeLessThanOrEqual(s.mu);
        expect(Math.abs(next.mu - s.mu)).toBeLessThanOrEqual(PARAMS.PRIOR_VARIANCE + 1e-9);
      }),
    );
  });

  it('converges on a steady learner: 60 answers at 80 % on difficulty-0 items give p near 0.8', () => {
    const answers = Array.from({ length: 60 }, (_, i) => answer(i % 5 !== 0, { at: at(i / 10) }));
    const m = masteryOf(foldSkill(NEW_SKILL, answers), at(6));
    expect(m.p).toBeGreaterThan(0.7);
    expect(m.p).toBeLessThan(0.87);
    expect(m.low).toBeLessThan(0.8);
    expect(m.high).toBeGreaterThan(0.8);
    expect(m.enough).toBe(true);
    expect(m.level).toBe('proficient');
  });
});

describe('predictCorrect', () => {
  it('is σ(mu − b) for a sure ability, pulled toward ½ by uncertainty, floored by the guess', () => {
    const sure: SkillState = { mu: 1.2, v: 1e-12, n: 50, correct: 40, lastAt: T0 };
    expect(predictCorrect(sure, 0.2)).toBeCloseTo(sigmoid(1), 6);
    const unsure = { ...sure, v: 1.5 };
    expect(predictCorrect(unsure, 0.2)).toBeLessThan(sigmoid(1));
    expect(predictCorrect(unsure, 0.2)).toBeGreaterThan(0.5);
    expect(predictCorrect(NEW_SKILL, 0, 0.25)).toBeCloseTo(0.625, 12);
  });

  it('applies the drift up to now when given', () => {
    const s: SkillState = { mu: 2, v: 0.05, n: 30, correct: 27, lastAt: T0 };
    expect(predictCorrect(s, 0, 0, at(60))).toBeLessThan(predictCorrect(s, 0, 0, at(1)));
  });

  it('lies in [c, 1] and falls as the item gets harder (property)', () => {
    fc.assert(
      fc.property(
        stateArb,
        fc.double({ min: -6, max: 6, noNaN: true }),
        fc.constantFrom(0, 0.25),
        (s, b, c) => {
          const p = predictCorrect(s, b, c);
          expect(p).toBeGreaterThanOrEqual(c);
          expect(p).toBeLessThanOrEqual(1);
          expect(predictCorrect(s, b + 0.5, c)).toBeLessThanOrEqual(p);
        },
      ),
    );
  });
});

describe('masteryOf', () => {
  it("says not enough answers yet for a new learner, with the prior's wide interval", () => {
    const m = masteryOf(null, T0);
    expect(m).toMatchObject({
      level: 'not-enough',
      enough: false,
      answers: 0,
      lastAt: null,
      p: 0.5,
    });
    expect(m.low).toBeCloseTo(1 - m.high, 12);
    expect(m.low).toBeLessThan(0.2);
  });

  it('says not enough below MIN_ANSWERS even when every answer was right', () => {
    const four = foldSkill(
      NEW_SKILL,
      Array.from({ length: PARAMS.MIN_ANSWERS - 1 }, () => answer(true)),
    );
    expect(masteryOf(four, T0).level).toBe('not-enough');
  });

  it('says not enough again when the estimate has aged past MAX_SD', () => {
    const s: SkillState = { mu: 2.5, v: 0.1, n: 40, correct: 36, lastAt: T0 };
    expect(masteryOf(s, at(1)).level).toBe('mastered');
    expect(masteryOf(s, at(60)).level).toBe('not-enough');
  });

  it('grades by the thresholds on p', () => {
    const level = (mu: number): string =>
      masteryOf({ mu, v: 0.04, n: 30, correct: 20, lastAt: T0 }, T0).level;
    expect(level(-0.5)).toBe('needs-work');
    expect(level(0.8)).toBe('developing');
    expect(level(1.6)).toBe('proficient');
    expect(level(2.6)).toBe('mastered');
  });

  it('has p inside its 80 % interval, and the interval in (0, 1) (property)', () => {
    fc.assert(
      fc.property(stateArb, fc.integer({ min: 0, max: 400 }), (s, days) => {
        const m = masteryOf(s, at(days));
        expect(m.low).toBeLessThanOrEqual(m.p);
        expect(m.p).toBeLessThanOrEqual(m.high);
        expect(m.low).toBeGreaterThanOrEqual(0);
        expect(m.high).toBeLessThanOrEqual(1);
        expect(m.enough).toBe(m.level !== 'not-enough');
      }),
    );
  });
});

describe('difficultyFromFacility', () => {
  it('returns the prior with no answers, 0 for a half-right item, −logit of the facility', () => {
    expect(difficultyFromFacility(0, 0)).toBeCloseTo(0, 12);
    expect(difficultyFromFacility(0, 0, { difficulty: 1.3, weight: 10 })).toBeCloseTo(1.3, 12);
    expect(difficultyFromFacility(200, 100)).toBeCloseTo(0, 12);
    expect(difficultyFromFacility(1000, 900, { difficulty: 0, weight: 0 })).toBeCloseTo(
      -Math.log(9),
      12,
    );
  });

  it('shrinks a few answers toward the prior: 10 of 10 right reads as 75 %, not 100 %', () => {
    expect(difficultyFromFacility(10, 10)).toBeCloseTo(-Math.log(3), 12);
  });

  it('removes guessing: a four-choice item at 62.5 % is a difficulty-0 item', () => {
    expect(difficultyFromFacility(800, 500, undefined, 0.25)).toBeCloseTo(0, 12);
  });

  it('is bounded and falls as the facility rises (property)', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), fc.constantFrom(0, 0.25), (n, k, c) => {
        const correct = Math.min(k, n);
        const b = difficultyFromFacility(n, correct, undefined, c);
        expect(Math.abs(b)).toBeLessThanOrEqual(PARAMS.DIFFICULTY_LIMIT + 1e-9);
        if (correct < n)
          expect(difficultyFromFacility(n, correct + 1, undefined, c)).toBeLessThanOrEqual(b);
      }),
    );
  });
});

describe('combineSkills', () => {
  it('is the prior for no members or only unanswered ones', () => {
    expect(combineSkills([])).toEqual(NEW_SKILL);
    expect(combineSkills([null, null], T0)).toMatchObject({
      mu: 0,
      v: PARAMS.PRIOR_VARIANCE,
      n: 0,
    });
  });

  it('averages abilities and drifted variances, adds the evidence, keeps the latest time', () => {
    const a: SkillState = { mu: 2, v: 0.1, n: 20, correct: 18, lastAt: at(0) };
    const b: SkillState = { mu: 0, v: 0.3, n: 10, correct: 5, lastAt: at(5) };
    const now = at(10);
    const g = combineSkills([a, b, null], now);
    expect(g).toMatchObject({ n: 30, correct: 23, lastAt: at(5) });
    expect(g.mu).toBeCloseTo(2 / 3, 12);
    const meanV = (driftedVariance(a, now) + driftedVariance(b, now) + PARAMS.PRIOR_VARIANCE) / 3;
    expect(driftedVariance(g, now)).toBeCloseTo(meanV, 12);
  });

  it('does not call a group known when one member of four is (the unknown ones keep it wide)', () => {
    const known: SkillState = { mu: 3, v: 0.05, n: 60, correct: 57, lastAt: T0 };
    expect(masteryOf(combineSkills([known, null, null, null], T0), T0).level).toBe('not-enough');
  });
});
