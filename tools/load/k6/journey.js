// k6: the learner journey (issue 15), the journey our vegeta runs send (tools/load/run.mjs,
// `npm run load`), built from the same scenario modules. Each iteration of `learners` is one
// learner's session, as the web app sends it:
//   dashboard  public-config, /api/me, announcements        catalog  products
//   tests      create-test (a practice test of the TEAS Math QBank), read it
//   answers    save-practice-answer x 3 (practise)
//   tests      submit-test                                   gradebook  the gradebook
//   infinite   an Infinite QBank batch and the check of one of its answers
// and `admin` (one iteration per 10 learner sessions) browses the user and question lists.
// Every VU signs in as its own learner of a pool that setup() mints and teardown() removes
// (lib/pool.js). k6 groups tag every request (`group::<name>`); each group must hold p95 < 200
// ms, p99 < 500 ms, < 0.1 % failed requests and failed checks (P95_MS, P99_MS, ERROR_RATE).
// handleSummary writes the summary as JSON and a Markdown report (SUMMARY_DIR, default .).
//   k6 run -e BASE_URL=https://staging.example.com -e PROFILE=smoke|load|stress|spike|soak \
//          -e KEYCLOAK_URL=... -e REALM=examprep -e ADMIN_CLIENT_ID=... -e ADMIN_CLIENT_SECRET=... \
//          -e TOKEN_CLIENT_ID=... [-e TOKEN_CLIENT_SECRET=...] -e ADMIN_USERNAME=... -e ADMIN_PASSWORD=... \
//          [-e RATE=5] [-e DURATION=5m] [-e POOL_SIZE=20] tools/load/k6/journey.js
// See tools/load/README.md "The learner journey".
import { group } from 'k6';
import { baseUrl, groupThresholds, numberEnv, profileScenario } from './lib/profile.js';
import { adminToken, mintPool, poolToken, removePool } from './lib/pool.js';
import { send } from './lib/send.js';
import {
  checkAnswerChecks,
  checkAnswerRequest,
  coursesRequest,
  generateBatchChecks,
  generateBatchRequest,
  pickBatchTarget,
  questionsFrom,
} from '../scenarios/infinite-qbank.js';
import {
  ADMIN_EVERY,
  ANSWERS_PER_TEST,
  adminRequests,
  dashboardRequests,
  GROUP_THRESHOLDS,
  JOURNEY_GROUPS,
  journeyAnswer,
  journeyChecks,
  journeyCreateTest,
  journeyGetTest,
  journeyGradebook,
  journeySaveAnswer,
  journeySubmitTest,
  journeyTestOf,
  markdownReport,
  productsOfLearner,
} from '../scenarios/journey.js';

/** @typedef {import('./lib/pool.js').PoolMember} PoolMember */
/** @typedef {{ members: PoolMember[], target: import('../scenarios/infinite-qbank.js').BatchTarget }} SetupData */

const learnerScenario = profileScenario(5, 1);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    learners: { ...learnerScenario, exec: 'learner' },
    // the same profile at a tenth of the rate: k6 counts arrivals per timeUnit
    admin: /** @type {import('k6/options').Scenario} */ (
      Object.assign({}, learnerScenario, { exec: 'admin', timeUnit: `${ADMIN_EVERY}s` })
    ),
  },
  thresholds: {
    http_req_failed: [`rate<${numberEnv('ERROR_RATE', GROUP_THRESHOLDS.errorRate)}`],
    ...groupThresholds(JOURNEY_GROUPS, GROUP_THRESHOLDS),
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  setupTimeout: '5m',
  teardownTimeout: '5m',
};

/** @returns {SetupData} */
export function setup() {
  const members = mintPool(baseUrl());
  try {
    const req = coursesRequest(baseUrl(), poolToken(members));
    const res = send(req, { 'infiniteqbank-courses: status is 200': (r) => r.status === 200 });
    return { members, target: pickBatchTarget(res.json()) };
  } catch (e) {
    removePool(members);
    throw e;
  }
}

/** @param {SetupData} data */
export function teardown(data) {
  removePool(data.members);
}

/** @param {import('../scenarios/http.js').LoadRequest} r */
const sendChecked = (r) => send(r, journeyChecks(r.name));

/** One learner's session. @param {SetupData} data */
export function learner(data) {
  const base = baseUrl();
  const token = poolToken(data.members);
  group('dashboard', () => {
    for (const r of dashboardRequests(base, token)) sendChecked(r);
  });
  group('catalog', () => {
    sendChecked(productsOfLearner(base, token));
  });
  /** @type {ReturnType<typeof journeyTestOf> | null} */
  let test = null;
  group('tests', () => {
    const made = sendChecked(journeyCreateTest(base, token, 'practice'));
    if (made.status !== 200) return;
    const id = /** @type {{ testId: string }} */ (made.json()).testId;
    const view = sendChecked(journeyGetTest(base, token, id));
    if (view.status === 200) test = journeyTestOf(view.json());
  });
  const t = /** @type {ReturnType<typeof journeyTestOf> | null} */ (test);
  if (t) {
    group('answers', () => {
      const qs = t.questions.slice(0, ANSWERS_PER_TEST);
      for (const [k, q] of qs.entries())
        sendChecked(journeySaveAnswer(base, token, t.testId, q.qid, journeyAnswer(q, k + __VU)));
    });
    group('tests', () => {
      sendChecked(journeySubmitTest(base, token, t.testId));
    });
  }
  group('gradebook', () => {
    sendChecked(journeyGradebook(base, token));
  });
  group('infinite', () => {
    const batch = send(
      generateBatchRequest(base, token, data.target),
      generateBatchChecks(data.target),
    );
    if (batch.status !== 200) return;
    const [q] = questionsFrom(batch.json());
    if (q) send(checkAnswerRequest(base, token, q), checkAnswerChecks);
  });
}

/** @type {{ token: string, renewAt: number } | null} */
let admins = null;

/** An admin browses the user and question lists. */
export function admin() {
  if (!admins || Date.now() >= admins.renewAt)
    admins = { token: adminToken(), renewAt: Date.now() + 4 * 60 * 1000 };
  const token = admins.token;
  group('admin', () => {
    for (const r of adminRequests(baseUrl(), token)) sendChecked(r);
  });
}

/**
 * A metric's values of the summary, or {} when the run had none.
 * @param {Record<string, { values: Record<string, number> }>} metrics
 * @param {string} key
 */
const values = (metrics, key) => (metrics[key] ? metrics[key].values : {});

/**
 * The summary as JSON and a Markdown report of every group, beside k6's own text on stdout.
 * @param {{ metrics: Record<string, { values: Record<string, number> }>, state?: { testRunDurationMs?: number } }} data
 */
export function handleSummary(data) {
  const round = (/** @type {number | undefined} */ x) => Math.round((x ?? 0) * 100) / 100;
  const rows = JOURNEY_GROUPS.map((g) => {
    const d = values(data.metrics, `http_req_duration{group:::${g}}`);
    const failed = values(data.metrics, `http_req_failed{group:::${g}}`).rate ?? 0;
    const checks = values(data.metrics, `checks{group:::${g}}`).rate;
    return {
      group: g,
      requests: values(data.metrics, `http_reqs{group:::${g}}`).count ?? 0,
      p50: round(d.med),
      p95: round(d['p(95)']),
      p99: round(d['p(99)']),
      errorRate: Math.max(failed, checks === undefined ? 0 : 1 - checks),
    };
  }).filter((r) => r.requests > 0);
  const dir = (__ENV.SUMMARY_DIR || '.').replace(/\/+$/, '');
  const report = markdownReport({
    title: `Learner journey, k6, profile ${__ENV.PROFILE || 'smoke'}`,
    lines: [
      `target: ${__ENV.BASE_URL || ''}`,
      `duration: ${round((data.state?.testRunDurationMs ?? 0) / 1000)} s`,
    ],
    rows,
    thresholds: {
      p95: numberEnv('P95_MS', GROUP_THRESHOLDS.p95),
      p99: numberEnv('P99_MS', GROUP_THRESHOLDS.p99),
      errorRate: numberEnv('ERROR_RATE', GROUP_THRESHOLDS.errorRate),
    },
  });
  return {
    stdout: `${report}\n`,
    [`${dir}/journey-summary.json`]: JSON.stringify({ rows, metrics: data.metrics }, null, 2),
    [`${dir}/journey-report.md`]: report,
  };
}
