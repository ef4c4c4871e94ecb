#!/usr/bin/env node
// @ts-check
// getSignedUrl benchmark (issue 13): GET /api/getSignedUrl?path= through gateway -> NATS ->
// media (its signing table; for a learner testing.media.access, for an admin nothing more) ->
// a presigned GET, at a constant arrival rate (default 300 requests/s for 30 s), as an admin and
// as a learner made for the run on the question image of a test of their own (made first); in
// the same run, a bare route of the gateway (GET /api/public-config, no service behind it) at
// the same rate for the ratio. Same requests and checks as tools/load/k6/signed-url.js
// (tools/load/scenarios/signed-url.js). Goal: p95 < 25 ms, 0 errors.
//   node tools/load/signed-url.mjs [--profile test|dev] [--rate 300] [--duration 30s]
// Needs the system running on the profile (media, testing, catalog, qbank included). The
// gateway is restarted with load-test rate limits, then restarted as it was. The learner's test
// and account are deleted at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  arg,
  call,
  createLearners,
  deleteLearners,
  learnerToken,
  loadContext,
  withLoadTestGateway,
} from './common.mjs';
import { publicConfigChecks, publicConfigRequest } from './scenarios/public-config.js';
import { questionImagePathOf, signedUrlChecks, signedUrlRequest } from './scenarios/signed-url.js';
import { attack, formatFigures } from './vegeta.mjs';

const profile = arg('profile', 'test');
const rate = Number(arg('rate', '300'));
const duration = arg('duration', '30s');
const { u, outDir } = loadContext(profile);
const base = u.gatewayUrl;

/**
 * A learner with a free sample test: the path of its first question's image.
 * @param {{ token: () => Promise<string> }} learner
 */
async function questionImageOfOwnTest(learner) {
  const token = await learner.token();
  const made = await call(base, token, 'POST', '/api/create-test', {
    productId: 'teas_math_sample_qbank',
    includeId: 'teas_math_sample_qbank',
    mode: 'full',
  });
  if (made.status !== 200)
    throw new Error(`create-test: ${made.status} ${JSON.stringify(made.body)}`);
  const view = await call(base, token, 'GET', `/api/tests/${made.body.testId}`);
  const imagePath = questionImagePathOf(view.body);
  if (!imagePath) throw new Error(`GET /api/tests/${made.body.testId}: no question`);
  return { testId: /** @type {string} */ (made.body.testId), imagePath };
}

async function main() {
  console.log(`[load] restarting the ${profile} gateway with a load-test rate limit`);
  await withLoadTestGateway(profile, async () => {
    const [learner] = await createLearners({ profile, base, count: 1, label: 'signed-url' });
    let testId = '';
    try {
      const own = await questionImageOfOwnTest(learner);
      testId = own.testId;
      const admin = await learnerToken(u, 'admin');
      const token = await learner.token();
      for (const [who, t] of /** @type {const} */ ([
        ['admin', admin],
        ['learner', token],
      ])) {
        const r = await call(
          base,
          t,
          'GET',
          `/api/getSignedUrl?path=${encodeURIComponent(own.imagePath)}`,
        );
        if (r.status !== 200)
          throw new Error(`getSignedUrl as ${who}: ${r.status} ${JSON.stringify(r.body)}`);
      }
      /** @param {string} name @param {string} d @param {string} t */
      const signedRun = (name, d, t) =>
        attack({
          name,
          rate,
          duration: d,
          outDir,
          requests: [signedUrlRequest(base, t, own.imagePath)],
          checks: signedUrlChecks(own.imagePath),
        });
      /** @param {string} name @param {string} d */
      const bareRun = (name, d) =>
        attack({
          name,
          rate,
          duration: d,
          outDir,
          requests: [publicConfigRequest(base)],
          checks: publicConfigChecks,
        });
      await bareRun('signed-bare-warmup', '3s');
      const bare = await bareRun('public-config', duration);
      await signedRun('signed-admin-warmup', '3s', admin);
      const asAdmin = await signedRun('getSignedUrl-admin', duration, admin);
      await signedRun('signed-learner-warmup', '3s', await learner.token());
      const asLearner = await signedRun('getSignedUrl-learner', duration, await learner.token());

      console.log(
        `\n[load] GET /api/getSignedUrl?path=${own.imagePath} at ${rate} req/s for ${duration}, vegeta, ${os.cpus().length} cores (shared machine: other work runs beside)`,
      );
      for (const f of [bare, asAdmin, asLearner]) console.log(`[load] ${formatFigures(f)}`);
      for (const f of [asAdmin, asLearner])
        console.log(
          `[load] ${f.name} p95 ${f.p95.toFixed(2)} ms = ${(f.p95 / bare.p95).toFixed(1)} x the bare route's ${bare.p95.toFixed(2)} ms (goal p95 < 25 ms, 0 errors: ${f.errors} errors)`,
        );
      fs.writeFileSync(
        path.join(outDir, 'signed-url.json'),
        JSON.stringify(
          {
            at: new Date().toISOString(),
            rate,
            duration,
            path: own.imagePath,
            bare,
            admin: asAdmin,
            learner: asLearner,
          },
          null,
          2,
        ),
      );
      const ok = [asAdmin, asLearner].every(
        (f) => f.p95 < 25 && f.errors === 0 && f.checkedFailing === 0,
      );
      process.exitCode = ok ? 0 : 1;
    } finally {
      if (testId)
        await call(base, await learner.token(), 'POST', '/api/delete-test', { testId }).catch(
          () => undefined,
        );
      await deleteLearners(profile, [learner]);
    }
  });
}

main().catch((e) => {
  console.error(`[load] ${e.message}`);
  process.exit(1);
});
