#!/usr/bin/env node
// @ts-check
// Gateway overhead benchmark (issue #2): GET /api/announcements through
// gateway -> NATS -> announcements service -> FerretDB, side by side in one run with a bare
// Node http server returning the same JSON, with vegeta on this machine. Same requests and
// checks as tools/load/k6/announcements.js (tools/load/scenarios/announcements.js).
//   node tools/load/gateway-overhead.mjs [--profile test|dev] [--rate 200] [--duration 30s]
//        [--throughput-duration 20s] [--workers 50]
// Needs the system running on the profile (`npm start`, or the test profile via
// `node tools/test/run-all.mjs --only=integration --keep-running`). The gateway is restarted
// with a rate limit high enough for one load-test user, then restarted as it was.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, learnerToken, loadContext, startBareServer, withLoadTestGateway } from './common.mjs';
import { announcementsChecks, announcementsRequest } from './scenarios/announcements.js';
import { attack, formatFigures } from './vegeta.mjs';

const profile = arg('profile', 'test');
const rate = Number(arg('rate', '200'));
const duration = arg('duration', '30s');
const throughputDuration = arg('throughput-duration', '20s');
const workers = Number(arg('workers', '50'));
const ctx = loadContext(profile);
const { u, outDir } = ctx;

/**
 * CPU time a process has used so far (user + system), in ms; null when it is gone.
 * @param {string | number | null | undefined} pid
 */
function cpuMsOf(pid) {
  if (!pid) return null;
  try {
    // fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The pid in one of the profile's pid files, or null.
 * @param {string} file
 */
function pidIn(file) {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

/** @param {string | number} pid resident memory in MiB */
function rssOf(pid) {
  try {
    const kib = Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    );
    return Math.round(kib / 1024);
  } catch {
    return null;
  }
}

async function main() {
  console.log(`[load] restarting the ${profile} gateway with a load-test rate limit`);
  await withLoadTestGateway(profile, async () => {
    const bearer = await learnerToken(u);
    const gatewayReq = announcementsRequest(u.gatewayUrl, bearer);
    const res = await fetch(gatewayReq.url, { headers: gatewayReq.headers });
    if (!res.ok) throw new Error(`gateway answered ${res.status}`);
    const bodyFile = path.join(os.tmpdir(), `announcements-${process.pid}.json`);
    const body = await res.text();
    fs.writeFileSync(bodyFile, body);
    const bare = await startBareServer(body);
    const bareBase = bare.url;
    // the processes of each path, whose CPU time per request the throughput runs report: on a
    // machine shared with other work this moves far less than req/s does
    const appsRun = path.join(u.appsDataDir, 'run');
    /** @param {string} proc */
    const pidFileOf = (proc) =>
      proc === 'nats-server'
        ? path.join(u.dataDir, 'run', 'nats.pid')
        : path.join(appsRun, `${proc}.pid`);
    /** @type {Record<string, Record<string, string | number | null | undefined>>} */
    const processes = {
      bare: { bare: bare.pid },
      gateway: Object.fromEntries(
        ['gateway', 'announcements', 'nats-server'].map((proc) => [proc, pidIn(pidFileOf(proc))]),
      ),
    };
    /** @type {Record<string, Record<string, number | null>>} CPU µs per successful request */
    const cpuPerRequest = {};
    try {
      /** @type {Record<string, { throughput: import('./vegeta.mjs').Figures, rate: import('./vegeta.mjs').Figures }>} */
      const results = {};
      for (const [name, req] of /** @type {const} */ ([
        ['bare', announcementsRequest(bareBase, null)],
        ['gateway', gatewayReq],
      ])) {
        const run = {
          requests: [req],
          checks: announcementsChecks,
          outDir,
        };
        // warm-up, then a closed-model throughput run and an open-model latency run
        await attack({ ...run, name: `${name}-warmup`, rate: 0, workers: 20, duration: '5s' });
        const cpuBefore = Object.entries(processes[name]).map(([, pid]) => cpuMsOf(pid));
        const throughput = await attack({
          ...run,
          name: `${name}-throughput`,
          rate: 0,
          workers,
          duration: throughputDuration,
        });
        const served = throughput.requests - throughput.httpErrors;
        cpuPerRequest[name] = Object.fromEntries(
          Object.entries(processes[name]).map(([proc, pid], i) => {
            const after = cpuMsOf(pid);
            const before = cpuBefore[i];
            return [
              proc,
              after === null || before === null || !served
                ? null
                : Math.round(((after - before) * 1000) / served),
            ];
          }),
        );
        const atRate = await attack({ ...run, name: `${name}-rate`, rate, duration, workers: 100 });
        results[name] = { throughput, rate: atRate };
      }
      const pids = Object.fromEntries(
        ['gateway', 'announcements'].map((n) => {
          const f = path.join(u.appsDataDir, 'run', `${n}.pid`);
          return [n, fs.existsSync(f) ? rssOf(fs.readFileSync(f, 'utf8').trim()) : null];
        }),
      );
      const share = results.gateway.throughput.throughput / results.bare.throughput.throughput;
      // the test system is shared: another engineer's restart of a process voids the figures
      const restarted = Object.entries(processes.gateway)
        .filter(([proc, pid]) => pid !== pidIn(pidFileOf(proc)))
        .map(([proc]) => proc);
      if (restarted.length > 0)
        console.log(
          `[load] VOID: ${restarted.join(', ')} restarted during the run (not by this script); run again`,
        );
      const items = JSON.parse(fs.readFileSync(bodyFile, 'utf8')).length;
      console.log(
        `\n[load] GET /api/announcements (${items} items), vegeta, ${os.cpus().length} cores (shared machine: other work runs beside)`,
      );
      for (const name of ['bare', 'gateway']) {
        console.log(`[load] ${formatFigures(results[name].throughput)}`);
        console.log(`[load] ${formatFigures(results[name].rate)}`);
      }
      for (const name of ['bare', 'gateway']) {
        const cpu = Object.entries(cpuPerRequest[name])
          .map(([proc, us]) => `${proc} ${us ?? '?'} µs`)
          .join(', ');
        console.log(`[load] CPU per request, ${name} throughput run: ${cpu}`);
      }
      console.log(
        `[load] load average after the run: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
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
        JSON.stringify(
          {
            at: new Date().toISOString(),
            results,
            share,
            cpuPerRequestUs: cpuPerRequest,
            restartedDuringRun: restarted,
            loadAverage: os.loadavg(),
            rss: pids,
          },
          null,
          2,
        ),
      );
      const errors = Object.values(results).reduce(
        (n, r) => n + r.throughput.errors + r.rate.errors,
        0,
      );
      const ok =
        share >= 0.25 && results.gateway.rate.p95 < 25 && errors === 0 && restarted.length === 0;
      process.exitCode = ok ? 0 : 1;
    } finally {
      bare.kill();
      fs.rmSync(bodyFile, { force: true });
    }
  });
}

main().catch((e) => {
  console.error(`[load] ${e.message}`);
  process.exit(1);
});
