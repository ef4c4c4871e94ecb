import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { TestCountRecord, TestingMarkerRecord } from './test-count.schema';
import {
  type TestCount,
  type TestCountsBuildStats,
  TestCountsRepository,
} from './test-counts.repository';

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/** The marker of the counters' build in testing_markers. */
export const TEST_COUNTS_MARKER = 'test_counts';

const toCount = (doc: TestCountRecord): TestCount => ({
  uid: doc._id,
  n: doc.n,
  version: doc.version,
  at: new Date(doc.at),
});

/**
 * test_counts and its build marker. Every query goes by `_id` (the uid, the marker's name):
 * one atomic `findOneAndUpdate` with upsert per change (`$inc` of n and version), so two
 * replicas changing one user's count at once each get their own version (MongoDB; FerretDB on
 * PostgreSQL since our update-safety patch, ADR 0028). A recount is written by compare-and-set
 * on the version (setIfVersion), so it never overwrites a change it did not see.
 */
@Injectable()
export class MongoTestCountsRepository extends TestCountsRepository {
  constructor(
    @InjectModel(TestCountRecord.name) private readonly counts: Model<TestCountRecord>,
    @InjectModel(TestingMarkerRecord.name) private readonly markers: Model<TestingMarkerRecord>,
  ) {
    super();
  }

  add(uid: string, delta: number, at: Date): Promise<TestCount> {
    return this.upsert(uid, { $inc: { n: delta, version: 1 }, $set: { at } });
  }

  set(uid: string, n: number, at: Date): Promise<TestCount> {
    return this.upsert(uid, { $inc: { version: 1 }, $set: { n, at } });
  }

  /** By the `_id` index: an update matched on the version, or the unique insert for version 0. */
  async setIfVersion(uid: string, n: number, version: number, at: Date): Promise<TestCount | null> {
    if (version === 0) {
      try {
        await this.counts.collection.insertOne({ _id: uid, n, version: 1, at } as never);
        return { uid, n, version: 1, at };
      } catch (err) {
        if (isDuplicateKey(err)) return null;
        throw err;
      }
    }
    const doc = await this.counts
      .findOneAndUpdate(
        { _id: uid, version },
        { $set: { n, at, version: version + 1 } },
        { new: true },
      )
      .lean<TestCountRecord>()
      .exec();
    return doc ? toCount(doc) : null;
  }

  async find(uid: string): Promise<TestCount | null> {
    const doc = await this.counts.findById(uid).lean<TestCountRecord>().exec();
    return doc ? toCount(doc) : null;
  }

  /**
   * By the `_id` index. Two first writes of one user at once may both try the insert of the
   * upsert: the loser's duplicate key is retried once, as an update of the document now there.
   */
  private async upsert(uid: string, update: object): Promise<TestCount> {
    const run = () =>
      this.counts
        .findOneAndUpdate({ _id: uid }, update, { upsert: true, new: true })
        .lean<TestCountRecord>()
        .exec();
    let doc: TestCountRecord | null;
    try {
      doc = await run();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      doc = await run();
    }
    if (!doc) throw new Error(`test_counts ${uid}: no document after the upsert`);
    return toCount(doc);
  }

  /** The unique insert of the marker (by `_id`); a stale claim is taken over by compare-and-set. */
  async claimBuild(by: string, now: Date, staleBefore: Date): Promise<Date | null> {
    try {
      await this.markers.collection.insertOne({
        _id: TEST_COUNTS_MARKER,
        state: 'building',
        by,
        startedAt: now,
        beatAt: now,
        builtAt: null,
        stats: null,
      } as never);
      return now;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const marker = await this.markers
      .findById(TEST_COUNTS_MARKER)
      .lean<TestingMarkerRecord>()
      .exec();
    if (!marker || marker.state === 'built' || new Date(marker.beatAt) >= staleBefore) return null;
    const res = await this.markers.collection.updateOne(
      { _id: TEST_COUNTS_MARKER, state: 'building', beatAt: marker.beatAt } as never,
      { $set: { by, startedAt: now, beatAt: now } },
    );
    return res.matchedCount === 1 ? now : null;
  }

  async beat(by: string, now: Date): Promise<boolean> {
    const res = await this.markers.collection.updateOne(
      { _id: TEST_COUNTS_MARKER, state: 'building', by } as never,
      { $set: { beatAt: now } },
    );
    return res.matchedCount === 1;
  }

  async finishBuild(by: string, now: Date, stats: TestCountsBuildStats): Promise<void> {
    await this.markers.collection.updateOne(
      { _id: TEST_COUNTS_MARKER, state: 'building', by } as never,
      { $set: { state: 'built', builtAt: now, beatAt: now, stats: { ...stats } } },
    );
  }

  async isDone(name: string): Promise<boolean> {
    const marker = await this.markers.findById(name).lean<TestingMarkerRecord>().exec();
    return marker?.state === 'built';
  }

  async markDone(
    name: string,
    by: string,
    now: Date,
    stats: Record<string, number>,
  ): Promise<void> {
    try {
      await this.markers.collection.insertOne({
        _id: name,
        state: 'built',
        by,
        startedAt: now,
        beatAt: now,
        builtAt: now,
        stats: { ...stats },
      } as never);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
