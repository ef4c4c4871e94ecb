// The fast path (ferretdb-pg.cjs) against the test system: a small set of its own tag is seeded
// with COPY into FerretDB's PostgreSQL tables, and every seeded collection is read back through
// the MongoDB driver (FerretDB) and held to what generate.cjs made: the same fields in the same
// order with the same BSON types (Date stays Date, int32 stays int32, double stays double). The
// services' indexed queries find the rows (and their plans use the indexes), `--count` counts
// them and `--remove` deletes them. Then the fallback (insertMany) seeds a tiny set of another
// tag. Everything here is of tags c0b1 and c0b2 and removed at the end.
//
// Against the test profile as the other integration specs; SEED_SCALE_SPEC_PROFILE=dev runs it
// against the dev profile's servers instead (the jest run's global setup still checks the test
// servers).
import { BSON, Double, Int32, MongoClient, type Db, type Document } from 'mongodb';
import {
  expectEveryQueryIndexed,
  infraConfig,
  type InfraProfile,
  type RecordedQuery,
} from '@examprep/test-kit';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { seedScale, removeScale, countScale, COLLECTIONS } = require('../seed-scale.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gen = require('../generate.cjs');

const PROFILE = (process.env.SEED_SCALE_SPEC_PROFILE ?? 'test') as InfraProfile;
const model = infraConfig(PROFILE);
const SIZE = {
  profile: PROFILE,
  tag: 'c0b1',
  // the admin API: the file path stops Keycloak, which the suites running beside use
  keycloak: 'api',
  seed: 'seed-scale-copy-path',
  learners: 16,
  tests: 96,
  questions: gen.minQuestions(),
  orders: 16,
  log: () => undefined,
};
const FALLBACK = { ...SIZE, tag: 'c0b2', learners: 4, tests: 8, orders: 4 };
const clean = (counts: Record<string, number>) => Object.values(counts).every((n) => n === 0);

type Doc = Document & { _id: string };
type Kind = keyof typeof COLLECTIONS;
interface Learner {
  uid: string;
  user: Doc;
  purchaseView: Doc | null;
  holdings: Doc | null;
  testCount: Doc | null;
  directory: Doc;
  orders: Doc[];
  snapshots: Doc[];
  tests: { test: Doc; content: Doc; sheet: Doc }[];
}

let client: MongoClient;
let db: (name: string) => Db;
let seeded: { mode: string; plan: unknown; collections: Record<string, { count: number }> };
/** What generate.cjs made for the seeded set, per kind of document. */
const expected: Record<Kind, Doc[]> = Object.fromEntries(
  Object.keys(COLLECTIONS).map((k) => [k, []]),
) as unknown as Record<Kind, Doc[]>;
let learners: Learner[] = [];

/** The documents of a plan again, as the writer builds them (generate.cjs is deterministic). */
function regenerate(p: { courses: { start: number; size: number }[] }) {
  const questions: { doc: Doc; pool: Doc; wrong: string[] }[] = [];
  for (const batch of gen.questionBatches(p, 250)) questions.push(...batch);
  const byCourse = p.courses.map((c) => ({
    questions: questions.slice(c.start, c.start + c.size).map((q) => q.pool),
    wrong: questions.slice(c.start, c.start + c.size).map((q) => q.wrong),
  }));
  learners = Array.from({ length: SIZE.learners }, (_, i) =>
    gen.learnerAt(p, i, (c: number) => byCourse[c], model.realm),
  );
  expected.questions = questions.map((q) => q.doc);
  for (const l of learners) {
    expected.users.push(l.user);
    if (l.purchaseView) expected.purchaseViews.push(l.purchaseView);
    if (l.testCount) expected.testCounts.push(l.testCount);
    // the whole directory entry (ADR 0030), as identity's rebuild makes it
    expected.directory.push(l.directory);
    if (l.holdings) expected.holdings.push(l.holdings);
    expected.orders.push(...l.orders);
    expected.snapshots.push(...l.snapshots);
    for (const t of l.tests) {
      expected.tests.push(t.test);
      expected.contents.push(t.content);
      expected.sheets.push(t.sheet);
    }
  }
}

/**
 * A document as the driver path stores it: BSON as the driver sends it (undefined as null),
 * `_id` first in every document (FerretDB moves it), numbers as Int32/Double objects.
 */
function asStored(doc: Document): unknown {
  const typed = BSON.deserialize(BSON.serialize(doc, { ignoreUndefined: false }), {
    promoteValues: false,
  });
  const idFirst = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(idFirst);
    if (v === null || typeof v !== 'object' || v instanceof Date || '_bsontype' in v) return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.includes('_id')) keys.unshift(...keys.splice(keys.indexOf('_id'), 1));
    return Object.fromEntries(keys.map((k) => [k, idFirst(o[k])]));
  };
  return idFirst(typed);
}

/** Canonical extended JSON: every BSON type spelt out ($numberInt, $numberDouble, $date, ...). */
const canonical = (v: unknown) => BSON.EJSON.stringify(v as Document, { relaxed: false });

/** Up to n documents spread over the list (first and last included). */
const spread = <T>(list: T[], n: number) =>
  list.length <= n
    ? list
    : Array.from({ length: n }, (_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))]);

beforeAll(async () => {
  client = new MongoClient(model.mongoUrl(), { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  db = (name) => client.db(name);
  // a run that crashed before its clean-up left its tag: only that tag is removed
  for (const size of [SIZE, FALLBACK]) if (!clean(await countScale(size))) await removeScale(size);
  seeded = await seedScale(SIZE);
  regenerate(seeded.plan as never);
}, 300_000);

afterAll(async () => {
  for (const size of [SIZE, FALLBACK]) if (!clean(await countScale(size))) await removeScale(size);
  await client?.close();
}, 300_000);

describe('seed-scale on FerretDB over PostgreSQL', () => {
  it('writes with COPY, every document of the set', () => {
    expect(seeded.mode).toBe('COPY');
    for (const [kind, [dbName, name]] of Object.entries(COLLECTIONS) as [Kind, string[]][])
      expect([kind, seeded.collections[`${dbName}.${name}`]?.count ?? 0]).toEqual([
        kind,
        expected[kind].length,
      ]);
  });

  it.each(Object.keys(COLLECTIONS) as Kind[])(
    '%s: a sample read back through FerretDB is what generate.cjs made, types and field order included',
    async (kind) => {
      const [dbName, name] = COLLECTIONS[kind];
      const sample = spread(expected[kind], 12);
      expect(sample.length).toBeGreaterThan(0);
      for (const want of sample) {
        const got = await db(dbName)
          .collection<Doc>(name)
          .findOne({ _id: want._id }, { promoteValues: false });
        expect(got).not.toBeNull();
        // a running identity service's rebuild (the seed asks for it) finds the directory
        // entries as it would make them and leaves them as they are
        const read = got!;
        const stored = asStored(want);
        // the same values and types (a readable diff), then the same order of fields
        expect(BSON.EJSON.serialize(read, { relaxed: false })).toEqual(
          BSON.EJSON.serialize(stored as Document, { relaxed: false }),
        );
        expect(canonical(read)).toBe(canonical(stored));
      }
    },
  );

  it('keeps Date, int32 and double apart as the driver would (a test and its snapshot)', async () => {
    const t = expected.tests[0];
    const got = (await db('testing')
      .collection<Doc>('tests')
      .findOne({ _id: t._id }, { promoteValues: false }))!;
    expect(got.createdAt).toBeInstanceOf(Date);
    expect((got.createdAt as Date).getTime()).toBe((t.createdAt as Date).getTime());
    for (const [k, v] of Object.entries(t)) {
      if (typeof v !== 'number') continue;
      const isInt = Number.isInteger(v) && Math.abs(v) <= 0x7fffffff && !Object.is(v, -0);
      expect([k, got[k] instanceof (isInt ? Int32 : Double)]).toEqual([k, true]);
    }
  });

  it("answers the services' indexed queries from the copied rows, through their indexes", async () => {
    const tests = db('testing').collection<Doc>('tests');
    const heaviest = learners.reduce((a, b) => (b.tests.length > a.tests.length ? b : a));
    expect(heaviest.tests.length).toBeGreaterThan(1);
    // the gradebook (learner spec §4): completed tests, newest first, 10 at most
    const gradebook = { userId: heaviest.uid, completed: true };
    const page = await tests.find(gradebook).sort({ lastUpdated: -1 }).limit(10).toArray();
    const want = heaviest.tests
      .map((t) => t.test)
      .filter((t) => t.completed === true)
      .sort((a, b) => (b.lastUpdated as Date).getTime() - (a.lastUpdated as Date).getTime())
      .slice(0, 10);
    expect(page.map((t) => t._id)).toEqual(want.map((t) => t._id));
    // the admin's per-user list (keyset order createdAt, _id descending)
    const perUser = await tests
      .find({ userId: heaviest.uid })
      .sort({ createdAt: -1, _id: -1 })
      .limit(50)
      .toArray();
    expect(perUser.map((t) => t._id)).toEqual(
      heaviest.tests
        .map((t) => t.test)
        .sort(
          (a, b) =>
            (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime() ||
            (a._id < b._id ? 1 : -1),
        )
        .map((t) => t._id),
    );
    // identity by email (unique index), catalog by uid, qbank by course and objective
    const user = learners[0].user;
    expect(
      (await db('identity').collection<Doc>('users').findOne({ email: user.email }))?._id,
    ).toBe(user._id);
    const buyer = learners.find((l) => l.orders.length > 0)!;
    const orders = await db('catalog')
      .collection<Doc>('orders')
      .find({ uid: buyer.uid, status: buyer.orders[0].status })
      .toArray();
    expect(orders.map((o) => o._id).sort()).toEqual(
      buyer.orders
        .filter((o) => o.status === buyer.orders[0].status)
        .map((o) => o._id)
        .sort(),
    );
    const snaps = await db('catalog')
      .collection<Doc>('ledger_snapshots')
      .find({ uid: buyer.uid })
      .toArray();
    expect(snaps.map((s) => s._id).sort()).toEqual(buyer.snapshots.map((s) => s._id).sort());
    const q = expected.questions[0];
    const sameTopic = await db('qbank')
      .collection<Doc>('questions')
      .find({ course: q.course, objective: q.objective })
      .sort({ _id: 1 })
      .limit(5)
      .toArray();
    expect(sameTopic.map((d) => d._id)).toEqual(
      expected.questions
        .filter((d) => d.course === q.course && d.objective === q.objective)
        .map((d) => d._id)
        .sort((a, b) => (a < b ? -1 : 1))
        .slice(0, 5),
    );

    // and PostgreSQL plans them on the indexes made through FerretDB (ADR 0028)
    const plans: [string, RecordedQuery[]][] = [
      [
        'testing',
        [
          {
            collection: 'tests',
            method: 'find',
            filter: gradebook,
            sort: { lastUpdated: -1 },
            limit: 10,
          },
          {
            collection: 'tests',
            method: 'find',
            filter: { userId: heaviest.uid },
            sort: { createdAt: -1, _id: -1 },
            limit: 50,
          },
          {
            collection: 'test_contents',
            method: 'findOne',
            filter: { _id: expected.contents[0]._id },
          },
        ],
      ],
      ['identity', [{ collection: 'users', method: 'findOne', filter: { email: user.email } }]],
      [
        'catalog',
        [
          { collection: 'orders', method: 'find', filter: { uid: buyer.uid, status: 'paid' } },
          { collection: 'ledger_snapshots', method: 'find', filter: { uid: buyer.uid } },
        ],
      ],
    ];
    for (const [dbName, queries] of plans)
      expect((await expectEveryQueryIndexed(dbName, queries, {}, PROFILE)).explained).toBe(
        queries.length,
      );
  }, 120_000);

  it('--count counts the copied rows and --remove deletes them', async () => {
    const counts = await countScale(SIZE);
    for (const [kind, [dbName, name]] of Object.entries(COLLECTIONS) as [Kind, string[]][])
      expect([kind, counts[`${dbName}.${name}`]]).toEqual([kind, expected[kind].length]);
    expect(counts['keycloak.users']).toBe(SIZE.learners);
    await removeScale(SIZE);
    expect(clean(await countScale(SIZE))).toBe(true);
    const gone = await db('testing')
      .collection<Doc>('tests')
      .findOne({ _id: expected.tests[0]._id });
    expect(gone).toBeNull();
  }, 300_000);

  it('falls back to insertMany when asked (--no-copy), as on MongoDB', async () => {
    const r = await seedScale({ ...FALLBACK, copy: false });
    expect(r.mode).toBe('insertMany');
    const counts = await countScale(FALLBACK);
    expect(counts['testing.tests']).toBe(FALLBACK.tests);
    expect(counts['identity.users']).toBe(FALLBACK.learners);
    await removeScale(FALLBACK);
    expect(clean(await countScale(FALLBACK))).toBe(true);
  }, 300_000);
});
