// The learner journey (issue 15): what a browser of the web app sends, grouped into endpoint
// groups with their own thresholds. Plain ES module with no k6 and no Node imports: the k6
// script tools/load/k6/journey.js (load testers) and tools/load/run.mjs (our vegeta runs) build
// the same requests and apply the same checks from it.
//   dashboard  GET /api/public-config (anonymous), GET /api/me, GET /api/announcements
//   catalog    GET /api/products
//   tests      POST /api/create-test (a practice test of the TEAS Math QBank), GET /api/tests/:id,
//              POST /api/submit-test
//   answers    POST /api/save-practice-answer (practise), POST /api/submit-quiz-answer (a full
//              test's Check)
//   gradebook  GET /api/gradebook
//   infinite   GET /api/infiniteqbank/generate-batch, POST /api/infiniteqbank/check
//   admin      GET /api/admin/users, GET /api/questions, GET /api/questions/facets (an admin
//              browsing the user and question lists)
import { announcementsChecks, announcementsRequest } from './announcements.js';
import { headers, isObject, json, trimBase } from './http.js';
import { publicConfigChecks, publicConfigRequest } from './public-config.js';
import { meRequest, productsRequest } from './product-access.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */
/** @typedef {import('./http.js').Checks} Checks */

/** The endpoint groups, in report order. */
export const JOURNEY_GROUPS = Object.freeze([
  'dashboard',
  'catalog',
  'tests',
  'answers',
  'gradebook',
  'infinite',
  'admin',
]);

/** @typedef {'dashboard' | 'catalog' | 'tests' | 'answers' | 'gradebook' | 'infinite' | 'admin'} JourneyGroup */

/**
 * The group of each request name of the journey (the k6 `name` tag).
 * @type {Readonly<Record<string, JourneyGroup>>}
 */
export const GROUP_OF = Object.freeze({
  'public-config': 'dashboard',
  me: 'dashboard',
  announcements: 'dashboard',
  products: 'catalog',
  'create-test': 'tests',
  'get-test': 'tests',
  'submit-test': 'tests',
  'save-practice-answer': 'answers',
  'submit-quiz-answer': 'answers',
  gradebook: 'gradebook',
  'infiniteqbank-courses': 'infinite',
  'generate-batch': 'infinite',
  'infiniteqbank-check': 'infinite',
  'admin-users': 'admin',
  questions: 'admin',
  'question-facets': 'admin',
});

/**
 * Thresholds of every endpoint group (issue 15's knee: p95 < 200 ms and < 0.1 % errors); the
 * k6 script and run.mjs fail the run when one group misses one.
 */
export const GROUP_THRESHOLDS = Object.freeze({ p95: 200, p99: 500, errorRate: 0.001 });

/** The product the journey's learners hold and the include of their practice tests. */
export const JOURNEY_PRODUCT = 'teas_math_qbank';
export const JOURNEY_PRACTICE = 'teas_math_qbank_practice';
export const JOURNEY_FULL = 'teas_math_qbank_full';

/** Answers a learner saves in one practice session. */
export const ANSWERS_PER_TEST = 3;

/** @param {string | null} token */
const jsonHeaders = (token) => headers(token, { 'Content-Type': 'application/json' });

/**
 * @param {string} name
 * @param {'GET' | 'POST'} method
 * @param {string} url
 * @param {string | null} token
 * @param {unknown} [body]
 * @returns {LoadRequest}
 */
const req = (name, method, url, token, body) => ({
  name,
  method,
  url,
  headers: body === undefined ? headers(token) : jsonHeaders(token),
  body: body === undefined ? null : JSON.stringify(body),
});

/**
 * The dashboard's first calls: public-config (anonymous), the learner's /api/me and the
 * announcements.
 * @param {string} baseUrl
 * @param {string} token
 * @returns {LoadRequest[]}
 */
export function dashboardRequests(baseUrl, token) {
  return [
    { ...publicConfigRequest(baseUrl), name: 'public-config' },
    { ...meRequest(baseUrl, token), name: 'me' },
    { ...announcementsRequest(baseUrl, token), name: 'announcements' },
  ];
}

/**
 * GET /api/products as the signed-in browser sends it.
 * @param {string} baseUrl
 * @param {string} token
 */
export const productsOfLearner = (baseUrl, token) => ({
  ...productsRequest(baseUrl),
  name: 'products',
  headers: headers(token),
});

/**
 * @param {string} baseUrl
 * @param {string} token
 * @param {'practice' | 'full'} [mode]
 */
export const journeyCreateTest = (baseUrl, token, mode = 'practice') =>
  req('create-test', 'POST', `${trimBase(baseUrl)}/api/create-test`, token, {
    productId: JOURNEY_PRODUCT,
    includeId: mode === 'practice' ? JOURNEY_PRACTICE : JOURNEY_FULL,
    mode,
  });

/**
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} testId
 */
export const journeyGetTest = (baseUrl, token, testId) =>
  req('get-test', 'GET', `${trimBase(baseUrl)}/api/tests/${encodeURIComponent(testId)}`, token);

/**
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} testId
 * @param {string} questionId
 * @param {string | string[]} submittedAnswer
 */
export const journeySaveAnswer = (baseUrl, token, testId, questionId, submittedAnswer) =>
  req('save-practice-answer', 'POST', `${trimBase(baseUrl)}/api/save-practice-answer`, token, {
    testId,
    questionId,
    submittedAnswer,
  });

/**
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} testId
 * @param {string} questionId
 * @param {string | string[]} submittedAnswer
 */
export const journeyCheckAnswer = (baseUrl, token, testId, questionId, submittedAnswer) =>
  req('submit-quiz-answer', 'POST', `${trimBase(baseUrl)}/api/submit-quiz-answer`, token, {
    testId,
    questionId,
    submittedAnswer,
  });

/**
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} testId
 */
export const journeySubmitTest = (baseUrl, token, testId) =>
  req('submit-test', 'POST', `${trimBase(baseUrl)}/api/submit-test`, token, { testId });

/**
 * @param {string} baseUrl
 * @param {string} token
 */
export const journeyGradebook = (baseUrl, token) =>
  req('gradebook', 'GET', `${trimBase(baseUrl)}/api/gradebook`, token);

/**
 * The admin's Users and Questions pages: the user list, the question list (no filter, as the
 * page opens) and the editor's facets.
 * @param {string} baseUrl
 * @param {string} adminToken
 * @returns {LoadRequest[]}
 */
export function adminRequests(baseUrl, adminToken) {
  const b = trimBase(baseUrl);
  return [
    req('admin-users', 'GET', `${b}/api/admin/users`, adminToken),
    req('questions', 'GET', `${b}/api/questions`, adminToken),
    req('question-facets', 'GET', `${b}/api/questions/facets`, adminToken),
  ];
}

/** @param {string} name */
const ok = (name) => ({ [`${name}: status is 200`]: (/** @type {any} */ r) => r.status === 200 });

/** @type {Checks} */
export const meChecks = {
  ...ok('me'),
  'me: uid, email and purchases': (r) => {
    const b = json(r);
    return (
      isObject(b) &&
      typeof b.uid === 'string' &&
      typeof b.email === 'string' &&
      isObject(b.purchases)
    );
  },
};

/** @type {Checks} */
export const productsChecks = {
  ...ok('products'),
  'products: a non-empty list of products with id and price': (r) => {
    const b = json(r);
    return (
      isObject(b) &&
      Array.isArray(b.products) &&
      b.products.length > 0 &&
      b.products.every(
        (p) => isObject(p) && typeof p.id === 'string' && typeof p.price === 'number',
      )
    );
  },
};

/** @type {Checks} */
export const createTestChecks = {
  ...ok('create-test'),
  'create-test: {success: true, testId}': (r) => {
    const b = json(r);
    return isObject(b) && b.success === true && typeof b.testId === 'string' && b.testId !== '';
  },
};

/** @type {Checks} */
export const getTestChecks = {
  ...ok('get-test'),
  'get-test: the test with its questions': (r) => {
    const b = json(r);
    return (
      isObject(b) &&
      typeof b.id === 'string' &&
      Array.isArray(b.questions) &&
      b.questions.length > 0
    );
  },
};

/** @type {Checks} */
export const saveAnswerChecks = {
  ...ok('save-practice-answer'),
  'save-practice-answer: saved': (r) => {
    const b = json(r);
    return isObject(b) && b.success === true && b.saved === true;
  },
};

/** @type {Checks} */
export const checkAnswerChecks = {
  ...ok('submit-quiz-answer'),
  'submit-quiz-answer: graded': (r) => {
    const b = json(r);
    return isObject(b) && b.success === true && typeof b.isCorrect === 'boolean';
  },
};

/** @type {Checks} */
export const submitTestChecks = {
  ...ok('submit-test'),
  'submit-test: success': (r) => {
    const b = json(r);
    return isObject(b) && b.success === true;
  },
};

/** @type {Checks} */
export const gradebookChecks = {
  ...ok('gradebook'),
  'gradebook: {tests: [...]}': (r) => {
    const b = json(r);
    return isObject(b) && Array.isArray(b.tests);
  },
};

/** @type {Checks} */
export const adminUsersChecks = {
  ...ok('admin-users'),
  'admin-users: a page of users with uid and email, and the counts': (r) => {
    const b = json(r);
    return (
      isObject(b) &&
      Array.isArray(b.users) &&
      b.users.length > 0 &&
      b.users.every((u) => isObject(u) && typeof u.uid === 'string' && 'email' in u) &&
      typeof b.total === 'number'
    );
  },
};

/** @type {Checks} */
export const questionsChecks = {
  ...ok('questions'),
  'questions: {questions: [...], total}': (r) => {
    const b = json(r);
    return isObject(b) && Array.isArray(b.questions) && typeof b.total === 'number';
  },
};

/** @type {Checks} */
export const facetsChecks = {
  ...ok('question-facets'),
  'question-facets: courses and objectives': (r) => {
    const b = json(r);
    return isObject(b) && Array.isArray(b.courses) && isObject(b.objectives);
  },
};

/**
 * The checks of a journey request by its name (infinite's come from infinite-qbank.js, which
 * needs the batch's target).
 * @param {string} name
 * @returns {Checks}
 */
export function journeyChecks(name) {
  /** @type {Record<string, Checks>} */
  const all = {
    'public-config': publicConfigChecks,
    me: meChecks,
    announcements: announcementsChecks,
    products: productsChecks,
    'create-test': createTestChecks,
    'get-test': getTestChecks,
    'save-practice-answer': saveAnswerChecks,
    'submit-quiz-answer': checkAnswerChecks,
    'submit-test': submitTestChecks,
    gradebook: gradebookChecks,
    'admin-users': adminUsersChecks,
    questions: questionsChecks,
    'question-facets': facetsChecks,
  };
  const c = all[name];
  if (!c) throw new Error(`no journey checks for ${name}`);
  return c;
}

/**
 * What the journey needs of a test view: its id and questions (qid, type, choices).
 * @param {unknown} view
 * @returns {{ testId: string, questions: { qid: string, type: string, answerOrder: string[] }[] }}
 */
export function journeyTestOf(view) {
  if (!isObject(view) || typeof view.id !== 'string' || !Array.isArray(view.questions))
    throw new Error('not a test view');
  return {
    testId: view.id,
    questions: view.questions.filter(isObject).map((q) => ({
      qid: String(q.qid),
      type: String(q.type),
      answerOrder: Array.isArray(q.answerOrder) ? q.answerOrder.map(String) : [],
    })),
  };
}

/**
 * A valid answer to a question (its k-th choice; a number for a fill-in-the-blank).
 * @param {{ type: string, answerOrder: string[] }} q
 * @param {number} k
 * @returns {string | string[]}
 */
export function journeyAnswer(q, k) {
  const n = q.answerOrder.length;
  if (q.type === 'blank' || n === 0) return String(10 + (k % 90));
  const choice = q.answerOrder[k % n];
  return q.type === 'sata' ? [choice] : choice;
}

/**
 * How many requests of each group one journey (one learner's session) sends: the weights of the
 * open-model mix our vegeta runs send (k6 runs the session itself). The admin browses once per
 * ADMIN_EVERY journeys.
 */
export const ADMIN_EVERY = 10;

/**
 * One row of a load report: an endpoint group (or a request name) and its figures.
 * @typedef {object} ReportRow
 * @property {string} group
 * @property {number} requests
 * @property {number} p50   ms
 * @property {number} p95
 * @property {number} p99
 * @property {number} errorRate  0..1 (failed requests and failed checks)
 */

/**
 * The threshold verdicts of a row.
 * @param {ReportRow} row
 * @param {{ p95: number, p99: number, errorRate: number }} [t]
 * @returns {string[]} the thresholds it misses (empty: it passes)
 */
export function missedThresholds(row, t = GROUP_THRESHOLDS) {
  /** @type {string[]} */
  const missed = [];
  if (!(row.p95 < t.p95)) missed.push(`p95 ${row.p95} ms >= ${t.p95} ms`);
  if (!(row.p99 < t.p99)) missed.push(`p99 ${row.p99} ms >= ${t.p99} ms`);
  if (!(row.errorRate < t.errorRate))
    missed.push(`errors ${pct(row.errorRate)} >= ${pct(t.errorRate)}`);
  return missed;
}

/** @param {number} x */
const pct = (x) => `${Math.round(x * 10000) / 100} %`;

/**
 * The readable report of a run (Markdown), the same for k6's handleSummary and our vegeta runs.
 * @param {{ title: string, lines?: string[], rows: ReportRow[], thresholds?: { p95: number, p99: number, errorRate: number } }} o
 * @returns {string}
 */
export function markdownReport(o) {
  const t = o.thresholds ?? GROUP_THRESHOLDS;
  const out = [`# ${o.title}`, '', ...(o.lines ?? []).map((l) => `- ${l}`)];
  if (o.lines && o.lines.length) out.push('');
  out.push(
    `Thresholds per endpoint group: p95 < ${t.p95} ms, p99 < ${t.p99} ms, errors < ${pct(t.errorRate)}.`,
    '',
    '| group | requests | p50 ms | p95 ms | p99 ms | errors | verdict |',
    '| ----- | -------: | -----: | -----: | -----: | -----: | ------- |',
  );
  for (const r of o.rows) {
    const missed = missedThresholds(r, t);
    out.push(
      `| ${r.group} | ${r.requests} | ${r.p50} | ${r.p95} | ${r.p99} | ${pct(r.errorRate)} | ${
        missed.length ? `FAIL: ${missed.join('; ')}` : 'pass'
      } |`,
    );
  }
  const failed = o.rows.filter((r) => missedThresholds(r, t).length > 0).length;
  out.push('', failed ? `**${failed} row(s) failed a threshold.**` : '**Every row passed.**', '');
  return out.join('\n');
}
