// Item analysis end to end (ADR 0037) against the RUNNING test system: a learner submits a real
// test through the testing service; its events.test.submitted fact goes through JetStream to the
// durable consumer, and the admin's statistics move by exactly that test: attempts, the option
// chosen, the flag, the time, the misconception. Nothing is read from the tests to answer.
import {
  type Actor,
  ITEM_STATS_MESSAGES,
  type ItemStatsDetail,
  Subjects,
} from '@examprep/contracts';
import {
  adminActor,
  connectSystem,
  create,
  disconnectSystem,
  failure,
  getTest,
  newUser,
  rpc,
  SAMPLE,
  testingDb,
} from './support/testing-system';

const ADMIN = adminActor('it-item-stats@examprep.test');

beforeAll(connectSystem, 150_000);
afterAll(disconnectSystem);

const detail = (qid: string) => rpc.request(Subjects.testing.itemStatsGet, { actor: ADMIN, qid });
const detailOrNone = (qid: string) =>
  detail(qid).catch((err: unknown) => {
    if ((err as { payload?: { status?: number } })?.payload?.status === 404) return null;
    throw err;
  });
const check = (actor: Actor, testId: string, questionId: string, submittedAnswer: string) =>
  rpc.request(Subjects.testing.submitQuizAnswer, {
    actor,
    input: { testId, questionId, submittedAnswer },
  });

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('a submitted test moves the statistics of its questions by one attempt each, once', async () => {
  const learner = await newUser();
  const { testId } = await create(learner, SAMPLE);
  const view = await getTest(learner, testId);
  const pool = await rpc.request(Subjects.qbank.pool, {
    actor: null,
    query: { course: 'TEAS Math Sample QBank', count: 15 },
  });
  const named = pool.questions.find(
    (q) =>
      q.type === 'single' &&
      q.misconceptions.length > 0 &&
      view.questions.some((v) => v.qid === q.qid),
  )!;
  expect(named).toBeDefined();
  const other = view.questions.find((q) => q.qid !== named.qid)!;
  const before = new Map<string, ItemStatsDetail | null>();
  for (const q of [named.qid, other.qid]) before.set(q, await detailOrNone(q));

  // the named misconception on one question; the other flagged and left unanswered
  const distractor = named.misconceptions[0]!;
  await check(learner, testId, named.qid, distractor.value);
  await rpc.request(Subjects.testing.flagQuestion, {
    actor: learner,
    input: { testId, questionId: other.qid, flagged: true },
  });
  await rpc.request(Subjects.testing.submitTest, { actor: learner, input: { testId } });

  const n0 = before.get(named.qid)?.row.n ?? 0;
  const after = await until(
    () => detail(named.qid),
    (d) => d.row.n >= n0 + 1,
  );
  expect(after.row.n).toBe(n0 + 1);
  const chosen = after.responses.find((r) => r.label === distractor.value)!;
  const chosenBefore =
    before.get(named.qid)?.responses.find((r) => r.label === distractor.value)?.count ?? 0;
  expect(chosen).toMatchObject({ correct: false, misconception: distractor.misconception });
  expect(chosen.count).toBe(chosenBefore + 1);
  const timedBefore = before.get(named.qid)?.timeHistogram.reduce((s, b) => s + b.count, 0) ?? 0;
  expect(after.timeHistogram.reduce((s, b) => s + b.count, 0)).toBe(timedBefore + 1);

  const flaggedAfter = await until(
    () => detail(other.qid),
    (d) => d.row.n >= (before.get(other.qid)?.row.n ?? 0) + 1,
  );
  expect(flaggedAfter.row.flagged).toBe((before.get(other.qid)?.row.flagged ?? 0) + 1);
  expect(flaggedAfter.unanswered).toBe((before.get(other.qid)?.unanswered ?? 0) + 1);

  // folded once: the marker of the test is complete, the outbox is empty for it
  const marker = await until(
    () =>
      testingDb()
        .collection('item_stats_facts')
        .findOne({ _id: testId } as never),
    (m) => m?.complete === true,
  );
  expect(marker).toMatchObject({ complete: true });
  expect(
    await testingDb()
      .collection('item_stats_outbox')
      .findOne({ _id: testId } as never),
  ).toBeNull();

  // the list has it, filtered by its course
  const page = await rpc.request(Subjects.testing.itemStatsList, {
    actor: ADMIN,
    query: { course: after.row.course, sort: 'n', dir: 'desc' },
    page: { limit: 100 },
  });
  expect(page.items.every((r) => r.course === after.row.course)).toBe(true);
  expect(page.items.map((r) => r.qid)).toContain(named.qid);
  const rates = await rpc.request(Subjects.testing.itemErrorRates, {
    actor: ADMIN,
    filters: { course: after.row.course },
  });
  expect(rates.misconceptions.map((r) => r.name)).toContain(distractor.misconception);
}, 60_000);

it('learners are refused; an unknown question is 404 with its message', async () => {
  const learner = await newUser();
  expect(
    await failure(rpc.request(Subjects.testing.itemStatsList, { actor: learner, query: {} })),
  ).toMatchObject({
    status: 403,
  });
  expect(await failure(detail('ZZ98'))).toMatchObject({
    status: 404,
    message: ITEM_STATS_MESSAGES.questionNotFound,
  });
});
