import type { Page, PoolQuestion } from '@examprep/contracts';
import { answerId, type TestRecord } from '../../src/exams/test.schema';
import type { StoredAnswer } from '../../src/exams/test-view';
import {
  type AnswerChange,
  type Completion,
  TestGoneError,
  type TestRef,
  type TestsRepository,
  USER_TESTS_ORDER,
} from '../../src/exams/tests.repository';

/**
 * A copy of an answer change as the store keeps it: its own array, and dates made in this realm
 * (structuredClone makes them in Node's, which jest's toEqual does not take for Dates).
 */
function copy(change: AnswerChange): AnswerChange {
  const out: AnswerChange = { ...change };
  if (change.submittedAnswer) out.submittedAnswer = [...change.submittedAnswer];
  if (change.savedAt) out.savedAt = new Date(change.savedAt.getTime());
  if (change.gradedAt) out.gradedAt = new Date(change.gradedAt.getTime());
  return out;
}

/** A stored answer as the Mongo repository reads it: the answer's fields, not its keys. */
function stored({
  testId: _testId,
  userId: _userId,
  ...a
}: StoredAnswer & { testId: string; userId: string }): StoredAnswer {
  return { ...a, ...copy(a) };
}

/**
 * An in-memory TestsRepository for the services' unit specs; counts the calls it serves. With
 * `wholeSheetWrites` an answer write reads the test's whole sheet, yields to the event loop
 * and writes it all back, as FerretDB 1.x applies an update (ADR 0019): two writes of one
 * test at once then lose one of them unless the caller serialises them (ADR 0027).
 */
export class FakeTestsRepository implements TestsRepository {
  readonly tests = new Map<string, TestRecord>();
  readonly contents = new Map<string, PoolQuestion[]>();
  readonly answers = new Map<string, StoredAnswer & { testId: string; userId: string }>();
  readonly calls: string[] = [];
  /** The owner of each snapshot (test_contents carries the test's userId). */
  private readonly contentOwners = new Map<string, string>();

  constructor(private readonly options: { wholeSheetWrites?: boolean } = {}) {}

  async insert(test: TestRecord, questions: PoolQuestion[]): Promise<void> {
    this.calls.push('insert');
    this.contents.set(test._id, structuredClone(questions));
    this.contentOwners.set(test._id, test.userId);
    this.tests.set(test._id, structuredClone(test));
  }

  async findAnyTest(testId: string): Promise<TestRecord | null> {
    this.calls.push('findAnyTest');
    return this.read(testId);
  }

  async findOwnTest(testId: string, ownerId: string): Promise<TestRecord | null> {
    this.calls.push('findOwnTest');
    const t = this.read(testId);
    return t && t.userId === ownerId ? t : null;
  }

  async findQuestions(testId: string, ownerId: string): Promise<PoolQuestion[] | null> {
    this.calls.push('findQuestions');
    if (this.contentOwners.get(testId) !== ownerId) return null;
    return structuredClone(this.contents.get(testId) ?? null);
  }

  async findAnswers(
    testId: string,
    ownerId: string,
    qids: readonly string[],
  ): Promise<Map<string, StoredAnswer>> {
    this.calls.push('findAnswers');
    const out = new Map<string, StoredAnswer>();
    for (const q of qids) {
      const a = this.answers.get(answerId(testId, q));
      if (a && a.userId === ownerId) out.set(q, stored(a));
    }
    return out;
  }

  async findAnswer(testId: string, ownerId: string, qid: string): Promise<StoredAnswer | null> {
    this.calls.push('findAnswer');
    const a = this.answers.get(answerId(testId, qid));
    return a && a.userId === ownerId ? stored(a) : null;
  }

  async insertAnswer(
    testId: string,
    userId: string,
    qid: string,
    change: AnswerChange,
  ): Promise<boolean> {
    this.calls.push('insertAnswer');
    if (this.answers.has(answerId(testId, qid))) return false;
    this.put(testId, userId, qid, change);
    return true;
  }

  async updateAnswer(testId: string, qid: string, change: AnswerChange): Promise<void> {
    this.calls.push('updateAnswer');
    if (!this.tests.has(testId)) throw new TestGoneError(testId);
    const before = this.answers.get(answerId(testId, qid));
    if (before) this.answers.set(answerId(testId, qid), { ...before, ...copy(change) });
  }

  async writeAnswer(
    testId: string,
    userId: string,
    qid: string,
    change: AnswerChange,
  ): Promise<void> {
    this.calls.push('writeAnswer');
    if (!this.options.wholeSheetWrites) return this.put(testId, userId, qid, change);
    const sheet = [...this.answers].filter(([, a]) => a.testId === testId);
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (const [id, a] of this.answers) if (a.testId === testId) this.answers.delete(id);
    for (const [id, a] of sheet) this.answers.set(id, a);
    this.put(testId, userId, qid, change);
  }

  private read(testId: string): TestRecord | null {
    const t = this.tests.get(testId);
    return t ? structuredClone(t) : null;
  }

  private put(testId: string, userId: string, qid: string, change: AnswerChange): void {
    if (!this.tests.has(testId)) throw new TestGoneError(testId);
    const id = answerId(testId, qid);
    const before = this.answers.get(id) ?? {
      testId,
      userId,
      qid,
      submittedAnswer: [],
      isSubmitted: false,
      status: 'unanswered' as const,
      gradedAt: null,
      gradedBy: null,
      savedAt: null,
      flagged: false,
    };
    this.answers.set(id, { ...before, ...copy(change) });
  }

  async touch(testId: string, at: Date): Promise<void> {
    this.calls.push('touch');
    const t = this.tests.get(testId);
    if (t) t.lastUpdated = at;
  }

  async complete(testId: string, completion: Completion): Promise<boolean> {
    this.calls.push('complete');
    const t = this.tests.get(testId);
    if (!t || t.completed) return false;
    Object.assign(t, structuredClone(completion), { completed: true });
    return true;
  }

  /** The filter of each listByUser call. */
  readonly listFilters: { completed?: boolean }[] = [];

  async listByUser(userId: string, filter: { completed?: boolean } = {}): Promise<TestRecord[]> {
    this.calls.push('listByUser');
    this.listFilters.push({ ...filter });
    return [...this.tests.values()]
      .filter((t) => t.userId === userId)
      .filter((t) => filter.completed === undefined || t.completed === filter.completed)
      .map((t) => structuredClone(t));
  }

  async listTimeUp(userId: string, endedBefore: Date): Promise<TestRecord[]> {
    this.calls.push('listTimeUp');
    return [...this.tests.values()]
      .filter((t) => t.userId === userId && !t.completed && t.timerEndsAt)
      .filter((t) => new Date(t.timerEndsAt as Date).getTime() < endedBefore.getTime())
      .map((t) => structuredClone(t));
  }

  async scanUnstampedTimers(
    after: string | null,
    limit: number,
  ): Promise<{ tests: Pick<TestRecord, '_id' | 'timer'>[]; last: string | null }> {
    this.calls.push('scanUnstampedTimers');
    const page = [...this.tests.values()]
      .filter((t) => after === null || Buffer.compare(Buffer.from(t._id), Buffer.from(after)) > 0)
      .sort((a, b) => Buffer.compare(Buffer.from(a._id), Buffer.from(b._id)))
      .slice(0, limit);
    return {
      tests: page
        .filter((t) => t.timer && t.timerEndsAt === undefined)
        .map((t) => ({ _id: t._id, timer: structuredClone(t.timer) })),
      last: page.length < limit ? null : page[page.length - 1]!._id,
    };
  }

  async stampTimerEndsAt(testId: string, endsAt: Date): Promise<void> {
    this.calls.push('stampTimerEndsAt');
    const t = this.tests.get(testId);
    if (t) t.timerEndsAt = endsAt;
  }

  async pageByUser(
    userId: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<TestRecord>> {
    this.calls.push('pageByUser');
    const own = [...this.tests.values()].filter((t) => t.userId === userId);
    const page = USER_TESTS_ORDER.pageOf(own, cursor, limit);
    return { items: page.items.map((t) => structuredClone(t)), next: page.next };
  }

  async scanOwners(after: string | null, limit: number): Promise<TestRef[]> {
    this.calls.push('scanOwners');
    return [...this.tests.values()]
      .filter((t) => after === null || Buffer.compare(Buffer.from(t._id), Buffer.from(after)) > 0)
      .sort((a, b) => Buffer.compare(Buffer.from(a._id), Buffer.from(b._id)))
      .slice(0, limit)
      .map((t) => ({ _id: t._id, userId: t.userId }));
  }

  async remove(testId: string): Promise<boolean> {
    this.calls.push('remove');
    const removed = this.tests.delete(testId);
    for (const [id, a] of this.answers) if (a.testId === testId) this.answers.delete(id);
    this.contents.delete(testId);
    this.contentOwners.delete(testId);
    return removed;
  }
}
