import fc from 'fast-check';
import {
  buildPlan,
  CLOSE_FOCUS,
  FAR_FLOOR,
  MINUTES_PER_QUESTION,
  reviewBlock,
  UNKNOWN_WEAKNESS,
} from './plan';
import { masteryOf } from './mastery';
import type { PlanObjective, SkillState, StudyPlan, StudyPlanInput } from './types';

const TODAY = '2026-11-28';

/** A well-measured skill of ability `mu` (logits), answered today. */
function skill(mu: number): SkillState {
  return { mu, v: 0.1, n: 30, correct: 20, lastAt: `${TODAY}T09:00:00.000Z` };
}

function objective(code: string, state: SkillState | null): PlanObjective {
  return {
    course: 'teas_math',
    objective: code,
    name: `Objective ${code}`,
    section: 'Numbers and Algebra',
    state,
  };
}

/** Five objectives from weakest to strongest, and one with no answers. */
const OBJECTIVES = [
  objective('1', skill(-1.5)),
  objective('2', skill(-0.5)),
  objective('3', skill(0.5)),
  objective('4', skill(1.5)),
  objective('5', skill(3)),
  objective('6', null),
];

function input(overrides: Partial<StudyPlanInput> = {}): StudyPlanInput {
  return {
    examDate: '2027-01-28',
    minutesPerDay: 30,
    today: TODAY,
    objectives: OBJECTIVES,
    dueReviews: 0,
    ...overrides,
  };
}

const shareOf = (plan: StudyPlan, code: string) =>
  plan.focus.find((f) => f.objective === code)?.share ?? NaN;

describe('buildPlan', () => {
  it('counts the days left and lays out the next 7 days from today', () => {
    const plan = buildPlan(input());
    expect(plan).toMatchObject({ examDate: '2027-01-28', daysLeft: 61, minutesPerDay: 30 });
    expect(plan.days.map((d) => d.date)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
  });

  it('lays out fewer days when the exam is sooner: up to the day before it', () => {
    const plan = buildPlan(input({ examDate: '2026-12-01' }));
    expect(plan.daysLeft).toBe(3);
    expect(plan.days.map((d) => d.date)).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
  });

  it('has no days when the exam date is past, and says so', () => {
    const plan = buildPlan(input({ examDate: '2026-11-20' }));
    expect(plan.days).toEqual([]);
    expect(plan.daysLeft).toBe(0);
    expect(plan.summary).toBe(
      'Your exam date, 2026-11-20, has passed. Set your next exam date to get a new plan.',
    );
  });

  it('has no days on the exam day', () => {
    const plan = buildPlan(input({ examDate: TODAY }));
    expect(plan.days).toEqual([]);
    expect(plan.summary).toBe('Your exam is today, so there is nothing left to plan. Good luck!');
  });

  it('gives weak objectives more weight: the order of shares is the order of weakness', () => {
    const plan = buildPlan(input());
    expect(plan.focus.map((f) => f.objective)).toEqual(['1', '2', '6', '3', '4', '5']);
    expect(plan.focus.map((f) => f.level)).toEqual([
      'needs-work',
      'needs-work',
      'not-enough',
      'developing',
      'proficient',
      'mastered',
    ]);
    expect(plan.focus.reduce((sum, f) => sum + f.share, 0)).toBeCloseTo(1, 10);
  });

  it('counts an objective with too few answers as weak but unknown', () => {
    const plan = buildPlan(input());
    const weaknessOf = (code: string) => {
      const state = OBJECTIVES.find((o) => o.objective === code)?.state ?? null;
      return 1 - masteryOf(state, `${TODAY}T23:59:59.999Z`).p;
    };
    // Share = even part + weakness part: the unknown one sits where a p of 0.5 would.
    const weaknessPart = (code: string) => shareOf(plan, code) - FAR_FLOOR / OBJECTIVES.length;
    const total = OBJECTIVES.reduce(
      (sum, o) => sum + (o.state ? weaknessOf(o.objective) : UNKNOWN_WEAKNESS),
      0,
    );
    expect(weaknessPart('6')).toBeCloseTo(((1 - FAR_FLOOR) * UNKNOWN_WEAKNESS) / total, 10);
  });

  it('gives every objective some time when the exam is far away', () => {
    const plan = buildPlan(input());
    for (const f of plan.focus) expect(f.share).toBeGreaterThanOrEqual(FAR_FLOOR / 6);
    const practised = new Set(
      plan.days.flatMap((d) => d.blocks.map((b) => b.objective)).filter((o) => o !== null),
    );
    expect(practised.size).toBe(6);
    expect(plan.summary).toContain('every objective gets some time');
  });

  it(`practises only the ${CLOSE_FOCUS} weakest objectives when the exam is close`, () => {
    const plan = buildPlan(input({ examDate: '2026-12-03' }));
    const practised = plan.focus.filter((f) => f.share > 0).map((f) => f.objective);
    expect(practised).toEqual(['1', '2', '6']);
    const inBlocks = new Set(
      plan.days.flatMap((d) => d.blocks.map((b) => b.objective)).filter((o) => o !== null),
    );
    expect([...inBlocks].sort()).toEqual(['1', '2', '6']);
    expect(plan.summary).toContain(
      'With the exam this close, practice goes only to your 3 weakest objectives: Objective 1, Objective 2 and Objective 6.',
    );
  });

  it('gives the weak objectives more of the time as the exam comes closer', () => {
    const far = buildPlan(input({ examDate: '2027-01-28' }));
    const mid = buildPlan(input({ examDate: '2026-12-15' }));
    expect(shareOf(mid, '1')).toBeGreaterThan(shareOf(far, '1'));
    expect(shareOf(mid, '5')).toBeLessThan(shareOf(far, '5'));
    expect(shareOf(mid, '5')).toBeGreaterThan(0);
  });

  it('adapts as mastery changes: an objective that gets stronger loses share (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 2, maxLength: 8 }),
        fc.nat(),
        fc.double({ min: 0.2, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 120 }),
        (mus, pick, gain, daysLeft) => {
          const objectives = mus.map((mu, i) => objective(String(i), skill(mu)));
          const which = pick % mus.length;
          const stronger = objectives.map((o, i) =>
            i === which ? { ...o, state: skill(mus[i] + gain) } : o,
          );
          const examDate = new Date(Date.parse(TODAY) + daysLeft * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const before = buildPlan(input({ objectives, examDate }));
          const after = buildPlan(input({ objectives: stronger, examDate }));
          const code = String(which);
          expect(shareOf(after, code)).toBeLessThanOrEqual(shareOf(before, code));
          if (shareOf(before, code) > 0 && daysLeft > 7) {
            expect(shareOf(after, code)).toBeLessThan(shareOf(before, code));
          }
        },
      ),
    );
  });

  it('starts the day with the review block: due reviews at 1.5 minutes each', () => {
    const plan = buildPlan(input({ dueReviews: 6 }));
    const [first, ...rest] = plan.days[0].blocks;
    expect(first).toEqual({
      kind: 'review',
      course: '',
      objective: null,
      name: 'Review missed items',
      minutes: 9,
      questions: 6,
    });
    expect(rest.every((b) => b.kind === 'practice')).toBe(true);
    expect(plan.days[1].blocks.every((b) => b.kind === 'practice')).toBe(true);
    expect(plan.summary).toContain(
      'Today: 9 minutes reviewing 6 missed items, then 21 minutes of practice.',
    );
  });

  it('caps the review block at a third of the day', () => {
    expect(reviewBlock(60, 100)).toMatchObject({ minutes: 20, questions: 13 });
    expect(reviewBlock(5, 100)).toMatchObject({ minutes: 2, questions: 1 });
    expect(reviewBlock(30, 0)).toBeNull();
  });

  it('fills each day with whole minutes that add up to the minutes per day (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 600 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 30 }),
        (minutesPerDay, dueReviews, daysLeft) => {
          const examDate = new Date(Date.parse(TODAY) + daysLeft * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const plan = buildPlan(input({ minutesPerDay, dueReviews, examDate }));
          for (const day of plan.days) {
            expect(day.blocks.reduce((sum, b) => sum + b.minutes, 0)).toBe(minutesPerDay);
            for (const block of day.blocks) {
              expect(Number.isInteger(block.minutes)).toBe(true);
              expect(block.questions).toBe(Math.floor(block.minutes / MINUTES_PER_QUESTION));
              expect(block.questions).toBeGreaterThanOrEqual(1);
            }
            const review = day.blocks.find((b) => b.kind === 'review');
            if (review) expect(review.minutes).toBeLessThanOrEqual(Math.ceil(minutesPerDay / 3));
          }
        },
      ),
    );
  });

  it('spreads a week of practice by the shares', () => {
    const plan = buildPlan(input({ minutesPerDay: 60 }));
    const minutes = new Map<string, number>();
    for (const block of plan.days.flatMap((d) => d.blocks)) {
      if (block.objective)
        minutes.set(block.objective, (minutes.get(block.objective) ?? 0) + block.minutes);
    }
    for (const f of plan.focus) {
      // Within one block (20 minutes) of its share of the week's 420 minutes.
      expect(Math.abs((minutes.get(f.objective) ?? 0) - f.share * 420)).toBeLessThanOrEqual(20);
    }
  });

  it('tells the learner how the time is spread and why', () => {
    expect(buildPlan(input({ dueReviews: 4 })).summary).toBe(
      'Your exam is in 61 days. Today: 6 minutes reviewing 4 missed items, then 24 minutes of practice. ' +
        'Most practice goes to your weakest objectives: Objective 1 (24 %), Objective 2 (20 %) and Objective 6 (18 %); ' +
        'every objective gets some time while the exam is weeks away. ' +
        'Objectives with too few answers yet count as weak until your answers show otherwise.',
    );
  });

  it('plans review only when there are no objectives', () => {
    const plan = buildPlan(input({ objectives: [], dueReviews: 3 }));
    expect(plan.days[0].blocks.map((b) => b.kind)).toEqual(['review']);
    expect(plan.summary).toContain('There are no objectives to practise yet.');
  });

  it.each([
    [{ minutesPerDay: 4 }, 'minutesPerDay must be a whole number from 5 to 600, got 4'],
    [{ minutesPerDay: 601 }, 'minutesPerDay must be a whole number from 5 to 600, got 601'],
    [{ minutesPerDay: 12.5 }, 'minutesPerDay must be a whole number from 5 to 600, got 12.5'],
    [{ minutesPerDay: NaN }, 'minutesPerDay must be a whole number from 5 to 600, got NaN'],
    [{ examDate: '2027-02-30' }, "examDate must be a real date as YYYY-MM-DD, got '2027-02-30'"],
    [{ examDate: 'next week' }, "examDate must be a real date as YYYY-MM-DD, got 'next week'"],
    [
      { today: '2026-11-28T10:00:00Z' },
      "today must be a real date as YYYY-MM-DD, got '2026-11-28T10:00:00Z'",
    ],
    [{ dueReviews: -1 }, 'dueReviews must be a whole number of 0 or more, got -1'],
  ])('refuses %j with a RangeError', (bad, message) => {
    expect(() => buildPlan(input(bad))).toThrow(new RangeError(message));
  });
});
