#!/usr/bin/env node
// @ts-check
// Pump simulator benchmark (issue 14): POST /api/simulations/pump/check through gateway ->
// NATS -> qbank (replays the problem from its id, asks the catalog for simulation access,
// compares the typed readings) at a constant arrival rate (default 200 requests/s for 30 s),
// as an admin with the right answers of 56 problems of every control combination (the answers
// computed from the ids with @examprep/pump, as the server does: every reply must be 'Correct!'
// with its explanation); then Generate Question at the same rate; in the same run, a bare route
// of the gateway (GET /api/public-config, no service behind it) for the ratio. Same requests
// and checks as tools/load/k6/pump.js (tools/load/scenarios/pump.js). Goal: check p95 < 25 ms,
// 0 errors.
//   node tools/load/pump-check.mjs [--profile test|dev] [--rate 200] [--duration 30s]
// Needs the system running on the profile and the libraries built (npm run build). The
// gateway is restarted with load-test rate limits, then restarted as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { arg, call, learnerToken, loadContext, withLoadTestGateway } from './common.mjs';
import { publicConfigChecks, publicConfigRequest } from './scenarios/public-config.js';
import {
  PUMP_CONTROLS,
  pumpCheckChecks,
  pumpCheckRequest,
  pumpGenerateChecks,
  pumpGenerateRequest,
} from './scenarios/pump.js';
import { attack, formatFigures } from './vegeta.mjs';

const require = createRequire(import.meta.url);
/** @type {{ generatePump: Function, parsePumpProblemId: Function, canonicalAnswer: Function }} */
const pump = require('@examprep/pump');

const profile = arg('profile', 'test');
const rate = Number(arg('rate', '200'));
const duration = arg('duration', '30s');
const { u, outDir } = loadContext(profile);
const base = u.gatewayUrl;

async function main() {
  console.log(`[load] restarting the ${profile} gateway with a load-test rate limit`);
  await withLoadTestGateway(profile, async () => {
    const admin = await learnerToken(u, 'admin');
    /** @type {import('./scenarios/http.js').LoadRequest[]} */
    const checks = [];
    for (let round = 0; round < 4; round++) {
      for (const controls of PUMP_CONTROLS) {
        const made = await call(base, admin, 'POST', '/api/simulations/pump/generate', controls);
        if (made.status !== 200)
          throw new Error(`pump generate: ${made.status} ${JSON.stringify(made.body)}`);
        const problem = pump.generatePump(pump.parsePumpProblemId(made.body.id));
        checks.push(pumpCheckRequest(base, admin, made.body.id, pump.canonicalAnswer(problem)));
      }
    }
    const first = checks[0];
    const probe = await call(
      base,
      admin,
      'POST',
      '/api/simulations/pump/check',
      JSON.parse(String(first.body)),
    );
    if (probe.status !== 200 || probe.body.correct !== true)
      throw new Error(`pump check: ${probe.status} ${JSON.stringify(probe.body)}`);

    /** @param {string} name @param {string} d @param {import('./scenarios/http.js').LoadRequest[]} requests @param {import('./scenarios/http.js').Checks} c */
    const run = (name, d, requests, c) =>
      attack({ name, rate, duration: d, outDir, requests, checks: c });
    const generates = PUMP_CONTROLS.map((c) => pumpGenerateRequest(base, admin, c));

    await run('pump-bare-warmup', '3s', [publicConfigRequest(base)], publicConfigChecks);
    const bare = await run(
      'public-config',
      duration,
      [publicConfigRequest(base)],
      publicConfigChecks,
    );
    await run('pump-check-warmup', '3s', checks, pumpCheckChecks('correct'));
    const checked = await run('pump-check', duration, checks, pumpCheckChecks('correct'));
    const generated = await run('pump-generate', duration, generates, pumpGenerateChecks);

    console.log(
      `\n[load] pump simulator at ${rate} req/s for ${duration}, vegeta, ${os.cpus().length} cores (shared machine: other work runs beside)`,
    );
    for (const f of [bare, checked, generated]) console.log(`[load] ${formatFigures(f)}`);
    for (const f of [checked, generated])
      console.log(
        `[load] ${f.name} p95 ${f.p95.toFixed(2)} ms = ${(f.p95 / bare.p95).toFixed(1)} x the bare route's ${bare.p95.toFixed(2)} ms (goal p95 < 25 ms, 0 errors: ${f.errors} errors)`,
      );
    fs.writeFileSync(
      path.join(outDir, 'pump-check.json'),
      JSON.stringify(
        { at: new Date().toISOString(), rate, duration, bare, checked, generated },
        null,
        2,
      ),
    );
    const ok = [checked, generated].every(
      (f) => f.p95 < 25 && f.errors === 0 && f.checkedFailing === 0,
    );
    process.exitCode = ok ? 0 : 1;
  });
}

main().catch((e) => {
  console.error(`[load] ${e.message}`);
  process.exit(1);
});
