#!/usr/bin/env node
// @ts-check
// Infinite QBank latency (issue #4): GET /api/infiniteqbank/generate-batch?count=5 through
// gateway -> NATS -> qbank as two seeded learners, with vegeta: 50 concurrent users (closed
// model: each sends its next request when the last is answered) and a steady open-model rate
// below saturation; goal p95 < 30 ms. Same requests and checks as
// tools/load/k6/infinite-qbank.js (tools/load/scenarios/infinite-qbank.js).
//   node tools/load/generate-batch.mjs [--profile test|dev] [--duration 30s] [--vus 50] [--rate 300]
// Needs the system running on the profile; the gateway is restarted with load-test limits
// before each measured run and restarted as it was afterwards. Even with those limits
// generate-batch allows 60,000 requests a minute per user (RATE_LIMIT_SCALE is capped at 1000),
// which one user's 50 concurrent requests exceed within 30 s: the requests alternate between
// the seeded learner and the seeded unverified learner (the same learner path), and each
// measured run starts a fresh rate-limit window after a 3 s warm-up. A 429 counts as an error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  arg,
  learnerToken,
  loadContext,
  restartLoadTestGateway,
  withLoadTestGateway,
} from './common.mjs';
import {
  coursesRequest,
  generateBatchChecks,
  generateBatchRequest,
  pickBatchTarget,
} from './scenarios/infinite-qbank.js';
import { attack, formatFigures } from './vegeta.mjs';

const ctx = loadContext(arg('profile', 'test'));
const duration = arg('duration', '30s');
const vus = Number(arg('vus', '50'));
const rate = Number(arg('rate', '300'));

async function main() {
  await withLoadTestGateway(ctx.profile, async () => {
    const token = await learnerToken(ctx.u);
    const second = await learnerToken(ctx.u, 'unverified');
    const cr = coursesRequest(ctx.u.gatewayUrl, token);
    const courses = await (await fetch(cr.url, { headers: cr.headers })).json();
    const target = pickBatchTarget(courses, { count: 5 });
    const req = generateBatchRequest(ctx.u.gatewayUrl, token, target);
    const probe = await fetch(req.url, { headers: req.headers });
    if (!probe.ok)
      throw new Error(`generate-batch answered ${probe.status}: ${await probe.text()}`);
    const run = {
      requests: [req, generateBatchRequest(ctx.u.gatewayUrl, second, target)],
      checks: generateBatchChecks(target),
      outDir: ctx.outDir,
    };
    const warmUp = () =>
      attack({ ...run, name: 'generate-batch-warmup', rate: 0, workers: 10, duration: '3s' });
    await warmUp();
    // Open model at a steady rate below saturation: latency when the machine is not overloaded.
    const steady = await attack({
      ...run,
      name: 'generate-batch-rate',
      rate,
      duration,
      workers: 100,
    });
    restartLoadTestGateway(ctx.profile);
    await warmUp();
    const closed = await attack({
      ...run,
      name: 'generate-batch',
      rate: 0,
      workers: vus,
      duration,
    });
    const result = {
      at: new Date().toISOString(),
      tool: 'vegeta',
      cores: os.cpus().length,
      url: req.url,
      vus,
      duration,
      rps: Math.round(closed.throughput),
      p50: closed.p50,
      p95: closed.p95,
      p99: closed.p99,
      errors: closed.errors,
      errorRate: closed.errorRate,
      checked: closed.checked,
      steady: {
        rate,
        rps: Math.round(steady.throughput),
        p50: steady.p50,
        p95: steady.p95,
        p99: steady.p99,
        errors: steady.errors,
        errorRate: steady.errorRate,
        dropped: steady.dropped,
      },
    };
    fs.writeFileSync(
      path.join(ctx.outDir, 'generate-batch-summary.json'),
      JSON.stringify(result, null, 2),
    );
    console.log(
      `\n[load] generate-batch count=5 (${target.course} objective ${target.objective}), vegeta, ${os.cpus().length} cores (shared machine: other work runs beside)`,
    );
    console.log(`[load] ${formatFigures(closed)}   (goal p95 < 30 ms)`);
    console.log(`[load] ${formatFigures(steady)}`);
    process.exitCode = closed.p95 < 30 && closed.errors === 0 && steady.errors === 0 ? 0 : 1;
  });
}

main().catch((e) => {
  console.error(`[load] ${e.message}`);
  process.exit(1);
});
