import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { PoolQuestion } from '@examprep/contracts';
import type { Model } from 'mongoose';
import {
  type TestAnswerRecord,
  TestAnswerSheetRecord,
  TestContentRecord,
  TestRecord,
} from './test.schema';
import type { StoredAnswer } from './test-view';

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

/** A stored answer entry with the defaults of the fields never written. */
function withDefaults(qid: string, entry: Partial<TestAnswerRecord>): StoredAnswer {
  return { ...ANSWER_DEFAULTS, ...entry, qid, submittedAnswer: entry.submittedAnswer ?? [] };
}

/**
 * The testing service's queries (ADR 0019). Every read and write of one test goes by `_id`
 * (tests, test_contents and the answer sheet test_answers all use the test id); only the
 * per-user lists filter on userId (the tests documents are small). FerretDB 1.24 on SQLite
 * uses an index for `{_id}` alone (with our build's fix, ADR 0022) and scans for anything
 * else, so there is one document per test in each collection, never one per answer.
 * Answer writes of one test run one at a time in this process (TestStore's lock).
 */
@Injectable()
export class TestsRepository {
  constructor(
    @InjectModel(TestRecord.name) private readonly tests: Model<TestRecord>,
    @InjectModel(TestContentRecord.name) private readonly contents: Model<TestContentRecord>,
    @InjectModel(TestAnswerSheetRecord.name)
    private readonly sheets: Model<TestAnswerSheetRecord>,
  ) {}

  /** A new test: the snapshot and the empty answer sheet first, then the test document. */
  async insert(test: TestRecord, questions: PoolQuestion[]): Promise<void> {
    await this.contents.collection.insertOne({
      _id: test._id,
      userId: test.userId,
      questions,
    } as never);
    await this.sheets.collection.insertOne({
      _id: test._id,
      userId: test.userId,
      answers: {},
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

  /** The stored answers of these questions of a test (one read of its answer sheet). */
  async findAnswers(testId: string, qids: readonly string[]): Promise<Map<string, StoredAnswer>> {
    const out = new Map<string, StoredAnswer>();
    if (qids.length === 0) return out;
    const sheet = await this.sheets.findById(testId).lean<TestAnswerSheetRecord>().exec();
    const entries = sheet?.answers ?? {};
    for (const qid of qids) {
      const entry = Object.hasOwn(entries, qid) ? entries[qid] : undefined;
      if (entry) out.set(qid, withDefaults(qid, entry));
    }
    return out;
  }

  async findAnswer(testId: string, qid: string): Promise<StoredAnswer | null> {
    return (await this.findAnswers(testId, [qid])).get(qid) ?? null;
  }

  /**
   * Writes the answer of a question unless one is stored already (false then): the check of a
   * full-test question. A read and a write of the sheet, under the caller's per-test lock.
   */
  async insertAnswer(
    testId: string,
    userId: string,
    qid: string,
    change: AnswerChange,
  ): Promise<boolean> {
    if (await this.findAnswer(testId, qid)) return false;
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
   * `$set answers.<qid>.<field>` for each changed field. A test whose sheet is missing (made
   * before sheets existed) gets one, holding this answer.
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
    try {
      await this.sheets.collection.insertOne({
        _id: testId,
        userId: userId ?? (await this.findTest(testId))?.userId ?? '',
        answers: { [qid]: { ...change } },
      } as never);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.sheets.collection.updateOne({ _id: testId } as never, { $set });
    }
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

  /** Removes a test: its document, its answer sheet and its snapshot (each by _id). */
  async remove(testId: string): Promise<void> {
    await this.tests.collection.deleteOne({ _id: testId } as never);
    await this.sheets.collection.deleteOne({ _id: testId } as never);
    await this.contents.collection.deleteOne({ _id: testId } as never);
  }
}
