// The authorization matrix (issue 15, security suite): every operation of the gateway's live
// OpenAPI document × anonymous / unverified / learner / another learner / admin, against the
// running test system. The expected cell of each is declared next to the route with @Authz
// (the document's `x-authz`); an operation without a row fails. The ids in the probes are the
// FIRST learner's (tests, answers, an order), made here through the API: the other learner acts
// on them. Admin mutations touch only what this file made, ids that do not exist, or bodies the
// guard passes and validation refuses (the row then says 400 for the admin, honestly).
import {
  AUTHZ_CALLERS,
  AUTHZ_EXTENSION,
  type AuthzCaller,
  type AuthzExtension,
} from '../src/auth/authz.decorator';
import { canonicalAnswer, generatePump, parsePumpProblemId, pumpProblemId } from '@examprep/pump';
import {
  createRealmUser,
  getClientToken,
  identityServiceClient,
  infraConfig,
} from '@examprep/test-kit';
import { call, gatewayUrl, type Who } from './support/api';
import { SAMPLE_PATH_PARAMS } from './support/openapi';
import { ALL_APPS, systemCtl } from './support/system';
import { grantRealmRole } from './support/instructor';
import { callerOf, learnerPair, PRACTICE_TEST, SAMPLE_TEST } from './support/learners';

const cfg = infraConfig('test');
const kcAdmin = `${cfg.keycloakUrl}/admin/realms/${cfg.realm}`;

const stamp = Date.now();
const pair = learnerPair('authz');
const { learner, otherLearner } = pair;
/** A verified user with the realm role `instructor` (issue 30) who teaches no class. */
const instructor = {
  email: `authz-instructor-${stamp}@examprep.test`,
  password: 'authz-pass-3',
  id: '',
};
/**
 * The matrix's callers, and an admin whose email is not verified: answered on every operation
 * as the admin is (admins are exempt from verification, learner spec §2: one rule,
 * `passesVerification`, in the gateway and in every service).
 */
type Caller = AuthzCaller | 'unverifiedAdmin';
const asWho = (c: Caller): Who =>
  c === 'unverifiedAdmin'
    ? 'unverified-admin'
    : c === 'instructor'
      ? instructor
      : callerOf(pair, c);

const SAMPLE = SAMPLE_TEST;
const PRACTICE = PRACTICE_TEST;
/** The first learner's products besides the practice QBank: the other learner has none. */
const OWNED = { teas_math_workbook: true, premium_3d_assets: true };
/** Well-formed ids nothing has. */
const NO_SUCH = {
  mongoId: '0123456789abcdef01234567',
  uid: '00000000-0000-4000-8000-000000000000',
  qid: 'ZZ99',
  /** 32 random bytes in base64url, as the reminder mail's link carries */
  unsubscribeToken: 'A'.repeat(43),
  /** an LMS assignment: <platform id>:<resource link id> */
  linkKey: '00000000-0000-4000-8000-000000000000:no-such-link',
};

/** The UTC date `days` from today ('YYYY-MM-DD'). */
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The first learner's things, made in beforeAll. */
const ids = {
  /** a full test: the quiz answer is checked in it, others read it */
  fullTest: '',
  fullQuestion: '',
  fullAnswer: '' as unknown,
  /** a practice test: answers saved and questions flagged in it */
  practiceTest: '',
  practiceQuestion: '',
  practiceAnswer: '' as unknown,
  /** one test each for the learner's and the admins' submit and delete (their calls change it) */
  submitTest: { learner: '', admin: '', unverifiedAdmin: '' },
  deleteTest: { learner: '', admin: '', unverifiedAdmin: '' },
  /** a pending order of the learner (create-checkout-session) */
  sessionId: '',
  /** a generated Infinite QBank question and its answer */
  infinite: { id: '', answer: [] as unknown },
  adminDashboard: '',
  adminViewMode: '',
};
/** Tests the admin's probe of create-test made (removed afterwards). */
const adminCreatedTests: string[] = [];

const previewPump = pumpProblemId({ kind: 'singlePump', timeFormat: 'given', seed: 0 });

interface Probe {
  /** path parameters (default: SAMPLE_PATH_PARAMS) */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON body, or one per caller */
  body?: unknown;
  bodyFor?: (caller: Caller) => unknown;
}

/** The first learner's test that `caller`'s call may change: the others try the learner's own. */
const perCaller =
  (tests: { learner: string; admin: string; unverifiedAdmin: string }) => (caller: Caller) =>
    caller === 'admin' || caller === 'unverifiedAdmin' ? tests[caller] : tests.learner;

/** The request of each operation; an operation not named here is called with sample path parameters and no body. */
function probes(): Record<string, Probe> {
  return {
    'PUT /api/announcements/{id}': {
      params: { id: NO_SUCH.mongoId },
      body: { content: 'authz probe', date: '2026-11-22', linkUrl: '', linkText: '' },
    },
    'DELETE /api/announcements/{id}': { params: { id: NO_SUCH.mongoId } },
    'POST /api/announcements': { body: {} },
    // the first learner's id: theirs to register, an admin's to name, nobody else's
    'POST /api/create-user': { bodyFor: () => ({ uid: learner.id }) },
    'POST /api/password-reset': { body: { email: `nobody-${stamp}@examprep.test` } },
    'POST /api/update-user-default-dashboard': {
      // the admin's own value (the seeded admin's choice stays as it was)
      bodyFor: () => ({ defaultDashboard: ids.adminDashboard }),
    },
    'POST /api/captcha/verify': { body: { id: NO_SUCH.mongoId, answer: '4' } },
    'POST /api/sanitize': { body: { input: 'x<b>y</b>', type: 'general' } },
    'DELETE /api/delete-user': { body: { userId: NO_SUCH.uid } },
    'POST /api/admin/allow-signup': { body: { allowSignup: 'not a boolean' } },
    'POST /api/admin/generate-test-token': { body: { uid: NO_SUCH.uid } },
    'DELETE /api/delete-user-data': { body: { uid: NO_SUCH.uid } },
    'POST /api/questions': { body: {} },
    'GET /api/questions/{qid}': { params: { qid: NO_SUCH.qid } },
    'PUT /api/questions/{qid}': { params: { qid: NO_SUCH.qid }, body: {} },
    'DELETE /api/questions/{qid}': { params: { qid: NO_SUCH.qid } },
    'POST /api/questions/{qid}/duplicate': { params: { qid: NO_SUCH.qid } },
    'GET /api/admin/item-analysis/questions/{qid}': { params: { qid: NO_SUCH.qid } },
    'PATCH /api/courses/{courseId}/topics/{topicKey}': {
      params: { courseId: 'no_such_course', topicKey: 'no_such_topic' },
      body: { isFree: true },
    },
    'GET /api/infiniteqbank/generate-batch': {
      query: { course: 'med_dosage', objective: '5', topic: 'md_iv_flow_rate', count: '1' },
    },
    'POST /api/infiniteqbank/check': {
      bodyFor: () => ({ id: ids.infinite.id, answer: ids.infinite.answer }),
    },
    'POST /api/infiniteqbank/admin/set-view-mode': { bodyFor: () => ({ mode: ids.adminViewMode }) },
    'POST /api/simulations/pump/generate': {
      body: { calculate: 'rate', timeFormat: 'given', pumpCount: 'single' },
    },
    'POST /api/simulations/pump/check': {
      body: {
        id: previewPump,
        answer: canonicalAnswer(generatePump(parsePumpProblemId(previewPump)!)),
      },
    },
    'POST /api/check-product-access': { body: { productId: 'teas_math_qbank_full' } },
    'POST /api/create-checkout-session': { body: { products: ['med_dosage_workbook'] } },
    'POST /api/dev-checkout/{sessionId}/complete': {
      params: { sessionId: SAMPLE_PATH_PARAMS.sessionId! },
      body: { outcome: 'cancel' },
    },
    'POST /api/stripe/webhook': { body: { type: 'checkout.session.completed' } },
    'POST /api/update-user-purchases': {
      bodyFor: () => ({ uid: learner.id, purchases: { teas_math_qbank: true } }),
    },
    // the first learner's product: the other learner does not own it
    'POST /api/create-test': { body: PRACTICE },
    'GET /api/tests/unfinished': { query: { ...SAMPLE } },
    'POST /api/submit-quiz-answer': {
      bodyFor: () => ({
        testId: ids.fullTest,
        questionId: ids.fullQuestion,
        submittedAnswer: ids.fullAnswer,
      }),
    },
    'POST /api/save-practice-answer': {
      bodyFor: () => ({
        testId: ids.practiceTest,
        questionId: ids.practiceQuestion,
        submittedAnswer: ids.practiceAnswer,
      }),
    },
    'POST /api/flag-question': {
      bodyFor: () => ({
        testId: ids.practiceTest,
        questionId: ids.practiceQuestion,
        flagged: true,
      }),
    },
    'POST /api/submit-test': { bodyFor: (c) => ({ testId: perCaller(ids.submitTest)(c) }) },
    'POST /api/delete-test': { bodyFor: (c) => ({ testId: perCaller(ids.deleteTest)(c) }) },
    'POST /api/admin/media/uploads': {
      body: { slot: 'questionImage', contentType: 'image/png', size: 100, fileName: 'authz.png' },
    },

    'GET /api/getWorkbookVideoUrl': {
      query: { videoPath: 'Workbooks/TEAS-Math-Workbook/videos/02-percent-of-a-number.mp4' },
    },
    'GET /api/download-file-free': { query: { filePath: 'Downloads/free-3d-assets.zip' } },
    'GET /api/download-file-paid': { query: { filePath: 'Downloads/premium-3d-assets.zip' } },
    'GET /api/workbooks/{productId}': { params: { productId: 'teas_math_workbook' } },
    // the seeded admin's stamped copies are limited per day: the admin's path is refused by validation
    'POST /api/generate-stamped-pdf': {
      bodyFor: (c) => ({
        workbookPath:
          c === 'admin' || c === 'unverifiedAdmin'
            ? 'Workbooks/../TEAS-Math-Workbook.pdf'
            : 'Workbooks/TEAS-Math-Workbook.pdf',
      }),
    },
    'GET /api/proxy-pdf': { query: { file: 'TEAS-Math-Workbook.pdf' } },
    // the learning engine (issue 29): each caller's own data; the plan's reminders stay off
    'POST /api/learning/weak-spots': { body: { course: 'teas_math' } },
    'PUT /api/learning/plan': {
      body: { examDate: daysAhead(60), minutesPerDay: 30, reminders: false },
    },
    // a well-formed token no plan has
    'POST /api/learning/unsubscribe': { query: { token: NO_SUCH.unsubscribeToken } },
    'GET /api/admin/user-learning': { query: { uid: NO_SUCH.uid } },
    // schools (issue 30): ids of the right shape that nothing has
    'GET /api/lti/deep-links/{id}': { params: { id: NO_SUCH.uid } },
    'POST /api/lti/deep-links/{id}': {
      params: { id: NO_SUCH.uid },
      body: { picks: [{ key: 'pump' }] },
    },
    'GET /api/lti/assignments/{linkKey}': { params: { linkKey: NO_SUCH.linkKey } },
    'POST /api/lti/assignments/{linkKey}/start': { params: { linkKey: NO_SUCH.linkKey } },
    'PUT /api/admin/lti/platforms/{id}': {
      params: { id: NO_SUCH.uid },
      body: {
        name: 'No such LMS',
        issuer: 'https://lms.example',
        clientId: 'client',
        deploymentIds: ['d'],
        authUrl: 'https://lms.example/auth',
        tokenUrl: 'https://lms.example/token',
        jwksUrl: 'https://lms.example/jwks',
        status: 'active',
      },
    },
    'DELETE /api/admin/lti/platforms/{id}': { params: { id: NO_SUCH.uid } },
    'PUT /api/admin/lti/licences/{id}': {
      params: { id: NO_SUCH.uid },
      body: {
        platformId: NO_SUCH.uid,
        name: 'No such licence',
        productIds: ['teas_math_qbank'],
        seats: 1,
        startsOn: daysAhead(0),
        endsOn: daysAhead(30),
      },
    },
    'GET /api/admin/lti/licences/{id}/seats': { params: { id: NO_SUCH.uid } },
    'DELETE /api/admin/lti/licences/{id}/seats/{uid}': {
      params: { id: NO_SUCH.uid, uid: NO_SUCH.uid },
    },
    'GET /api/instructor/classes/{contextKey}': { params: { contextKey: NO_SUCH.linkKey } },
    'GET /api/instructor/classes/{contextKey}/items': { params: { contextKey: NO_SUCH.linkKey } },
    'GET /api/instructor/classes/{contextKey}/export.csv': {
      params: { contextKey: NO_SUCH.linkKey },
    },
    'GET /api/proxy-free-pdf': { query: { file: 'med-dosage-conversions.pdf' } },
  };
}

/** Query parameters that hold the first learner's ids (filled in once they exist). */
function learnerQuery(key: string): Record<string, string> | undefined {
  switch (key) {
    case 'GET /api/admin/user-purchases':
    case 'GET /api/admin/user-tests':
      return { uid: learner.id };
    case 'GET /api/admin/test-export':
      return { uid: learner.id, testId: ids.fullTest };
    case 'GET /api/getSignedUrl':
      // a question image of the first learner's test
      return { path: `Images/${ids.fullQuestion}-que.png` };
    case 'GET /api/gradebook':
      return { userId: learner.id };
    default:
      return undefined;
  }
}
function learnerParams(key: string): Record<string, string> | undefined {
  if (key === 'GET /api/tests/{testId}') return { testId: ids.fullTest };
  if (key.includes('/api/dev-checkout/{sessionId}') && key.startsWith('GET'))
    return { sessionId: ids.sessionId };
  // the first learner's own checkout: theirs to read, nobody else's
  if (key === 'GET /api/checkout-sessions/{sessionId}') return { sessionId: ids.sessionId };
  return undefined;
}

interface Operation {
  key: string;
  method: string;
  template: string;
  expected?: AuthzExtension;
}

/** Operations whose answer is about the caller's own email address, not about access. */
const OWN_ADDRESS_OPS = new Set(['POST /api/resend-verification']);

interface Cell {
  key: string;
  caller: Caller;
  status: number;
  expected: number[];
}

async function probe(op: Operation, caller: Caller): Promise<Cell> {
  const p = probes()[op.key] ?? {};
  const params = { ...SAMPLE_PATH_PARAMS, ...p.params, ...learnerParams(op.key) };
  const path = op.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? 'x'),
  );
  const query = { ...p.query, ...learnerQuery(op.key) };
  const qs = new URLSearchParams(query).toString();
  const body = p.bodyFor ? p.bodyFor(caller) : p.body;
  const res = await call(op.method, qs ? `${path}?${qs}` : path, { who: asWho(caller), body });
  if (op.key === 'POST /api/create-test' && caller !== 'learner' && res.status === 200)
    adminCreatedTests.push(res.body.testId);
  // the unverified admin is held to the admin's row, but where the answer is about the
  // caller's own address (resend the verification mail), to the unverified learner's
  const row =
    caller !== 'unverifiedAdmin' ? caller : OWN_ADDRESS_OPS.has(op.key) ? 'unverified' : 'admin';
  return { key: op.key, caller, status: res.status, expected: op.expected?.[row] ?? [] };
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

async function createTest(who: Who, input: object = SAMPLE): Promise<string> {
  const res = await call('POST', '/api/create-test', { who, body: input });
  expect(res.status).toBe(200);
  return res.body.testId as string;
}

async function removeTestsOf(uid: string) {
  if (!uid) return;
  const res = await call('GET', `/api/admin/user-tests?uid=${uid}`, { who: 'admin' });
  for (const t of (res.body?.tests ?? []) as { id: string }[])
    await call('POST', '/api/delete-test', { who: 'admin', body: { testId: t.id } });
}

let operations: Operation[] = [];

beforeAll(async () => {
  systemCtl('start', ALL_APPS);
  const doc = (await (await fetch(`${gatewayUrl}/api/docs-json`)).json()) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${template}`,
      method: method.toUpperCase(),
      template,
      expected: op[AUTHZ_EXTENSION] as AuthzExtension | undefined,
    })),
  );

  [learner.id, otherLearner.id, instructor.id] = await Promise.all([
    createRealmUser(learner),
    createRealmUser(otherLearner),
    createRealmUser(instructor),
  ]);
  await grantRealmRole(instructor.id, 'instructor');
  const grant = await call('POST', '/api/update-user-purchases', {
    who: 'admin',
    body: { uid: learner.id, purchases: { teas_math_qbank: true, ...OWNED } },
  });
  expect(grant.status).toBe(200);
  const [full, practice, s1, s2, s3, d1, d2, d3] = await Promise.all([
    createTest(learner),
    createTest(learner, PRACTICE),
    createTest(learner),
    createTest(learner),
    createTest(learner),
    createTest(learner),
    createTest(learner),
    createTest(learner),
  ]);
  Object.assign(ids, {
    fullTest: full,
    practiceTest: practice,
    submitTest: { learner: s1, admin: s2, unverifiedAdmin: s3 },
    deleteTest: { learner: d1, admin: d2, unverifiedAdmin: d3 },
  });
  const fullView = (await call('GET', `/api/tests/${full}`, { who: learner })).body;
  const single = fullView.questions.find((q: { type: string }) => q.type === 'single');
  ids.fullQuestion = single.qid;
  ids.fullAnswer = single.answerOrder[0];
  const practiceView = (await call('GET', `/api/tests/${practice}`, { who: learner })).body;
  const pq = practiceView.questions.find((q: { type: string }) => q.type === 'single');
  ids.practiceQuestion = pq.qid;
  ids.practiceAnswer = pq.answerOrder[0];

  const order = await call('POST', '/api/create-checkout-session', {
    who: learner,
    body: { products: ['med_dosage_workbook'] },
  });
  expect(order.status).toBe(200);
  ids.sessionId = order.body.id;

  const batch = await call(
    'GET',
    '/api/infiniteqbank/generate-batch?course=med_dosage&objective=5&topic=md_iv_flow_rate&count=1',
    { who: learner },
  );
  expect(batch.status).toBe(200);
  ids.infinite = { id: batch.body.questions[0].id, answer: ['1'] };

  const me = await call('GET', '/api/me', { who: 'admin' });
  ids.adminDashboard = me.body.defaultDashboard;
  const mode = await call('GET', '/api/infiniteqbank/admin/view-mode', { who: 'admin' });
  ids.adminViewMode = mode.body.mode;
}, 180_000);

afterAll(async () => {
  await removeTestsOf(learner.id);
  await removeTestsOf(otherLearner.id);
  await removeTestsOf(instructor.id);
  for (const testId of adminCreatedTests)
    await call('POST', '/api/delete-test', { who: 'admin', body: { testId } });
  await call('POST', '/api/update-user-purchases', {
    who: 'admin',
    body: {
      uid: learner.id,
      purchases: {
        teas_math_qbank: false,
        ...Object.fromEntries(Object.keys(OWNED).map((p) => [p, false])),
      },
    },
  });
  // the plans the PUT probes set (the DELETE probes may have run before them)
  for (const who of [learner, otherLearner, instructor, 'admin'] as const)
    await call('DELETE', '/api/learning', { who });
  const { access_token } = await getClientToken(identityServiceClient());
  for (const id of [learner.id, otherLearner.id, instructor.id].filter(Boolean)) {
    await fetch(`${kcAdmin}/users/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
  }
});

describe('the authorization matrix', () => {
  it('has a declared row (x-authz) for every operation of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((op) => !op.expected).map((op) => op.key)).toEqual([]);
    for (const op of operations)
      expect(Object.keys(op.expected!).sort()).toEqual([...AUTHZ_CALLERS].sort());
  });

  it('answers every operation × caller with the declared status', async () => {
    const tasks = operations.flatMap((op) =>
      AUTHZ_CALLERS.map((caller) => () => probe(op, caller)),
    );
    const cells = await pool(tasks, 6);
    const wrong = cells
      .filter((c) => !c.expected.includes(c.status))
      .map(
        (c) =>
          `${c.key} as ${c.caller}: ${c.status}, declared ${c.expected.join(' or ') || 'nothing'}`,
      );
    // the lead's figure: the size of the matrix
    console.log(
      `authorization matrix: ${operations.length} operations × ${AUTHZ_CALLERS.length} callers = ${cells.length} cells, ${cells.length - wrong.length} as declared`,
    );
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers an admin whose email is not verified as the admin on every operation (admins are exempt: one rule in the gateway and the services)', async () => {
    const cells = await pool(
      operations.map((op) => () => probe(op, 'unverifiedAdmin')),
      6,
    );
    const wrong = cells
      .filter((c) => !c.expected.includes(c.status))
      .map((c) => `${c.key}: ${c.status}, the admin's row says ${c.expected.join(' or ')}`);
    expect(cells.length).toBe(operations.length);
    expect(wrong).toEqual([]);
  }, 120_000);
});
