import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Page, PoolQuestion } from '@examprep/contracts';
import type { Model } from 'mongoose';
import {
  type TestAnswerRecord,
  TestAnswerSheetRecord,
  snapshotOf,
  TestContentRecord,
  TestRecord,
} from './test.schema';
import type { StoredAnswer } from './test-view';
import {
  type AnswerChange,
  type Completion,
  TestGoneError,
  type TestRef,
  TestsRepository,
  USER_TESTS_ORDER,
} from './tests.repository';

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/** An answer's fields before anything is written to them. */
const ANSWER_DEFAULTS: Required<AnswerChange> = {
  submittedAnswer: [],
  isSubmitted: false,
  status: 'unanswered',
  gradedAt: null,
  gradedBy: null,
  savedAt: null,
  flagged: false,
};

/** A stored answer entry with the defaults of the fields never written. */
function withDefaults(qid: string, entry: Partial<TestAnswerRecord>): StoredAnswer {
  return { ...ANSWER_DEFAULTS, ...entry, qid, submittedAnswer: entry.submittedAnswer ?? [] };
}

/**
 * The testing service's queries (ADR 0019). Every read and write of one test goes by `_id`
 * (tests, test_contents and the answer sheet test_answers all use the test id); only the
 * per-user lists filter on userId (the tests documents are small). FerretDB 1.24 on SQLite
 * uses an index for `{_id}` alone (with our build's fix, ADR 0022) and scans for anything
 * else, so there is one document per test in each collection, never one per answer, and a
 * read of the owner's documents is a read by `_id` whose owner is checked here.
 * Answer writes of one test run one at a time across every replica (TestLocks, ADR 0027).
 */
@Injectable()
export class MongoTestsRepository extends TestsRepository {
  constructor(
    @InjectModel(TestRecord.name) private readonly tests: Model<TestRecord>,
    @InjectModel(TestContentRecord.name) private readonly contents: Model<TestContentRecord>,
    @InjectModel(TestAnswerSheetRecord.name)
    private readonly sheets: Model<TestAnswerSheetRecord>,
  ) {
    super();
  }

  /**
   * A new test: the snapshot and the empty answer sheet first, both at once, then the test
   * document (three inserts against the unique `_id` index). Nothing lists or reads a test
   * before its `tests` document exists, so the two may land in either order.
   */
  async insert(test: TestRecord, questions: PoolQuestion[]): Promise<void> {
    await Promise.all([
      this.contents.collection.insertOne({
        _id: test._id,
        userId: test.userId,
        questionsJson: JSON.stringify(questions),
      } as never),
      this.sheets.collection.insertOne({
        _id: test._id,
        userId: test.userId,
        answers: {},
      } as never),
    ]);
    await this.tests.collection.insertOne({ ...test } as never);
  }

  /** Any test by id (admins, the owner check is the caller's): by the `_id` index. */
  async findAnyTest(testId: string): Promise<TestRecord | null> {
    return this.tests.findById(testId).lean<TestRecord>().exec();
  }

  /** The owner's test by id; null for a missing test and for another user's (by `_id`). */
  async findOwnTest(testId: string, ownerId: string): Promise<TestRecord | null> {
    const test = await this.findAnyTest(testId);
    return test && test.userId === ownerId ? test : null;
  }

  /** The snapshot by the `_id` index of test_contents; the owner checked on the document. */
  async findQuestions(testId: string, ownerId: string): Promise<PoolQuestion[] | null> {
    const doc = await this.contents.findById(testId).lean<TestContentRecord>().exec();
    return doc && doc.userId === ownerId ? snapshotOf(doc) : null;
  }

  /**
   * The stored answers of these questions of a test (one read of its answer sheet by the
   * `_id` index of test_answers; the owner checked on the sheet).
   */
  async findAnswers(
    testId: string,
    ownerId: string,
    qids: readonly string[],
  ): Promise<Map<string, StoredAnswer>> {
    const out = new Map<string, StoredAnswer>();
    if (qids.length === 0) return out;
    const sheet = await this.sheets.findById(testId).lean<TestAnswerSheetRecord>().exec();
    if (!sheet || sheet.userId !== ownerId) return out;
    const entries = sheet.answers ?? {};
    for (const qid of qids) {
      const entry = Object.hasOwn(entries, qid) ? entries[qid] : undefined;
      if (entry) out.set(qid, withDefaults(qid, entry));
    }
    return out;
  }

  async findAnswer(testId: string, ownerId: string, qid: string): Promise<StoredAnswer | null> {
    return (await this.findAnswers(testId, ownerId, [qid])).get(qid) ?? null;
  }

  /**
   * Writes the answer of a question unless one is stored already (false then): the check of a
   * full-test question. A read and a write of the sheet, under the test's lock (TestLocks,
   * every replica).
   */
  async insertAnswer(
    testId: string,
    userId: string,
    qid: string,
    change: AnswerChange,
  ): Promise<boolean> {
    if (await this.findAnswer(testId, userId, qid)) return false;
    await this.writeAnswer(testId, userId, qid, { ...ANSWER_DEFAULTS, ...change });
    return true;
  }

  async updateAnswer(testId: string, qid: string, change: AnswerChange): Promise<void> {
    await this.setAnswerFields(testId, null, qid, change);
  }

  /** Sets these fields of one question's answer (one update of the sheet by `_id`). */
  async writeAnswer(
    testId: string,
    userId: string,
    qid: string,
    change: AnswerChange,
  ): Promise<void> {
    await this.setAnswerFields(testId, userId, qid, change);
  }

  /**
   * `$set answers.<qid>.<field>` for each changed field, by the `_id` index of test_answers.
   * A test whose sheet is missing (made before sheets existed) gets one, holding this answer;
   * a missing test gets nothing (TestGoneError).
   */
  private async setAnswerFields(
    testId: string,
    userId: string | null,
    qid: string,
    change: AnswerChange,
  ): Promise<void> {
    const $set = Object.fromEntries(
      Object.entries(change).map(([field, value]) => [`answers.${qid}.${field}`, value]),
    );
    if (Object.keys($set).length === 0) return;
    const res = await this.sheets.collection.updateOne({ _id: testId } as never, { $set });
    if (res.matchedCount > 0) return;
    // no sheet: a test removed meanwhile (a replica still held it in memory) takes no answer
    const test = await this.findAnyTest(testId);
    if (!test) throw new TestGoneError(testId);
    try {
      await this.sheets.collection.insertOne({
        _id: testId,
        userId: userId ?? test.userId,
        answers: { [qid]: { ...change } },
      } as never);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.sheets.collection.updateOne({ _id: testId } as never, { $set });
    }
  }

  /** By the `_id` index. */
  async touch(testId: string, at: Date): Promise<void> {
    await this.tests.collection.updateOne({ _id: testId } as never, { $set: { lastUpdated: at } });
  }

  /** By the `_id` index; the first completion stays. */
  async complete(testId: string, completion: Completion): Promise<boolean> {
    const { matchedCount } = await this.tests.collection.updateOne(
      { _id: testId, completed: { $ne: true } } as never,
      { $set: { ...completion, completed: true } },
    );
    return matchedCount === 1;
  }

  /** Every test of a user (small documents), by the `{userId, completed, lastUpdated}` index. */
  async listByUser(userId: string, filter: { completed?: boolean } = {}): Promise<TestRecord[]> {
    return this.tests
      .find({ userId, ...(filter.completed === undefined ? {} : { completed: filter.completed }) })
      .lean<TestRecord[]>()
      .exec();
  }

  /** By the `{userId, completed, timerEndsAt}` index: the owner, unfinished, a date range. */
  async listTimeUp(userId: string, endedBefore: Date): Promise<TestRecord[]> {
    return this.tests
      .find({ userId, completed: false, timerEndsAt: { $lt: endedBefore } })
      .lean<TestRecord[]>()
      .exec();
  }

  /**
   * By the `_id` index (`{_id: {$gt: after}}` sorted by `_id`, limited), the rest checked here:
   * a filter on more fields would not be served by that index, and the pages read every test
   * once (the one-off backfill).
   */
  async scanUnstampedTimers(
    after: string | null,
    limit: number,
  ): Promise<{ tests: Pick<TestRecord, '_id' | 'timer'>[]; last: string | null }> {
    const page = await this.tests
      .find(after === null ? {} : { _id: { $gt: after } }, { timer: 1, timerEndsAt: 1 })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<Pick<TestRecord, '_id' | 'timer' | 'timerEndsAt'>[]>()
      .exec();
    return {
      tests: page
        .filter((t) => t.timer && t.timerEndsAt === undefined)
        .map((t) => ({ _id: t._id, timer: t.timer })),
      last: page.length < limit ? null : page[page.length - 1]!._id,
    };
  }

  /** By the `_id` index. */
  async stampTimerEndsAt(testId: string, endsAt: Date): Promise<void> {
    await this.tests.collection.updateOne({ _id: testId } as never, {
      $set: { timerEndsAt: endsAt },
    });
  }

  /**
   * One keyset page (ADR 0026) by the `{userId, createdAt: -1, _id: -1}` index: the owner's
   * equality, then the order and the cursor's range.
   */
  async pageByUser(
    userId: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<TestRecord>> {
    const rows = await this.tests
      .find({ userId, ...USER_TESTS_ORDER.after(cursor) })
      .sort(USER_TESTS_ORDER.sort())
      .limit(limit + 1)
      .lean<TestRecord[]>()
      .exec();
    return USER_TESTS_ORDER.page(rows, limit);
  }

  /** By the `_id` index: `{_id: {$gt: after}}` sorted by `_id`, only the owner read. */
  async scanOwners(after: string | null, limit: number): Promise<TestRef[]> {
    return this.tests
      .find(after === null ? {} : { _id: { $gt: after } }, { userId: 1 })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<TestRef[]>()
      .exec();
  }

  /** Removes a test: its document, its answer sheet and its snapshot (each by the `_id` index). */
  async remove(testId: string): Promise<boolean> {
    const res = await this.tests.collection.deleteOne({ _id: testId } as never);
    await this.sheets.collection.deleteOne({ _id: testId } as never);
    await this.contents.collection.deleteOne({ _id: testId } as never);
    return res.deletedCount > 0;
  }
}
