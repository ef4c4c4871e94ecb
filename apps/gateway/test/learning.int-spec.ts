// The learning engine through the gateway against the real system of the test profile (issue
// 29): a new verified learner answers Infinite QBank items (some wrong) and the testing service
// folds the qbank's facts (JetStream) into the summary; a missed item is a review card that is
// not due the same day and is due the next (the clock moved: the learner's card dates moved a
// day back in the store), served first in the weak-spots batch; a graded test adds a 'test'
// point to the readiness trend and its missed questions come back as generated siblings; the
// study plan with its field errors; the export and the
// delete; unsubscribe by the reminder mail's token (JSON and RFC 8058 one-click form POST);
// the admin's per-user view. Every wait polls the API until the consumer has folded.
import {
  LEARNING_MESSAGES,
  type LearningExport,
  type LearningSummary,
  MASTERY_LEVELS,
  type Readiness,
  type StudyPlanView,
  type TestView,
  type WeakSpotsBatch,
} from '@examprep/contracts';
import { generate, parseItemId } from '@examprep/generators';
import {
  createRealmUser,
  getClientToken,
  identityServiceClient,
  infraConfig,
  waitFor,
} from '@examprep/test-kit';
import { type Collection, type Document, MongoClient } from 'mongodb';
import { call, exchange } from './support/api';
import { learnerPair, SAMPLE_TEST } from './support/learners';
import { systemCtl } from './support/system';

const cfg = infraConfig('test');
const kcAdmin = `${cfg.keycloakUrl}/admin/realms/${cfg.realm}`;
const { learner } = learnerPair('learning');
const DAY_MS = 86_400_000;

let mongo: MongoClient;
let cards: Collection<Document>;
let plans: Collection<Document>;
let questions: Collection<Document>;
const tests: string[] = [];

/** The items this learner missed, in the order answered. */
const missed: string[] = [];
let answered = 0;

beforeAll(async () => {
  systemCtl('start', ['identity', 'catalog', 'qbank', 'testing', 'gateway']);
  learner.id = await createRealmUser(learner);
  mongo = await MongoClient.connect(cfg.mongoUrl('testing'));
  cards = mongo.db().collection('learning_cards');
  plans = mongo.db().collection('learning_plans');
  questions = mongo.db('qbank').collection('questions');
}, 120_000);

afterAll(async () => {
  for (const testId of tests)
    await call('POST', '/api/delete-test', { who: 'admin', body: { testId } });
  if (learner.id) {
    await call('DELETE', '/api/learning', { who: learner });
    const { access_token } = await getClientToken(identityServiceClient());
    await fetch(`${kcAdmin}/users/${learner.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
  }
  await mongo?.close();
});

/** Polls the summary until `ok` holds (the consumer folds the facts a moment after the check). */
async function summaryWhen(ok: (s: LearningSummary) => boolean): Promise<LearningSummary> {
  let last: LearningSummary | undefined;
  await waitFor(
    async () => {
      const res = await call<LearningSummary>('GET', '/api/learning/summary', { who: learner });
      expect(res.status).toBe(200);
      last = res.body;
      return ok(last);
    },
    { timeoutMs: 20_000 },
  );
  return last!;
}

/** The clock moved a day: every date of these review cards of the learner a day earlier. */
async function moveDayBack(itemIds: readonly string[]): Promise<void> {
  const back = (d: unknown) => new Date(new Date(d as string | Date).getTime() - DAY_MS);
  for (const c of await cards.find({ uid: learner.id }).toArray()) {
    if (!itemIds.includes(c.itemId as string)) continue;
    const fsrs = c.fsrs as { due: string; last_review: string | null };
    await cards.updateOne(
      { _id: c._id },
      {
        $set: {
          due: back(c.due),
          createdAt: back(c.createdAt),
          fsrs: {
            ...fsrs,
            due: back(fsrs.due).toISOString(),
            last_review: fsrs.last_review && back(fsrs.last_review).toISOString(),
          },
        },
      },
    );
  }
}

/** A summary without its time-dependent figures (p and its interval). */
const withoutFigures = (s: LearningSummary): unknown =>
  JSON.parse(JSON.stringify(s), (k: string, v: unknown) =>
    k === 'p' || k === 'low' || k === 'high' ? undefined : v,
  );

/** A wrong answer the check takes: another choice, or a named wrong value, or off by one. */
function wrongAnswer(id: string): string[] {
  const ref = parseItemId(id)!;
  const item = generate(ref.topicKey, ref.seed);
  const right = item.correctAnswer[0]!;
  if (item.type === 'single') return [item.choices.find((c) => c !== right)!];
  const named = item.distractors.find((d) => d.value.trim() !== right.trim());
  return [named ? named.value : String(Number(right) + 1)];
}

const rightAnswer = (id: string): string[] => {
  const ref = parseItemId(id)!;
  return [...generate(ref.topicKey, ref.seed).correctAnswer];
};

describe('the learning engine through the gateway', () => {
  it('a new learner has nothing yet: no courses, no reviews, no plan', async () => {
    expect((await call('GET', '/api/learning/summary', { who: learner })).body).toEqual({
      courses: [],
      dueReviews: 0,
      dueByCourse: { teas_math: 0, med_dosage: 0 },
      answers: 0,
      weakSpots: [],
    });
    expect((await call('GET', '/api/learning/plan', { who: learner })).body).toEqual({
      settings: null,
      plan: null,
    });
  });

  it('Infinite QBank answers (some wrong) show in the summary with their levels', async () => {
    for (const [objective, wrongEvery] of [
      ['3', 3],
      ['13', 0],
    ] as const) {
      const batch = await call(
        'GET',
        `/api/infiniteqbank/generate-batch?course=teas_math&objective=${objective}&count=8`,
        { who: learner },
      );
      expect(batch.status).toBe(200);
      for (const [i, q] of (batch.body.questions as { id: string }[]).entries()) {
        const wrong = wrongEvery > 0 && i % wrongEvery === 0;
        const res = await call('POST', '/api/infiniteqbank/check', {
          who: learner,
          body: { id: q.id, answer: wrong ? wrongAnswer(q.id) : rightAnswer(q.id) },
        });
        expect(res.status).toBe(200);
        expect(res.body.correct).toBe(!wrong);
        if (wrong && !missed.includes(q.id)) missed.push(q.id);
        answered += 1;
      }
    }
    expect(missed.length).toBeGreaterThan(0);
    const s = await summaryWhen((x) => x.answers === answered);
    const teas = s.courses.find((c) => c.course === 'teas_math')!;
    const percents = teas.objectives.find((o) => o.key === '3')!;
    const volume = teas.objectives.find((o) => o.key === '13')!;
    expect(percents).toMatchObject({ answers: 8, correct: 8 - missed.length });
    expect(volume).toMatchObject({ answers: 8, correct: 8 });
    expect(percents.topics).toEqual([
      expect.objectContaining({ key: 'teas_percents', answers: 8, correct: 8 - missed.length }),
    ]);
    for (const o of teas.objectives) expect(MASTERY_LEVELS).toContain(o.level);
    // an objective nobody answered says so, in words the screen shows
    expect(teas.objectives.find((o) => o.key === '1')!.level).toBe('not-enough');
    expect(volume.p).toBeGreaterThan(percents.p);
  }, 60_000);

  it('a missed item is a review card: not due the same day, due the next (clock moved a day)', async () => {
    const stored = await cards.find({ uid: learner.id }).toArray();
    expect(stored.map((c) => c.itemId).sort()).toEqual([...missed].sort());
    for (const c of stored) expect((c.due as Date).getTime()).toBeGreaterThan(Date.now());
    expect((await call('GET', '/api/learning/summary', { who: learner })).body.dueReviews).toBe(0);

    // the clock moved: every date of the learner's cards a day earlier
    await moveDayBack(missed);
    const s = await call<LearningSummary>('GET', '/api/learning/summary', { who: learner });
    expect(s.body.dueReviews).toBe(missed.length);

    const batch = await call<WeakSpotsBatch>('POST', '/api/learning/weak-spots', {
      who: learner,
      body: { course: 'teas_math' },
    });
    expect(batch.status).toBe(200);
    // the missed items themselves on their first return, the longest overdue (first missed) first
    expect(batch.body.reviewIds).toEqual(missed);
    expect(batch.body.questions.slice(0, missed.length).map((q) => q.id)).toEqual(missed);
    expect(batch.body.questions.length).toBeGreaterThan(missed.length);
    // no answer reaches the browser
    for (const q of batch.body.questions) expect(q).not.toHaveProperty('correctAnswer');
    expect(
      (await call('POST', '/api/learning/weak-spots', { who: learner, body: { course: 'TEAS' } }))
        .body,
    ).toMatchObject({ fields: { course: [LEARNING_MESSAGES.course] } });
  });

  it('a graded test adds a test point to the trend, its answers to the mastery, and its misses come back as siblings', async () => {
    const created = await call('POST', '/api/create-test', { who: learner, body: SAMPLE_TEST });
    expect(created.status).toBe(200);
    const testId = created.body.testId as string;
    tests.push(testId);
    const view = (await call<TestView>('GET', `/api/tests/${testId}`, { who: learner })).body;
    // four questions checked: the first two wrong (a choice that is not the bank's answer)
    const testMissed: string[] = [];
    for (const [i, q] of view.questions
      .filter((x) => x.type === 'single')
      .slice(0, 4)
      .entries()) {
      const stored = await questions.findOne({ _id: q.qid as unknown as Document['_id'] });
      const right = (stored!.correctAnswer as string[])[0]!;
      const answer = i < 2 ? q.answerOrder.find((c) => c !== right)! : right;
      const res = await call('POST', '/api/submit-quiz-answer', {
        who: learner,
        body: { testId, questionId: q.qid, submittedAnswer: answer },
      });
      expect(res.status).toBe(200);
      expect(res.body.isCorrect).toBe(i >= 2);
      if (i < 2) testMissed.push(q.qid);
    }
    const submitted = await call('POST', '/api/submit-test', { who: learner, body: { testId } });
    expect(submitted.status).toBe(200);
    const finalScore = submitted.body.test.finalScore as number;

    let readiness: Readiness | undefined;
    await waitFor(
      async () => {
        readiness = (await call<Readiness>('GET', '/api/learning/readiness', { who: learner }))
          .body;
        return readiness.trend.some((p) => p.kind === 'test');
      },
      { timeoutMs: 20_000 },
    );
    expect(readiness!.trend.filter((p) => p.kind === 'test')).toEqual([
      {
        at: expect.any(String),
        course: 'teas_math',
        kind: 'test',
        percent: finalScore,
        low: null,
        high: null,
      },
    ]);
    // the test's answered questions count in the learner's TEAS Math mastery
    const s = await summaryWhen((x) => x.answers === answered + 4);
    expect(s.courses.map((c) => c.course)).toEqual(['teas_math']);
    expect(readiness!.teas).toMatchObject({ scoredItems: 34, summary: expect.any(String) });

    // the test's missed questions are review cards of the course, back the next day as
    // generated siblings (a stored question's numbers may be drawn into a later test)
    const testCards = await cards.find({ uid: learner.id, itemId: { $in: testMissed } }).toArray();
    expect(testCards.map((c) => [c.itemId, c.course])).toEqual(
      expect.arrayContaining(testMissed.map((qid) => [qid, 'teas_math'])),
    );
    expect(testCards).toHaveLength(2);
    await moveDayBack(testMissed);
    const batch = await call<WeakSpotsBatch>('POST', '/api/learning/weak-spots', {
      who: learner,
      body: { course: 'teas_math' },
    });
    expect(batch.body.reviewIds).toHaveLength(missed.length + 2);
    expect(batch.body.reviewIds.slice(0, missed.length)).toEqual(missed);
    const siblings = batch.body.reviewIds.slice(missed.length);
    const topics = testCards.map((c) => c.topicKey as string).sort();
    expect(siblings.map((id) => parseItemId(id)!.topicKey).sort()).toEqual(topics);
    // the sibling served is remembered on its card (the answer to it reviews the card)
    const served = await cards.find({ uid: learner.id, itemId: { $in: testMissed } }).toArray();
    expect(served.map((c) => c.served).sort()).toEqual([...siblings].sort());
  }, 60_000);

  it('the study plan: PUT then GET; a date in the past or over two years ahead and bad minutes name their field', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const examDate = new Date(Date.now() + 45 * DAY_MS).toISOString().slice(0, 10);
    const put = await call<StudyPlanView>('PUT', '/api/learning/plan', {
      who: learner,
      body: { examDate, minutesPerDay: 30, reminders: true },
    });
    expect(put.status).toBe(200);
    expect(put.body.settings).toEqual({ examDate, minutesPerDay: 30, reminders: true });
    expect(put.body.plan).toMatchObject({ examDate, minutesPerDay: 30, daysLeft: 45 });
    expect((await call('GET', '/api/learning/plan', { who: learner })).body).toEqual(put.body);

    const bad: [object, string, string][] = [
      [{ examDate: '2020-01-01' }, 'examDate', LEARNING_MESSAGES.examDate],
      [
        { examDate: new Date(Date.now() + 800 * DAY_MS).toISOString().slice(0, 10) },
        'examDate',
        LEARNING_MESSAGES.examDate,
      ],
      [{ examDate: '15/03/2027' }, 'examDate', LEARNING_MESSAGES.examDate],
      [{ minutesPerDay: 4 }, 'minutesPerDay', LEARNING_MESSAGES.minutesPerDay],
      [{ minutesPerDay: 30.5 }, 'minutesPerDay', LEARNING_MESSAGES.minutesPerDay],
    ];
    for (const [over, field, message] of bad) {
      const res = await call('PUT', '/api/learning/plan', {
        who: learner,
        body: { examDate: today, minutesPerDay: 30, reminders: true, ...over },
      });
      expect({ over, status: res.status, fields: res.body.fields }).toEqual({
        over,
        status: 400,
        fields: { [field]: [message] },
      });
    }
    // nothing stored by a refused PUT
    expect((await call('GET', '/api/learning/plan', { who: learner })).body).toEqual(put.body);
  });

  it('unsubscribe by the mail’s token turns reminders off; again: still 200 (one-click is idempotent)', async () => {
    const token = (await plans.findOne({ _id: learner.id as unknown as Document['_id'] }))!
      .unsubscribe as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await call('POST', `/api/learning/unsubscribe?token=${token}`);
    expect(first).toEqual({ status: 200, body: { unsubscribed: true } });
    expect(
      (await call('GET', '/api/learning/plan', { who: learner })).body.settings.reminders,
    ).toBe(false);
    expect(await call('POST', `/api/learning/unsubscribe?token=${token}`)).toEqual(first);
    // a token no plan has: 404; a malformed one: 400
    expect((await call('POST', `/api/learning/unsubscribe?token=${'B'.repeat(43)}`)).status).toBe(
      404,
    );
    expect((await call('POST', '/api/learning/unsubscribe?token=short')).status).toBe(400);
  });

  it('RFC 8058: the mail client’s one-click form POST to the List-Unsubscribe URL works', async () => {
    const examDate = new Date(Date.now() + 45 * DAY_MS).toISOString().slice(0, 10);
    await call('PUT', '/api/learning/plan', {
      who: learner,
      body: { examDate, minutesPerDay: 30, reminders: true },
    });
    const token = (await plans.findOne({ _id: learner.id as unknown as Document['_id'] }))!
      .unsubscribe as string;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await exchange('POST', `/api/learning/unsubscribe?token=${token}`, {
      raw: 'List-Unsubscribe=One-Click',
      headers: form,
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { unsubscribed: true },
    });
    expect(
      (await call('GET', '/api/learning/plan', { who: learner })).body.settings.reminders,
    ).toBe(false);
    // another form body is refused; a route that is not a List-Unsubscribe target takes no form
    const other = await exchange('POST', `/api/learning/unsubscribe?token=${token}`, {
      raw: 'unsubscribe=yes',
      headers: form,
    });
    expect(other.status).toBe(400);
    const elsewhere = await exchange('POST', '/api/learning/weak-spots', {
      who: learner,
      raw: 'List-Unsubscribe=One-Click',
      headers: form,
    });
    expect(elsewhere.status).toBe(415);
  });

  it('/api/admin/user-learning: the learner’s mastery and readiness for admins only', async () => {
    const path = `/api/admin/user-learning?uid=${learner.id}`;
    expect((await call('GET', path)).status).toBe(401);
    expect((await call('GET', path, { who: learner })).status).toBe(403);
    expect((await call('GET', path, { who: 'learner' })).status).toBe(403);
    const view = await call('GET', path, { who: 'admin' });
    expect(view.status).toBe(200);
    const own = await call('GET', '/api/learning/summary', { who: learner });
    // the same view, read a moment apart (a skill's uncertainty grows with time: p moves in its
    // ninth digit between the two reads)
    expect(withoutFigures(view.body.summary)).toEqual(withoutFigures(own.body));
    const ps = (s: LearningSummary) => s.courses.flatMap((c) => c.objectives.map((o) => o.p));
    const adminPs = ps(view.body.summary);
    ps(own.body).forEach((p, i) => expect(adminPs[i]).toBeCloseTo(p, 6));
    expect(view.body.readiness.trend).toEqual(
      (await call('GET', '/api/learning/readiness', { who: learner })).body.trend,
    );
    expect((await call('GET', '/api/admin/user-learning?uid=', { who: 'admin' })).status).toBe(400);
  });

  it('export holds the skills, cards and plan; DELETE empties it', async () => {
    const exported = await call<LearningExport>('GET', '/api/learning/export', { who: learner });
    expect(exported.status).toBe(200);
    expect(exported.body.uid).toBe(learner.id);
    expect(exported.body.skills).toEqual([expect.objectContaining({ course: 'teas_math' })]);
    expect(exported.body.reviewCards.map((c) => (c as { itemId: string }).itemId).sort()).toEqual(
      expect.arrayContaining([...missed].sort()),
    );
    expect(exported.body.plan).toEqual(
      expect.objectContaining({ minutesPerDay: 30, reminders: false }),
    );
    expect(exported.body.trend.some((p) => p.kind === 'test')).toBe(true);

    expect((await call('DELETE', '/api/learning', { who: learner })).body).toEqual({
      deleted: true,
    });
    expect((await call('GET', '/api/learning/export', { who: learner })).body).toMatchObject({
      skills: [],
      reviewCards: [],
      plan: null,
      trend: [],
    });
    expect((await call('GET', '/api/learning/summary', { who: learner })).body).toEqual({
      courses: [],
      dueReviews: 0,
      dueByCourse: { teas_math: 0, med_dosage: 0 },
      answers: 0,
      weakSpots: [],
    });
    expect(await cards.countDocuments({ uid: learner.id })).toBe(0);
  });
});
