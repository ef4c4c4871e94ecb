import { PAGE_MESSAGES, TEST_MESSAGES } from '@examprep/contracts';
import { refusalOf } from '@examprep/nest-kit';
import {
  admin,
  learner,
  other,
  poolQuestion,
  practice,
  sample,
  setup,
} from '../../test/support/service-fixture';

describe('TestsService.create (learner spec §4, §7; ADR 0019)', () => {
  it('snapshots the include pool; name and instructions come from the catalogue, never the body', async () => {
    const { tests, repo, peers } = setup();
    const { success, testId } = await tests.create(learner, {
      ...sample,
      productName: 'Hacked name',
      instructions: 'Hacked',
    });
    expect(success).toBe(true);
    expect(testId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(peers.draw).toHaveBeenCalledWith('Sample', 3);
    expect(repo.tests.get(testId)).toMatchObject({
      userId: 'u1',
      productId: 'teas_math_sample_qbank',
      testProductId: 'teas_math_sample_qbank',
      includeId: 'teas_math_sample_qbank',
      productName: 'TEAS Math Sample QBank',
      instructions: 'Check as you go.',
      mode: 'full',
      completed: false,
      totalQuestions: 3,
      timer: null,
    });
    expect(repo.contents.get(testId)).toHaveLength(3);
  });

  it('falls back to the product instructions; a timed practice test gets 57 min × n / 38', async () => {
    const { tests, repo, clock } = setup({ owned: ['u1:teas_math_qbank'] });
    const { testId } = await tests.create(learner, { ...practice, timed: true });
    const t = repo.tests.get(testId)!;
    expect(t.instructions).toBe('QBank instructions');
    const limit = Math.round((57 * 60 * 4) / 38);
    expect(t.timer).toEqual({
      limitSeconds: limit,
      startedAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + limit * 1000),
    });
  });

  it("403 'You do not have access to this product.' without the paid product", async () => {
    const { tests, repo } = setup();
    expect(await refusalOf(tests.create(learner, practice))).toEqual({
      status: 403,
      code: 'NO_PRODUCT_ACCESS',
      message: 'You do not have access to this product.',
    });
    expect(repo.tests.size).toBe(0);
  });

  it("400 'Unsupported product configuration: ...' for an unknown product, include, kind or mode", async () => {
    const { tests } = setup({ owned: ['u1:teas_math_qbank'] });
    for (const input of [
      { productId: 'nope', includeId: 'nope', mode: 'full' as const },
      {
        productId: 'teas_math_qbank',
        includeId: 'teas_math_qbank_practice',
        mode: 'full' as const,
      },
      { productId: 'teas_math_qbank', includeId: 'teas_math_workbook', mode: 'full' as const },
      {
        productId: 'teas_math_sample_qbank',
        includeId: 'teas_math_qbank_full',
        mode: 'full' as const,
      },
    ])
      expect(await refusalOf(tests.create(learner, input))).toEqual({
        status: 400,
        code: 'UNSUPPORTED_PRODUCT',
        message: `Unsupported product configuration: ${input.productId} (include: ${input.includeId}, mode: ${input.mode}).`,
      });
    expect(TEST_MESSAGES.unsupported('a', 'b', 'c')).toBe(
      'Unsupported product configuration: a (include: b, mode: c).',
    );
  });

  it('refuses a timer on a full test, an empty pool, and malformed or missing callers', async () => {
    const { tests } = setup();
    expect(await refusalOf(tests.create(learner, { ...sample, timed: true }))).toMatchObject({
      status: 400,
      message: TEST_MESSAGES.timerPracticeOnly,
      fields: { timed: [TEST_MESSAGES.timerPracticeOnly] },
    });
    const empty = setup({ pool: () => [] });
    expect(await refusalOf(empty.tests.create(learner, sample))).toEqual({
      status: 400,
      code: 'UNSUPPORTED_PRODUCT',
      message: 'Test not found or has no questions.',
    });
    expect(
      await refusalOf(tests.create(learner, { ...sample, productId: { $gt: '' } as never })),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await refusalOf(tests.create(null, sample))).toMatchObject({ status: 401 });
    expect(
      await refusalOf(tests.create({ ...learner, emailVerified: false }, sample)),
    ).toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    });
  });
});

describe('TestsService reads and ownership', () => {
  it("another learner's test is 404 'Test not found.' like a missing one; an admin reads any, userId must be the owner", async () => {
    const { tests } = setup();
    const { testId } = await tests.create(learner, sample);
    const notFound = { status: 404, code: 'NOT_FOUND', message: 'Test not found.' };
    expect(await refusalOf(tests.get(other, testId))).toEqual(notFound);
    expect(await refusalOf(tests.get(other, testId, 'u1'))).toEqual(notFound);
    expect(await refusalOf(tests.get(learner, 'x'.repeat(20)))).toEqual(notFound);
    await expect(tests.get(admin, testId, 'u1')).resolves.toMatchObject({
      id: testId,
      userId: 'u1',
    });
    await expect(tests.get(admin, testId)).resolves.toMatchObject({ id: testId });
    expect(await refusalOf(tests.get(admin, testId, 'u2'))).toEqual(notFound);
    expect(await refusalOf(tests.get(learner, 'bad id'))).toMatchObject({ status: 400 });
  });

  it('the unfinished lookup: own, same mode, include or test product id, newest first; null otherwise', async () => {
    const { tests, clock } = setup();
    const first = await tests.create(learner, sample);
    clock.advance(1000);
    const second = await tests.create(learner, sample);
    await tests.create(other, sample);
    await expect(tests.unfinished(learner, sample)).resolves.toMatchObject({
      test: { id: second.testId },
    });
    await expect(tests.unfinished(learner, { ...sample, mode: 'practice' })).resolves.toEqual({
      test: null,
    });
    await tests.delete(learner, { testId: second.testId });
    await expect(tests.unfinished(learner, sample)).resolves.toMatchObject({
      test: { id: first.testId, answeredCount: 0 },
    });
  });

  it('delete: the owner or an admin; others 404 and the test stays', async () => {
    const { tests, repo } = setup();
    const { testId } = await tests.create(learner, sample);
    expect(await refusalOf(tests.delete(other, { testId }))).toMatchObject({ status: 404 });
    expect(repo.tests.has(testId)).toBe(true);
    await expect(tests.delete(admin, { testId })).resolves.toEqual({ success: true });
    expect(repo.tests.has(testId)).toBe(false);
    expect(repo.contents.has(testId)).toBe(false);
  });

  it('admin calls refuse learners (403)', async () => {
    const { tests } = setup();
    await tests.create(learner, sample);
    await tests.create(learner, sample);
    await tests.create(other, sample);
    expect(await refusalOf(tests.userTests(learner, 'u1'))).toMatchObject({ status: 403 });
    expect(await refusalOf(tests.exportTest(learner, 'u1', 'x'.repeat(20)))).toMatchObject({
      status: 403,
    });
    await expect(tests.userTests(admin, 'u1')).resolves.toMatchObject({
      tests: [{ userId: 'u1' }, { userId: 'u1' }],
    });
  });

  it('a test deleted between the list and its read is left out: the list does not fail (the authz matrix found it)', async () => {
    const { tests, repo, store } = setup();
    const kept = await tests.create(learner, sample);
    const gone = await tests.create(learner, sample);
    // a delete lands right after the list was read
    const pageByUser = repo.pageByUser.bind(repo);
    repo.pageByUser = async (...args: Parameters<typeof pageByUser>) => {
      const listed = await pageByUser(...args);
      await store.remove({ _id: gone.testId, userId: 'u1' });
      return listed;
    };
    await expect(tests.userTests(admin, 'u1')).resolves.toMatchObject({
      tests: [{ id: kept.testId }],
    });
  });

  it('the admin list of a user is a keyset page, newest first by createdAt then id (ADR 0026)', async () => {
    const { tests, clock } = setup();
    const made: { id: string; at: number }[] = [];
    for (let i = 0; i < 5; i++) {
      made.push({ id: (await tests.create(learner, sample)).testId, at: clock.now().getTime() });
      if (i !== 2) clock.advance(1000); // tests 2 and 3 share their createdAt: the id decides
    }
    await tests.create(other, sample);
    const newestFirst = [...made]
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((t) => t.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await tests.userTests(admin, 'u1', { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.tests.length).toBeLessThanOrEqual(2);
      seen.push(...page.tests.map((t) => t.id));
      if (page.next === null) break;
      cursor = page.next;
    }
    expect(seen).toEqual(newestFirst);
    const all = await tests.userTests(admin, 'u1');
    expect(all.next).toBeNull();
    expect(all.tests.map((t) => t.id)).toEqual(newestFirst);
  });

  it('the admin list refuses a bad cursor or limit with a 400 naming the field', async () => {
    const { tests } = setup();
    expect(await refusalOf(tests.userTests(admin, 'u1', { cursor: 'bm9wZQ' }))).toMatchObject({
      status: 400,
      fields: { cursor: [PAGE_MESSAGES.cursor] },
    });
    expect(await refusalOf(tests.userTests(admin, 'u1', { limit: 101 }))).toMatchObject({
      status: 400,
      fields: { limit: [PAGE_MESSAGES.limit] },
    });
  });

  it('export: the whole test under users/{uid}/tests/{id}; a test of another uid is 404', async () => {
    const { tests, clock } = setup();
    const { testId } = await tests.create(learner, sample);
    const exp = await tests.exportTest(admin, 'u1', testId);
    expect(exp).toMatchObject({
      path: `users/u1/tests/${testId}`,
      fetchedAt: clock.now().toISOString(),
    });
    expect(exp.test.questions[0]).toMatchObject({
      correctAnswer: ['2'],
      explanation: 'Explanation AA01',
    });
    expect(await refusalOf(tests.exportTest(admin, 'u2', testId))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Test not found.',
    });
  });

  it('user.deleted removes every test of the user with its snapshot and answers, idempotently', async () => {
    const { tests, answers, repo } = setup();
    const { testId } = await tests.create(learner, sample);
    await answers.check(learner, { testId, questionId: 'AA01', submittedAnswer: '2' });
    const kept = await tests.create(other, sample);
    await expect(tests.removeUser('u1')).resolves.toBe(1);
    await expect(tests.removeUser('u1')).resolves.toBe(0);
    expect([...repo.tests.keys()]).toEqual([kept.testId]);
    expect(repo.answers.size).toBe(0);
  });

  it('a read takes the snapshot from memory, not from the database', async () => {
    const { tests, repo } = setup({
      pool: (_c, n) => Array.from({ length: n }, (_, i) => poolQuestion(`AB${i + 10}`)),
    });
    const { testId } = await tests.create(learner, sample);
    repo.calls.length = 0;
    await tests.get(learner, testId);
    expect(repo.calls).not.toContain('findQuestions');
  });
});
