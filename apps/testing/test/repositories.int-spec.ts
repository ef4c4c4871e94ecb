// The testing service's repository against the REAL store of the test profile (FerretDB
// locally, MongoDB in containers), in a scratch database of its own: each case runs on
// MongoTestsRepository and on the in-memory fake the unit specs use, so the fake keeps the
// semantics the services rely on (owners, the first answer wins, defaults of unwritten answer
// fields, completion, the per-user lists and counts, removal of all three documents).
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '@examprep/test-kit';
import { MongoTestCountsRepository } from '../src/exams/mongo-test-counts.repository';
import { MongoTestsRepository } from '../src/exams/mongo-tests.repository';
import {
  TestAnswerSheetRecord,
  TestAnswerSheetSchema,
  TestContentRecord,
  TestContentSchema,
  TestRecord,
  TestSchema,
} from '../src/exams/test.schema';
import {
  TestCountRecord,
  TestCountSchema,
  TestingMarkerRecord,
  TestingMarkerSchema,
} from '../src/exams/test-count.schema';
import type { TestCountsRepository } from '../src/exams/test-counts.repository';
import type { TestsRepository } from '../src/exams/tests.repository';
import { FakeTestCountsRepository } from './support/fake-test-counts.repository';
import { FakeTestsRepository } from './support/fake-tests.repository';
import { poolQuestion } from './support/service-fixture';
import { T0, testRecord } from './support/test-record';

const db = scratchDatabase('testing_repositories_it', [
  [TestRecord.name, TestSchema],
  [TestContentRecord.name, TestContentSchema],
  [TestAnswerSheetRecord.name, TestAnswerSheetSchema],
  [TestCountRecord.name, TestCountSchema],
  [TestingMarkerRecord.name, TestingMarkerSchema],
]);
let recorded: ReturnType<typeof recordQueries>;
beforeAll(async () => {
  await db.open();
  recorded = recordQueries(db.conn);
}, 60_000);
afterAll(() => db.close());

const implementations: [string, () => Promise<TestsRepository>][] = [
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

const QUESTIONS = [poolQuestion('AA01'), poolQuestion('AA02')];

/** An answer no field of which was written, but these. */
const answer = (qid: string, over: object = {}) => ({
  qid,
  submittedAnswer: [],
  isSubmitted: false,
  status: 'unanswered',
  gradedAt: null,
  gradedBy: null,
  savedAt: null,
  flagged: false,
  ...over,
});

describe.each(implementations)('TestsRepository (%s)', (_name, make) => {
  it("reads a test and its snapshot for its owner only; findAnyTest for anyone's", async () => {
    const repo = await make();
    await repo.insert(testRecord('t1', 'u1'), QUESTIONS);
    expect(await repo.findOwnTest('t1', 'u1')).toEqual(testRecord('t1', 'u1'));
    expect(await repo.findOwnTest('t1', 'u2')).toBeNull();
    expect(await repo.findOwnTest('nope', 'u1')).toBeNull();
    expect(await repo.findAnyTest('t1')).toEqual(testRecord('t1', 'u1'));
    expect(await repo.findAnyTest('nope')).toBeNull();
    expect(await repo.findQuestions('t1', 'u1')).toEqual(QUESTIONS);
    expect(await repo.findQuestions('t1', 'u2')).toBeNull();
    expect(await repo.findQuestions('nope', 'u1')).toBeNull();
  });

  it('the first answer of a question wins; later checks update it; reads fill the defaults', async () => {
    const repo = await make();
    await repo.insert(testRecord('t1', 'u1'), QUESTIONS);
    const graded = { submittedAnswer: ['2'], isSubmitted: true, status: 'correct' as const };
    expect(await repo.insertAnswer('t1', 'u1', 'AA01', graded)).toBe(true);
    expect(await repo.insertAnswer('t1', 'u1', 'AA01', { submittedAnswer: ['3'] })).toBe(false);
    expect(await repo.findAnswer('t1', 'u1', 'AA01')).toEqual(answer('AA01', graded));
    await repo.updateAnswer('t1', 'AA01', { flagged: true });
    expect(await repo.findAnswer('t1', 'u1', 'AA01')).toEqual(
      answer('AA01', { ...graded, flagged: true }),
    );
    expect(await repo.findAnswer('t1', 'u1', 'AA02')).toBeNull();
    // another user reads nothing of it
    expect(await repo.findAnswer('t1', 'u2', 'AA01')).toBeNull();
    expect((await repo.findAnswers('t1', 'u2', ['AA01'])).size).toBe(0);
  });

  it('writes answers field by field and reads the asked ones in one go', async () => {
    const repo = await make();
    await repo.insert(testRecord('t1', 'u1'), QUESTIONS);
    const savedAt = new Date('2026-11-20T10:05:00.000Z');
    await repo.writeAnswer('t1', 'u1', 'AA01', { submittedAnswer: ['1'], savedAt });
    await repo.writeAnswer('t1', 'u1', 'AA01', { submittedAnswer: ['2'], savedAt });
    await repo.writeAnswer('t1', 'u1', 'AA02', { flagged: true });
    const read = await repo.findAnswers('t1', 'u1', ['AA01', 'AA02', 'AA03']);
    expect([...read.keys()].sort()).toEqual(['AA01', 'AA02']);
    expect(read.get('AA01')).toEqual(answer('AA01', { submittedAnswer: ['2'], savedAt }));
    expect(read.get('AA02')).toEqual(answer('AA02', { flagged: true }));
    expect((await repo.findAnswers('t1', 'u1', [])).size).toBe(0);
  });

  it('moves lastUpdated, completes with the scores, and lists and counts per user', async () => {
    const repo = await make();
    await repo.insert(testRecord('t1', 'u1'), QUESTIONS);
    await repo.insert(
      testRecord('t2', 'u1', { mode: 'full', includeId: 'teas_math_sample_qbank' }),
      [poolQuestion('AA01')],
    );
    await repo.insert(testRecord('t3', 'u2'), QUESTIONS);
    const at = new Date('2026-11-20T11:00:00.000Z');
    await repo.touch('t1', at);
    expect((await repo.findAnyTest('t1'))?.lastUpdated).toEqual(at);
    const completion = {
      finalScore: 50,
      correctCount: 1,
      incorrectCount: 0,
      unansweredCount: 1,
      answeredCount: 1,
      objectives: [{ objective: 'Fractions', correct: 1, incorrect: 0, unanswered: 1, total: 2 }],
      submittedAt: at,
      lastUpdated: at,
    };
    expect(await repo.complete('t2', completion)).toBe(true);
    expect(await repo.findOwnTest('t2', 'u1')).toMatchObject({ ...completion, completed: true });
    // a second grading (another replica, a moment later) writes nothing: the first one stays
    const later = new Date(at.getTime() + 1_000);
    expect(
      await repo.complete('t2', {
        ...completion,
        finalScore: 0,
        submittedAt: later,
        lastUpdated: later,
      }),
    ).toBe(false);
    expect(await repo.findOwnTest('t2', 'u1')).toMatchObject({ ...completion, completed: true });
    expect(await repo.complete('gone', completion)).toBe(false);

    const ids = (tests: TestRecord[]) => tests.map((t) => t._id).sort();
    expect(ids(await repo.listByUser('u1'))).toEqual(['t1', 't2']);
    expect(ids(await repo.listByUser('u1', { completed: true }))).toEqual(['t2']);
    expect(ids(await repo.listByUser('u1', { completed: false }))).toEqual(['t1']);
    expect(await repo.listByUser('nobody')).toEqual([]);
  });

  it("pages a user's tests newest first by createdAt, then _id (ADR 0026)", async () => {
    const repo = await make();
    const at = (min: number) => new Date(T0.getTime() + min * 60_000);
    await repo.insert(testRecord('t1', 'u1', { createdAt: at(1) }), QUESTIONS);
    await repo.insert(testRecord('t2', 'u1', { createdAt: at(3) }), QUESTIONS);
    await repo.insert(testRecord('t3', 'u1', { createdAt: at(3) }), QUESTIONS);
    await repo.insert(testRecord('t4', 'u1', { createdAt: at(2) }), QUESTIONS);
    await repo.insert(testRecord('t5', 'u2', { createdAt: at(9) }), QUESTIONS);
    const first = await repo.pageByUser('u1', undefined, 2);
    expect(first.items.map((t) => t._id)).toEqual(['t3', 't2']);
    expect(first.next).not.toBeNull();
    const second = await repo.pageByUser('u1', first.next!, 2);
    expect(second.items.map((t) => t._id)).toEqual(['t4', 't1']);
    expect(second.next).toBeNull();
    expect(second.items[0]).toEqual(testRecord('t4', 'u1', { createdAt: at(2) }));
    expect(await repo.pageByUser('nobody', undefined, 2)).toEqual({ items: [], next: null });
  });

  it("lists the owner's unfinished tests whose timer ended before a time (the gradebook)", async () => {
    const repo = await make();
    const at = (min: number) => new Date(T0.getTime() + min * 60_000);
    const timer = (endsAt: Date) => ({ limitSeconds: 60, startedAt: T0, endsAt });
    await repo.insert(
      testRecord('t1', 'u1', { timer: timer(at(5)), timerEndsAt: at(5) }),
      QUESTIONS,
    );
    await repo.insert(
      testRecord('t2', 'u1', { timer: timer(at(9)), timerEndsAt: at(9) }),
      QUESTIONS,
    );
    await repo.insert(testRecord('t3', 'u1', { timerEndsAt: null }), QUESTIONS);
    await repo.insert(
      testRecord('t4', 'u2', { timer: timer(at(1)), timerEndsAt: at(1) }),
      QUESTIONS,
    );
    await repo.insert(
      testRecord('t5', 'u1', { timer: timer(at(2)), timerEndsAt: at(2), completed: true }),
      QUESTIONS,
    );
    const ids = (tests: TestRecord[]) => tests.map((t) => t._id).sort();
    expect(ids(await repo.listTimeUp('u1', at(6)))).toEqual(['t1']);
    expect(ids(await repo.listTimeUp('u1', at(5)))).toEqual([]); // ended before, not at
    expect(ids(await repo.listTimeUp('u1', at(60)))).toEqual(['t1', 't2']);
    expect(await repo.listTimeUp('nobody', at(60))).toEqual([]);
  });

  it('finds the timed tests without timerEndsAt in _id pages and stamps them (the backfill)', async () => {
    const repo = await make();
    const timer = { limitSeconds: 60, startedAt: T0, endsAt: new Date(T0.getTime() + 60_000) };
    // made before the field existed: no timerEndsAt at all
    await repo.insert(testRecord('t1', 'u1', { timer }), QUESTIONS);
    await repo.insert(testRecord('t2', 'u1'), QUESTIONS);
    await repo.insert(testRecord('t3', 'u2', { timer }), QUESTIONS);
    await repo.insert(testRecord('t4', 'u2', { timer, timerEndsAt: timer.endsAt }), QUESTIONS);
    const first = await repo.scanUnstampedTimers(null, 2);
    expect(first).toEqual({ tests: [{ _id: 't1', timer }], last: 't2' });
    const second = await repo.scanUnstampedTimers(first.last, 2);
    expect(second).toEqual({ tests: [{ _id: 't3', timer }], last: 't4' });
    expect(await repo.scanUnstampedTimers(second.last, 2)).toEqual({ tests: [], last: null });
    await repo.stampTimerEndsAt('t1', timer.endsAt);
    expect((await repo.findAnyTest('t1'))?.timerEndsAt).toEqual(timer.endsAt);
    expect((await repo.scanUnstampedTimers(null, 10)).tests.map((t) => t._id)).toEqual(['t3']);
    expect(await repo.listTimeUp('u1', new Date(T0.getTime() + 120_000))).toMatchObject([
      { _id: 't1' },
    ]);
  });

  it('reads the owners of every test in _id pages (the build of the counts)', async () => {
    const repo = await make();
    for (const [id, uid] of [
      ['t3', 'u1'],
      ['t1', 'u2'],
      ['t2', 'u1'],
    ])
      await repo.insert(testRecord(id!, uid!), QUESTIONS);
    expect(await repo.scanOwners(null, 2)).toEqual([
      { _id: 't1', userId: 'u2' },
      { _id: 't2', userId: 'u1' },
    ]);
    expect(await repo.scanOwners('t2', 2)).toEqual([{ _id: 't3', userId: 'u1' }]);
    expect(await repo.scanOwners('t3', 2)).toEqual([]);
  });

  it('removes a test with its snapshot and its answers', async () => {
    const repo = await make();
    await repo.insert(testRecord('t1', 'u1'), QUESTIONS);
    await repo.insert(testRecord('t2', 'u1'), QUESTIONS);
    await repo.writeAnswer('t1', 'u1', 'AA01', { submittedAnswer: ['2'] });
    await repo.writeAnswer('t2', 'u1', 'AA01', { submittedAnswer: ['3'] });
    expect(await repo.remove('t1')).toBe(true);
    expect(await repo.remove('t1')).toBe(false);
    expect(await repo.findAnyTest('t1')).toBeNull();
    expect(await repo.findQuestions('t1', 'u1')).toBeNull();
    expect(await repo.findAnswer('t1', 'u1', 'AA01')).toBeNull();
    // the other test keeps its answer
    expect(await repo.findAnswer('t2', 'u1', 'AA01')).toEqual(
      answer('AA01', { submittedAnswer: ['3'] }),
    );
  });
});

const countImplementations: [string, () => Promise<TestCountsRepository>][] = [
  [
    'MongoDB',
    async () =>
      new MongoTestCountsRepository(
        await db.empty<TestCountRecord>(TestCountRecord.name),
        await db.empty<TestingMarkerRecord>(TestingMarkerRecord.name),
      ),
  ],
  ['fake', async () => new FakeTestCountsRepository()],
];

describe.each(countImplementations)('TestCountsRepository (%s)', (_name, make) => {
  it('adds and sets a count (upsert), each write one version more', async () => {
    const counts = await make();
    const at = (s: number) => new Date(T0.getTime() + s * 1000);
    expect(await counts.find('u1')).toBeNull();
    expect(await counts.add('u1', 1, at(1))).toEqual({ uid: 'u1', n: 1, version: 1, at: at(1) });
    expect(await counts.add('u1', 1, at(2))).toEqual({ uid: 'u1', n: 2, version: 2, at: at(2) });
    expect(await counts.add('u1', -1, at(3))).toEqual({ uid: 'u1', n: 1, version: 3, at: at(3) });
    expect(await counts.set('u1', 0, at(4))).toEqual({ uid: 'u1', n: 0, version: 4, at: at(4) });
    expect(await counts.set('u2', 5, at(5))).toEqual({ uid: 'u2', n: 5, version: 1, at: at(5) });
    expect(await counts.find('u1')).toEqual({ uid: 'u1', n: 0, version: 4, at: at(4) });
    // many at once, from as many callers (replicas) with no lock: the store applies each `$inc`
    // atomically (MongoDB; FerretDB since our update-safety patch): none lost, every version
    // handed out once
    const many = await Promise.all(Array.from({ length: 8 }, () => counts.add('u3', 1, at(6))));
    expect(many.map((c) => c.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await counts.find('u3')).toMatchObject({ n: 8, version: 8 });
  });

  it('writes a recount only over the version it read (compare-and-set)', async () => {
    const counts = await make();
    const at = (s: number) => new Date(T0.getTime() + s * 1000);
    // no document yet: version 0 inserts it; a second insert of version 0 lost
    expect(await counts.setIfVersion('r1', 4, 0, at(1))).toEqual({
      uid: 'r1',
      n: 4,
      version: 1,
      at: at(1),
    });
    expect(await counts.setIfVersion('r1', 9, 0, at(2))).toBeNull();
    // a change came in between: the stale version loses, the current one wins
    await counts.add('r1', 1, at(3));
    expect(await counts.setIfVersion('r1', 7, 1, at(4))).toBeNull();
    expect(await counts.setIfVersion('r1', 7, 2, at(5))).toEqual({
      uid: 'r1',
      n: 7,
      version: 3,
      at: at(5),
    });
    expect(await counts.find('r1')).toEqual({ uid: 'r1', n: 7, version: 3, at: at(5) });
    // eight at once over the same version: exactly one wins
    const raced = await Promise.all(
      Array.from({ length: 8 }, (_, i) => counts.setIfVersion('r1', 10 + i, 3, at(6))),
    );
    expect(raced.filter((c) => c !== null)).toHaveLength(1);
    expect(await counts.find('r1')).toMatchObject({ version: 4 });
  });

  it('claims the build once; a stale claim is taken over, a built one never', async () => {
    const counts = await make();
    const at = (s: number) => new Date(T0.getTime() + s * 1000);
    expect(await counts.claimBuild('a:1', at(0), at(-120))).toEqual(at(0));
    expect(await counts.claimBuild('b:2', at(1), at(-119))).toBeNull();
    expect(await counts.beat('a:1', at(10))).toBe(true);
    expect(await counts.beat('b:2', at(10))).toBe(false);
    // a stopped beating: b takes over, a is told to stop
    expect(await counts.claimBuild('b:2', at(200), at(80))).toEqual(at(200));
    expect(await counts.beat('a:1', at(201))).toBe(false);
    await counts.finishBuild('b:2', at(210), { tests: 3, users: 2, ms: 5, readMs: 2 });
    expect(await counts.claimBuild('c:3', at(999), at(900))).toBeNull();
  });

  it("marks another one-off job done, once, apart from the counts' build", async () => {
    const counts = await make();
    expect(await counts.isDone('timer_ends_at')).toBe(false);
    await counts.markDone('timer_ends_at', 'a:1', T0, { stamped: 3, ms: 4 });
    await counts.markDone('timer_ends_at', 'b:2', T0, { stamped: 0, ms: 1 });
    expect(await counts.isDone('timer_ends_at')).toBe(true);
    expect(await counts.isDone('other')).toBe(false);
    expect(await counts.claimBuild('a:1', T0, T0)).toEqual(T0);
  });
});

describe('MongoTestsRepository: the question snapshot as stored', () => {
  it('writes it as one JSON text, and reads a snapshot written before as an array', async () => {
    const contents = await db.empty<TestContentRecord>(TestContentRecord.name);
    const repo = new MongoTestsRepository(
      await db.empty<TestRecord>(TestRecord.name),
      contents,
      await db.empty<TestAnswerSheetRecord>(TestAnswerSheetRecord.name),
    );
    await repo.insert(testRecord('t1', 'u1'), QUESTIONS);
    const stored = await contents.collection.findOne({ _id: 't1' } as never);
    expect(stored).toEqual({ _id: 't1', userId: 'u1', questionsJson: JSON.stringify(QUESTIONS) });
    // a snapshot of a test made before questionsJson
    await contents.collection.insertOne({ _id: 't0', userId: 'u1', questions: QUESTIONS } as never);
    expect(await repo.findQuestions('t0', 'u1')).toEqual(QUESTIONS);
    expect(await repo.findQuestions('t0', 'u2')).toBeNull();
    expect(await repo.findQuestions('t1', 'u1')).toEqual(QUESTIONS);
  });
});

// Last, once every case above has run: each query MongoTestsRepository sent has an index that
// serves it (issue 26, ADR 0028; libs/test-kit/src/indexes.ts).
it('sends only queries that an index serves (explain on the real store)', async () => {
  recorded.stop();
  // no exemption: the first page of the counts' build (`find({})` sorted by _id, limited) is
  // checked like every other query
  await expectEveryQueryIndexed(db.conn.name, recorded.queries);
}, 60_000);
