// The scale seed against the test system: a small set of its own tag is seeded, read through
// the gateway as its learners and an admin see it, and removed, leaving nothing behind.
// Everything here is of tag c0de (ids, emails, courses) and the removal deletes only that tag's
// records. Keycloak's users go through its dev-file database (keycloak-file.cjs), which stops
// and starts the test system's Keycloak twice (about 15 s): the integration tier runs its suites
// one at a time (tools/test/run-all.mjs --runInBand), so no other suite signs in meanwhile; with
// TEST_INFRA=containers Keycloak is a container and the admin API is used.
import { infraBackend } from '@examprep/test-kit';
import type { Db } from 'mongodb';
import { adminToken, canSignIn, databases, get, type TestSummaryLike, tokenOf } from './support';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { seedScale, removeScale, countScale } = require('../seed-scale.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gen = require('../generate.cjs');

const TAG = 'c0de';
const KEYCLOAK = infraBackend() === 'containers' ? 'api' : 'file';
const SIZE = {
  profile: 'test',
  tag: TAG,
  keycloak: KEYCLOAK,
  seed: 'seed-scale-int-spec',
  learners: 12,
  tests: 48,
  questions: gen.minQuestions(),
  orders: 12,
  log: () => undefined,
};
/** Ids that start with the tag's prefix, as a range on `_id` (FerretDB scans for a `$regex`). */
const tagged = (prefix: string) => ({ $gte: prefix, $lt: `${prefix}\uffff` });
const clean = (counts: Record<string, number>) => Object.values(counts).every((n) => n === 0);

let dbs: Awaited<ReturnType<typeof databases>>;
let db: (name: string) => Db;
let seeded: {
  collections: Record<string, { count: number }>;
  plan: { testCounts: Uint8Array };
  keycloak: string;
};

beforeAll(async () => {
  dbs = await databases();
  db = dbs.db;
  // a run that crashed before its clean-up left its tag: only that tag is removed
  if (!clean(await countScale(SIZE))) await removeScale(SIZE);
  seeded = await seedScale(SIZE);
}, 180_000);

afterAll(async () => {
  if (!clean(await countScale(SIZE))) await removeScale(SIZE);
  await dbs?.close();
}, 180_000);

/** The seeded learner with the most tests (and one with purchases). */
async function learnerWith(filter: object) {
  const user = await db('identity')
    .collection('users')
    .findOne({ _id: tagged(gen.prefixes(TAG).uid), ...filter } as never);
  return user as unknown as { _id: string; email: string };
}

describe('seed-scale on the test system', () => {
  it('wrote the asked counts into each service and Keycloak', async () => {
    const c = seeded.collections;
    expect(c['keycloak.users'].count).toBe(SIZE.learners);
    expect(seeded.keycloak).toBe(KEYCLOAK);
    expect(c['identity.users'].count).toBe(SIZE.learners);
    expect(c['testing.tests'].count).toBe(SIZE.tests);
    expect(c['testing.test_contents'].count).toBe(SIZE.tests);
    expect(c['testing.test_answers'].count).toBe(SIZE.tests);
    // one test_counts document per learner with tests (issue 26)
    expect(c['testing.test_counts'].count).toBe(
      Array.from(seeded.plan.testCounts).filter((n) => n > 0).length,
    );
    expect(c['qbank.questions'].count).toBe(SIZE.questions);
    expect(c['catalog.orders'].count).toBe(SIZE.orders);
    expect(await countScale(SIZE)).toMatchObject({
      'keycloak.users': SIZE.learners,
      'testing.tests': SIZE.tests,
    });
  });

  it('refuses to seed the same tag again until it is removed', async () => {
    await expect(seedScale(SIZE)).rejects.toThrow(/remove them first/);
  });

  it('a seeded learner signs in with the known password and sees their graded tests', async () => {
    const tests = await db('testing')
      .collection('tests')
      .aggregate<{
        _id: string;
        n: number;
      }>([
        { $match: { _id: tagged(gen.prefixes(TAG).testId) } },
        { $group: { _id: '$userId', n: { $sum: 1 } } },
        { $sort: { n: -1, _id: 1 } },
        { $limit: 1 },
      ])
      .toArray();
    const uid = tests[0]._id;
    const learner = await learnerWith({ _id: uid });
    const stored = await db('testing')
      .collection('tests')
      .find({ userId: uid })
      .sort({ lastUpdated: -1 })
      .toArray();
    const token = await tokenOf(learner.email, gen.LEARNER_PASSWORD);

    const me = await get<{ uid: string; emailVerified: boolean }>('/api/me', token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ uid, emailVerified: true });

    const book = await get<{ tests: TestSummaryLike[] }>('/api/gradebook', token);
    expect(book.status).toBe(200);
    expect(book.body.tests.map((t) => [t.id, t.finalScore, t.totalQuestions])).toEqual(
      stored.map((t) => [t._id, t.finalScore, t.totalQuestions]),
    );
    expect(book.body.tests.every((t) => t.completed && t.userId === uid)).toBe(true);

    // the review of one test: its questions, answers and score as graded
    const view = await get<{
      finalScore: number;
      questions: { qid: string; status: string }[];
    }>(`/api/tests/${stored[0]._id}`, token);
    expect(view.status).toBe(200);
    expect(view.body.finalScore).toBe(stored[0].finalScore);
    expect(view.body.questions).toHaveLength(stored[0].totalQuestions);
    const correct = view.body.questions.filter((q) => q.status === 'correct').length;
    expect(correct).toBe(stored[0].correctCount);
  });

  it("a learner's purchases are what the ledger holds; an admin sees their tests and history", async () => {
    const holdings = await db('catalog')
      .collection('holdings')
      .findOne({
        _id: tagged(gen.prefixes(TAG).uid),
        'held.0': { $exists: true },
      } as never);
    expect(holdings).not.toBeNull();
    const uid = holdings!._id as unknown as string;
    const learner = await learnerWith({ _id: uid });
    const token = await tokenOf(learner.email, gen.LEARNER_PASSWORD);
    const me = await get<{ purchases: Record<string, boolean> }>('/api/me', token);
    expect(Object.keys(me.body.purchases).sort()).toEqual(holdings!.held);

    const admin = await adminToken();
    const purchases = await get<{ purchases: Record<string, boolean>; history: unknown[] }>(
      `/api/admin/user-purchases?uid=${uid}`,
      admin,
    );
    expect(purchases.status).toBe(200);
    expect(Object.keys(purchases.body.purchases).sort()).toEqual(holdings!.held);
    expect(purchases.body.history).toHaveLength(holdings!.version);

    const stored = await db('testing').collection('tests').countDocuments({ userId: uid });
    const tests = await get<{ tests: TestSummaryLike[] }>(
      `/api/admin/user-tests?uid=${uid}`,
      admin,
    );
    expect(tests.status).toBe(200);
    expect(tests.body.tests).toHaveLength(stored);
    // the maintained count agrees with the seeded tests
    expect(
      await db('testing')
        .collection('test_counts')
        .findOne({ _id: uid } as never),
    ).toMatchObject({ n: stored });
  });

  it('--remove deletes exactly the tag: databases and Keycloak', async () => {
    const someone = await learnerWith({});
    await removeScale(SIZE);
    const left = await countScale(SIZE);
    expect(left).toEqual(Object.fromEntries(Object.keys(left).map((k) => [k, 0])));
    expect(await canSignIn(someone.email, gen.LEARNER_PASSWORD)).toBe(false);
    // the demo seed's questions are still there
    expect(
      await db('qbank').collection('questions').countDocuments({ course: 'TEAS Math QBank' }),
    ).toBeGreaterThan(0);
  }, 120_000);
});
