// k6: learners practise on the IV pump simulator: each iteration generates a problem for a
// random combination of the controls (POST /api/simulations/pump/generate) and checks an
// answer to it (POST /api/simulations/pump/check; the script types every field at 0, which the
// server grades like any answer: 'Incorrect. Try again.').
//   k6 run -e BASE_URL=https://app.example.com -e TOKEN=... [-e PROFILE=smoke|load|stress]
//          [-e RATE=100] [-e DURATION=5m] tools/load/k6/pump.js
// TOKEN: a learner who owns the Med Dosage QBank (or an admin); without it only the preview
// (single pump, given duration) answers 200 and the other controls answer 403.
// Smoke: 2 iterations/s; load: 100 iterations/s (200 requests/s); p95 < 25 ms for both routes
// (issue 14's goal). See tools/load/README.md "Load testing with k6".
import { accessToken } from './lib/auth.js';
import { baseUrl, loadOptions } from './lib/profile.js';
import { send } from './lib/send.js';
import {
  idleAnswer,
  PUMP_CONTROLS,
  pumpCheckChecks,
  pumpCheckRequest,
  pumpGenerateChecks,
  pumpGenerateRequest,
  pumpQuestionOf,
} from '../scenarios/pump.js';

export const options = loadOptions(
  { load: 100, smoke: 2 },
  { 'pump-generate': 25, 'pump-check': 25 },
  { errors: 'none' },
);

const anyVerdict = pumpCheckChecks('any');

export default function () {
  const base = baseUrl();
  const token = accessToken();
  const controls = PUMP_CONTROLS[Math.floor(Math.random() * PUMP_CONTROLS.length)];
  const res = send(pumpGenerateRequest(base, token, controls), pumpGenerateChecks);
  if (res.status !== 200) return;
  const question = pumpQuestionOf(res.json());
  if (!question) return;
  send(pumpCheckRequest(base, token, question.id, idleAnswer(question)), anyVerdict);
}
