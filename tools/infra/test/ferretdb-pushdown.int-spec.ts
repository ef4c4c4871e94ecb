// Our FerretDB build's pushdown on PostgreSQL (ferretdb-postgresql-ordered-indexes.patch,
// ADR 0028) against FerretDB's own answer to the same query on the same data.
//
// The reference is a second FerretDB process of the same build on the same PostgreSQL database,
// started with --test-disable-pushdown: it reads every row and filters, sorts and limits in FerretDB,
// which is how FerretDB answered before the patch. Random documents mix every BSON bracket the
// patch renders (numbers, strings, ObjectIds, dates, booleans), the ones it must leave to
// FerretDB (null, missing, arrays, empty arrays, documents) and mixed _id types; random finds
// combine equality, ranges, $and/$or and operators it does not render ($in), with sorts, skips
// and limits. Every answer must be the reference's, in the same order.
import fc from 'fast-check';
import { type Db, type Document, type Filter, MongoClient, ObjectId, type Sort } from 'mongodb';
import { startSideFerretDb, type SideFerretDb } from '@examprep/test-kit';
import { infraModel } from '../environment.cjs';

const model = infraModel('test');
// PUSHDOWN_RUNS=3000 PUSHDOWN_SEED=<n> for a longer run with other cases
const RUNS = Number(process.env.PUSHDOWN_RUNS ?? 300);
const SEED = Number(process.env.PUSHDOWN_SEED ?? 2028);

// ---- data ---------------------------------------------------------------------------------

const STRINGS = ['', 'a', 'ab', 'b', 'B', 'é', 'z'];
const NUMBERS = [-1, 0, 0.5, 1, 2, 3, 10];
const DATES = [0, 1, 2, 3].map((d) => new Date(Date.UTC(2026, 0, 1 + d)));
const OIDS = ['a', 'b', 'c'].map((c) => new ObjectId(c.repeat(24)));

const scalar = fc.oneof(
  fc.constantFrom(...STRINGS),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(...DATES),
  fc.constantFrom(...OIDS),
  fc.boolean(),
);

/** A field's value: mostly scalars, sometimes what the patch leaves to FerretDB. */
const fieldValue = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: scalar.map((v) => ({ x: v })) },
);

const FIELDS = ['a', 'b', 'c'] as const;

function makeDocs(seed: number, n: number): Document[] {
  const doc = fc.record(
    { a: fieldValue, b: fieldValue, c: fieldValue },
    { requiredKeys: [] }, // a missing field is a case too
  );
  const rows = fc.sample(doc, { seed, numRuns: n });
  return rows.map((r, i) => ({
    // _id: ObjectIds, some strings and numbers (brackets of their own in the _id index)
    _id: i % 7 === 3 ? `s${i}` : i % 11 === 5 ? i : new ObjectId(),
    ...r,
  }));
}

// ---- queries ------------------------------------------------------------------------------

const field = fc.constantFrom<string>(...FIELDS, ...FIELDS, '_id');
const rangeOp = fc.constantFrom('$gt', '$gte', '$lt', '$lte', '$eq');

const condition: fc.Arbitrary<Filter<Document>> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(field, scalar).map(([f, v]) => ({ [f]: v })) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        field,
        fc.uniqueArray(fc.tuple(rangeOp, scalar), {
          minLength: 1,
          maxLength: 2,
          selector: (t) => t[0],
        }),
      )
      .map(([f, ops]) => ({ [f]: Object.fromEntries(ops) })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(field, fc.array(scalar, { minLength: 1, maxLength: 3 })).map(([f, vs]) => ({
      [f]: { $in: vs },
    })),
  },
);

const filter: fc.Arbitrary<Filter<Document>> = fc.letrec<{ f: Filter<Document> }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.array(condition, { maxLength: 3 }).map((cs) => Object.assign({}, ...cs) as Filter<Document>),
    fc
      .tuple(
        fc.constantFrom('$or', '$and'),
        fc.array(tie('f'), { minLength: 1, maxLength: 3 }),
        fc.option(condition),
      )
      .map(([op, subs, extra]) => ({ [op]: subs, ...(extra ?? {}) }) as Filter<Document>),
  ),
})).f;

const sort = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom<1 | -1>(1, -1)), {
    maxLength: 2,
    selector: (t) => t[0],
  })
  .map((keys) => Object.fromEntries(keys) as Record<string, 1 | -1>);

const find = fc.record({
  filter,
  sort,
  skip: fc.nat({ max: 3 }),
  limit: fc.integer({ min: 1, max: 12 }),
});

const key = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (x instanceof ObjectId ? `oid:${x.toHexString()}` : x));

// ---- suite ----------------------------------------------------------------------------------

const DB = `pushdown_it_${process.pid}`;
const BIG = `${DB}_big`;
let pushdown: MongoClient;
let reference: SideFerretDb;

beforeAll(async () => {
  pushdown = await MongoClient.connect(model.mongoUrl());
  const db = pushdown.db(DB);
  await db.dropDatabase();
  const docs = db.collection('docs');
  await docs.createIndexes([
    { key: { a: 1 } },
    { key: { b: -1, _id: -1 } },
    { key: { a: 1, b: 1, c: -1 } },
    { key: { c: 1 } },
  ]);
  await docs.insertMany(makeDocs(26, 400));
  await db.collection('writes').insertMany(makeDocs(27, 200));

  // enough rows that PostgreSQL prefers an index to a scan
  const big = pushdown.db(BIG).collection('tests');
  await big.drop().catch(() => undefined);
  await big.createIndexes([
    { key: { userId: 1, completed: 1, lastUpdated: -1 } },
    { key: { createdAt: -1, _id: -1 } },
  ]);
  const rows = Array.from({ length: 20_000 }, (_, i) => ({
    userId: `u${i % 500}`,
    completed: i % 3 !== 0,
    lastUpdated: new Date(1_700_000_000_000 + i * 1000),
    createdAt: new Date(1_700_000_000_000 + (i % 5000) * 1000),
  }));
  for (let i = 0; i < rows.length; i += 5000) await big.insertMany(rows.slice(i, i + 5000));
  await pushdown.db(BIG).command({ ping: 1 });

  // the reference starts after the data exists: FerretDB caches each database's catalogue
  reference = await startSideFerretDb({ args: ['--test-disable-pushdown'] });
}, 120_000);

afterAll(async () => {
  // PUSHDOWN_KEEP=1 keeps the data (pushdown_it_<pid>) to look at a counterexample
  if (!process.env.PUSHDOWN_KEEP) {
    await pushdown
      ?.db(DB)
      .dropDatabase()
      .catch(() => undefined);
    await pushdown
      ?.db(BIG)
      .dropDatabase()
      .catch(() => undefined);
  }
  await pushdown?.close();
  await reference?.stop();
});

const run = (
  db: Db,
  q: { filter: Filter<Document>; sort: Record<string, 1 | -1>; skip: number; limit: number },
) =>
  db
    .collection('docs')
    .find(q.filter)
    // _id last: a total order, so that ties cannot differ between the two
    .sort({ ...q.sort, _id: 1 } as Sort)
    .skip(q.skip)
    .limit(q.limit)
    .toArray();

it('answers every find as FerretDB does without pushdown (order, skip and limit included)', async () => {
  await fc.assert(
    fc.asyncProperty(find, async (q) => {
      const [got, want] = await Promise.all([
        run(pushdown.db(DB), q),
        run(reference.client.db(DB), q),
      ]);
      expect(got.map(key)).toEqual(want.map(key));
    }),
    { numRuns: RUNS, seed: SEED },
  );
}, 300_000);

it('finds and counts without sort the same documents', async () => {
  await fc.assert(
    fc.asyncProperty(filter, async (f) => {
      const ids = async (db: Db) =>
        (await db.collection('docs').find(f).toArray()).map((d) => key(d._id)).sort();
      const [got, want] = await Promise.all([ids(pushdown.db(DB)), ids(reference.client.db(DB))]);
      expect(got).toEqual(want);
      expect(await pushdown.db(DB).collection('docs').countDocuments(f)).toBe(want.length);
    }),
    { numRuns: Math.ceil(RUNS / 2), seed: SEED + 1 },
  );
}, 300_000);

it('updates and deletes by a pushed-down filter exactly the matching documents (mixed _id brackets)', async () => {
  const coll = pushdown.db(DB).collection('writes');
  const ref = reference.client.db(DB).collection('writes');
  const f = { $or: [{ a: { $gte: 1 } }, { b: 'a' }, { _id: { $gte: 's' } }] } as Filter<Document>;
  const matching = (await ref.find(f).toArray()).map((d) => key(d._id)).sort();
  expect(matching.length).toBeGreaterThan(5);

  const updated = await coll.updateMany(f, { $set: { touched: true } });
  expect(updated.modifiedCount).toBe(matching.length);
  expect((await ref.find({ touched: true }).toArray()).map((d) => key(d._id)).sort()).toEqual(
    matching,
  );

  const deleted = await coll.deleteMany(f);
  expect(deleted.deletedCount).toBe(matching.length);
  const left = (await ref.find({}).toArray()).map((d) => key(d._id));
  expect(left.filter((id) => matching.includes(id))).toEqual([]);
  expect(left).toHaveLength(200 - matching.length);
});

/** Node types of a PostgreSQL EXPLAIN (FORMAT JSON) plan. */
function nodeTypes(plan: unknown): string[] {
  if (plan === null || typeof plan !== 'object') return [];
  const p = plan as { 'Node Type'?: string; Plans?: unknown[]; Plan?: unknown };
  return [
    ...(p['Node Type'] ? [p['Node Type']] : []),
    ...nodeTypes(p.Plan),
    ...(p.Plans ?? []).flatMap(nodeTypes),
  ];
}

async function explain(find: Document): Promise<{ nodes: string[]; pushdown: Document }> {
  const res = await pushdown.db(BIG).command({ explain: { find: 'tests', ...find } });
  return {
    nodes: nodeTypes(res.queryPlanner),
    pushdown: { filter: res.filterPushdown, sort: res.sortPushdown, limit: res.limitPushdown },
  };
}

it('serves the gradebook query and a keyset page from indexes, with sort and limit in PostgreSQL', async () => {
  const gradebook = await explain({
    filter: { userId: 'u7', completed: true },
    sort: { lastUpdated: -1 },
    limit: 10,
  });
  expect(gradebook.pushdown).toEqual({ filter: true, sort: true, limit: true });
  expect(gradebook.nodes).not.toContain('Seq Scan');
  expect(gradebook.nodes.some((n) => /Index/.test(n))).toBe(true);

  const c = new Date(1_700_000_000_000 + 4000 * 1000);
  const id = new ObjectId('f'.repeat(24));
  const keyset = await explain({
    filter: { createdAt: { $lte: c }, $or: [{ createdAt: { $lt: c } }, { _id: { $lt: id } }] },
    sort: { createdAt: -1, _id: -1 },
    limit: 51,
  });
  expect(keyset.pushdown).toEqual({ filter: true, sort: true, limit: true });
  expect(keyset.nodes).not.toContain('Seq Scan');

  // an operator the patch leaves to FerretDB: no sort or limit in PostgreSQL, said so
  const regex = await explain({
    filter: { userId: { $regex: '^u7' } },
    sort: { lastUpdated: -1 },
    limit: 10,
  });
  expect(regex.pushdown).toMatchObject({ sort: false, limit: false });
});

it('answers the gradebook query on 20,000 rows as the reference does', async () => {
  const q = (db: Db) =>
    db
      .collection('tests')
      .find({ userId: 'u7', completed: true })
      .sort({ lastUpdated: -1 })
      .limit(10)
      .toArray();
  const [got, want] = await Promise.all([q(pushdown.db(BIG)), q(reference.client.db(BIG))]);
  expect(got.map(key)).toEqual(want.map(key));
  expect(got).toHaveLength(10);
});
