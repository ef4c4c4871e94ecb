#!/usr/bin/env node
// @ts-check
// check-product-access benchmark (issue 11): POST /api/check-product-access through
// gateway -> NATS -> catalog -> its database at a constant arrival rate (default 500
// requests/s for 30 s) as a learner made for the run who holds one product, over a mix of
// owned, unowned, free and alias ids, each answer checked against what that learner must get;
// side by side in the same run with a bare Node server answering {"authorized":true} at the
// same rate. Same requests and checks as tools/load/k6/product-access.js
// (tools/load/scenarios/product-access.js).
//   node tools/load/product-access.mjs [--profile test|dev] [--rate 500] [--duration 30s]
//        [--owned teas_math_qbank] [--products id,id,...]
// Needs the system running on the profile (catalog included). The gateway is restarted with
// load-test rate limits, then restarted as it was. The learner is deleted from Keycloak at the
// end (its ledger entry stays in the catalog database).
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
  startBareServer,
  until,
  withLoadTestGateway,
} from './common.mjs';
import {
  accessCases,
  pickCases,
  productAccessChecks,
  productAccessRequest,
} from './scenarios/product-access.js';
import { attack, attackGroups, formatFigures } from './vegeta.mjs';

const profile = arg('profile', 'test');
const rate = Number(arg('rate', '500'));
const duration = arg('duration', '30s');
const owned = arg('owned', 'teas_math_qbank');
/** owned, alias of owned, free (2), unowned (2), alias of unowned */
const DEFAULT_MIX = [
  owned,
  'teas_math_qbank_full',
  'infinite_qbank',
  'teas_math_sample_qbank',
  'med_dosage_qbank',
  'premium_3d_assets',
  'med_dosage_simulations',
];
const ids = arg('products', DEFAULT_MIX.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const { u, outDir } = loadContext(profile);
const base = u.gatewayUrl;

/**
 * A learner holding `owned` (granted by the seeded admin through the catalog), once /api/me
 * shows it; and the answer each product id must get.
 */
async function learnerWithProduct() {
  const [learner] = await createLearners({ profile, base, count: 1, label: 'access' });
  try {
    const admin = await learnerToken(u, 'admin');
    const granted = await call(base, admin, 'POST', '/api/update-user-purchases', {
      uid: learner.uid,
      purchases: { [owned]: true },
    });
    if (granted.status !== 200 && granted.status !== 201)
      throw new Error(`update-user-purchases: ${granted.status} ${JSON.stringify(granted.body)}`);
    const me = await until(`${owned} in the learner's /api/me`, async () => {
      const r = await call(base, await learner.token(), 'GET', '/api/me');
      return r.status === 200 && r.body.purchases?.[owned] === true && r.body;
    });
    const products = await call(base, null, 'GET', '/api/products');
    if (products.status !== 200) throw new Error(`GET /api/products: ${products.status}`);
    return { learner, cases: pickCases(accessCases(products.body, me), ids) };
  } catch (e) {
    await deleteLearners(profile, [learner]);
    throw e;
  }
}

async function main() {
  console.log(`[load] restarting the ${profile} gateway with a load-test rate limit`);
  await withLoadTestGateway(profile, async () => {
    const { learner, cases } = await learnerWithProduct();
    const bare = await startBareServer(JSON.stringify({ authorized: true }));
    try {
      const token = await learner.token();
      const kinds = cases.map((c) => `${c.productId} (${c.kind}: ${c.expected})`).join(', ');
      console.log(`[load] mix: ${kinds}`);
      for (const c of cases) {
        // every id answers as expected once before the run (clearer than a failed check)
        const r = await call(base, token, 'POST', '/api/check-product-access', {
          productId: c.productId,
        });
        if (r.status !== 200 || r.body.authorized !== c.expected)
          throw new Error(
            `${c.productId} (${c.kind}) answered ${r.status} ${JSON.stringify(r.body)}, expected {"authorized":${c.expected}}`,
          );
      }
      /** @param {string} name @param {string} d */
      const gatewayRun = (name, d) =>
        attackGroups({
          name,
          rate,
          duration: d,
          outDir,
          groups: [true, false]
            .map((expected) => ({
              name: expected ? 'open' : 'closed',
              requests: cases
                .filter((c) => c.expected === expected)
                .map((c) => productAccessRequest(base, token, c.productId)),
              checks: productAccessChecks(expected),
            }))
            .filter((g) => g.requests.length > 0),
        });
      /** @param {string} name @param {string} d */
      const bareRun = (name, d) =>
        attack({
          name,
          rate,
          duration: d,
          outDir,
          workers: 100,
          requests: cases.map((c) => productAccessRequest(bare.url, token, c.productId)),
          checks: productAccessChecks(),
        });
      await bareRun('access-bare-warmup', '3s');
      const bareFigures = await bareRun('access-bare', duration);
      await gatewayRun('access-gateway-warmup', '3s');
      const { total, groups } = await gatewayRun('access-gateway', duration);

      console.log(
        `\n[load] POST /api/check-product-access at ${rate} req/s for ${duration}, vegeta, ${os.cpus().length} cores (shared machine: other work runs beside)`,
      );
      console.log(`[load] ${formatFigures(bareFigures)}`);
      console.log(`[load] ${formatFigures(total)}`);
      for (const g of groups) console.log(`[load]   ${formatFigures(g)}`);
      console.log(
        `[load] full path p95 ${total.p95.toFixed(2)} ms = ${(total.p95 / bareFigures.p95).toFixed(1)} x the bare server's ${bareFigures.p95.toFixed(2)} ms (goal p95 < 25 ms, 0 errors: ${total.errors} errors)`,
      );
      fs.writeFileSync(
        path.join(outDir, 'product-access.json'),
        JSON.stringify(
          { at: new Date().toISOString(), rate, duration, cases, bare: bareFigures, total, groups },
          null,
          2,
        ),
      );
      const ok = total.p95 < 25 && total.errors === 0;
      process.exitCode = ok ? 0 : 1;
    } finally {
      bare.kill();
      await deleteLearners(profile, [learner]);
    }
  });
}

main().catch((e) => {
  console.error(`[load] ${e.message}`);
  process.exit(1);
});
