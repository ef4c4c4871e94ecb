// The store side of ADR 0027 against the REAL servers of the test profile: the test leases in
// the JetStream key-value bucket (NatsTestLeasesRepository) and in the fake the unit specs use
// (one take of many wins, changes and give-backs name the revision they read, a lease ends
// LEASE_MS after its last write), and an answer write into a removed test refused by both
// tests repositories (FerretDB locally, MongoDB in containers, in a scratch database).
import { randomUUID } from 'node:crypto';
import { JetStreamBus } from '@examprep/nest-kit';
import { infraConfig, scratchDatabase } from '@examprep/test-kit';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { MongoTestsRepository } from '../src/exams/mongo-tests.repository';
import { NatsTestLeasesRepository } from '../src/exams/nats-test-leases.repository';
import {
  TestAnswerSheetRecord,
  TestAnswerSheetSchema,
  TestContentRecord,
  TestContentSchema,
  TestRecord,
  TestSchema,
} from '../src/exams/test.schema';
import { CLOSED_HOLDER, type TestLeasesRepository } from '../src/exams/test-leases.repository';
import { TestGoneError, type TestsRepository } from '../src/exams/tests.repository';
import { FakeTestLeasesRepository } from './support/fake-test-leases.repository';
import { FakeTestsRepository } from './support/fake-tests.repository';
import { poolQuestion } from './support/service-fixture';
import { testRecord } from './support/test-record';

const db = scratchDatabase('testing_leases_it', [
  [TestRecord.name, TestSchema],
  [TestContentRecord.name, TestContentSchema],
  [TestAnswerSheetRecord.name, TestAnswerSheetSchema],
]);
let nc: NatsConnection;
beforeAll(async () => {
  await db.open();
  nc = await connect({ servers: infraConfig('test').natsUrl, name: 'testing-leases-it' });
}, 60_000);
afterAll(async () => {
  await nc?.close();
  await db.close();
});

const leaseStores: [string, () => Promise<TestLeasesRepository>][] = [
  ['NATS key-value', async () => new NatsTestLeasesRepository(await JetStreamBus.create(nc))],
  ['fake', async () => new FakeTestLeasesRepository()],
];
/** A test id no other run uses (the bucket is shared by the running services). */
const id = () => `it${randomUUID().replace(/-/g, '').slice(0, 18)}`;
const UNTIL = new Date('2026-11-27T10:00:00.000Z');

describe.each(leaseStores)('test leases (%s)', (_name, make) => {
  it('of 20 takes of one lease at once exactly one wins; another test is free', async () => {
    const leases = await make();
    const [t1, t2] = [id(), id()];
    const revisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => leases.tryTake(t1, `r:${i}`)),
    );
    const won = revisions.filter((r) => r !== null);
    expect(won).toHaveLength(1);
    const winner = `r:${revisions.findIndex((r) => r !== null)}`;
    expect(await leases.find(t1)).toEqual({ holder: winner, revision: won[0] });
    expect(await leases.tryTake(t2, 'r:x')).not.toBeNull();
    expect(await leases.find(id())).toBeNull();
    await leases.giveBack(t1, won[0]!);
    await leases.giveBack(t2, (await leases.find(t2))!.revision);
  });

  it('a change or give-back names the revision read: a stale one changes nothing; given back, the lease can be taken again', async () => {
    const leases = await make();
    const t = id();
    const first = (await leases.tryTake(t, 'r:1'))!;
    const renewed = (await leases.rewrite(t, 'r:1', first))!;
    expect(renewed).toBeGreaterThan(first);
    expect(await leases.rewrite(t, 'r:2', first)).toBeNull(); // stale revision
    await leases.giveBack(t, first); // not the lease any more: left alone
    expect(await leases.find(t)).toEqual({ holder: 'r:1', revision: renewed });
    const closed = (await leases.rewrite(t, CLOSED_HOLDER, renewed))!;
    expect(await leases.find(t)).toEqual({ holder: CLOSED_HOLDER, revision: closed });
    expect(await leases.tryTake(t, 'r:3')).toBeNull();
    await leases.giveBack(t, closed);
    expect(await leases.find(t)).toBeNull();
    const again = await leases.tryTake(t, 'r:3');
    expect(again).not.toBeNull();
    await leases.giveBack(t, again!);
  });
});

describe('test leases (NATS key-value) when the bucket is gone', () => {
  /** Its own bucket: the running services' one is not touched. */
  class ScratchBucketLeases extends NatsTestLeasesRepository {
    protected override readonly bucketName = `it_leases_${randomUUID().slice(0, 8)}`;
    get stream() {
      return `KV_${this.bucketName}`;
    }
  }

  it('a NATS restart that lost the bucket (memory storage): the next call makes it again; the old holder learns it lost the lease', async () => {
    const leases = new ScratchBucketLeases(await JetStreamBus.create(nc));
    const jsm = await jetstreamManager(nc);
    try {
      const t = id();
      const first = (await leases.tryTake(t, 'r:1'))!;
      expect(first).not.toBeNull();
      // what a single server's restart does to a memory bucket
      await jsm.streams.delete(leases.stream);
      expect(await leases.find(t)).toBeNull();
      expect(await leases.rewrite(t, 'r:1', first)).toBeNull(); // a revision the new bucket lacks
      const taken = (await leases.tryTake(t, 'r:2'))!;
      expect(taken).not.toBeNull();
      expect(await leases.find(t)).toEqual({ holder: 'r:2', revision: taken });
      // gone again, now under a write: the write goes to the bucket made again
      await jsm.streams.delete(leases.stream);
      expect(await leases.tryTake(t, 'r:3')).not.toBeNull();
      expect((await leases.find(t))?.holder).toBe('r:3');
    } finally {
      await jsm.streams.delete(leases.stream).catch(() => undefined);
    }
  });
});

const testStores: [string, () => Promise<TestsRepository>][] = [
  [
    'MongoDB',
    async () =>
      new MongoTestsRepository(
        await db.empty<TestRecord>(TestRecord.name),
        await db.empty<TestContentRecord>(TestContentRecord.name),
        await db.empty<TestAnswerSheetRecord>(TestAnswerSheetRecord.name),
      ),
  ],
  ['fake', async () => new FakeTestsRepository()],
];

describe.each(testStores)('an answer write into a removed test (%s)', (_name, make) => {
  it('is refused with TestGoneError and writes nothing back', async () => {
    const repo = await make();
    const test = testRecord('t1', 'u1', {
      createdAt: UNTIL,
      lastUpdated: UNTIL,
      totalQuestions: 1,
    });
    await repo.insert(test, [poolQuestion('AA01')]);
    await repo.remove('t1');
    await expect(
      repo.writeAnswer('t1', 'u1', 'AA01', { submittedAnswer: ['2'] }),
    ).rejects.toBeInstanceOf(TestGoneError);
    await expect(repo.updateAnswer('t1', 'AA01', { flagged: true })).rejects.toBeInstanceOf(
      TestGoneError,
    );
    expect(await repo.findAnswer('t1', 'u1', 'AA01')).toBeNull();
  });
});
