import { Injectable, Optional } from '@nestjs/common';
import {
  type Actor,
  answerRulesOf,
  ErrorCodes,
  type PoolQuestion,
  retentionVictims,
  TEST_MESSAGES,
} from '@examprep/contracts';
import { rootLogger, ServiceError } from '@examprep/nest-kit';
import { LRUCache } from 'lru-cache';
import { SubmittedFacts } from '../item-stats/submitted-facts';
import { Clock } from './clock';
import { gradeTest } from './grading';
import type { TestRecord } from './test.schema';
import { type TestLock, TestLocks } from './test-locks';
import type { StoredAnswer } from './test-view';
import { TestCounts } from './test-counts';
import { TestGoneError, type TestRef, TestsRepository } from './tests.repository';
import { isExpired } from './timer';

export { LOCK_WAIT_MS } from './test-locks';

/** Question snapshots kept in memory (they never change). */
export const CONTENTS_CACHE_SIZE = 1000;
/** Unfinished tests whose document an answer call read lately, kept this long. */
export const RECENT_TEST_TTL_MS = 5_000;
const RECENT_TESTS_SIZE = 5000;
/** An answer moves a test's lastUpdated at most this often (the unfinished-test order). */
export const TOUCH_EVERY_MS = 10_000;
/** 409 TEST_SUBMITTED: a graded test takes no more writes (answers, checks, flags). */
export const testSubmittedError = () =>
  ServiceError.conflict(TEST_MESSAGES.alreadySubmitted, ErrorCodes.TEST_SUBMITTED);

/** A test as read through the repository: its id and its owner. */
export type { TestRef } from './tests.repository';

/**
 * lru-cache's time-to-live options for entries this process keeps `ms` on the service's Clock
 * (tests move it). lru-cache serves an entry until it is MORE than `ttl` old, ours end when
 * they are `ms` old (the Clock reads whole ms), hence one ms less. `ttlResolution: 0` reads
 * the clock on every look-up: by default lru-cache reuses a reading for 1 ms of real time,
 * which a test's moved clock outruns. (`clock` is a getter: the caches are fields, which may be
 * initialised before the constructor's parameter properties are set.)
 */
export function keptFor(ms: number, clock: () => Clock) {
  return {
    ttl: ms - 1,
    ttlResolution: 0,
    perf: { now: () => clock().now().getTime() },
  };
}

/** A test with its question snapshot. */
export interface LoadedTest {
  test: TestRecord;
  questions: PoolQuestion[];
}

/**
 * What every testing call shares (ADR 0019, ADR 0027): the owner check, the snapshot cache,
 * the per-test lock of answer writes and submit (across replicas: TestLocks), the submit
 * itself (grading, retention) and the timer's auto-submit on any call that touches an expired
 * test.
 */
@Injectable()
export class TestStore {
  private readonly snapshots = new LRUCache<string, PoolQuestion[]>({ max: CONTENTS_CACHE_SIZE });
  /**
   * The answer calls' hot path: a learner saves every few seconds, so an unfinished test's
   * document is read at most once per RECENT_TEST_TTL_MS per process (one database round trip
   * less per save; FerretDB 1.24 scanned the collection for it before ADR 0022). Its owner,
   * mode, questions and timer never change; that it is still open is not taken from here alone:
   * a submit on any replica closes the test's lease for longer than this reuse (LEASE_MS >
   * RECENT_TEST_TTL_MS, ADR 0027), and a test removed meanwhile refuses the write
   * (TestGoneError).
   */
  private readonly recent = new LRUCache<string, TestRecord>({
    max: RECENT_TESTS_SIZE,
    ...keptFor(RECENT_TEST_TTL_MS, () => this.clock),
  });

  constructor(
    readonly repo: TestsRepository,
    readonly clock: Clock,
    readonly locks: TestLocks,
    readonly counts: TestCounts,
    /** The graded tests' facts for the item analysis (ADR 0037); absent in unit specs. */
    @Optional() readonly facts?: SubmittedFacts,
  ) {}

  /** A new test with its snapshot; its owner's count goes up by one (test_counts). */
  async create(test: TestRecord, questions: PoolQuestion[]): Promise<void> {
    await this.repo.insert(test, questions);
    this.remember(test._id, questions);
    await this.counts.added(test.userId);
  }

  /**
   * A write into the caller's own unfinished test (check, save, flag), alone among every
   * replica's writes and submit of that test. A submitted test answers 409 TEST_SUBMITTED
   * (after the owner check: another user's is 404), also when this process still holds it
   * in memory; a test removed meanwhile answers 404.
   */
  writing<T>(
    actor: Actor,
    testId: string,
    task: (test: TestRecord, lock: TestLock) => Promise<T>,
  ): Promise<T> {
    return this.locks.run(testId, async (lock) => {
      if (lock.closed) {
        await this.loadOwn(actor, testId);
        this.recent.delete(testId);
        throw testSubmittedError();
      }
      const test = await this.loadOwnForWrite(actor, testId);
      try {
        return await task(test, lock);
      } catch (err) {
        if (!(err instanceof TestGoneError)) throw err;
        this.recent.delete(testId);
        throw ServiceError.notFound(TEST_MESSAGES.notFound);
      }
    });
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
    if (!test.completed) this.recent.set(testId, test);
    return test;
  }

  /**
   * loadOwn for the calls that write into a test (check, save, flag): a graded test is
   * read-only, so a completed one answers 409 TEST_SUBMITTED for every such write. An
   * unfinished test read in the last RECENT_TEST_TTL_MS is reused.
   */
  async loadOwnForWrite(actor: Actor, testId: string): Promise<TestRecord> {
    const hit = this.recent.get(testId);
    if (hit && !hit.completed) {
      if (hit.userId !== actor.uid) throw ServiceError.notFound(TEST_MESSAGES.notFound);
      return hit;
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
    return this.submit(test._id, actor);
  }

  /**
   * Submit (under the test's lock, on whichever replica): grades once; a submitted test
   * answers as it is.
   */
  submit(testId: string, actor: Actor): Promise<TestRecord> {
    return this.locks.run(testId, (lock) => this.submitLocked(testId, actor, lock));
  }

  /**
   * Closes the test's lease for good, then grades and completes it; then retention for a
   * learner submitting their own test. A test found closed but not completed (the replica
   * that closed it stopped before writing the scores, or is grading it right now) is graded
   * now: its answers cannot change any more, so the grade is the same whoever writes it, and
   * the first completion written stays (both submits answer it).
   */
  async submitLocked(testId: string, actor: Actor, lock: TestLock): Promise<TestRecord> {
    // its caller has loaded the test (its owner's, or an admin's); read again under the lock
    const test = await this.repo.findAnyTest(testId);
    if (!test) throw ServiceError.notFound(TEST_MESSAGES.notFound);
    await lock.close();
    this.recent.delete(testId);
    if (test.completed) return test;
    const questions = await this.questionsOf(test);
    const answers = await this.answersOf(test, questions);
    const grade = gradeTest(test.mode, questions, answers, answerRulesOf(test));
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
    // the fact is recorded before the test is completed, published after (ADR 0037)
    const fact = await this.facts?.record(
      test,
      questions,
      answers,
      grade,
      now,
      answerRulesOf(test),
    );
    if (!(await this.repo.complete(testId, completion))) {
      // a submit on another replica found the test closed meanwhile and graded it first: its
      // result is the test's (the same answers, another moment); that fact is published by it
      const first = await this.repo.findAnyTest(testId);
      if (!first) throw ServiceError.notFound(TEST_MESSAGES.notFound);
      return first;
    }
    if (fact) void this.facts?.publish(fact);
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
        await this.remove({ _id: id, userId });
      } catch (err) {
        rootLogger().error({ err, testId: id }, 'retention: removing a test failed');
      }
    }
    return victims;
  }

  /**
   * Removes a test with its snapshot and answers. Another replica may keep the snapshot in
   * memory: it is keyed by the test's random id, never reused, and read only after the test (a
   * write through a remembered test finds it gone: 404). The owner's count goes down by one
   * when this call removed the test document (not when another removed it first), unless
   * `uncounted` (a deleted user's tests: their count is set to 0 once, TestsService.removeUser).
   */
  async remove(test: TestRef, options: { uncounted?: boolean } = {}): Promise<void> {
    const removed = await this.repo.remove(test._id);
    this.snapshots.delete(test._id);
    this.recent.delete(test._id);
    if (removed && !options.uncounted) await this.counts.removed(test.userId);
  }

  /** Removes a test under its lock (delete-test, a deleted user): never while it is written. */
  removeLocked(test: TestRef, options: { uncounted?: boolean } = {}): Promise<void> {
    return this.locks.run(test._id, () => this.remove(test, options));
  }
}
