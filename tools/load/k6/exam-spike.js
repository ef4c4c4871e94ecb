// k6: the exam-start spike (issue 12), the plan of tools/load/exam-spike.mjs (our vegeta run)
// in k6's constant-arrival-rate executor. Each virtual user is one learner holding one test:
//   spike    LEARNERS (300) POST /api/create-test within CREATE_SECONDS (10 s), half a practice
//            test (teas_math_qbank_practice), half a full test (teas_math_qbank_full); the VU
//            reads its test once (GET /api/tests/:id, tag name:get-test) for the questions
//   answers  then for DURATION (3m) RATE (LEARNERS / 2 = 150) answers/s: a practice VU saves a
//            valid answer to its next question (POST /api/save-practice-answer, rotating, a new
//            answer on each visit), a full VU checks its next unchecked question
//            (POST /api/submit-quiz-answer). A VU that holds no test yet creates one first.
//   k6 run -e BASE_URL=https://staging.example.com -e TOKEN=... [-e LEARNERS=300]
//          [-e CREATE_SECONDS=10] [-e DURATION=3m] [-e RATE=150] [-e P95_MS=100]
//          tools/load/k6/exam-spike.js
// The learner (TOKEN, or the password grant of lib/auth.js) must hold teas_math_qbank; every
// test is created for that one learner, so run it against a staging gateway with raised rate
// limits (README "Rate limits"); the tests stay as that learner's unfinished tests. Thresholds:
// p95 < 100 ms for create-test, save-practice-answer and submit-quiz-answer, no failed request,
// no failed check (issue 12's goal). The read-back (acknowledged == stored) is our vegeta run's.
// See tools/load/README.md "Load testing with k6".
import http from 'k6/http';
import { accessToken } from './lib/auth.js';
import { baseUrl, numberEnv } from './lib/profile.js';
import { send } from './lib/send.js';
import {
  ANSWER_EVERY_S,
  createTestChecks,
  createTestRequest,
  getTestRequest,
  practiceQuestionIndex,
  practiceVisit,
  savePracticeAnswerChecks,
  savePracticeAnswerRequest,
  spikeAnswer,
  spikeMode,
  spikeTestOf,
  submitQuizAnswerChecks,
  submitQuizAnswerRequest,
} from '../scenarios/exam-spike.js';

/** @typedef {import('../scenarios/exam-spike.js').SpikeQuestion} SpikeQuestion */

const learners = numberEnv('LEARNERS', 300);
const createSeconds = numberEnv('CREATE_SECONDS', 10);
const rate = numberEnv('RATE', learners / ANSWER_EVERY_S);
const p95 = numberEnv('P95_MS', 100);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    spike: {
      executor: 'constant-arrival-rate',
      exec: 'spike',
      rate: learners,
      timeUnit: `${createSeconds}s`,
      duration: `${createSeconds}s`,
      preAllocatedVUs: learners,
      maxVUs: learners,
      // ends before the answers start, so k6 hands the same VUs (and their tests) on to them
      gracefulStop: '2s',
    },
    answers: {
      executor: 'constant-arrival-rate',
      exec: 'answer',
      startTime: `${createSeconds + 2}s`,
      rate,
      timeUnit: '1s',
      duration: __ENV.DURATION || '3m',
      preAllocatedVUs: learners,
      maxVUs: numberEnv('MAX_VUS', learners),
    },
  },
  thresholds: {
    http_req_failed: ['rate<=0'],
    checks: ['rate>=1'],
    'http_req_duration{name:create-test}': [`p(95)<${p95}`],
    'http_req_duration{name:save-practice-answer}': [`p(95)<${p95}`],
    'http_req_duration{name:submit-quiz-answer}': [`p(95)<${p95}`],
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

/**
 * This VU's learner: its test, its questions and how many answers it sent.
 * @type {{ mode: 'practice' | 'full', testId: string, questions: SpikeQuestion[], sent: number } | null}
 */
let mine = null;
/** Spreads the VUs over the choices and the questions. */
const salt = () => __VU;

/** Creates this VU's test and reads its questions; null when either failed. */
function createMine() {
  const mode = spikeMode(__VU);
  const res = send(createTestRequest(baseUrl(), accessToken(), mode), createTestChecks);
  if (res.status !== 200) return null;
  const testId = /** @type {{ testId: string }} */ (res.json()).testId;
  const req = getTestRequest(baseUrl(), accessToken(), testId);
  const view = http.request(req.method, req.url, null, {
    headers: req.headers,
    tags: { name: req.name },
  });
  if (view.status !== 200) return null;
  mine = { mode, testId, questions: spikeTestOf(view.json()).questions, sent: 0 };
  return mine;
}

/** The spike: one create-test per iteration (each VU one learner). */
export function spike() {
  if (!mine) createMine();
}

/** One answer of this VU's learner: a practice save or a full test's next check. */
export function answer() {
  const t = mine ?? createMine();
  if (!t) return;
  const k = t.sent++;
  const n = t.questions.length;
  if (t.mode === 'practice') {
    const q = t.questions[practiceQuestionIndex(k, salt(), n)];
    send(
      savePracticeAnswerRequest(
        baseUrl(),
        accessToken(),
        t.testId,
        q.qid,
        spikeAnswer(q, practiceVisit(k, n), salt()),
      ),
      savePracticeAnswerChecks,
    );
    return;
  }
  if (k >= n) return; // every question of the full test is checked
  const q = t.questions[k];
  send(
    submitQuizAnswerRequest(baseUrl(), accessToken(), t.testId, q.qid, spikeAnswer(q, 0, salt())),
    submitQuizAnswerChecks,
  );
}
