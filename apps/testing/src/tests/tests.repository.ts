import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { PoolQuestion } from '@examprep/contracts';
import type { Model } from 'mongoose';
import { answerId, TestAnswerRecord, TestContentRecord, TestRecord } from './test.schema';
import type { StoredAnswer } from './test-view';

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/** An answer document's fields before anything is written to them. */
const ANSWER_DEFAULTS: Required<AnswerChange> = {
  submittedAnswer: [],
  isSubmitted: false,
  status: 'unanswered',
  gradedAt: null,
  gradedBy: null,
  savedAt: null,
  flagged: false,
};

/** The fields of an answer write ($set); the ids are set on insert. */
export type AnswerChange = Partial<
  Pick<
    TestAnswerRecord,
    'submittedAnswer' | 'isSubmitted' | 'status' | 'gradedAt' | 'gradedBy' | 'savedAt' | 'flagged'
  >
>;

/** The score fields written at submit. */
export type Completion = Pick<
  TestRecord,
  | 'finalScore'
  | 'correctCount'
  | 'incorrectCount'
  | 'unansweredCount'
  | 'answeredCount'
  | 'objectives'
  | 'submittedAt'
  | 'lastUpdated'
>;

/**
 * The testing service's queries (ADR 0019). Every read and write of one test goes by `_id`,
 * the one filter FerretDB 1.x pushes down; only the per-user lists filter on userId (the tests
 * documents are small). Queries on a learner's data take the owner's id.
 */
@Injectable()
export class TestsRepository {
  constructor(
    @InjectModel(TestRecord.name) private readonly tests: Model<TestRecord>,
    @InjectModel(TestContentRecord.name) private readonly contents: Model<TestContentRecord>,
    @InjectModel(TestAnswerRecord.name) private readonly answers: Model<TestAnswerRecord>,
  ) {}

  /** A new test: the snapshot first, then the test document that points at it. */
  async insert(test: TestRecord, questions: PoolQuestion[]): Promise<void> {
    await this.contents.collection.insertOne({
      _id: test._id,
      userId: test.userId,
      questions,
    } as never);
    await this.tests.collection.insertOne({ ...test } as never);
  }

  /** Any test by id (admins, the owner check is the caller's). */
  async findTest(testId: string): Promise<TestRecord | null> {
    return this.tests.findById(testId).lean<TestRecord>().exec();
  }

  /** The owner's test by id; null for a missing test and for another user's. */
  async findOwnTest(testId: string, userId: string): Promise<TestRecord | null> {
    const test = await this.findTest(testId);
    return test && test.userId === userId ? test : null;
  }

  async findQuestions(testId: string): Promise<PoolQuestion[] | null> {
    const doc = await this.contents.findById(testId).lean<TestContentRecord>().exec();
    return doc ? doc.questions : null;
  }

  /**
   * The answers of these questions of a test, in one query by `_id $in` (never by testId). On
   * FerretDB 1.24 no read uses an index: `_id` equality is a scan inside SQLite (~30 ms per
   * 11,000 answer documents, per question), `$in` one scan decoded by FerretDB (~230 ms at
   * 11,000), so one `$in` beats 38 equality reads (~875 ms measured); on MongoDB both are index
   * reads.
   */
  async findAnswers(testId: string, qids: readonly string[]): Promise<Map<string, StoredAnswer>> {
    if (qids.length === 0) return new Map();
    const docs = await this.answers
      .find({ _id: { $in: qids.map((q) => answerId(testId, q)) } })
      .lean<TestAnswerRecord[]>()
      .exec();
    return new Map(docs.map((d) => [d.qid, { ...d, submittedAnswer: d.submittedAnswer ?? [] }]));
  }

  async findAnswer(testId: string, qid: string): Promise<StoredAnswer | null> {
    const doc = await this.answers.findById(answerId(testId, qid)).lean<TestAnswerRecord>().exec();
    return doc ? { ...doc, submittedAnswer: doc.submittedAnswer ?? [] } : null;
  }

  /**
   * Inserts the answer document of a question; false when it exists already. An insert is the
   * cheap write on FerretDB 1.24 (its unique `_id` index is used, while an update by `_id` passes
   * over the whole collection: ~0.5 ms against ~34 ms at 11,000 documents).
   */
  async insertAnswer(
    testId: string,
    userId: string,
    qid: string,
    change: AnswerChange,
  ): Promise<boolean> {
    try {
      await this.answers.collection.insertOne({
        _id: answerId(testId, qid),
        testId,
        userId,
        qid,
        ...ANSWER_DEFAULTS,
        ...change,
      } as never);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async updateAnswer(testId: string, qid: string, change: AnswerChange): Promise<void> {
    await this.answers.collection.updateOne({ _id: answerId(testId, qid) } as never, {
      $set: change,
    });
  }

  /**
   * Writes one answer document by `_id`: an insert first (the first save of a question, the
   * common case), an update when it exists. Two first writes racing: the loser's duplicate-key
   * error turns it into the update.
   */
  async writeAnswer(
    testId: string,
    userId: string,
    qid: string,
    change: AnswerChange,
  ): Promise<void> {
    if (await this.insertAnswer(testId, userId, qid, change)) return;
    await this.updateAnswer(testId, qid, change);
  }

  async touch(testId: string, at: Date): Promise<void> {
    await this.tests.collection.updateOne({ _id: testId } as never, { $set: { lastUpdated: at } });
  }

  async complete(testId: string, completion: Completion): Promise<void> {
    await this.tests.collection.updateOne({ _id: testId } as never, {
      $set: { ...completion, completed: true },
    });
  }

  /** Every test of a user (small documents; FerretDB scans, MongoDB uses the index). */
  async listByUser(userId: string, filter: { completed?: boolean } = {}): Promise<TestRecord[]> {
    return this.tests
      .find({ userId, ...(filter.completed === undefined ? {} : { completed: filter.completed }) })
      .lean<TestRecord[]>()
      .exec();
  }

  /** Tests per user (the admin list's Tests column). */
  async countsByUser(): Promise<Record<string, number>> {
    const docs = await this.tests
      .find({}, { userId: 1 })
      .lean<Pick<TestRecord, 'userId'>[]>()
      .exec();
    const counts = new Map<string, number>();
    for (const d of docs) counts.set(d.userId, (counts.get(d.userId) ?? 0) + 1);
    return Object.fromEntries(counts);
  }

  /** Removes a test: its document, its snapshot and the answers of its questions (by _id). */
  async remove(testId: string, qids: readonly string[]): Promise<void> {
    await this.tests.collection.deleteOne({ _id: testId } as never);
    if (qids.length > 0)
      await this.answers.collection.deleteMany({
        _id: { $in: qids.map((q) => answerId(testId, q)) },
      } as never);
    await this.contents.collection.deleteOne({ _id: testId } as never);
  }
}
