// The learning engine's repository (issue 29) against the REAL store of the test profile, in a
// scratch database: each case runs on MongoLearningRepository and on the in-memory fake the
// unit specs use, so the fake keeps the semantics the fold and the service rely on
// (compare-and-set of the skills, the due queue's order and count, the served lookup, the
// topic counts adding up, the day's reminder claimed once, the erasure). At the end every query
// the Mongo repository sent is explained and must be served by an index (ADR 0028).
import { cardFromMiss } from '@examprep/learning';
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '@examprep/test-kit';
import {
  type LearnerSkills,
  type LearningRepository,
  type StoredCard,
  type StoredPlan,
} from '../src/learning/learning.repository';
import {
  LearnerSkillsRecord,
  LearnerSkillsSchema,
  ReviewCardRecord,
  ReviewCardSchema,
  StudyPlanRecord,
  StudyPlanSchema,
  TopicPopulationRecord,
  TopicPopulationSchema,
} from '../src/learning/learning.schema';
import { MongoLearningRepository } from '../src/learning/mongo-learning.repository';
import { emptySkills, withAnswers } from '../src/learning/skills-update';
import { FakeLearningRepository } from './support/fake-learning.repository';

const db = scratchDatabase('testing_learning_it', [
  [LearnerSkillsRecord.name, LearnerSkillsSchema],
  [ReviewCardRecord.name, ReviewCardSchema],
  [TopicPopulationRecord.name, TopicPopulationSchema],
  [StudyPlanRecord.name, StudyPlanSchema],
]);
let recorded: ReturnType<typeof recordQueries>;
beforeAll(async () => {
  await db.open();
  recorded = recordQueries(db.conn);
}, 60_000);
afterAll(() => db.close());

const implementations: [string, () => Promise<LearningRepository>][] = [
  [
    'MongoDB',
    async () =>
      new MongoLearningRepository(
        await db.empty<LearnerSkillsRecord>(LearnerSkillsRecord.name),
        await db.empty<ReviewCardRecord>(ReviewCardRecord.name),
        await db.empty<TopicPopulationRecord>(TopicPopulationRecord.name),
        await db.empty<StudyPlanRecord>(StudyPlanRecord.name),
      ),
  ],
  ['fake', async () => new FakeLearningRepository()],
];

const NOW = new Date('2026-11-20T10:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

const answered = (cur: LearnerSkills, key: string, correct: boolean): LearnerSkills =>
  withAnswers(
    cur,
    key,
    [
      {
        topicKey: 'teas_percents',
        objective: '3',
        obs: { correct, difficulty: 0, guess: 0, at: at(0) },
      },
    ],
    NOW,
  )!;

/** A card of `uid` for `itemId`, missed at `missedAt` hours from NOW (due 12 hours after). */
const card = (uid: string, itemId: string, missedAt: number, course = 'teas_math'): StoredCard => ({
  ...cardFromMiss(
    { itemId, topicKey: 'teas_percents', course, objective: '3', misconception: 'inverted' },
    at(missedAt),
  ),
  uid,
  served: null,
});

const plan = (uid: string, over: Partial<StoredPlan> = {}): StoredPlan => ({
  uid,
  examDate: '2027-01-20',
  minutesPerDay: 30,
  reminders: true,
  email: `${uid}@examprep.test`,
  unsubscribe: `${uid}`.padEnd(43, 'x'),
  remindedOn: '',
  ...over,
});

describe.each(implementations)('LearningRepository (%s)', (_name, make) => {
  it('skills: compare-and-set; of two writers from the same revision one wins, the other reads again', async () => {
    const repo = await make();
    expect(await repo.skills('u1', 'teas_math')).toBeNull();
    const first = answered(emptySkills('u1', 'teas_math'), 'f1', true);
    expect(await repo.saveSkills(first)).toBe(true);
    // a second insert of revision 1 (another replica's first fold) loses
    expect(await repo.saveSkills(answered(emptySkills('u1', 'teas_math'), 'f0', false))).toBe(
      false,
    );
    const read = (await repo.skills('u1', 'teas_math'))!;
    expect(read).toEqual(first);
    // two writers from revision 1, at once: exactly one wins
    const a = answered(read, 'fa', true);
    const b = answered(read, 'fb', false);
    const wins = await Promise.all([repo.saveSkills(a), repo.saveSkills(b)]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    const after = (await repo.skills('u1', 'teas_math'))!;
    expect(after).toEqual(wins[0] ? a : b);
    // the loser reads again and writes on top
    const again = answered(after, wins[0] ? 'fb' : 'fa', !wins[0]);
    expect(await repo.saveSkills(again)).toBe(true);
    expect((await repo.skills('u1', 'teas_math'))!).toMatchObject({
      rev: 3,
      seen: ['f1', wins[0] ? 'fa' : 'fb', wins[0] ? 'fb' : 'fa'],
    });
    expect((await repo.skills('u1', 'teas_math'))!.topics.teas_percents!.n).toBe(3);
    // a stale revision never overwrites
    expect(await repo.saveSkills(a)).toBe(false);
    // per learner and course
    await repo.saveSkills(answered(emptySkills('u1', 'med_dosage'), 'm1', true));
    await repo.saveSkills(answered(emptySkills('u2', 'teas_math'), 'o1', true));
    expect((await repo.skillsOf('u1')).map((s) => s.course).sort()).toEqual([
      'med_dosage',
      'teas_math',
    ]);
    expect((await repo.skillsOf('u2')).map((s) => s.uid)).toEqual(['u2']);
    expect(await repo.skillsOf('u9')).toEqual([]);
  });

  it('cards: the due queue in due order, its count, the limit; other learners’ cards apart', async () => {
    const repo = await make();
    // due at +12 - missedAt hours: -18, -8 (due), +2 (not yet), and one due of another learner
    await repo.putCard(card('u1', 'teas_percents~3', 2));
    await repo.putCard(card('u1', 'teas_percents~1', -30));
    await repo.putCard(card('u1', 'teas_percents~2', -20, 'med_dosage'));
    await repo.putCard(card('u2', 'teas_percents~1', -40));
    expect((await repo.dueCards('u1', NOW, 10)).map((c) => c.itemId)).toEqual([
      'teas_percents~1',
      'teas_percents~2',
    ]);
    expect((await repo.dueCards('u1', NOW, 1)).map((c) => c.itemId)).toEqual(['teas_percents~1']);
    // one course's queue (the weak-spots batch)
    expect((await repo.dueCards('u1', NOW, 10, 'med_dosage')).map((c) => c.itemId)).toEqual([
      'teas_percents~2',
    ]);
    expect(
      (await repo.dueCards('u1', new Date(at(14)), 10, 'teas_math')).map((c) => c.itemId),
    ).toEqual(['teas_percents~1', 'teas_percents~3']);
    expect(await repo.dueCards('u1', NOW, 10, 'no_course')).toEqual([]);
    expect(await repo.countDue('u1', NOW)).toBe(2);
    expect(await repo.countDue('u1', new Date(at(14)))).toBe(3);
    expect(await repo.countDue('u3', NOW)).toBe(0);
    // one course's count (the dashboard's per-course reviews)
    expect(await repo.countDue('u1', NOW, 'med_dosage')).toBe(1);
    expect(await repo.countDue('u1', new Date(at(14)), 'teas_math')).toBe(2);
    expect((await repo.cardsOf('u1')).map((c) => c.itemId)).toEqual([
      'teas_percents~1',
      'teas_percents~2',
      'teas_percents~3',
    ]);
    // read back as written
    expect(await repo.card('u1', 'teas_percents~1')).toEqual(card('u1', 'teas_percents~1', -30));
    expect(await repo.card('u1', 'teas_percents~9')).toBeNull();
    // a put again replaces (a review moves the card)
    await repo.putCard({ ...card('u1', 'teas_percents~1', -30), due: at(48), reviews: 1 });
    expect(await repo.countDue('u1', NOW)).toBe(1);
    expect((await repo.card('u1', 'teas_percents~1'))!).toMatchObject({ due: at(48), reviews: 1 });
    await repo.removeCard('u1', 'teas_percents~1');
    expect(await repo.card('u1', 'teas_percents~1')).toBeNull();
    expect(await repo.card('u2', 'teas_percents~1')).not.toBeNull();
  });

  it('served: the card whose served sibling an answer names, the learner’s own only', async () => {
    const repo = await make();
    await repo.putCard(card('u1', 'teas_percents~1', -30));
    await repo.putCard(card('u2', 'teas_percents~1', -30));
    expect(await repo.cardServed('u1', 'teas_percents~77')).toBeNull();
    await repo.setServed('u1', 'teas_percents~1', 'teas_percents~77');
    expect((await repo.cardServed('u1', 'teas_percents~77'))!).toMatchObject({
      itemId: 'teas_percents~1',
      served: 'teas_percents~77',
    });
    expect(await repo.cardServed('u2', 'teas_percents~77')).toBeNull();
    // a put keeps what it is given
    await repo.putCard({ ...card('u1', 'teas_percents~1', -30), served: 'teas_percents~78' });
    expect(await repo.cardServed('u1', 'teas_percents~77')).toBeNull();
    expect((await repo.cardServed('u1', 'teas_percents~78'))!.itemId).toBe('teas_percents~1');
    // setServed of a card that is not there makes none
    await repo.setServed('u1', 'teas_percents~5', 'teas_percents~6');
    expect(await repo.card('u1', 'teas_percents~5')).toBeNull();
  });

  it('topic counts add up across flushes (and replicas)', async () => {
    const repo = await make();
    await repo.addTopicCounts(new Map());
    await repo.addTopicCounts(
      new Map([
        ['teas_percents', { n: 3, correct: 1 }],
        ['teas_volume', { n: 1, correct: 1 }],
      ]),
    );
    await Promise.all([
      repo.addTopicCounts(new Map([['teas_percents', { n: 2, correct: 2 }]])),
      repo.addTopicCounts(new Map([['teas_percents', { n: 1, correct: 0 }]])),
    ]);
    expect(Object.fromEntries(await repo.topicCounts())).toEqual({
      teas_percents: { n: 6, correct: 3 },
      teas_volume: { n: 1, correct: 1 },
    });
  });

  it('plans: put, read by uid and by token, reminders off; the day’s reminders and their claim once per day', async () => {
    const repo = await make();
    await repo.putPlan(plan('u1'));
    await repo.putPlan(plan('u2', { reminders: false }));
    await repo.putPlan(plan('u3', { remindedOn: '2026-11-20' }));
    await repo.putPlan(plan('u4', { remindedOn: '2026-11-19' }));
    expect(await repo.plan('u1')).toEqual(plan('u1'));
    expect(await repo.plan('u9')).toBeNull();
    expect(await repo.planByToken(plan('u2').unsubscribe)).toEqual(
      plan('u2', { reminders: false }),
    );
    expect(await repo.planByToken('n'.repeat(43))).toBeNull();

    const due = (await repo.plansToRemind('2026-11-20', 10)).map((p) => p.uid).sort();
    expect(due).toEqual(['u1', 'u4']);
    expect(await repo.plansToRemind('2026-11-20', 1)).toHaveLength(1);
    // two replicas claim the same plan's day: one gets it
    const claims = await Promise.all([
      repo.claimReminder('u1', '2026-11-20'),
      repo.claimReminder('u1', '2026-11-20'),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repo.claimReminder('u1', '2026-11-20')).toBe(false);
    // reminders off, or already sent today: no claim
    expect(await repo.claimReminder('u2', '2026-11-20')).toBe(false);
    expect(await repo.claimReminder('u3', '2026-11-20')).toBe(false);
    expect((await repo.plansToRemind('2026-11-20', 10)).map((p) => p.uid)).toEqual(['u4']);
    // the next day: due again
    expect(await repo.claimReminder('u1', '2026-11-21')).toBe(true);

    await repo.setReminders('u4', false);
    expect((await repo.plan('u4'))!.reminders).toBe(false);
    expect(await repo.plansToRemind('2026-11-20', 10)).toEqual([]);
    // put again keeps the token given (the service passes the old one)
    await repo.putPlan(plan('u1', { minutesPerDay: 45, remindedOn: '2026-11-21' }));
    expect((await repo.planByToken(plan('u1').unsubscribe))!.minutesPerDay).toBe(45);
  });

  it('removeUser removes the learner’s skills, cards and plan, and nobody else’s', async () => {
    const repo = await make();
    for (const uid of ['u1', 'u2']) {
      await repo.saveSkills(answered(emptySkills(uid, 'teas_math'), 'f1', true));
      await repo.saveSkills(answered(emptySkills(uid, 'med_dosage'), 'f1', true));
      await repo.putCard(card(uid, 'teas_percents~1', -30));
      await repo.putCard(card(uid, 'teas_percents~2', 5));
      await repo.putPlan(plan(uid));
    }
    await repo.addTopicCounts(new Map([['teas_percents', { n: 1, correct: 1 }]]));
    await repo.removeUser('u1');
    expect(await repo.skillsOf('u1')).toEqual([]);
    expect(await repo.cardsOf('u1')).toEqual([]);
    expect(await repo.plan('u1')).toBeNull();
    expect(await repo.planByToken(plan('u1').unsubscribe)).toBeNull();
    expect(await repo.skillsOf('u2')).toHaveLength(2);
    expect(await repo.cardsOf('u2')).toHaveLength(2);
    expect(await repo.plan('u2')).not.toBeNull();
    // anonymous counts stay
    expect((await repo.topicCounts()).get('teas_percents')).toEqual({ n: 1, correct: 1 });
    // again: nothing to do, no error
    await repo.removeUser('u1');
  });
});

it('every query of the Mongo repository is served by an index', async () => {
  // every query the repository has was sent by the cases above (so each one is explained)
  const shapes = new Set(
    recorded.queries.map((q) => `${q.collection}.${q.method}(${Object.keys(q.filter).join(',')})`),
  );
  expect([...shapes].sort()).toEqual([
    'learning_cards.countDocuments(uid,course,due)', // countDue of a course
    'learning_cards.countDocuments(uid,due)', // countDue
    'learning_cards.deleteMany(uid)', // removeUser
    'learning_cards.deleteOne(_id)', // removeCard
    'learning_cards.find(uid)', // cardsOf
    'learning_cards.find(uid,course,due)', // dueCards of a course
    'learning_cards.find(uid,due)', // dueCards
    'learning_cards.findOne(_id)', // card
    'learning_cards.findOne(uid,served)', // cardServed
    'learning_cards.updateOne(_id)', // putCard, setServed
    'learning_plans.deleteOne(_id)', // removeUser
    'learning_plans.find(reminders,remindedOn)', // plansToRemind
    'learning_plans.findOne(_id)', // plan
    'learning_plans.findOne(unsubscribe)', // planByToken
    'learning_plans.updateOne(_id)', // putPlan, setReminders
    'learning_plans.updateOne(_id,reminders,remindedOn)', // claimReminder
    'learning_skills.deleteMany(uid)', // removeUser
    'learning_skills.find(uid)', // skillsOf
    'learning_skills.findOne(_id)', // skills
    'learning_skills.updateOne(_id,rev)', // saveSkills
    'learning_topics.find()', // topicCounts (bounded, below)
  ]);
  const { explained } = await expectEveryQueryIndexed(db.conn.name, recorded.queries, {
    learning_topics:
      'one document per generator topic (some 60): read whole once a minute for the difficulties',
  });
  expect(explained).toBe(shapes.size - 1);
}, 60_000);
