#!/usr/bin/env node
// @ts-check
// Load smoke: every scenario of tools/load/scenarios for a few seconds at a low constant rate
// with vegeta against a running system, as the normal gateway (no restart, rates far below
// its limits). check-product-access asks for every product and alias as the seeded learner,
// each answer checked against what that learner must get (free: true, held or alias of held:
// true, else false; from GET /api/products and /api/me read just before). `npm test` runs it through tools/load/test/load-smoke.int-spec.ts.
//   node tools/load/smoke.mjs [--profile test|dev] [--rate 10] [--duration 2s]
import { fileURLToPath } from 'node:url';
import { arg, learnerToken, loadContext } from './common.mjs';
import { announcementsChecks, announcementsRequest } from './scenarios/announcements.js';
import {
  checkAnswerChecks,
  checkAnswerRequest,
  coursesRequest,
  generateBatchChecks,
  generateBatchRequest,
  pickBatchTarget,
  questionsFrom,
} from './scenarios/infinite-qbank.js';
import {
  accessCases,
  meRequest,
  productAccessChecks,
  productAccessRequest,
  productsRequest,
} from './scenarios/product-access.js';
import { publicConfigChecks, publicConfigRequest } from './scenarios/public-config.js';
import {
  idleAnswer,
  PUMP_CONTROLS,
  pumpCheckChecks,
  pumpCheckRequest,
  pumpGenerateChecks,
  pumpGenerateRequest,
  pumpQuestionOf,
} from './scenarios/pump.js';
import { attack, attackGroups, formatFigures } from './vegeta.mjs';

/**
 * Runs the scenarios side by side; resolves with their figures.
 * @param {{ profile?: string, rate?: number, duration?: string }} [o]
 * @returns {Promise<import('./vegeta.mjs').Figures[]>}
 */
export async function runSmoke(o = {}) {
  const { u, outDir } = loadContext(o.profile ?? 'test');
  const base = u.gatewayUrl;
  const token = await learnerToken(u);
  const cr = coursesRequest(base, token);
  const target = pickBatchTarget(await (await fetch(cr.url, { headers: cr.headers })).json());
  const gb = generateBatchRequest(base, token, target);
  const batch = await fetch(gb.url, { headers: gb.headers });
  if (!batch.ok) throw new Error(`generate-batch answered ${batch.status}: ${await batch.text()}`);
  const questions = questionsFrom(await batch.json());
  const cases = accessCases(
    await readJson(productsRequest(base)),
    await readJson(meRequest(base, token)),
  );
  // The pump simulator's preview (single pump, given duration) answers every signed-in learner.
  const previewControls = PUMP_CONTROLS.filter(
    (c) => c.pumpCount === 'single' && c.timeFormat === 'given',
  );
  const pumpQuestions = await Promise.all(
    previewControls.map(async (c) => {
      const req = pumpGenerateRequest(base, token, c);
      const made = pumpQuestionOf(await readJson(req, { method: req.method, body: req.body }));
      if (!made) throw new Error(`${req.url} answered no pump problem`);
      return made;
    }),
  );
  const run = { rate: o.rate ?? 10, duration: o.duration ?? '2s', outDir, checkSample: 1000 };
  return Promise.all([
    attack({
      ...run,
      name: 'smoke-public-config',
      requests: [publicConfigRequest(base)],
      checks: publicConfigChecks,
    }),
    attack({
      ...run,
      name: 'smoke-announcements',
      requests: [announcementsRequest(base, token)],
      checks: announcementsChecks,
    }),
    attack({
      ...run,
      name: 'smoke-generate-batch',
      requests: [gb],
      checks: generateBatchChecks(target),
    }),
    attack({
      ...run,
      name: 'smoke-infinite-check',
      requests: questions.map((q) => checkAnswerRequest(base, token, q)),
      checks: checkAnswerChecks,
    }),
    attack({
      ...run,
      name: 'smoke-pump-generate',
      requests: previewControls.map((c) => pumpGenerateRequest(base, token, c)),
      checks: pumpGenerateChecks,
    }),
    attack({
      ...run,
      name: 'smoke-pump-check',
      requests: pumpQuestions.map((q) => pumpCheckRequest(base, token, q.id, idleAnswer(q))),
      checks: pumpCheckChecks('any'),
    }),
    // one group per expected answer, so each response is checked against its product's answer
    attackGroups({
      ...run,
      name: 'smoke-product-access',
      groups: [true, false].map((expected) => ({
        name: expected ? 'open' : 'closed',
        requests: cases
          .filter((c) => c.expected === expected)
          .map((c) => productAccessRequest(base, token, c.productId)),
        checks: productAccessChecks(expected),
      })),
    }).then((r) => r.total),
  ]);
}

/**
 * A setup read (or POST); throws unless it answers 200.
 * @param {import('./scenarios/http.js').LoadRequest} req
 * @param {{ method: string, body: string | null }} [send]
 * @returns {Promise<unknown>}
 */
async function readJson(req, send) {
  const res = await fetch(req.url, {
    headers: req.headers,
    ...(send ? { method: send.method, body: send.body } : {}),
  });
  if (!res.ok) throw new Error(`${req.url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runSmoke({
    profile: arg('profile', 'test'),
    rate: Number(arg('rate', '10')),
    duration: arg('duration', '2s'),
  })
    .then((all) => {
      for (const f of all) console.log(`[load] ${formatFigures(f)}`);
      process.exitCode = all.every((f) => f.requests > 0 && f.errors === 0) ? 0 : 1;
    })
    .catch((e) => {
      console.error(`[load] ${e.message}`);
      process.exit(1);
    });
}
