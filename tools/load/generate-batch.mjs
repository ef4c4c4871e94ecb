#!/usr/bin/env node
// Infinite QBank latency (issue #4): GET /api/infiniteqbank/generate-batch?count=5 through
// gateway -> NATS -> qbank, 50 concurrent virtual users (k6 closed model) for a while, as the
// seeded learner; goal p95 < 30 ms.
//   node tools/load/generate-batch.mjs [--profile test|dev] [--duration 30s] [--vus 50]
// Needs the system running on the profile; the gateway is restarted with load-test limits and
// restarted as it was afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, learnerToken, loadContext, runK6, withLoadTestGateway } from './common.mjs';

const ctx = loadContext(arg('profile', 'test'));
const duration = arg('duration', '30s');
const vus = arg('vus', '50');

async function main() {
  await withLoadTestGateway(ctx.profile, async () => {
    const token = await learnerToken(ctx.u);
    const courses = await (
      await fetch(`${ctx.u.gateway}/api/infiniteqbank/courses`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const course = courses.courses.find((c) => c.id === 'med_dosage') ?? courses.courses[0];
    if (!course) throw new Error('no open Infinite QBank course: seed the system first');
    const objective = Object.keys(course.objectives).at(-1);
    const url = `${ctx.u.gateway}/api/infiniteqbank/generate-batch?course=${course.id}&objective=${objective}&count=5`;
    const probe = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!probe.ok)
      throw new Error(`generate-batch answered ${probe.status}: ${await probe.text()}`);
    runK6(ctx, 'generate-batch-warmup', {
      URL: url,
      TOKEN: token,
      MODE: 'throughput',
      VUS: '10',
      DURATION: '5s',
    });
    // Open model at a steady rate below saturation: latency when the machine is not overloaded.
    const steady = runK6(ctx, 'generate-batch-rate', {
      URL: url,
      TOKEN: token,
      MODE: 'rate',
      RATE: arg('rate', '300'),
      VUS: '100',
      DURATION: duration,
    });
    const r = runK6(ctx, 'generate-batch', {
      URL: url,
      TOKEN: token,
      MODE: 'throughput',
      VUS: vus,
      DURATION: duration,
    });
    const result = {
      at: new Date().toISOString(),
      cores: os.cpus().length,
      url,
      vus: Number(vus),
      duration,
      rps: Math.round(r.rps),
      p50: Number(r.p50.toFixed(2)),
      p95: Number(r.p95.toFixed(2)),
      p99: Number(r.p99.toFixed(2)),
      failedRate: r.failedRate,
      steady: {
        rate: Number(arg('rate', '300')),
        p50: Number(steady.p50.toFixed(2)),
        p95: Number(steady.p95.toFixed(2)),
        p99: Number(steady.p99.toFixed(2)),
        failedRate: steady.failedRate,
      },
    };
    fs.writeFileSync(
      path.join(ctx.outDir, 'generate-batch-summary.json'),
      JSON.stringify(result, null, 2),
    );
    console.log(
      `[load] generate-batch count=5, ${vus} concurrent, ${os.cpus().length} cores: ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, errors ${(r.failedRate * 100).toFixed(2)}% (goal p95 < 30 ms)`,
    );
    console.log(
      `[load] generate-batch count=5 at a steady ${result.steady.rate} req/s: p50 ${result.steady.p50} ms, p95 ${result.steady.p95} ms, p99 ${result.steady.p99} ms, errors ${(steady.failedRate * 100).toFixed(2)}%`,
    );
    process.exitCode = result.p95 < 30 && r.failedRate === 0 ? 0 : 1;
  });
}

main().catch((e) => {
  console.error(`[load] ${e.message}`);
  process.exit(1);
});
