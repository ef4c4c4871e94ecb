// Our FerretDB build's createIndexes of indexes that exist already (ferretdb-createindexes-
// existing.patch, ADR 0028). FerretDB 1.24 removed each identical index from a copy of the list
// at its place in the original list: from the second one on that place was past the end of the
// shrunk copy, and the connection died with "slice bounds out of range" (seed:scale's start on a
// store that had its collections made the same way lost 30 s to it). Against the test store:
// MongoDB's answer is a no-op for the ones that exist and the creation of the others.
import { type IndexDescription, MongoClient } from 'mongodb';
import { infraModel } from '../environment.cjs';

const model = infraModel('test');
const DB = `createindexes_it_${process.pid}`;
let client: MongoClient;

beforeAll(async () => {
  client = await MongoClient.connect(model.mongoUrl());
  await client.db(DB).dropDatabase();
});

afterAll(async () => {
  await client
    ?.db(DB)
    .dropDatabase()
    .catch(() => undefined);
  await client?.close();
});

const names = async (name: string) =>
  (await client.db(DB).collection(name).listIndexes().toArray()).map((i) => i.name).sort();

it('createIndexes of several existing indexes answers, and the new ones among them are made', async () => {
  const col = client.db(DB).collection('several');
  const specs: IndexDescription[] = [
    { key: { a: 1, b: 1, _id: 1 }, background: true },
    { key: { c: 1, a: 1 }, background: true },
    { key: { d: 1 } },
  ];
  expect(await col.createIndexes(specs)).toEqual(['a_1_b_1__id_1', 'c_1_a_1', 'd_1']);
  // all three exist: the call that closed the connection before the patch
  expect(await col.createIndexes(specs)).toEqual(['a_1_b_1__id_1', 'c_1_a_1', 'd_1']);
  // two exist, one is new, in between them
  await col.createIndexes([specs[0], { key: { e: -1 } }, specs[2]]);
  expect(await names('several')).toEqual(['_id_', 'a_1_b_1__id_1', 'c_1_a_1', 'd_1', 'e_-1']);
  // the same connection goes on
  await col.insertOne({ _id: 'x', a: 1 } as never);
  expect(await col.countDocuments({})).toBe(1);
});

it('still refuses a conflict with an existing index, naming it', async () => {
  const col = client.db(DB).collection('conflict');
  await col.createIndexes([{ key: { a: 1 } }, { key: { b: 1 } }]);
  await expect(
    col.createIndexes([{ key: { a: 1 } }, { key: { b: 1 }, name: 'other_b' }]),
  ).rejects.toThrow(/Index already exists with a different name: b_1/);
  expect(await names('conflict')).toEqual(['_id_', 'a_1', 'b_1']);
});
