import type {
  Actor,
  Course,
  GenerateBatchResponse,
  InfiniteCoursesResponse,
  InfiniteQuestion,
  PracticeAnsweredEvent,
} from '@examprep/contracts';
import { LEARNING_LIMITS, LEARNING_MESSAGES as M } from '@examprep/contracts';
import { COURSE_DEFINITIONS, isPumpTopic, parseItemId } from '@examprep/generators';
import { cardFromMiss, serveFor } from '@examprep/learning';
import { FakeItemStatsRepository } from '../../test/support/fake-item-stats.repository';
import { FakeLearningRepository } from '../../test/support/fake-learning.repository';
import type { Clock } from '../exams/clock';
import type { LearningCalls } from './learning-peers';
import { LearningFold } from './learning.fold';
import { LearningService, WEAK_SPOTS_LISTED } from './learning.service';
import { TopicDifficulty } from './topic-difficulty';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

const learner: Actor = { uid: 'u1', email: 'l@examprep.test', isAdmin: false, emailVerified: true };
const unverified: Actor = { ...learner, uid: 'u3', emailVerified: false };
const admin: Actor = { uid: 'a1', email: 'a@examprep.test', isAdmin: true, emailVerified: true };

const topic = (key: string, hasGenerator = true) => ({
  key,
  name: key,
  hasGenerator,
  free: true,
  available: true,
});

/** What the qbank lets the learner practise (its listCourses: visible topics only). */
const OPEN: InfiniteCoursesResponse = {
  viewMode: null,
  courses: [
    {
      id: 'teas_math',
      name: 'TEAS Math',
      objectives: {
        '3': { name: 'Percents', section: 'Numbers and Algebra', topics: [topic('teas_percents')] },
        '13': { name: 'Volume', section: 'Measurement and Data', topics: [topic('teas_volume')] },
      },
    },
    {
      id: 'med_dosage',
      name: 'Med Dosage',
      objectives: {
        '4': { name: 'Weight', section: 'W', topics: [topic('md_bsa_dosing', false)] },
        '5': { name: 'IV', section: 'IV Therapy', topics: [topic('md_iv_flow_rate')] },
        '8': { name: 'Pump', section: 'IV Therapy', topics: [topic('md_pump_rate_single')] },
      },
    },
  ] satisfies Course[],
};

/** The qbank faked: the open courses, and items by id in the order asked. */
class FakePeers implements LearningCalls {
  readonly asked: string[][] = [];
  courses = async (): Promise<InfiniteCoursesResponse> => OPEN;
  async items(_actor: Actor, ids: string[]): Promise<GenerateBatchResponse> {
    this.asked.push(ids);
    // as the qbank's generateItems: only items of topics the learner may practise
    const open = new Set(
      OPEN.courses.flatMap((c) =>
        Object.values(c.objectives).flatMap((o) => o.topics.map((t) => t.key)),
      ),
    );
    return {
      questions: ids
        .filter((id) => open.has(parseItemId(id)!.topicKey))
        .map((id): InfiniteQuestion => {
          const ref = parseItemId(id)!;
          return {
            id,
            topicKey: ref.topicKey,
            seed: ref.seed,
            course: 'teas_math',
            objective: '3',
            type: 'single',
            question: `Item ${id}`,
            choices: ['1', '2', '3', '4'],
            rounding: null,
            unit: null,
            pump: null,
          };
        }),
    };
  }
}

function setup() {
  const repo = new FakeLearningRepository();
  const difficulty = new TopicDifficulty(repo);
  const clock: Clock = { now: () => NOW };
  const peers = new FakePeers();
  const sut = new LearningService(repo, difficulty, clock, peers);
  const fold = new LearningFold(repo, difficulty, new FakeItemStatsRepository(), clock);
  return { repo, peers, sut, fold };
}

let seq = 0;
const answer = (
  topicKey: string,
  objective: string,
  correct: boolean,
  over: Partial<PracticeAnsweredEvent> = {},
): PracticeAnsweredEvent => ({
  uid: 'u1',
  itemId: `${topicKey}~${++seq}`,
  topicKey,
  course: 'teas_math',
  objective,
  correct,
  misconception: null,
  guess: 0,
  source: 'infinite',
  answeredAt: at(-48),
  ...over,
});

/** A card of the learner's, missed `hoursAgo` (due 12 hours after the miss). */
async function missed(
  repo: FakeLearningRepository,
  itemId: string,
  hoursAgo: number,
  reviews = 0,
  course = 'teas_math',
) {
  const ref = parseItemId(itemId);
  const card = cardFromMiss(
    {
      itemId,
      topicKey: ref?.topicKey ?? null,
      course,
      objective: '3',
      misconception: null,
    },
    at(-hoursAgo),
  );
  await repo.putCard({ ...card, reviews, uid: 'u1', served: null });
}

describe('LearningService: summary', () => {
  it('answers mastery per course, objective and topic, the due count and the weakest topics', async () => {
    const { sut, fold, repo } = setup();
    for (let i = 0; i < 12; i++) await fold.foldPractice(answer('teas_percents', '3', false));
    for (let i = 0; i < 12; i++) await fold.foldPractice(answer('teas_volume', '13', i % 4 !== 0));
    await fold.foldPractice(answer('teas_fraction_ops', '1', true));
    // the misses made cards due 12 hours later: 36 hours ago
    const s = await sut.summary(learner);
    expect(s.courses.map((c) => c.course)).toEqual(['teas_math']);
    const teas = s.courses[0]!;
    expect(teas.name).toBe('TEAS Math');
    // in course order, every objective of the course
    expect(teas.objectives.map((o) => o.key)).toEqual(
      COURSE_DEFINITIONS.find((c) => c.id === 'teas_math')!.objectives.map((o) => o.code),
    );
    const percents = teas.objectives.find((o) => o.key === '3')!;
    expect(percents).toMatchObject({
      name: 'Percents',
      section: 'Numbers and Algebra',
      answers: 12,
    });
    expect(percents.topics).toEqual([
      expect.objectContaining({
        key: 'teas_percents',
        answers: 12,
        correct: 0,
        level: 'needs-work',
      }),
    ]);
    // topics without a generator are not shown (objective 2's scientific notation)
    expect(teas.objectives.find((o) => o.key === '2')!.topics.map((t) => t.key)).toEqual([
      'teas_decimal_ops',
    ]);
    expect(teas.objectives.find((o) => o.key === '1')!.level).toBe('not-enough');
    expect(s.answers).toBe(25);
    expect(s.dueReviews).toBe(await repo.countDue('u1', NOW));
    expect(s.dueReviews).toBe(12 + 3);
    expect(s.dueByCourse).toEqual({
      teas_math: await repo.countDue('u1', NOW, 'teas_math'),
      med_dosage: await repo.countDue('u1', NOW, 'med_dosage'),
    });
    expect(s.dueByCourse.teas_math! + s.dueByCourse.med_dosage!).toBe(s.dueReviews);
    expect(s.weakSpots[0]).toEqual({
      course: 'teas_math',
      topicKey: 'teas_percents',
      name: expect.any(String),
      level: 'needs-work',
    });
    expect(s.weakSpots.length).toBeLessThanOrEqual(WEAK_SPOTS_LISTED);
    for (const w of s.weakSpots) expect(['needs-work', 'developing']).toContain(w.level);
  });

  it('a new learner: no courses, nothing due, no weak spots', async () => {
    const { sut } = setup();
    expect(await sut.summary(learner)).toEqual({
      courses: [],
      dueReviews: 0,
      dueByCourse: { teas_math: 0, med_dosage: 0 },
      answers: 0,
      weakSpots: [],
    });
  });

  it('anonymous 401, unverified 403', async () => {
    const { sut } = setup();
    await expect(sut.summary(null)).rejects.toMatchObject({ payload: { status: 401 } });
    await expect(sut.summary(unverified)).rejects.toMatchObject({ payload: { status: 403 } });
    await expect(sut.readiness(unverified)).rejects.toMatchObject({ payload: { status: 403 } });
  });
});

describe('LearningService: weak spots', () => {
  it('serves the due reviews first, marked in reviewIds, then drawn items to fill the batch', async () => {
    const { sut, repo, peers } = setup();
    await missed(repo, 'teas_percents~111', 20);
    await missed(repo, 'teas_volume~222', 30);
    // missed 2 hours ago: not due yet
    await missed(repo, 'teas_percents~333', 2);
    const batch = await sut.weakSpots(learner, { course: 'teas_math' });
    expect(batch.questions).toHaveLength(LEARNING_LIMITS.weakSpotsBatch);
    // the longest overdue first
    expect(batch.questions.slice(0, 2).map((q) => q.id)).toEqual([
      'teas_volume~222',
      'teas_percents~111',
    ]);
    expect(batch.reviewIds).toEqual(['teas_volume~222', 'teas_percents~111']);
    // the missed items themselves on their first return, no sibling
    expect(batch.siblingIds).toEqual([]);
    expect(batch.questions.map((q) => q.id)).not.toContain('teas_percents~333');
    expect(peers.asked).toHaveLength(1);
  });

  it('a card reviewed before comes back as a sibling, and the sibling served is remembered', async () => {
    const { sut, repo } = setup();
    await missed(repo, 'teas_percents~111', 20, 1);
    const card = (await repo.card('u1', 'teas_percents~111'))!;
    const serve = serveFor(card);
    expect(serve.kind).toBe('sibling');
    const sibling = serve.kind === 'sibling' ? `${serve.topicKey}~${serve.seed}` : '';
    const batch = await sut.weakSpots(learner, { course: 'teas_math' });
    expect(batch.questions[0]!.id).toBe(sibling);
    expect(batch.reviewIds).toEqual([sibling]);
    expect(batch.siblingIds).toEqual([sibling]);
    expect((await repo.card('u1', 'teas_percents~111'))!.served).toBe(sibling);
    // the answer to the sibling finds its card
    expect((await repo.cardServed('u1', sibling))!.itemId).toBe('teas_percents~111');
  });

  it('the course’s due reviews are found behind many longer-overdue reviews of another course', async () => {
    const { sut, repo } = setup();
    for (let i = 0; i < 5 * LEARNING_LIMITS.weakSpotsBatch; i++)
      await missed(repo, `md_iv_flow_rate~${i}`, 100 + i, 0, 'med_dosage');
    await missed(repo, 'teas_percents~111', 20);
    const batch = await sut.weakSpots(learner, { course: 'teas_math' });
    expect(batch.reviewIds).toEqual(['teas_percents~111']);
    expect(batch.questions[0]!.id).toBe('teas_percents~111');
  });

  it('a due card the learner may not practise now (its topic closed) waits, and the batch is still full', async () => {
    const { sut, repo } = setup();
    // teas_statistics is not open to this learner (OPEN): its cards are longer overdue
    for (let i = 0; i < LEARNING_LIMITS.weakSpotsBatch; i++)
      await missed(repo, `teas_statistics~${i}`, 100 + i);
    await missed(repo, 'teas_percents~111', 20);
    // a hand-made question's card has no generated form to serve
    await missed(repo, 'AB12', 200);
    const batch = await sut.weakSpots(learner, { course: 'teas_math' });
    expect(batch.reviewIds).toEqual(['teas_percents~111']);
    expect(batch.questions).toHaveLength(LEARNING_LIMITS.weakSpotsBatch);
    expect(batch.questions[0]!.id).toBe('teas_percents~111');
  });

  it('draws only topics the learner may practise, with a generator, and no pump topic', async () => {
    const { sut, peers } = setup();
    const batch = await sut.weakSpots(learner, { course: 'med_dosage' });
    expect(batch.reviewIds).toEqual([]);
    expect(batch.questions).toHaveLength(LEARNING_LIMITS.weakSpotsBatch);
    const drawn = new Set(peers.asked[0]!.map((id) => parseItemId(id)!.topicKey));
    expect([...drawn]).toEqual(['md_iv_flow_rate']);
    expect([...drawn].some(isPumpTopic)).toBe(false);
  });

  it('draws nothing from a course the qbank shows no topic of: 404', async () => {
    const { sut, peers } = setup();
    peers.courses = async () => ({ viewMode: null, courses: [] });
    await expect(sut.weakSpots(learner, { course: 'teas_math' })).rejects.toMatchObject({
      payload: { status: 404, message: M.noTopics },
    });
  });

  it('an unknown course: 400 naming course; unverified 403; anonymous 401', async () => {
    const { sut } = setup();
    await expect(sut.weakSpots(learner, { course: 'TEAS Math' })).rejects.toMatchObject({
      payload: { status: 400, fields: { course: [M.course] } },
    });
    await expect(sut.weakSpots(learner, { course: '' })).rejects.toMatchObject({
      payload: { status: 400, fields: { course: [M.course] } },
    });
    await expect(sut.weakSpots(unverified, { course: 'teas_math' })).rejects.toMatchObject({
      payload: { status: 403 },
    });
    await expect(sut.weakSpots(null, { course: 'teas_math' })).rejects.toMatchObject({
      payload: { status: 401 },
    });
  });
});

describe('LearningService: study plan', () => {
  const settings = { examDate: '2027-01-20', minutesPerDay: 30, reminders: true };

  it('sets and reads the plan: the settings, the plan from the mastery, a token for the mail', async () => {
    const { sut, repo } = setup();
    expect(await sut.getPlan(learner)).toEqual({ settings: null, plan: null });
    const set = await sut.setPlan(learner, settings);
    expect(set.settings).toEqual(settings);
    expect(set.plan).toMatchObject({ examDate: '2027-01-20', daysLeft: 61, minutesPerDay: 30 });
    const stored = (await repo.plan('u1'))!;
    expect(stored).toMatchObject({ email: learner.email, reminders: true, remindedOn: '' });
    expect(stored.unsubscribe).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sut.getPlan(learner)).toEqual(set);
    // a change keeps the token (the mails sent still unsubscribe)
    await sut.setPlan(learner, { ...settings, minutesPerDay: 45 });
    expect((await repo.plan('u1'))!.unsubscribe).toBe(stored.unsubscribe);
  });

  it.each([
    ['in the past', '2026-11-19'],
    ['more than two years ahead', '2028-11-20'],
    ['not a real date', '2027-02-30'],
    ['not a date', 'next week'],
  ])('an exam date %s: 400 naming examDate', async (_what, examDate) => {
    const { sut, repo } = setup();
    await expect(sut.setPlan(learner, { ...settings, examDate })).rejects.toMatchObject({
      payload: { status: 400, fields: { examDate: [M.examDate] } },
    });
    expect(repo.plans.size).toBe(0);
  });

  it('today and exactly two years ahead are accepted; minutes and reminders are checked', async () => {
    const { sut } = setup();
    await expect(
      sut.setPlan(learner, { ...settings, examDate: '2026-11-20' }),
    ).resolves.toBeTruthy();
    await expect(
      sut.setPlan(learner, { ...settings, examDate: '2028-11-19' }),
    ).resolves.toBeTruthy();
    await expect(sut.setPlan(learner, { ...settings, minutesPerDay: 4 })).rejects.toMatchObject({
      payload: { status: 400, fields: { minutesPerDay: [M.minutesPerDay] } },
    });
    await expect(
      sut.setPlan(learner, { ...settings, reminders: 'yes' as unknown as boolean }),
    ).rejects.toMatchObject({ payload: { status: 400, fields: { reminders: [M.reminders] } } });
    await expect(sut.setPlan(unverified, settings)).rejects.toMatchObject({
      payload: { status: 403 },
    });
  });

  it('unsubscribe: the mail’s token turns reminders off (again: still 200); an unknown token 404; a malformed one 400', async () => {
    const { sut, repo } = setup();
    await sut.setPlan(learner, settings);
    const token = (await repo.plan('u1'))!.unsubscribe;
    expect(await sut.unsubscribe({ token })).toEqual({ unsubscribed: true });
    expect((await repo.plan('u1'))!.reminders).toBe(false);
    expect(await sut.unsubscribe({ token })).toEqual({ unsubscribed: true });
    await expect(sut.unsubscribe({ token: 'A'.repeat(43) })).rejects.toMatchObject({
      payload: { status: 404, message: M.unsubscribe },
    });
    await expect(sut.unsubscribe({ token: 'short' })).rejects.toMatchObject({
      payload: { status: 400, fields: { token: [M.unsubscribe] } },
    });
  });
});

describe('LearningService: the learner’s data and the admin’s view', () => {
  it('export holds skills, cards, plan and trend; delete empties it', async () => {
    const { sut, fold } = setup();
    await fold.foldPractice(answer('teas_percents', '3', false));
    await sut.setPlan(learner, { examDate: '2027-01-20', minutesPerDay: 30, reminders: false });
    const out = await sut.export(learner);
    expect(out).toMatchObject({ uid: 'u1', exportedAt: NOW.toISOString() });
    expect(out.skills).toEqual([expect.objectContaining({ course: 'teas_math' })]);
    expect(out.skills[0]).not.toHaveProperty('rev');
    expect(out.reviewCards).toEqual([expect.objectContaining({ itemId: expect.any(String) })]);
    expect(out.reviewCards[0]).not.toHaveProperty('uid');
    expect(out.plan).toEqual({ examDate: '2027-01-20', minutesPerDay: 30, reminders: false });
    // an unverified learner may take and delete their own data
    await expect(sut.export(unverified)).resolves.toMatchObject({ uid: 'u3', skills: [] });
    expect(await sut.remove(learner)).toEqual({ deleted: true });
    expect(await sut.export(learner)).toMatchObject({
      skills: [],
      reviewCards: [],
      plan: null,
      trend: [],
    });
    await expect(sut.export(null)).rejects.toMatchObject({ payload: { status: 401 } });
  });

  it('userLearning: admins only (a learner 403, even on their own uid), any uid, read-only', async () => {
    const { sut, fold, repo } = setup();
    await fold.foldPractice(answer('teas_percents', '3', false));
    const view = await sut.userLearning(admin, 'u1');
    expect(view.summary).toEqual(await sut.summary(learner));
    expect(view.readiness).toEqual(await sut.readiness(learner));
    await expect(sut.userLearning(learner, 'u1')).rejects.toMatchObject({
      payload: { status: 403 },
    });
    await expect(sut.userLearning(null, 'u1')).rejects.toMatchObject({ payload: { status: 403 } });
    await expect(sut.userLearning(admin, '')).rejects.toMatchObject({ payload: { status: 400 } });
    expect((await sut.userLearning(admin, 'nobody')).summary.courses).toEqual([]);
    expect(repo.calls.get('putCard')).toBe(1);
  });
});
