import type {
  PracticeAnsweredEvent,
  TestSubmittedEvent,
  TestSubmittedItem,
} from '@examprep/contracts';
import { MISS_STEP, RETIREMENT_DAYS } from '@examprep/learning';
import { FakeItemStatsRepository } from '../../test/support/fake-item-stats.repository';
import { FakeLearningRepository } from '../../test/support/fake-learning.repository';
import type { Clock } from '../exams/clock';
import { guessOf, LearningFold, SKILLS_WRITE_TRIES, testItemPlace } from './learning.fold';
import { TopicDifficulty } from './topic-difficulty';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

const practice = (over: Partial<PracticeAnsweredEvent> = {}): PracticeAnsweredEvent => ({
  uid: 'u1',
  itemId: 'teas_percents~123',
  topicKey: 'teas_percents',
  course: 'teas_math',
  objective: '3',
  correct: false,
  misconception: 'moved the decimal point the wrong way',
  guess: 0.25,
  source: 'infinite',
  answeredAt: at(0),
  ...over,
});

const item = (
  qid: string,
  outcome: TestSubmittedItem['outcome'],
  over: Partial<TestSubmittedItem> = {},
): TestSubmittedItem => ({
  qid,
  type: 'single',
  course: 'teas_math',
  objective: '3',
  topic: 'teas_percents',
  stem: `Question ${qid}`,
  outcome,
  options: [
    { key: 'hA', label: 'A', correct: true, misconception: null },
    { key: 'hB', label: 'B', correct: false, misconception: 'inverted' },
  ],
  chosen: outcome === 'correct' ? ['hA'] : outcome === 'incorrect' ? ['hB'] : ['none'],
  misconception: outcome === 'incorrect' ? 'inverted' : null,
  misconceptions: ['inverted'],
  flagged: false,
  seconds: outcome === 'unanswered' ? null : 30,
  ...over,
});

const test = (testId: string, items: TestSubmittedItem[]): TestSubmittedEvent => {
  const correct = items.filter((i) => i.outcome === 'correct').length;
  return {
    testId,
    uid: 'u1',
    mode: 'full',
    submittedAt: at(0),
    total: items.length,
    correct,
    finalScore: Math.round((100 * correct) / items.length),
    items,
  };
};

function setup() {
  const repo = new FakeLearningRepository();
  const difficulty = new TopicDifficulty(repo);
  const clock: Clock = { now: () => NOW };
  const fold = new LearningFold(repo, difficulty, new FakeItemStatsRepository(), clock);
  return { repo, difficulty, fold };
}

afterEach(() => jest.useRealTimers());

describe('LearningFold: practice answers', () => {
  it('a miss in the Infinite QBank makes a card, due after the miss step (12 h), not before', async () => {
    const { repo, fold } = setup();
    await fold.foldPractice(practice());
    const card = await repo.card('u1', 'teas_percents~123');
    expect(MISS_STEP).toBe('12h');
    expect(card).toMatchObject({
      uid: 'u1',
      itemId: 'teas_percents~123',
      topicKey: 'teas_percents',
      course: 'teas_math',
      objective: '3',
      misconception: 'moved the decimal point the wrong way',
      reviews: 0,
      lapses: 0,
      served: null,
      due: at(12),
    });
    expect(await repo.countDue('u1', new Date(at(11.9)))).toBe(0);
    expect(await repo.countDue('u1', new Date(at(12)))).toBe(1);
    // and the skills took the answer
    expect((await repo.skills('u1', 'teas_math'))!.topics.teas_percents).toMatchObject({
      n: 1,
      correct: 0,
    });
  });

  it('a right answer makes no card', async () => {
    const { repo, fold } = setup();
    await fold.foldPractice(practice({ correct: true, misconception: null }));
    expect(repo.cards.size).toBe(0);
    expect((await repo.skills('u1', 'teas_math'))!.objectives['3']).toMatchObject({ n: 1 });
  });

  it('a right answer on the card’s own item reviews it (Good: due later, one review, no lapse)', async () => {
    const { repo, fold } = setup();
    await fold.foldPractice(practice());
    await fold.foldPractice(practice({ correct: true, misconception: null, answeredAt: at(13) }));
    const card = (await repo.card('u1', 'teas_percents~123'))!;
    expect(card).toMatchObject({ reviews: 1, lapses: 0 });
    expect(Date.parse(card.due)).toBeGreaterThan(Date.parse(at(13)) + 12 * HOUR);
    expect(repo.cards.size).toBe(1);
  });

  it('a right answer on the served sibling reviews the card (and makes none for the sibling)', async () => {
    const { repo, fold } = setup();
    await fold.foldPractice(practice());
    await repo.setServed('u1', 'teas_percents~123', 'teas_percents~999');
    await fold.foldPractice(
      practice({
        itemId: 'teas_percents~999',
        correct: true,
        misconception: null,
        answeredAt: at(13),
      }),
    );
    expect([...repo.cards.values()].map((c) => [c.itemId, c.reviews, c.served])).toEqual([
      ['teas_percents~123', 1, 'teas_percents~999'],
    ]);
  });

  it('a miss on the card again lapses it (due after the miss step again)', async () => {
    const { repo, fold } = setup();
    await fold.foldPractice(practice());
    await fold.foldPractice(practice({ correct: true, misconception: null, answeredAt: at(13) }));
    const due = (await repo.card('u1', 'teas_percents~123'))!.due;
    await fold.foldPractice(practice({ answeredAt: due }));
    const card = (await repo.card('u1', 'teas_percents~123'))!;
    expect(card).toMatchObject({ reviews: 2, lapses: 1 });
    expect(card.due).toBe(new Date(Date.parse(due) + 12 * HOUR).toISOString());
  });

  it('a card answered right each time it is due retires: it leaves the queue', async () => {
    const { repo, fold } = setup();
    await fold.foldPractice(practice());
    let reviews = 0;
    while (repo.cards.size > 0 && reviews < 20) {
      const card = (await repo.card('u1', 'teas_percents~123'))!;
      const gap = (Date.parse(card.due) - Date.parse(card.fsrs.last_review!)) / 86_400_000;
      expect(gap).toBeLessThanOrEqual(RETIREMENT_DAYS);
      await fold.foldPractice(
        practice({ correct: true, misconception: null, answeredAt: card.due }),
      );
      reviews += 1;
    }
    expect(repo.cards.size).toBe(0);
    expect(repo.calls.get('removeCard')).toBe(1);
    // FSRS-6's defaults: six right answers in a row after the miss (libs/learning's README)
    expect(reviews).toBe(6);
  });

  it('a redelivered fact changes nothing: skills, card and topic counts stay as they were', async () => {
    const { repo, difficulty, fold } = setup();
    const f = practice();
    await fold.foldPractice(f);
    const skills = await repo.skills('u1', 'teas_math');
    const card = await repo.card('u1', f.itemId);
    await fold.foldPractice(f);
    expect(await repo.skills('u1', 'teas_math')).toEqual(skills);
    expect(await repo.card('u1', f.itemId)).toEqual(card);
    await difficulty.flush();
    expect(repo.topics.get('teas_percents')).toEqual({ n: 1, correct: 0 });
  });

  it('retries a lost compare-and-set (another writer came first) and folds once', async () => {
    const { repo, fold } = setup();
    repo.conflicts = 3;
    await fold.foldPractice(practice());
    expect(repo.calls.get('saveSkills')).toBe(4);
    expect((await repo.skills('u1', 'teas_math'))!).toMatchObject({ rev: 1 });
    expect(repo.cards.size).toBe(1);
  });

  it('a write that keeps losing is left to redelivery (the fold throws), and nothing else is written', async () => {
    const { repo, fold } = setup();
    repo.conflicts = SKILLS_WRITE_TRIES;
    await expect(fold.foldPractice(practice())).rejects.toThrow(/kept changing/);
    expect(repo.calls.get('saveSkills')).toBe(SKILLS_WRITE_TRIES);
    expect(repo.cards.size).toBe(0);
    // the redelivery folds it
    await fold.foldPractice(practice());
    expect(repo.cards.size).toBe(1);
  });

  it('two answers of one learner folding side by side both count (the compare-and-set keeps both)', async () => {
    const { repo, fold } = setup();
    await Promise.all([
      fold.foldPractice(
        practice({ itemId: 'teas_percents~1', correct: true, misconception: null }),
      ),
      fold.foldPractice(
        practice({ itemId: 'teas_percents~2', correct: true, misconception: null }),
      ),
    ]);
    expect((await repo.skills('u1', 'teas_math'))!.topics.teas_percents!.n).toBe(2);
  });

  it('a pump simulator answer counts toward the skills but a miss makes no card', async () => {
    const { repo, fold } = setup();
    await fold.foldPractice(
      practice({
        itemId: 'md_pump_rate_single~5',
        topicKey: 'md_pump_rate_single',
        course: 'med_dosage',
        objective: '8',
        misconception: null,
        guess: 0,
        source: 'pump',
      }),
    );
    expect(repo.cards.size).toBe(0);
    expect((await repo.skills('u1', 'med_dosage'))!.topics.md_pump_rate_single).toMatchObject({
      n: 1,
      correct: 0,
    });
  });
});

describe('LearningFold: graded tests', () => {
  it('folds the answered questions, keeps the score, and a missed question with a generator topic makes a card', async () => {
    const { repo, fold } = setup();
    await fold.foldTest(
      test('T1', [item('AA01', 'correct'), item('AA02', 'incorrect'), item('AA03', 'correct')]),
    );
    const skills = (await repo.skills('u1', 'teas_math'))!;
    expect(skills.objectives['3']).toMatchObject({ n: 3, correct: 2 });
    expect(skills.topics.teas_percents).toMatchObject({ n: 3, correct: 2 });
    expect(skills.tests).toEqual([{ testId: 'T1', at: at(0), percent: 67 }]);
    expect([...repo.cards.values()].map((c) => [c.itemId, c.topicKey, c.misconception])).toEqual([
      ['AA02', 'teas_percents', 'inverted'],
    ]);
  });

  it('ignores unanswered questions (no skill update, no card)', async () => {
    const { repo, fold } = setup();
    await fold.foldTest(
      test('T1', [
        item('AA01', 'correct'),
        item('AA02', 'unanswered'),
        item('AA03', 'unanswered', { objective: '13', topic: 'teas_volume' }),
      ]),
    );
    const skills = (await repo.skills('u1', 'teas_math'))!;
    expect(skills.objectives['3']).toMatchObject({ n: 1, correct: 1 });
    expect(skills.objectives['13']).toBeUndefined();
    expect(skills.topics.teas_volume).toBeUndefined();
    expect(repo.cards.size).toBe(0);
  });

  it('a hand-made question without a generator topic counts toward its objective but makes no card', async () => {
    const { repo, fold } = setup();
    await fold.foldTest(
      test('T1', [
        item('AB01', 'incorrect', { topic: null }),
        item('AB02', 'incorrect', { topic: 'fractions_by_hand' }),
      ]),
    );
    const skills = (await repo.skills('u1', 'teas_math'))!;
    expect(skills.objectives['3']).toMatchObject({ n: 2, correct: 0 });
    expect(skills.topics).toEqual({});
    expect(repo.cards.size).toBe(0);
  });

  it('a redelivered test changes nothing (no second review of its cards)', async () => {
    const { repo, fold } = setup();
    const f = test('T1', [item('AA01', 'correct'), item('AA02', 'incorrect')]);
    await fold.foldTest(f);
    const skills = await repo.skills('u1', 'teas_math');
    const cards = await repo.cardsOf('u1');
    await fold.foldTest(f);
    expect(await repo.skills('u1', 'teas_math')).toEqual(skills);
    expect(await repo.cardsOf('u1')).toEqual(cards);
  });

  it('a test across two courses updates both, keeps no single score, and is folded once per course', async () => {
    const { repo, fold } = setup();
    const f = test('T2', [
      item('AA01', 'correct'),
      item('MD01', 'incorrect', {
        course: 'med_dosage',
        objective: '5',
        topic: 'md_iv_flow_rate',
      }),
    ]);
    await fold.foldTest(f);
    expect((await repo.skills('u1', 'teas_math'))!.tests).toEqual([]);
    expect((await repo.skills('u1', 'med_dosage'))!.objectives['5']).toMatchObject({ n: 1 });
    expect((await repo.card('u1', 'MD01'))!.topicKey).toBe('md_iv_flow_rate');
  });

  it('a right answer in a test reviews the card of that question', async () => {
    const { repo, fold } = setup();
    await fold.foldTest(test('T1', [item('AA02', 'incorrect')]));
    await fold.foldTest({ ...test('T3', [item('AA02', 'correct')]), submittedAt: at(24) });
    expect(await repo.card('u1', 'AA02')).toMatchObject({ reviews: 1, lapses: 0 });
  });

  it('counts a stored question where the model has it: the bank’s course and objective texts mapped to the course id and objective code', async () => {
    const { repo, fold } = setup();
    await fold.foldTest(
      test('T1', [
        item('AA01', 'incorrect', {
          course: 'TEAS Math Sample QBank',
          objective: 'Numbers and Algebra - Percents',
        }),
        // hand-made: no topic, placed by its objective's text
        item('AB01', 'correct', {
          course: 'TEAS Math QBank',
          objective: 'Measurement and Data - Volume',
          topic: null,
        }),
        // an objective the courses do not have: counts toward nothing
        item('AB02', 'correct', {
          course: 'TEAS Math QBank',
          objective: 'Numbers and Algebra - Mental arithmetic',
          topic: null,
        }),
      ]),
    );
    expect((await repo.skillsOf('u1')).map((s) => s.course)).toEqual(['teas_math']);
    const skills = (await repo.skills('u1', 'teas_math'))!;
    expect(Object.keys(skills.objectives).sort()).toEqual(['13', '3']);
    expect(skills.topics.teas_percents).toMatchObject({ n: 1, correct: 0 });
    expect(skills.tests).toEqual([{ testId: 'T1', at: at(0), percent: 67 }]);
    // its card is in the course the weak spots of 'teas_math' read
    expect(await repo.card('u1', 'AA01')).toMatchObject({ course: 'teas_math', objective: '3' });
  });

  it('testItemPlace: the topic’s place first, then the objective’s text in the course named', () => {
    expect(
      testItemPlace({ course: 'Med Dosage QBank', objective: 'whatever', topic: 'md_heparin' }),
    ).toEqual({ course: 'med_dosage', objective: '7' });
    expect(
      testItemPlace({
        course: 'Med Dosage Conversions',
        objective: 'Conversions - Weight and Household Conversions',
        topic: null,
      }),
    ).toEqual({ course: 'med_dosage', objective: '2' });
    expect(
      testItemPlace({
        course: 'Med Dosage QBank',
        objective: 'Conversions - Equivalent doses',
        topic: null,
      }),
    ).toBeNull();
    expect(
      testItemPlace({
        course: 'Another Course',
        objective: 'Conversions - Metric Conversions',
        topic: null,
      }),
    ).toBeNull();
    expect(testItemPlace({ course: 'teas_math', objective: '15', topic: null })).toEqual({
      course: 'teas_math',
      objective: '15',
    });
  });

  it('the chance of a right guess: one in the choices of a single-choice question, none otherwise', () => {
    expect(guessOf({ type: 'single', options: item('A', 'correct').options })).toBe(0.5);
    expect(guessOf({ type: 'blank', options: item('A', 'correct').options })).toBe(0);
    expect(guessOf({ type: 'single', options: [] })).toBe(0);
  });
});
