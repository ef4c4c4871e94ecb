// k6: a learner practises in the Infinite QBank: each iteration asks for a generated batch
// (GET /api/infiniteqbank/generate-batch, 5 questions) and sends an answer to one of them
// (POST /api/infiniteqbank/check).
//   k6 run -e BASE_URL=https://app.example.com -e TOKEN=... [-e PROFILE=smoke|load|stress]
//          [-e RATE=100] [-e DURATION=5m] [-e COURSE=med_dosage] [-e OBJECTIVE=7] [-e COUNT=5]
//          tools/load/k6/infinite-qbank.js
// Smoke: 1 iteration/s (generate-batch allows 60 per minute per learner); load: 100
// iterations/s (200 requests/s); generate-batch p95 < 30 ms (our goal).
// See tools/load/README.md "Load testing with k6".
import http from 'k6/http';
import { accessToken } from './lib/auth.js';
import { baseUrl, loadOptions, numberEnv } from './lib/profile.js';
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

/** @typedef {import('../scenarios/infinite-qbank.js').BatchTarget} BatchTarget */

export const options = loadOptions({ load: 100, smoke: 1 }, { 'generate-batch': 30 });

/** Once: which course and objective the learner may practise. */
export function setup() {
  const req = coursesRequest(baseUrl(), accessToken());
  const res = http.request(req.method, req.url, null, {
    headers: req.headers,
    tags: { name: req.name },
  });
  if (res.status !== 200) throw new Error(`${req.url} answered ${res.status}: ${String(res.body)}`);
  return pickBatchTarget(res.json(), {
    course: __ENV.COURSE || undefined,
    objective: __ENV.OBJECTIVE || undefined,
    count: numberEnv('COUNT', 5),
  });
}

/** @param {BatchTarget} target */
export default function (target) {
  const base = baseUrl();
  const token = accessToken();
  const res = send(generateBatchRequest(base, token, target), generateBatchChecks(target));
  if (res.status !== 200) return;
  const questions = questionsFrom(res.json());
  if (questions.length === 0) return;
  const q = questions[Math.floor(Math.random() * questions.length)];
  send(checkAnswerRequest(base, token, q), checkAnswerChecks);
}
