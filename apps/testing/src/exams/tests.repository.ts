import type { Page, PoolQuestion } from '@examprep/contracts';
import { Keyset } from '@examprep/nest-kit';
import type { TestAnswerRecord, TestRecord } from './test.schema';
import type { StoredAnswer } from './test-view';

/**
 * The admin's list of a user's tests (admin spec §2.1 View Gradebook), newest first: createdAt
 * (never changes, so a test does not move between pages), then `_id`. Index
 * `{userId, createdAt: -1, _id: -1}` (test.schema.ts).
 */
export const USER_TESTS_ORDER = new Keyset<TestRecord>([
  { field: 'createdAt', dir: -1, kind: 'date', of: (t) => new Date(t.createdAt) },
  { field: '_id', dir: -1, kind: 'string', of: (t) => t._id },
]);

/** A test's id and its owner. */
export type TestRef = Pick<TestRecord, '_id' | 'userId'>;

/** The fields of an answer write ($set); the ids are set on insert. */
export type AnswerChange = Partial<
  Pick<
    TestAnswerRecord,
    'submittedAnswer' | 'isSubmitted' | 'status' | 'gradedAt' | 'gradedBy' | 'savedAt' | 'flagged'
  >
>;

/**
 * A write into a test that is no longer there (removed while a replica still held it in
 * memory): nothing is written, and the call answers 404 (ADR 0027).
 */
export class TestGoneError extends Error {
  constructor(readonly testId: string) {
    super(`test ${testId} is gone`);
    this.name = 'TestGoneError';
  }
}

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
 * The port of the testing service's store (ADR 0019): `tests` (one small document per test),
 * `test_contents` (its question snapshot) and `test_answers` (its answer sheet), all three by
 * the test id. MongoTestsRepository is the real one; unit specs use FakeTestsRepository.
 *
 * Every test belongs to a learner (`userId`). The reads that hand out a learner's data take
 * the owner as a required argument and answer null (or nothing) for another user's test:
 * findOwnTest, findQuestions, findAnswers, findAnswer, listByUser. findAnyTest is the one
 * read without an owner, for admins and the service's own bookkeeping. The writes of one
 * test (answers, touch, complete, remove) go by its id: their callers have read the test
 * through findOwnTest or findAnyTest first, and on FerretDB a filter of more than `_id`
 * scans the collection (ADR 0022).
 */
export abstract class TestsRepository {
  /**
   * A new test (its owner is `test.userId`): the snapshot and the empty answer sheet first,
   * then the test document.
   */
  abstract insert(test: TestRecord, questions: PoolQuestion[]): Promise<void>;

  /**
   * ANY test by id, whoever owns it: for admins (read, export, delete any test) and the
   * service's own bookkeeping (submit re-reads under the test's lock a test its caller has
   * loaded). A learner's request reads with findOwnTest.
   */
  abstract findAnyTest(testId: string): Promise<TestRecord | null>;

  /** The owner's test by id; null for a missing test and for another user's. */
  abstract findOwnTest(testId: string, ownerId: string): Promise<TestRecord | null>;

  /** The owner's test's question snapshot; null when there is none (or it is another user's). */
  abstract findQuestions(testId: string, ownerId: string): Promise<PoolQuestion[] | null>;

  /**
   * The stored answers of these questions of the owner's test (one read of its answer sheet);
   * none for another user's test.
   */
  abstract findAnswers(
    testId: string,
    ownerId: string,
    qids: readonly string[],
  ): Promise<Map<string, StoredAnswer>>;

  /** The stored answer of one question of the owner's test, or null. */
  abstract findAnswer(testId: string, ownerId: string, qid: string): Promise<StoredAnswer | null>;

  /**
   * Writes the answer of a question unless one is stored already (false then): the check of a
   * full-test question. Runs under the test's lock (TestLocks).
   */
  abstract insertAnswer(
    testId: string,
    userId: string,
    qid: string,
    change: AnswerChange,
  ): Promise<boolean>;

  /**
   * Sets these fields of a question's answer stored already (the check of a flagged question).
   * Like every answer write, throws TestGoneError when the test was removed.
   */
  abstract updateAnswer(testId: string, qid: string, change: AnswerChange): Promise<void>;

  /** Sets these fields of one question's answer (a save, a flag); TestGoneError as above. */
  abstract writeAnswer(
    testId: string,
    userId: string,
    qid: string,
    change: AnswerChange,
  ): Promise<void>;

  /** Moves the test's lastUpdated. */
  abstract touch(testId: string, at: Date): Promise<void>;

  /**
   * Writes the scores and marks the test completed, unless it is completed already (another
   * replica graded it first): false then, and nothing is written.
   */
  abstract complete(testId: string, completion: Completion): Promise<boolean>;

  /** Every test of the user (or only the completed or unfinished ones). */
  abstract listByUser(userId: string, filter?: { completed?: boolean }): Promise<TestRecord[]>;

  /** The owner's unfinished tests whose timer ended before `endedBefore` (`timerEndsAt`). */
  abstract listTimeUp(userId: string, endedBefore: Date): Promise<TestRecord[]>;

  /**
   * One `_id` page of the timed tests that have no `timerEndsAt` yet (made before it existed),
   * after `after`: the page's last `_id` is where the next starts (`last`, null at the end).
   */
  abstract scanUnstampedTimers(
    after: string | null,
    limit: number,
  ): Promise<{ tests: Pick<TestRecord, '_id' | 'timer'>[]; last: string | null }>;

  /** Copies `timer.endsAt` to `timerEndsAt` (by `_id`). */
  abstract stampTimerEndsAt(testId: string, endsAt: Date): Promise<void>;

  /** A keyset page of the owner's tests in USER_TESTS_ORDER after `cursor`, at most `limit`. */
  abstract pageByUser(
    userId: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<TestRecord>>;

  /**
   * The owners of the tests after `after` in `_id` order, at most `limit` (a keyset page by the
   * `_id` index): the build of the per-user counts reads every test this way, a page at a time.
   */
  abstract scanOwners(after: string | null, limit: number): Promise<TestRef[]>;

  /**
   * Removes a test: its document, its answer sheet and its snapshot. True when this call
   * removed the test document (false: there was none, e.g. removed by another call first).
   */
  abstract remove(testId: string): Promise<boolean>;
}
