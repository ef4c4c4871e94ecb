// expectEveryQueryIndexed against the real store: it passes queries an index serves (an equality
// on the leading key, the first page of a list in index order) and names the ones that read a
// whole collection (no index at all) or a whole index (a condition on a later key only).
import mongoose, { Schema } from 'mongoose';
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '../src';

const ThingSchema = new Schema({ a: String, b: String, c: Number }, { collection: 'things' });
ThingSchema.index({ a: 1, b: 1 });

const db = scratchDatabase('testkit_indexes_it', [['Thing', ThingSchema]]);
beforeAll(() => db.open(), 60_000);
afterAll(() => db.close());

it('passes indexed queries and names each whole read', async () => {
  const Thing = await db.empty<{ a: string; b: string; c: number }>('Thing');
  await Thing.insertMany(
    Array.from({ length: 50 }, (_, i) => ({ a: `a${i % 5}`, b: `b${i}`, c: i })),
  );
  const recorded = recordQueries(db.conn);
  await Thing.find({ a: 'a1' }).exec();
  await Thing.find({ a: 'a1', b: { $gt: 'b3' } }).exec();
  await Thing.find({}).sort({ a: 1, b: 1 }).limit(5).exec();
  await Thing.find({ b: 'b7' }).exec(); // a later key only: the whole index
  await Thing.find({ c: 3 }).exec(); // no index: the whole collection
  recorded.stop();
  expect(recorded.queries).toHaveLength(5);

  await expect(
    expectEveryQueryIndexed(db.conn.name, recorded.queries.slice(0, 3)),
  ).resolves.toEqual({
    explained: 3,
  });
  const failure = await expectEveryQueryIndexed(db.conn.name, recorded.queries).catch(
    (e: Error) => e,
  );
  expect(failure).toBeInstanceOf(Error);
  const message = (failure as Error).message;
  expect(message).toMatch(/^2 queries read a whole collection/);
  expect(message).toContain('things.find({"b":"b7"})');
  expect(message).toContain('things.find({"c":3})');
  // bounded collections are not explained
  await expect(
    expectEveryQueryIndexed(db.conn.name, recorded.queries, { things: 'a spec collection' }),
  ).resolves.toEqual({ explained: 0 });
}, 60_000);

it('fails when nothing was recorded (recordQueries started too late)', async () => {
  await expect(expectEveryQueryIndexed(mongoose.connection.name ?? 'x', [])).rejects.toThrow(
    /no query was recorded/,
  );
});
