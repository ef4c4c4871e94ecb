import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  ANSWER_RULES_VERSION,
  ASSIGNMENT_MESSAGES,
  type LinkedTest,
  type CreateTestAnswer,
  CreateTestDto,
  type CreateTestInput,
  ErrorCodes,
  type GradebookAnswer,
  includeEntries,
  type PoolQuestion,
  TEST_LIMITS,
  TEST_MESSAGES,
  type TestExport,
  TestExportQuery,
  TestIdDto,
  type TestSummary,
  type TestView,
  type UnfinishedTestAnswer,
  type UnfinishedTestQuery,
  UnfinishedTestQueryDto,
  PageQueryDto,
  type PageRequest,
  type UserTestsPage,
  UserTestsQuery,
  TestOwnerQuery,
  type DeleteTestAnswer,
} from '@examprep/contracts';
import {
  pageLimit,
  requireAdmin,
  requireVerified,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { type PeerCalls, Peers } from '../peers/peers';
import type { TestRecord } from './test.schema';
import { USER_TESTS_ORDER } from './tests.repository';
import { TestStore } from './test-store';
import { countAnswered, toSummary, toTestExport, toTestView } from './test-view';
import { startTimer, timeUpBefore } from './timer';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new test id: 20 random letters and digits (TEST_ID_PATTERN). */
export function newTestId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** An LMS assignment's key: `<platform id>:<resource link id>` (LinkKeyParam). */
const LINK_KEY = /^[a-f0-9-]{36}:[^\s]{1,255}$/;

const byCreatedDesc = (a: TestRecord, b: TestRecord) =>
  new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || (a._id < b._id ? 1 : -1);

const byLastUpdatedDesc = (a: TestRecord, b: TestRecord) =>
  new Date(b.lastUpdated).getTime() - new Date(a.lastUpdated).getTime() || (a._id < b._id ? 1 : -1);

/**
 * Tests as a whole (learner spec §4, §7; admin spec §2.1): create from the catalogue's include,
 * read, the unfinished lookup, the gradebook, delete, and the admin's lists and export.
 */
@Injectable()
export class TestsService {
  constructor(
    private readonly store: TestStore,
    @Inject(Peers) private readonly peers: PeerCalls,
  ) {}

  async create(
    actor: Actor | null,
    raw: CreateTestInput,
    ltiLink: string | null = null,
  ): Promise<CreateTestAnswer> {
    requireVerified(actor);
    const input = validatePayload(CreateTestDto, raw);
    if (input.timed && input.mode !== 'practice')
      throw ServiceError.badRequest(TEST_MESSAGES.timerPracticeOnly, {
        timed: [TEST_MESSAGES.timerPracticeOnly],
      });
    const unsupported = () =>
      ServiceError.badRequest(
        TEST_MESSAGES.unsupported(input.productId, input.includeId, input.mode),
        undefined,
        ErrorCodes.UNSUPPORTED_PRODUCT,
      );
    const product = (await this.peers.products()).find((p) => p.id === input.productId);
    const include = product && includeEntries(product).find((i) => i.id === input.includeId);
    if (
      !product ||
      !include ||
      include.kind !== 'test' ||
      include.mode !== input.mode ||
      !include.pool
    )
      throw unsupported();
    if (!(await this.peers.hasAccess(actor, product.id)))
      throw new ServiceError({
        status: 403,
        code: ErrorCodes.NO_PRODUCT_ACCESS,
        message: TEST_MESSAGES.noAccess,
      });
    const count = Math.min(include.pool.questionCount, TEST_LIMITS.maxQuestions);
    const { questions } = await this.peers.draw(include.pool.course, count);
    if (!questions || questions.length === 0)
      throw ServiceError.badRequest(
        TEST_MESSAGES.notFoundOrEmpty,
        undefined,
        ErrorCodes.UNSUPPORTED_PRODUCT,
      );
    const snapshot: PoolQuestion[] = questions.slice(0, TEST_LIMITS.maxQuestions);
    const now = this.store.clock.now();
    const timer = input.timed ? startTimer(snapshot.length, now) : null;
    const test: TestRecord = {
      _id: newTestId(),
      userId: actor.uid,
      productId: product.id,
      testProductId: include.id,
      includeId: include.id,
      productName: product.name,
      instructions: include.instructions || product.instructions || '',
      mode: input.mode,
      completed: false,
      createdAt: now,
      lastUpdated: now,
      submittedAt: null,
      totalQuestions: snapshot.length,
      finalScore: null,
      correctCount: null,
      incorrectCount: null,
      unansweredCount: null,
      answeredCount: null,
      objectives: null,
      timer,
      timerEndsAt: timer?.endsAt ?? null,
      answerRules: ANSWER_RULES_VERSION,
      ...(ltiLink ? { ltiLink } : {}),
    };
    await this.store.create(test, snapshot);
    return { success: true, testId: test._id };
  }

  /**
   * Service to service (schools, issue 30): a test of an LMS assignment for the learner (the
   * actor), the same as POST /api/create-test but carrying the assignment's link.
   */
  createLinked(
    actor: Actor | null,
    raw: CreateTestInput,
    linkKey: string,
  ): Promise<CreateTestAnswer> {
    if (typeof linkKey !== 'string' || !LINK_KEY.test(linkKey)) {
      throw ServiceError.badRequest(ASSIGNMENT_MESSAGES.notFound);
    }
    return this.create(actor, raw, linkKey);
  }

  /** Service to service (schools): the actor's tests of an LMS assignment, newest first. */
  async linked(actor: Actor | null, linkKey: string): Promise<{ tests: LinkedTest[] }> {
    requireVerified(actor);
    // the owner's tests (few: retention keeps 10 completed), by the owner's index
    const tests = (await this.store.repo.listByUser(actor.uid))
      .filter((t) => t.ltiLink === linkKey)
      .sort(byCreatedDesc);
    return {
      tests: tests.map((t) => ({
        testId: t._id,
        mode: t.mode,
        completed: t.completed,
        finalScore: t.finalScore ?? null,
        createdAt: new Date(t.createdAt).toISOString(),
        submittedAt: t.submittedAt ? new Date(t.submittedAt).toISOString() : null,
      })),
    };
  }

  /** GET /api/tests/:testId: the learner's own test; an admin's any (userId: must be the owner). */
  async get(actor: Actor | null, testId: string, userId?: string): Promise<TestView> {
    requireVerified(actor);
    validatePayload(TestIdDto, { testId });
    if (userId !== undefined) validatePayload(TestOwnerQuery, { userId });
    let test = await this.store.load(actor, testId, actor.isAdmin ? userId : undefined);
    test = await this.store.settle(test, actor);
    const questions = await this.store.questionsOf(test);
    const answers = await this.store.answersOf(test, questions);
    return toTestView(test, questions, answers);
  }

  /** Learner spec §4 Starting a test: the newest unfinished test of this include and mode. */
  async unfinished(actor: Actor | null, raw: UnfinishedTestQuery): Promise<UnfinishedTestAnswer> {
    requireVerified(actor);
    const query = validatePayload(UnfinishedTestQueryDto, raw);
    const candidates = (await this.store.repo.listByUser(actor.uid, { completed: false }))
      .filter(
        (t) =>
          t.mode === query.mode &&
          (t.includeId === query.includeId || t.testProductId === query.includeId),
      )
      .sort(byLastUpdatedDesc);
    for (const candidate of candidates) {
      const test = await this.store.settle(candidate, actor);
      if (!test.completed) return { test: await this.summary(test) };
    }
    return { test: null };
  }

  /** GET /api/gradebook: completed tests, newest first (userId honoured for admins only). */
  async gradebook(actor: Actor | null, userId?: string): Promise<GradebookAnswer> {
    requireVerified(actor);
    if (userId !== undefined) validatePayload(TestOwnerQuery, { userId });
    const owner = actor.isAdmin && userId ? userId : actor.uid;
    // the completed tests, and the unfinished ones whose timer ran out (settled here, so they
    // are completed too); not the other unfinished ones, however many a learner left
    const [completed, expired] = await Promise.all([
      this.store.repo.listByUser(owner, { completed: true }),
      this.store.repo.listTimeUp(owner, timeUpBefore(this.store.clock.now())),
    ]);
    const settled = (await this.settleAll(actor, expired)).filter((t) => t.completed);
    const seen = new Set(completed.map((t) => t._id));
    const tests = [...completed, ...settled.filter((t) => !seen.has(t._id))];
    return {
      tests: tests.sort(byLastUpdatedDesc).map((t) => toSummary(t, t.answeredCount ?? 0)),
    };
  }

  /** POST /api/delete-test: the owner, or an admin for any test. */
  async delete(actor: Actor | null, raw: { testId: string }): Promise<DeleteTestAnswer> {
    requireVerified(actor);
    const { testId } = validatePayload(TestIdDto, raw);
    const test = await this.store.load(actor, testId);
    await this.store.removeLocked(test);
    return { success: true };
  }

  /**
   * Admin spec §2.1 View Gradebook: the user's tests, newest first (USER_TESTS_ORDER), a keyset
   * page (ADR 0026): `page.limit` at most (default 50) after `page.cursor`, and the next cursor.
   */
  async userTests(
    actor: Actor | null,
    uid: string,
    page: PageRequest = {},
  ): Promise<UserTestsPage> {
    requireAdmin(actor);
    validatePayload(UserTestsQuery, { uid });
    const { cursor, limit } = validatePayload(PageQueryDto, page);
    if (cursor !== undefined) USER_TESTS_ORDER.decode(cursor); // a 400 naming cursor
    const found = await this.store.repo.pageByUser(uid, cursor, pageLimit(limit));
    const tests = await this.settleAll(actor, found.items);
    const summaries = await Promise.all(tests.map((t) => unlessVanished(this.summary(t))));
    return { tests: summaries.filter((s): s is TestSummary => s !== null), next: found.next };
  }

  /** Admin spec §2.1 Export: the whole test, path users/{uid}/tests/{id}. */
  async exportTest(actor: Actor | null, uid: string, testId: string): Promise<TestExport> {
    requireAdmin(actor);
    validatePayload(TestExportQuery, { uid, testId });
    // the owner is the uid the admin names: another user's test is 404 like a missing one
    const test = await this.store.repo.findOwnTest(testId, uid);
    if (!test) throw ServiceError.notFound(TEST_MESSAGES.notFound);
    const questions = await this.store.questionsOf(test);
    const answers = await this.store.answersOf(test, questions);
    return toTestExport(test, questions, answers, this.store.clock.now());
  }

  /**
   * events.user.deleted: the user's tests, snapshots and answers go, and their count is set to
   * 0 (one fact, whatever the number of tests). Idempotent.
   */
  async removeUser(uid: string): Promise<number> {
    const tests = await this.store.repo.listByUser(uid);
    for (const t of tests) await this.store.removeLocked(t, { uncounted: true });
    await this.store.counts.cleared(uid);
    return tests.length;
  }

  private async summary(test: TestRecord): Promise<TestSummary> {
    if (test.completed) return toSummary(test, test.answeredCount ?? 0);
    const questions = await this.store.questionsOf(test);
    const answers = await this.store.answersOf(test, questions);
    return toSummary(test, countAnswered(test, answers.values()));
  }

  /**
   * The listed tests as they are now (an expired timed test submitted first). A test deleted
   * between the list and its read (a delete or retention at the same moment) is left out: one
   * vanished test never fails the whole list.
   */
  private async settleAll(actor: Actor, tests: TestRecord[]): Promise<TestRecord[]> {
    const settled = await Promise.all(
      tests.map((t) => unlessVanished(this.store.settle(t, actor))),
    );
    return settled.filter((t): t is TestRecord => t !== null);
  }
}

/** The result, or null when its test was deleted meanwhile (a 404 of the store). */
async function unlessVanished<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ServiceError && err.payload.status === 404) return null;
    throw err;
  }
}
