// Our FerretDB build under more concurrent writes than its PostgreSQL pool has connections
// (ferretdb-release-query-connection.patch, ADR 0028). Unpatched, an update held its query's
// pooled connection while its write waited for a second one: with as many concurrent updates
// as the pool has connections, every one waited forever (the shared test store hung with its
// 50 connections held this way). A side FerretDB of the same build with a pool of 2 runs
// concurrent updateOne, upserts, findOneAndUpdate and findOneAndDelete on one collection: all
// finish, and the counts add up. The same patch writes each updated document as a
// compare-and-swap against the document as read (read again and retried on a concurrent
// change): unpatched, FerretDB lost one of two concurrent $inc of a document.
import { type Collection, MongoClient } from 'mongodb';
import { startSideFerretDb, type SideFerretDb } from '@examprep/test-kit';
import { infraModel } from '../environment.cjs';

const model = infraModel('test');
const DB = 'ferretdb_pool_it';
const CONCURRENT = 24;

let main: MongoClient;
let side: SideFerretDb;
let coll: Collection<{ _id: string; n: number }>;

beforeAll(async () => {
  main = await MongoClient.connect(model.mongoUrl(), { serverSelectionTimeoutMS: 10_000 });
  await main.db(DB).dropDatabase();
  const c = main.db(DB).collection<{ _id: string; n: number }>('docs');
  await c.insertMany(Array.from({ length: CONCURRENT }, (_, i) => ({ _id: `d${i}`, n: 0 })));
  // created through the shared FerretDB first: the side one reads the catalogue at its start
  side = await startSideFerretDb({ urlParams: 'pool_max_conns=2' });
  coll = side.client.db(DB).collection('docs');
}, 60_000);

afterAll(async () => {
  await side?.stop();
  await main?.db(DB).dropDatabase();
  await main?.close();
});

/** The promise, or a rejection after `ms` (a deadlock fails the spec instead of hanging it). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<T>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`not done within ${ms} ms: FerretDB deadlocked`)),
          ms,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

it('runs more concurrent updates than the pool has connections', async () => {
  const writes = Array.from({ length: CONCURRENT }, (_, i) =>
    Promise.all([
      coll.updateOne({ _id: `d${i}` }, { $inc: { n: 1 } }),
      coll.updateOne({ _id: `u${i}` }, { $set: { n: 1 } }, { upsert: true }),
      coll.findOneAndUpdate({ _id: `d${i}` }, { $inc: { n: 1 } }, { returnDocument: 'after' }),
      coll.updateMany({ _id: `d${i}` }, { $inc: { n: 1 } }),
    ]),
  );
  await within(30_000, Promise.all(writes));
  const docs = await coll.find({ _id: { $regex: '^d' } }).toArray();
  expect(docs.map((d) => d.n)).toEqual(Array(CONCURRENT).fill(3));
  expect(await coll.countDocuments({ _id: { $regex: '^u' } })).toBe(CONCURRENT);
}, 60_000);

it('loses none of many concurrent $inc of one document (a compare-and-swap per write)', async () => {
  await coll.insertOne({ _id: 'hot', n: 0 });
  await within(
    60_000,
    Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? coll.updateOne({ _id: 'hot' }, { $inc: { n: 1 } })
          : coll.findOneAndUpdate({ _id: 'hot' }, { $inc: { n: 1 } }),
      ),
    ),
  );
  expect(await coll.findOne({ _id: 'hot' })).toEqual({ _id: 'hot', n: 40 });
  await coll.deleteOne({ _id: 'hot' });
}, 90_000);

it('an update whose document stops matching while it waits matches nothing', async () => {
  await coll.insertOne({ _id: 'flag', n: 0 });
  // each sets n to 1 only where n is 0: exactly one of them may match and modify
  const results = await within(
    30_000,
    Promise.all(
      Array.from({ length: 12 }, () => coll.updateOne({ _id: 'flag', n: 0 }, { $set: { n: 1 } })),
    ),
  );
  expect(results.reduce((sum, r) => sum + r.modifiedCount, 0)).toBe(1);
  expect(results.reduce((sum, r) => sum + r.matchedCount, 0)).toBe(1);
  await coll.deleteOne({ _id: 'flag' });
}, 60_000);

it('runs more concurrent findOneAndDelete than the pool has connections', async () => {
  const removed = await within(
    30_000,
    Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => coll.findOneAndDelete({ _id: `u${i}` })),
    ),
  );
  expect(removed.filter((d) => d !== null)).toHaveLength(CONCURRENT);
  expect(await coll.countDocuments({ _id: { $regex: '^u' } })).toBe(0);
}, 60_000);
