import { randomUUID } from 'node:crypto';
import { type Db, MongoClient } from 'mongodb';
import mongoose, { type Connection, type Model, type Schema } from 'mongoose';
import { infraConfig, type InfraProfile } from './config';

/**
 * Runs `read` with one service's database of the profile, for a test that must see what no API
 * shows (an order's id behind a Checkout Session, say), and closes the connection after.
 */
export async function withDatabase<T>(
  dbName: string,
  read: (db: Db) => Promise<T>,
  profile: InfraProfile = 'test',
): Promise<T> {
  const client = await MongoClient.connect(infraConfig(profile).mongoUrl());
  try {
    return await read(client.db(dbName));
  } finally {
    await client.close();
  }
}

/** A scratch database of the test profile's store, for a repository spec (scratchDatabase). */
export interface ScratchDatabase {
  /** Connects, makes each model and builds its indexes (a suite's beforeAll). */
  open(): Promise<void>;
  /** Drops the database and disconnects (a suite's afterAll). */
  close(): Promise<void>;
  /** The open connection. */
  readonly conn: Connection;
  /** The model `name`, its collection emptied first: a fresh store for one case. */
  empty<T>(name: string): Promise<Model<T>>;
}

/**
 * A scratch database named `<prefix>_<random>` on the test profile's store (FerretDB locally,
 * MongoDB in containers) with the given models; their indexes are built on open, since unique
 * keys decide outcomes the repository specs check. Use:
 * `const db = scratchDatabase('identity_repositories_it', [[UserRecord.name, UserSchema]]);
 *  beforeAll(() => db.open(), 60_000); afterAll(() => db.close());`
 */
export function scratchDatabase(
  prefix: string,
  models: readonly (readonly [name: string, schema: Schema])[],
): ScratchDatabase {
  const name = `${prefix}_${randomUUID().slice(0, 8)}`;
  let conn: Connection | undefined;
  const opened = (): Connection => {
    if (!conn) throw new Error(`scratch database ${name} is not open (call open() in beforeAll)`);
    return conn;
  };
  return {
    async open() {
      conn = await mongoose.createConnection(infraConfig('test').mongoUrl(name)).asPromise();
      for (const [model, schema] of models) await conn.model(model, schema).init();
    },
    async close() {
      await conn?.dropDatabase().catch(() => undefined);
      await conn?.close();
      conn = undefined;
    },
    get conn() {
      return opened();
    },
    async empty<T>(model: string) {
      const m = opened().model<T>(model);
      await m.deleteMany({}).exec();
      return m;
    },
  };
}

/**
 * Removes the tests of these users from the testing database (tests, test_contents,
 * test_answers, test_counts) the way the service does: the tests found by their owner's index,
 * then each document by `_id`. A filter on `userId` of the snapshots or the answer sheets has no
 * index, and on a big data set (npm run seed:scale) the store would read every snapshot.
 */
export async function removeTestsOf(testing: Db, uids: string[]): Promise<void> {
  for (const uid of uids) {
    const tests = await testing
      .collection<{ _id: string }>('tests')
      .find({ userId: uid }, { projection: { _id: 1 } })
      .toArray();
    for (const { _id } of tests)
      for (const name of ['test_answers', 'test_contents', 'tests'])
        await testing.collection<{ _id: string }>(name).deleteOne({ _id });
    await testing.collection<{ _id: string }>('test_counts').deleteOne({ _id: uid });
  }
}
