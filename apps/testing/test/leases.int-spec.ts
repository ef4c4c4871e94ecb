// The store side of ADR 0027 against the REAL store of the test profile (FerretDB locally,
// MongoDB in containers), in a scratch database: test_leases on MongoTestLeasesRepository and
// on the fake the unit specs use (one insert wins however many race, every operation by _id),
// and an answer write into a removed test refused by both tests repositories.
import { scratchDatabase } from '@examprep/test-kit';
import { MongoTestLeasesRepository } from '../src/exams/mongo-test-leases.repository';
import { MongoTestsRepository } from '../src/exams/mongo-tests.repository';
import { CLOSED_HOLDER, TestLeaseRecord, TestLeaseSchema } from '../src/exams/test-lease.schema';
import type { TestLeasesRepository } from '../src/exams/test-leases.repository';
import {
  TestAnswerSheetRecord,
  TestAnswerSheetSchema,
  TestContentRecord,
  TestContentSchema,
  TestRecord,
  TestSchema,
} from '../src/exams/test.schema';
import { TestGoneError, type TestsRepository } from '../src/exams/tests.repository';
import { FakeTestLeasesRepository } from './support/fake-test-leases.repository';
import { FakeTestsRepository } from './support/fake-tests.repository';
import { poolQuestion } from './support/service-fixture';

const db = scratchDatabase('testing_leases_it', [
  [TestLeaseRecord.name, TestLeaseSchema],
  [TestRecord.name, TestSchema],
  [TestContentRecord.name, TestContentSchema],
  [TestAnswerSheetRecord.name, TestAnswerSheetSchema],
]);
beforeAll(() => db.open(), 60_000);
afterAll(() => db.close());

const leaseStores: [string, () => Promise<TestLeasesRepository>][] = [
  [
    'MongoDB',
    async () =>
      new MongoTestLeasesRepository(await db.empty<TestLeaseRecord>(TestLeaseRecord.name)),
  ],
  ['fake', async () => new FakeTestLeasesRepository()],
];

const UNTIL = new Date('2026-11-27T10:00:00.000Z');

describe.each(leaseStores)('test leases (%s)', (_name, make) => {
  it('of 20 inserts of one lease at once exactly one wins; another test is free', async () => {
    const leases = await make();
    const wins = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        leases.tryInsert({ _id: 't1', holder: `r:${i}`, until: UNTIL }),
      ),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = `r:${wins.indexOf(true)}`;
    expect(await leases.find('t1')).toEqual({ _id: 't1', holder: winner, until: UNTIL });
    expect(await leases.tryInsert({ _id: 't2', holder: 'r:x', until: UNTIL })).toBe(true);
    expect(await leases.find('nope')).toBeNull();
  });

  it('extends, closes for good, and removes by id', async () => {
    const leases = await make();
    await leases.tryInsert({ _id: 't1', holder: 'r:1', until: UNTIL });
    const later = new Date(UNTIL.getTime() + 5_000);
    await leases.extend('t1', later);
    expect(await leases.find('t1')).toEqual({ _id: 't1', holder: 'r:1', until: later });
    await leases.close('t1');
    expect(await leases.find('t1')).toEqual({ _id: 't1', holder: CLOSED_HOLDER, until: null });
    expect(await leases.tryInsert({ _id: 't1', holder: 'r:2', until: UNTIL })).toBe(false);
    await leases.remove('t1');
    expect(await leases.find('t1')).toBeNull();
    expect(await leases.tryInsert({ _id: 't1', holder: 'r:2', until: UNTIL })).toBe(true);
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
    const test: TestRecord = {
      _id: 't1',
      userId: 'u1',
      productId: 'teas_math_qbank',
      testProductId: 'teas_math_qbank_practice',
      includeId: 'teas_math_qbank_practice',
      productName: 'TEAS Math QBank',
      instructions: '',
      mode: 'practice',
      completed: false,
      createdAt: UNTIL,
      lastUpdated: UNTIL,
      submittedAt: null,
      totalQuestions: 1,
      finalScore: null,
      correctCount: null,
      incorrectCount: null,
      unansweredCount: null,
      answeredCount: null,
      objectives: null,
      timer: null,
    };
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
