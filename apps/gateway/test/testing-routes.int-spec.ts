// The testing routes through the gateway against the real system of the test profile (gateway,
// testing, catalog, qbank, identity, NATS, FerretDB, Keycloak): who may call each route (anonymous
// 401, unverified 403, the learner, another learner 404 on the learner's test with the test
// unchanged, an admin reviewing, listing and exporting), bad input refused with a 400 or 404 that
// names the field and nothing stored, and the admin user list's Tests column (ADR 0019).
import {
  type AdminUsersPage,
  ErrorCodes,
  TEST_FIELD_MESSAGES,
  TEST_MESSAGES,
  type TestExport,
  type TestQuestionView,
  type TestSummary,
  type TestView,
  testExportPath,
} from '@examprep/contracts';
import {
  createRealmUser,
  getClientToken,
  identityServiceClient,
  infraConfig,
} from '@examprep/test-kit';
import { MATH_ANSWER_MESSAGES } from '@examprep/validation';
import { call, exchange, type Who } from './support/api';
import { systemCtl } from './support/system';
import { callerOf, learnerPair, PRACTICE_TEST, SAMPLE_TEST } from './support/learners';

const cfg = infraConfig('test');
const kcAdmin = `${cfg.keycloakUrl}/admin/realms/${cfg.realm}`;
type Caller = 'anonymous' | 'unverified' | 'learner' | 'otherLearner' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'unverified', 'learner', 'otherLearner', 'admin'];

// two verified learners of this file only: their tests are theirs alone
const pair = learnerPair('tst');
const { learner, otherLearner } = pair;
const asWho = (c: Caller): Who => callerOf(pair, c);

const SAMPLE = SAMPLE_TEST;
const PRACTICE = PRACTICE_TEST;
/** A well-formed test id no test has. */
const NO_SUCH_TEST = 'Zz0000000000000000zZ';

/** Tests the seeded admin made here (removed afterwards). */
const adminTests: string[] = [];

async function createTest(who: Who, input: object = SAMPLE): Promise<string> {
  const res = await call('POST', '/api/create-test', { who, body: input });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, testId: expect.stringMatching(/^[A-Za-z0-9]{20}$/) });
  if (who === 'admin') adminTests.push(res.body.testId);
  return res.body.testId;
}

async function readTest(testId: string, who: Who = learner): Promise<TestView> {
  const res = await call<TestView>('GET', `/api/tests/${testId}`, { who });
  expect(res.status).toBe(200);
  return res.body;
}

const questionOf = (test: TestView, type: TestQuestionView['type']): TestQuestionView => {
  const q = test.questions.find((x) => x.type === type && !x.isSubmitted);
  if (!q) throw new Error(`the test has no unchecked ${type} question`);
  return q;
};

/** What a learner may change of a test: kept equal when a call is refused. */
const stateOf = (t: TestView) => ({
  completed: t.completed,
  answeredCount: t.answeredCount,
  questions: t.questions.map((q) => ({
    qid: q.qid,
    submittedAnswer: q.submittedAnswer,
    isSubmitted: q.isSubmitted,
    status: q.status,
    saved: q.saved,
    flagged: q.flagged,
  })),
});

async function removeTestsOf(uid: string) {
  if (!uid) return;
  const res = await call<{ tests: TestSummary[] }>('GET', `/api/admin/user-tests?uid=${uid}`, {
    who: 'admin',
  });
  for (const t of res.body?.tests ?? []) {
    await call('POST', '/api/delete-test', { who: 'admin', body: { testId: t.id } });
  }
}

// A's tests: a full sample test (answered here), a practice test (granted) and one to delete
let fullId = '';
let practiceId = '';
let otherId = '';

beforeAll(async () => {
  systemCtl('start', ['catalog', 'qbank', 'testing', 'identity', 'gateway']);
  learner.id = await createRealmUser(learner);
  otherLearner.id = await createRealmUser(otherLearner);
  const grant = await call('POST', '/api/update-user-purchases', {
    who: 'admin',
    body: { uid: learner.id, purchases: { teas_math_qbank: true } },
  });
  expect(grant.status).toBe(200);
  fullId = await createTest(learner);
  practiceId = await createTest(learner, PRACTICE);
  otherId = await createTest(otherLearner);
}, 180_000);

afterAll(async () => {
  await removeTestsOf(learner.id);
  await removeTestsOf(otherLearner.id);
  for (const testId of adminTests) {
    await call('POST', '/api/delete-test', { who: 'admin', body: { testId } });
  }
  await call('POST', '/api/update-user-purchases', {
    who: 'admin',
    body: { uid: learner.id, purchases: { teas_math_qbank: false } },
  });
  const { access_token } = await getClientToken(identityServiceClient());
  for (const id of [learner.id, otherLearner.id].filter(Boolean)) {
    await fetch(`${kcAdmin}/users/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
  }
});

describe('who may call each route (status per caller; another learner never reaches A’s test)', () => {
  it('POST /api/create-test', async () => {
    const got: Record<string, number> = {};
    for (const who of CALLERS) {
      const res = await call('POST', '/api/create-test', { who: asWho(who), body: SAMPLE });
      got[who] = res.status;
      if (who === 'admin' && res.status === 200) adminTests.push(res.body.testId);
    }
    expect(got).toEqual({
      anonymous: 401,
      unverified: 403,
      learner: 200,
      otherLearner: 200,
      admin: 200,
    });
  });

  it('an unverified learner is told to verify (403 EMAIL_NOT_VERIFIED)', async () => {
    const res = await call('POST', '/api/create-test', { who: 'unverified', body: SAMPLE });
    expect(res).toMatchObject({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED' } });
  });

  it('GET /api/tests/unfinished: each learner finds only their own test', async () => {
    const path = `/api/tests/unfinished?productId=${PRACTICE.productId}&includeId=${PRACTICE.includeId}&mode=practice`;
    const got: Record<string, number> = {};
    const found: Record<string, string | null> = {};
    for (const who of CALLERS) {
      const res = await call('GET', path, { who: asWho(who) });
      got[who] = res.status;
      if (res.status === 200) found[who] = res.body.test?.id ?? null;
    }
    expect(got).toEqual({
      anonymous: 401,
      unverified: 403,
      learner: 200,
      otherLearner: 200,
      admin: 200,
    });
    expect(found.learner).toBe(practiceId);
    expect(found.otherLearner).toBeNull();
    expect(found.admin).not.toBe(practiceId);
  });

  it('GET /api/tests/:testId: the owner; an admin with ?userId= of the owner; others 404', async () => {
    const got: Record<string, number> = {};
    for (const who of CALLERS) {
      const query = who === 'admin' ? `?userId=${learner.id}` : '';
      got[who] = (await call('GET', `/api/tests/${fullId}${query}`, { who: asWho(who) })).status;
    }
    expect(got).toEqual({
      anonymous: 401,
      unverified: 403,
      learner: 200,
      otherLearner: 404,
      admin: 200,
    });
    const foreign = await call('GET', `/api/tests/${fullId}`, { who: otherLearner });
    expect(foreign.body).toMatchObject({
      code: ErrorCodes.NOT_FOUND,
      message: TEST_MESSAGES.notFound,
    });
    // the same answer as for a test that does not exist
    const none = await call('GET', `/api/tests/${NO_SUCH_TEST}`, { who: learner });
    expect([none.status, none.body.message]).toEqual([404, TEST_MESSAGES.notFound]);
    // an admin naming another owner than the test's: 404
    const wrongOwner = await call('GET', `/api/tests/${fullId}?userId=${otherLearner.id}`, {
      who: 'admin',
    });
    expect(wrongOwner.status).toBe(404);
    // a learner's ?userId= is not honoured: A cannot read B's test by naming B
    const named = await call('GET', `/api/tests/${otherId}?userId=${otherLearner.id}`, {
      who: learner,
    });
    expect(named.status).toBe(404);
  });

  it('POST /api/submit-quiz-answer: only the owner checks; A’s test unchanged by the others', async () => {
    const before = await readTest(fullId);
    const q = questionOf(before, 'single');
    const body = { testId: fullId, questionId: q.qid, submittedAnswer: q.answerOrder[0] };
    const got: Record<string, number> = {};
    for (const who of ['anonymous', 'unverified', 'otherLearner', 'admin'] as const) {
      got[who] = (await call('POST', '/api/submit-quiz-answer', { who: asWho(who), body })).status;
    }
    // admins answer their own tests only (ADR 0019)
    expect(got).toEqual({ anonymous: 401, unverified: 403, otherLearner: 404, admin: 404 });
    expect(stateOf(await readTest(fullId))).toEqual(stateOf(before));
    // nothing of the answer was revealed to anyone before the check
    expect(before.questions.find((x) => x.qid === q.qid)).not.toHaveProperty('correctAnswer');
    const own = await call('POST', '/api/submit-quiz-answer', { who: learner, body });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      success: true,
      isCorrect: expect.any(Boolean),
      updatedQuestion: {
        correctAnswer: expect.any(Array),
        explanation: expect.any(String),
        gradedBy: 'system',
      },
    });
    const after = (await readTest(fullId)).questions.find((x) => x.qid === q.qid)!;
    expect(after).toMatchObject({ isSubmitted: true, submittedAnswer: q.answerOrder[0] });
    expect(after.correctAnswer).toEqual(own.body.updatedQuestion.correctAnswer);
  });

  it('POST /api/save-practice-answer: only the owner saves', async () => {
    const before = await readTest(practiceId);
    const q = questionOf(before, 'single');
    const body = { testId: practiceId, questionId: q.qid, submittedAnswer: q.answerOrder[1] };
    const got: Record<string, number> = {};
    for (const who of ['anonymous', 'unverified', 'otherLearner', 'admin'] as const) {
      got[who] = (
        await call('POST', '/api/save-practice-answer', { who: asWho(who), body })
      ).status;
    }
    expect(got).toEqual({ anonymous: 401, unverified: 403, otherLearner: 404, admin: 404 });
    expect(stateOf(await readTest(practiceId))).toEqual(stateOf(before));
    const own = await call('POST', '/api/save-practice-answer', { who: learner, body });
    expect(own).toMatchObject({
      status: 200,
      body: { success: true, questionId: q.qid, saved: true, savedAt: expect.any(String) },
    });
    const after = (await readTest(practiceId)).questions.find((x) => x.qid === q.qid)!;
    expect(after).toMatchObject({
      saved: true,
      submittedAnswer: q.answerOrder[1],
      status: 'unanswered',
    });
    expect(after).not.toHaveProperty('correctAnswer');
  });

  it('POST /api/flag-question: only the owner flags', async () => {
    const before = await readTest(practiceId);
    const q = before.questions[0]!;
    const body = { testId: practiceId, questionId: q.qid, flagged: true };
    const got: Record<string, number> = {};
    for (const who of ['anonymous', 'unverified', 'otherLearner', 'admin'] as const) {
      got[who] = (await call('POST', '/api/flag-question', { who: asWho(who), body })).status;
    }
    expect(got).toEqual({ anonymous: 401, unverified: 403, otherLearner: 404, admin: 404 });
    expect(stateOf(await readTest(practiceId))).toEqual(stateOf(before));
    const own = await call('POST', '/api/flag-question', { who: learner, body });
    expect(own).toMatchObject({ status: 200, body: { success: true, flagged: true } });
    expect((await readTest(practiceId)).questions[0]!.flagged).toBe(true);
  });

  it('POST /api/submit-test: only the owner submits; twice is harmless', async () => {
    const before = await readTest(practiceId);
    const got: Record<string, number> = {};
    for (const who of ['anonymous', 'unverified', 'otherLearner', 'admin'] as const) {
      got[who] = (
        await call('POST', '/api/submit-test', { who: asWho(who), body: { testId: practiceId } })
      ).status;
    }
    expect(got).toEqual({ anonymous: 401, unverified: 403, otherLearner: 404, admin: 404 });
    expect(stateOf(await readTest(practiceId))).toEqual(stateOf(before));
    const first = await call('POST', '/api/submit-test', {
      who: learner,
      body: { testId: practiceId },
    });
    expect(first.status).toBe(200);
    expect(first.body.test).toMatchObject({
      id: practiceId,
      completed: true,
      totalQuestions: 38,
      finalScore: expect.any(Number),
    });
    const again = await call('POST', '/api/submit-test', {
      who: learner,
      body: { testId: practiceId },
    });
    expect(again).toEqual(first);
    // after submit every answer is revealed, and answers are refused
    const done = await readTest(practiceId);
    expect(done.questions.every((q) => Array.isArray(q.correctAnswer))).toBe(true);
    const late = await call('POST', '/api/save-practice-answer', {
      who: learner,
      body: { testId: practiceId, questionId: done.questions[0]!.qid, submittedAnswer: '' },
    });
    expect(late).toMatchObject({ status: 409, body: { code: ErrorCodes.TEST_SUBMITTED } });
  });

  it('a graded test is read-only: every write into it answers 409 TEST_SUBMITTED and changes nothing', async () => {
    // a full test with one question checked and one flagged, then submitted
    const testId = await createTest(learner);
    const open = await readTest(testId);
    const first = questionOf(open, 'single');
    const second = open.questions.find((q) => q.qid !== first.qid);
    await call('POST', '/api/submit-quiz-answer', {
      who: learner,
      body: { testId, questionId: first.qid, submittedAnswer: first.answerOrder[0] },
    });
    await call('POST', '/api/flag-question', {
      who: learner,
      body: { testId, questionId: second!.qid, flagged: true },
    });
    expect(
      (await call('POST', '/api/submit-test', { who: learner, body: { testId } })).status,
    ).toBe(200);
    const graded = stateOf(await readTest(testId));
    const writes: [string, object][] = [
      ['/api/flag-question', { testId, questionId: second!.qid, flagged: false }],
      ['/api/flag-question', { testId, questionId: first.qid, flagged: true }],
      ['/api/submit-quiz-answer', { testId, questionId: second!.qid, submittedAnswer: '1' }],
    ];
    for (const [path, body] of writes) {
      const res = await call('POST', path, { who: learner, body });
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 409,
        code: ErrorCodes.TEST_SUBMITTED,
      });
      expect(res.body.message).toBe(TEST_MESSAGES.alreadySubmitted);
    }
    // the practice test submitted above: its flags are frozen too
    const practice = await readTest(practiceId);
    const flag = await call('POST', '/api/flag-question', {
      who: learner,
      body: { testId: practiceId, questionId: practice.questions[1]!.qid, flagged: true },
    });
    expect(flag).toMatchObject({ status: 409, body: { code: ErrorCodes.TEST_SUBMITTED } });
    expect(stateOf(await readTest(practiceId))).toEqual(stateOf(practice));
    expect(stateOf(await readTest(testId))).toEqual(graded);
    // out of the gradebook the next test reads
    await call('POST', '/api/delete-test', { who: learner, body: { testId } });
  });

  it('GET /api/gradebook: own graded tests; an admin reads A’s with ?userId=', async () => {
    const got: Record<string, number> = {};
    const ids: Record<string, string[]> = {};
    for (const who of CALLERS) {
      const query = who === 'admin' ? `?userId=${learner.id}` : '';
      const res = await call('GET', `/api/gradebook${query}`, { who: asWho(who) });
      got[who] = res.status;
      if (res.status === 200) ids[who] = (res.body.tests as TestSummary[]).map((t) => t.id);
    }
    expect(got).toEqual({
      anonymous: 401,
      unverified: 403,
      learner: 200,
      otherLearner: 200,
      admin: 200,
    });
    expect(ids.learner).toEqual([practiceId]);
    expect(ids.otherLearner).toEqual([]);
    expect(ids.admin).toEqual([practiceId]);
    // a learner's ?userId= is not honoured: their own gradebook
    const named = await call('GET', `/api/gradebook?userId=${learner.id}`, { who: otherLearner });
    expect(named.body.tests).toEqual([]);
  });

  it('GET /api/admin/user-tests: admins only; every test of the user, newest first', async () => {
    const path = `/api/admin/user-tests?uid=${learner.id}`;
    const got: Record<string, number> = {};
    for (const who of CALLERS) got[who] = (await call('GET', path, { who: asWho(who) })).status;
    expect(got).toEqual({
      anonymous: 401,
      unverified: 403,
      learner: 403,
      otherLearner: 403,
      admin: 200,
    });
    const { body } = await call<{ tests: TestSummary[] }>('GET', path, { who: 'admin' });
    expect(body.tests.map((t) => t.id)).toEqual(expect.arrayContaining([fullId, practiceId]));
    expect(body.tests.every((t) => t.userId === learner.id)).toBe(true);
    // newest first by createdAt (a test does not move between pages, ADR 0026)
    const times = body.tests.map((t) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // a page of one, then the next by the Link header, until none
    const seen: string[] = [];
    for (let next: string | null = `${path}&limit=1`; next !== null;) {
      const page: { status: number; body: { tests: TestSummary[] }; headers: Headers } =
        await exchange<{ tests: TestSummary[] }>('GET', next, { who: 'admin' });
      expect(page.status).toBe(200);
      expect(page.body.tests.length).toBeLessThanOrEqual(1);
      seen.push(...page.body.tests.map((t) => t.id));
      const link: string | null = page.headers.get('link');
      next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    expect(seen).toEqual(body.tests.map((t) => t.id));
  });

  it('GET /api/admin/test-export: admins only; the whole test at users/{uid}/tests/{id}', async () => {
    const path = `/api/admin/test-export?uid=${learner.id}&testId=${fullId}`;
    const got: Record<string, number> = {};
    for (const who of CALLERS) got[who] = (await call('GET', path, { who: asWho(who) })).status;
    expect(got).toEqual({
      anonymous: 401,
      unverified: 403,
      learner: 403,
      otherLearner: 403,
      admin: 200,
    });
    const { body } = await call<TestExport>('GET', path, { who: 'admin' });
    expect(body.path).toBe(testExportPath(learner.id, fullId));
    expect(Number.isNaN(Date.parse(body.fetchedAt))).toBe(false);
    expect(body.test).toMatchObject({ id: fullId, userId: learner.id });
    // the export carries the answers of unchecked questions too
    expect(body.test.questions.every((q) => Array.isArray(q.correctAnswer))).toBe(true);
    // another user's uid with A's test: not found
    const wrong = await call(
      'GET',
      `/api/admin/test-export?uid=${otherLearner.id}&testId=${fullId}`,
      { who: 'admin' },
    );
    expect([wrong.status, wrong.body.message]).toEqual([404, TEST_MESSAGES.notFound]);
  });

  it("GET /api/admin/users: each row carries its test count (the testing service's facts)", async () => {
    const tests = async (who: typeof learner) =>
      (
        await call<{ tests: TestSummary[] }>('GET', `/api/admin/user-tests?uid=${who.id}`, {
          who: 'admin',
        })
      ).body.tests.length;
    const rowOf = async (who: typeof learner) => {
      const res = await call<AdminUsersPage>(
        'GET',
        `/api/admin/users?email=${encodeURIComponent(who.email)}`,
        { who: 'admin' },
      );
      expect(res.status).toBe(200);
      return res.body.users.find((r) => r.uid === who.id);
    };
    const [a, b] = [await tests(learner), await tests(otherLearner)];
    expect(a).toBeGreaterThanOrEqual(3);
    // the user directory follows events.user.testsCounted: within moments, not at once
    const deadline = Date.now() + 10_000;
    let rows = [await rowOf(learner), await rowOf(otherLearner)];
    while ((rows[0]?.tests !== a || rows[1]?.tests !== b) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      rows = [await rowOf(learner), await rowOf(otherLearner)];
    }
    expect(rows.map((r) => r?.tests)).toEqual([a, b]);
  });

  it('POST /api/delete-test: another learner 404 (test kept); the owner, or an admin, deletes', async () => {
    const mine = await createTest(learner);
    const adminDeletes = await createTest(learner);
    const got: Record<string, number> = {};
    for (const who of ['anonymous', 'unverified', 'otherLearner'] as const) {
      got[who] = (
        await call('POST', '/api/delete-test', { who: asWho(who), body: { testId: mine } })
      ).status;
    }
    expect(got).toEqual({ anonymous: 401, unverified: 403, otherLearner: 404 });
    await readTest(mine);
    const own = await call('POST', '/api/delete-test', { who: learner, body: { testId: mine } });
    expect(own).toEqual({ status: 200, body: { success: true } });
    expect((await call('GET', `/api/tests/${mine}`, { who: learner })).status).toBe(404);
    const byAdmin = await call('POST', '/api/delete-test', {
      who: 'admin',
      body: { testId: adminDeletes },
    });
    expect(byAdmin).toEqual({ status: 200, body: { success: true } });
    expect((await call('GET', `/api/tests/${adminDeletes}`, { who: learner })).status).toBe(404);
    // deleting again: 404
    expect(
      (await call('POST', '/api/delete-test', { who: learner, body: { testId: mine } })).status,
    ).toBe(404);
  });
});

describe('bad input: 400 or 404 naming what is wrong; nothing stored', () => {
  let before: TestView;
  beforeAll(async () => {
    before = await readTest(fullId);
  });
  afterEach(async () => {
    expect(stateOf(await readTest(fullId))).toEqual(stateOf(before));
  });

  const refused = async (path: string, body: unknown, status = 400) => {
    const res = await call('POST', path, { who: learner, body });
    expect(res.status).toBe(status);
    return res.body as { code: string; message: string; fields?: Record<string, string[]> };
  };

  it.each([
    ['too short', 'abc'],
    ['with a path', '..%2F..%2Fx'],
    ['21 characters', 'a'.repeat(21)],
    ['with punctuation', 'aaaaaaaaaa.aaaaaaaaa'],
  ])('a test id %s in the path: 400 naming testId', async (_label, testId) => {
    const res = await call('GET', `/api/tests/${testId}`, { who: learner });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ testId: [TEST_FIELD_MESSAGES.testId] });
  });

  it('a test id that is not one in a body: 400 naming testId', async () => {
    const q = questionOf(before, 'single');
    for (const testId of ['nope', { $gt: '' }, { $ne: null }, ['x'], 12]) {
      const body = await refused('/api/submit-quiz-answer', {
        testId,
        questionId: q.qid,
        submittedAnswer: q.answerOrder[0],
      });
      expect(body.code).toBe(ErrorCodes.VALIDATION_FAILED);
      expect(Object.keys(body.fields!)).toEqual(['testId']);
    }
    for (const path of ['/api/submit-test', '/api/delete-test']) {
      const body = await refused(path, { testId: { $gt: '' } });
      expect(body.fields).toEqual({ testId: [TEST_FIELD_MESSAGES.testId] });
    }
  });

  it('a foreign test id or one no test has: 404, the same answer', async () => {
    const q = questionOf(before, 'single');
    for (const testId of [otherId, NO_SUCH_TEST]) {
      const body = await refused(
        '/api/submit-quiz-answer',
        { testId, questionId: q.qid, submittedAnswer: q.answerOrder[0] },
        404,
      );
      expect(body.message).toBe(TEST_MESSAGES.notFound);
      expect((await refused('/api/submit-test', { testId }, 404)).message).toBe(
        TEST_MESSAGES.notFound,
      );
    }
  });

  it('a question id not in the test: 404; not a question id: 400 naming questionId', async () => {
    const taken = new Set(before.questions.map((q) => q.qid));
    const absent = ['ZZ99', 'ZZ98', 'ZZ97', 'AA00'].find((qid) => !taken.has(qid))!;
    const body = await refused(
      '/api/submit-quiz-answer',
      { testId: fullId, questionId: absent, submittedAnswer: '1' },
      404,
    );
    expect(body.message).toBe(TEST_MESSAGES.questionNotInTest);
    for (const questionId of ['zz99', 'ABC1', { $gt: '' }]) {
      const bad = await refused('/api/submit-quiz-answer', {
        testId: fullId,
        questionId,
        submittedAnswer: '1',
      });
      expect(bad.fields).toEqual({ questionId: [TEST_FIELD_MESSAGES.questionId] });
    }
  });

  it("a choice that is not one of the question's: 400 naming submittedAnswer", async () => {
    const q = questionOf(before, 'single');
    const body = await refused('/api/submit-quiz-answer', {
      testId: fullId,
      questionId: q.qid,
      submittedAnswer: 'not a choice',
    });
    expect(body.fields).toEqual({ submittedAnswer: [TEST_MESSAGES.choiceNotInQuestion] });
  });

  it('a 501-character typed answer: 400 with the spec sentence', async () => {
    const q = questionOf(before, 'blank');
    const body = await refused('/api/submit-quiz-answer', {
      testId: fullId,
      questionId: q.qid,
      submittedAnswer: '1'.repeat(501),
    });
    expect(body.fields).toEqual({
      submittedAnswer: ['Answer too long. Maximum 500 characters allowed.'],
    });
  });

  it('script in a typed answer: 400, never stored', async () => {
    const q = questionOf(before, 'blank');
    for (const submittedAnswer of ['<script>alert(1)</script>', '1<img src=x onerror=alert(1)>']) {
      const body = await refused('/api/submit-quiz-answer', {
        testId: fullId,
        questionId: q.qid,
        submittedAnswer,
      });
      expect(body.fields).toEqual({ submittedAnswer: [MATH_ANSWER_MESSAGES.security] });
    }
  });

  it('operator objects as the answer: 400 naming submittedAnswer', async () => {
    const q = questionOf(before, 'single');
    for (const submittedAnswer of [{ $gt: '' }, [{ $ne: null }], { $where: '1' }]) {
      const body = await refused('/api/submit-quiz-answer', {
        testId: fullId,
        questionId: q.qid,
        submittedAnswer,
      });
      expect(body.fields).toEqual({ submittedAnswer: [TEST_FIELD_MESSAGES.submittedAnswer] });
    }
  });

  it('an empty answer: 400 with the spec sentence', async () => {
    const q = questionOf(before, 'single');
    const body = await refused('/api/submit-quiz-answer', {
      testId: fullId,
      questionId: q.qid,
      submittedAnswer: '',
    });
    expect(body.fields).toEqual({ submittedAnswer: [TEST_MESSAGES.enterAnswer] });
  });

  it('unknown body fields (a userId, an isCorrect): 400 naming each, before anything is stored', async () => {
    const q = questionOf(before, 'single');
    const testsOfB = async () =>
      (
        await call<{ tests: TestSummary[] }>(
          'GET',
          `/api/admin/user-tests?uid=${otherLearner.id}`,
          { who: 'admin' },
        )
      ).body.tests.map((t) => t.id);
    const testsBefore = await testsOfB();
    const answer = { testId: fullId, questionId: q.qid, submittedAnswer: q.answerOrder[0] };
    for (const [path, body, field] of [
      ['/api/submit-quiz-answer', { ...answer, userId: otherLearner.id }, 'userId'],
      ['/api/submit-quiz-answer', { ...answer, isCorrect: true }, 'isCorrect'],
      ['/api/save-practice-answer', { ...answer, status: 'correct' }, 'status'],
      ['/api/flag-question', { testId: fullId, questionId: q.qid, flagged: true, uid: 'x' }, 'uid'],
      ['/api/submit-test', { testId: fullId, finalScore: 100 }, 'finalScore'],
      ['/api/delete-test', { testId: fullId, userId: learner.id }, 'userId'],
      ['/api/create-test', { ...SAMPLE, userId: otherLearner.id }, 'userId'],
    ] as const) {
      const res = await refused(path, body);
      expect(res.fields).toEqual({ [field]: [`Field "${field}" is not allowed.`] });
    }
    // the create was refused too: no new test for B
    expect(await testsOfB()).toEqual(testsBefore);
  });

  it('bad queries: 400 naming the field', async () => {
    for (const [path, fields] of [
      ['/api/tests/unfinished?productId=teas_math_qbank&includeId=x&mode=exam', ['mode']],
      ['/api/tests/unfinished?productId=TEAS!&includeId=x&mode=full', ['productId']],
      // an operator key is no productId (and an unknown field)
      [
        '/api/tests/unfinished?productId[$gt]=&includeId=x&mode=full',
        ['productId', 'productId[$gt]'],
      ],
      [`/api/gradebook?userId=${encodeURIComponent('a b')}`, ['userId']],
    ] as const) {
      const res = await call('GET', path, { who: learner });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields).sort()).toEqual(fields);
    }
    for (const [path, field] of [
      ['/api/admin/user-tests?uid=%24where', 'uid'],
      [`/api/admin/test-export?uid=${learner.id}&testId=short`, 'testId'],
    ] as const) {
      const res = await call('GET', path, { who: 'admin' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
  });
});
