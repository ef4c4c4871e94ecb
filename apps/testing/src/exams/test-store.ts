import { Injectable } from '@nestjs/common';
import {
  type Actor,
  ErrorCodes,
  type PoolQuestion,
  retentionVictims,
  TEST_MESSAGES,
} from '@examprep/contracts';
import { KeyedMutex, rootLogger, ServiceError } from '@examprep/nest-kit';
import { Clock } from './clock';
import { gradeTest } from './grading';
import { LruCache } from './lru-cache';
import type { TestRecord } from './test.schema';
import type { StoredAnswer } from './test-view';
import { TestsRepository } from './tests.repository';
import { isExpired } from './timer';

/** Question snapshots kept in memory (they never change). */
export const CONTENTS_CACHE_SIZE = 1000;
/** Unfinished tests whose document an answer call read lately, kept this long. */
export const RECENT_TEST_TTL_MS = 5_000;
const RECENT_TESTS_SIZE = 5000;
/** An answer moves a test's lastUpdated at most this often (the unfinished-test order). */
export const TOUCH_EVERY_MS = 10_000;
/**
 * A call that waited longer than this for its test's lock is answered 503 without running:
 * below the gateway's RPC_TIMEOUT_MS (10 s), whose caller has gone by then. Without it one
 * stalled database write (a disk busy with Keycloak's start) queued every later save of the
 * test behind it, each done for a caller that already had its 504 (fault suite, ADR 0019).
 */
export const LOCK_WAIT_MS = 7_000;

/** 409 TEST_SUBMITTED: a graded test takes no more writes (answers, checks, flags). */
export const testSubmittedError = () =>
  ServiceError.conflict(TEST_MESSAGES.alreadySubmitted, ErrorCodes.TEST_SUBMITTED);

/** A test as read through the repository: its id and its owner. */
export type TestRef = Pick<TestRecord, '_id' | 'userId'>;

/** A test with its question snapshot. */
export interface LoadedTest {
  test: TestRecord;
  questions: PoolQuestion[];
}

/**
 * What every testing call shares (ADR 0019): the owner check, the snapshot cache, the per-test
 * lock of answer writes and submit, the submit itself (grading, retention) and the timer's
 * auto-submit on any call that touches an expired test.
 */
@Injectable()
export class TestStore {
  private readonly snapshots = new LruCache<string, PoolQuestion[]>(CONTENTS_CACHE_SIZE);
  private readonly locks = new KeyedMutex({
    maxWaitMs: LOCK_WAIT_MS,
    tooLate: (waitedMs) => {
      rootLogger().warn({ waitedMs }, 'test lock waited too long; call dropped (503)');
      return ServiceError.unavailable();
    },
  });
  /**
   * The answer calls' hot path: a learner saves every few seconds, so an unfinished test's
   * document is read at most once per RECENT_TEST_TTL_MS per process (one database round trip
   * less per save; FerretDB 1.24 scanned the collection for it before ADR 0022). Its owner, mode, questions and timer never
   * change; `completed` is this process's own knowledge for that long (ADR 0019).
   */
  private readonly recent = new LruCache<string, { test: TestRecord; readAt: number }>(
    RECENT_TESTS_SIZE,
  );

  constructor(
    readonly repo: TestsRepository,
    readonly clock: Clock,
  ) {}

  /** Runs the answer writes and the submit of one test one at a time (this process). */
  locked<T>(testId: string, task: () => Promise<T>): Promise<T> {
    return this.locks.run(testId, task);
  }

  /**
   * The caller's own test, or any test for an admin (`ownerId`: when given, the test must
   * be that user's). 404 'Test not found.' alike for a missing test and for another user's.
   */
  async load(actor: Actor, testId: string, ownerId?: string): Promise<TestRecord> {
    const test = actor.isAdmin
      ? await this.repo.findAnyTest(testId)
      : await this.repo.findOwnTest(testId, actor.uid);
    if (!test || (ownerId !== undefined && test.userId !== ownerId))
      throw ServiceError.notFound(TEST_MESSAGES.notFound);
    return test;
  }

  /** The caller's own test only (answer calls, submit, flag: admins act on their own tests). */
  async loadOwn(actor: Actor, testId: string): Promise<TestRecord> {
    const test = await this.repo.findOwnTest(testId, actor.uid);
    if (!test) throw ServiceError.notFound(TEST_MESSAGES.notFound);
    if (!test.completed) this.recent.set(testId, { test, readAt: this.clock.now().getTime() });
    return test;
  }

  /**
   * loadOwn for the calls that write into a test (check, save, flag): a graded test is
   * read-only, so a completed one answers 409 TEST_SUBMITTED for every such write. An
   * unfinished test read in the last RECENT_TEST_TTL_MS is reused.
   */
  async loadOwnForWrite(actor: Actor, testId: string): Promise<TestRecord> {
    const hit = this.recent.get(testId);
    if (
      hit &&
      this.clock.now().getTime() - hit.readAt < RECENT_TEST_TTL_MS &&
      !hit.test.completed
    ) {
      if (hit.test.userId !== actor.uid) throw ServiceError.notFound(TEST_MESSAGES.notFound);
      return hit.test;
    }
    const test = await this.loadOwn(actor, testId);
    if (test.completed) throw testSubmittedError();
    return test;
  }

  /** Moves lastUpdated after an answer, at most once per TOUCH_EVERY_MS. */
  async touch(test: TestRecord, now: Date): Promise<void> {
    if (now.getTime() - new Date(test.lastUpdated).getTime() < TOUCH_EVERY_MS) return;
    await this.repo.touch(test._id, now);
    test.lastUpdated = now;
  }

  /**
   * The question snapshot of a test read through the repository (its owner's, or any for an
   * admin); kept in memory, as it never changes.
   */
  async questionsOf(test: TestRef): Promise<PoolQuestion[]> {
    const cached = this.snapshots.get(test._id);
    if (cached) return cached;
    const questions = await this.repo.findQuestions(test._id, test.userId);
    if (!questions) throw ServiceError.notFound(TEST_MESSAGES.notFoundOrEmpty);
    this.snapshots.set(test._id, questions);
    return questions;
  }

  remember(testId: string, questions: PoolQuestion[]): void {
    this.snapshots.set(testId, questions);
  }

  answersOf(test: TestRef, questions: readonly PoolQuestion[]): Promise<Map<string, StoredAnswer>> {
    return this.repo.findAnswers(
      test._id,
      test.userId,
      questions.map((q) => q.qid),
    );
  }

  /**
   * An expired timed test is submitted (with what was saved) before anything else is done
   * with it; returns the test as it is now.
   */
  async settle(test: TestRecord, actor: Actor): Promise<TestRecord> {
    if (test.completed || !isExpired(test.timer, this.clock.now())) return test;
    return this.locked(test._id, () => this.submitUnlocked(test._id, actor));
  }

  /** Submit (under the test's lock): grades once; a submitted test answers as it is. */
  submit(testId: string, actor: Actor): Promise<TestRecord> {
    return this.locked(testId, () => this.submitUnlocked(testId, actor));
  }

  /** Grades and completes the test; then retention for a learner submitting their own test. */
  async submitUnlocked(testId: string, actor: Actor): Promise<TestRecord> {
    // its caller has loaded the test (its owner's, or an admin's); read again under the lock
    const test = await this.repo.findAnyTest(testId);
    if (!test) throw ServiceError.notFound(TEST_MESSAGES.notFound);
    if (test.completed) return test;
    const questions = await this.questionsOf(test);
    const answers = await this.answersOf(test, questions);
    const grade = gradeTest(test.mode, questions, answers);
    const now = this.clock.now();
    const completion = {
      finalScore: grade.finalScore,
      correctCount: grade.correctCount,
      incorrectCount: grade.incorrectCount,
      unansweredCount: grade.unansweredCount,
      answeredCount: grade.answeredCount,
      objectives: grade.objectives,
      submittedAt: now,
      lastUpdated: now,
    };
    await this.repo.complete(testId, completion);
    this.recent.delete(testId);
    const done: TestRecord = { ...test, ...completion, completed: true };
    if (!actor.isAdmin && actor.uid === test.userId) await this.applyRetention(test.userId);
    return done;
  }

  /** Learner spec §4: a non-admin keeps the newest 10 completed tests by lastUpdated. */
  async applyRetention(userId: string): Promise<string[]> {
    const completed = await this.repo.listByUser(userId, { completed: true });
    const victims = retentionVictims(
      completed.map((t) => ({ id: t._id, lastUpdated: new Date(t.lastUpdated).toISOString() })),
    );
    for (const id of victims) {
      try {
        await this.remove(id);
      } catch (err) {
        rootLogger().error({ err, testId: id }, 'retention: removing a test failed');
      }
    }
    return victims;
  }

  /** Removes a test with its snapshot and answers. */
  async remove(testId: string): Promise<void> {
    await this.repo.remove(testId);
    this.snapshots.delete(testId);
    this.recent.delete(testId);
  }
}
