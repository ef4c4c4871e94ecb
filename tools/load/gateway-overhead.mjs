#!/usr/bin/env node
// Gateway overhead benchmark (issue #2): GET /api/announcements through
// gateway -> NATS -> announcements service -> FerretDB, side by side in one run with a bare
// Node http server returning the same JSON, with k6 on this machine.
//   node tools/load/gateway-overhead.mjs [--profile test|dev] [--rate 200] [--duration 30s]
// Needs the system running on the profile (`npm start`, or the test profile via
// `node tools/test/run-all.mjs --only=integration --keep-running`). The gateway is restarted
// with a rate limit high enough for one load-test user, then restarted as it was.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  arg,
  learnerToken,
  loadContext,
  root,
  runK6 as runK6With,
  withLoadTestGateway,
} from './common.mjs';

const profile = arg('profile', 'test');
const rate = arg('rate', '200');
const duration = arg('duration', '30s');
const ctx = loadContext(profile);
const u = ctx.u;
const outDir = ctx.outDir;
const runK6 = (name, env) => runK6With(ctx, name, env);

function rssOf(pid) {
  try {
    return Math.round(
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
          .toString()
          .trim(),
      ) / 1024,
    );
  } catch {
    return null;
  }
}

async function main() {
  console.log(`[load] restarting the ${profile} gateway with a load-test rate limit`);
  await withLoadTestGateway(profile, async () => {
    const bearer = await learnerToken(u);
    const gatewayUrl = `${u.gateway}/api/announcements`;
    const res = await fetch(gatewayUrl, { headers: { authorization: `Bearer ${bearer}` } });
    if (!res.ok) throw new Error(`gateway answered ${res.status}`);
    const bodyFile = path.join(os.tmpdir(), `announcements-${process.pid}.json`);
    fs.writeFileSync(bodyFile, await res.text());
    const barePort = 39123;
    const bare = spawn(
      process.execPath,
      [path.join(root, 'tools/load/bare-server.mjs'), String(barePort), bodyFile],
      { stdio: 'ignore' },
    );
    await new Promise((r) => setTimeout(r, 500));
    const bareUrl = `http://127.0.0.1:${barePort}/api/announcements`;
    try {
      const results = {};
      for (const [name, url, tok] of [
        ['bare', bareUrl, ''],
        ['gateway', gatewayUrl, bearer],
      ]) {
        // warm-up, then a closed-model throughput run and an open-model latency run
        runK6(`${name}-warmup`, {
          URL: url,
          TOKEN: tok,
          MODE: 'throughput',
          VUS: '20',
          DURATION: '5s',
        });
        results[name] = {
          throughput: runK6(`${name}-throughput`, {
            URL: url,
            TOKEN: tok,
            MODE: 'throughput',
            VUS: '50',
            DURATION: '20s',
          }),
          rate: runK6(`${name}-rate`, {
            URL: url,
            TOKEN: tok,
            MODE: 'rate',
            RATE: rate,
            DURATION: duration,
            VUS: '100',
          }),
        };
      }
      const pids = Object.fromEntries(
        ['gateway', 'announcements'].map((n) => {
          const f = path.join(`${u.profile.dataDir}-apps`, 'run', `${n}.pid`);
          return [n, fs.existsSync(f) ? rssOf(fs.readFileSync(f, 'utf8').trim()) : null];
        }),
      );
      const share = results.gateway.throughput.rps / results.bare.throughput.rps;
      const row = (n, r) =>
        `${n.padEnd(8)} ${r.throughput.rps.toFixed(0).padStart(7)} req/s   @${rate}/s: p50 ${r.rate.p50.toFixed(2)} ms  p95 ${r.rate.p95.toFixed(2)} ms  p99 ${r.rate.p99.toFixed(2)} ms  errors ${(r.rate.failedRate * 100).toFixed(2)}%  dropped ${r.rate.droppedIterations}`;
      console.log(
        `\n[load] GET /api/announcements (${JSON.parse(fs.readFileSync(bodyFile, 'utf8')).length} items), ${os.cpus().length} cores`,
      );
      console.log(row('bare', results.bare));
      console.log(row('gateway', results.gateway));
      console.log(
        `[load] full path keeps ${(share * 100).toFixed(1)}% of the bare server's throughput (goal >= 25%)`,
      );
      console.log(
        `[load] full path p95 at ${rate} req/s: ${results.gateway.rate.p95.toFixed(2)} ms (goal < 25 ms)`,
      );
      console.log(
        `[load] RSS after the run: gateway ${pids.gateway} MiB, announcements ${pids.announcements} MiB`,
      );
      fs.writeFileSync(
        path.join(outDir, 'gateway-overhead.json'),
        JSON.stringify({ results, share, rss: pids }, null, 2),
      );
      const ok =
        share >= 0.25 && results.gateway.rate.p95 < 25 && results.gateway.rate.failedRate === 0;
      process.exitCode = ok ? 0 : 1;
    } finally {
      bare.kill();
    }
  });
}

main().catch((e) => {
  console.error(`[load] ${e.message}`);
  process.exit(1);
});
