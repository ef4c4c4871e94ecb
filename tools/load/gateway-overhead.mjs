#!/usr/bin/env node
// @ts-check
// Gateway overhead benchmark (issue #2): GET /api/announcements through
// gateway -> NATS -> announcements service -> FerretDB, side by side in one run with a bare
// Node http server returning the same JSON, with vegeta on this machine. Same requests and
// checks as tools/load/k6/announcements.js (tools/load/scenarios/announcements.js).
// In the same run, the full path again with OpenTelemetry tracing on (ADR 0035): the gateway and
// the announcements service export every span, to the profile's Jaeger when it runs
// (`npm run infra -- start --with tracing`), else to a local OTLP sink (otlp-sink.mjs).
//   node tools/load/gateway-overhead.mjs [--profile test|dev] [--rate 200] [--duration 30s]
//        [--throughput-duration 20s] [--workers 50] [--tracing on|off] [--sample 1]
//        [--disable nestjs-core,...]
// (--sample r < 1: the tracing-on run keeps that share of the traces, parentbased_traceidratio;
// --disable: instrumentations left out of it, OTEL_NODE_DISABLED_INSTRUMENTATIONS)
// Needs the system running on the profile (`npm start`, or the test profile via
// `node tools/test/run-all.mjs --only=integration --keep-running`). The gateway is restarted
// with a rate limit high enough for one load-test user, then restarted as it was; with the
// tracing comparison (default on) the announcements service is restarted too, with tracing off,
// then on, then as it was.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  appsCtl,
  arg,
  LOAD_TEST_LIMITS,
  learnerToken,
  loadContext,
  pidIn,
  rssMiB,
  spanReceiver,
  startBareServer,
  tracingEnv,
  until,
  withLoadTestGateway,
} from './common.mjs';
import { announcementsChecks, announcementsRequest } from './scenarios/announcements.js';
import { attack, formatFigures } from './vegeta.mjs';

const profile = arg('profile', 'test');
const rate = Number(arg('rate', '200'));
const duration = arg('duration', '30s');
const throughputDuration = arg('throughput-duration', '20s');
const workers = Number(arg('workers', '50'));
const compareTracing = arg('tracing', 'on') !== 'off';
const sample = Number(arg('sample', '1'));
const disable = arg('disable', '');
if (!(sample > 0 && sample <= 1))
  throw new Error(`--sample must be a ratio in (0, 1], got ${sample}`);
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
 * Restarts the two apps of the measured path (the announcements service, then the gateway)
 * with the load-test limits and `env`.
 * @param {Record<string, string>} env
 */
function restartPath(env) {
  appsCtl(profile, 'stop', ['gateway', 'announcements']);
  appsCtl(profile, 'start', ['announcements', 'gateway'], { ...LOAD_TEST_LIMITS, ...env });
}

async function main() {
  console.log(`[load] restarting the ${profile} gateway with a load-test rate limit`);
  await withLoadTestGateway(profile, async () => {
    if (compareTracing) {
      console.log('[load] restarting the gateway and the announcements service with tracing off');
      restartPath(tracingEnv(null));
    }
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
    const fullPath = () =>
      Object.fromEntries(
        ['gateway', 'announcements', 'nats-server'].map((proc) => [proc, pidIn(pidFileOf(proc))]),
      );
    /** @type {Record<string, Record<string, string | number | null | undefined>>} */
    const processes = { bare: { bare: bare.pid }, gateway: fullPath() };
    /** @type {Record<string, Record<string, number | null>>} CPU µs per successful request */
    const cpuPerRequest = {};
    /** @type {Record<string, { throughput: import('./vegeta.mjs').Figures, rate: import('./vegeta.mjs').Figures }>} */
    const results = {};
    /** @type {string[]} processes another engineer restarted during a path's runs */
    const restarted = [];
    /** @type {Record<string, number | null>} */
    const rss = {};
    /** @type {{ to: string, spans: number | null } | null} */
    let tracing = null;

    /**
     * Warm-up, then a closed-model throughput run (CPU per request of each process of the
     * path) and an open-model latency run.
     * @param {string} name
     * @param {import('./vegeta.mjs').LoadRequest} req
     */
    const measure = async (name, req) => {
      const run = { requests: [req], checks: announcementsChecks, outDir };
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
      // the test system is shared: another engineer's restart of a process voids the figures
      for (const [proc, pid] of Object.entries(processes[name])) {
        if (proc !== 'bare' && pid !== pidIn(pidFileOf(proc))) restarted.push(`${proc} (${name})`);
      }
      if (name !== 'bare') {
        for (const proc of ['gateway', 'announcements']) {
          const pid = processes[name][proc];
          rss[`${name} ${proc}`] = rssMiB(pid);
        }
      }
    };

    try {
      await measure('bare', announcementsRequest(bareBase, null));
      await measure('gateway', gatewayReq);
      if (compareTracing) {
        const receiver = await spanReceiver(profile);
        try {
          console.log(
            `[load] restarting the same path with tracing on (${sample * 100}% of traces kept${disable ? `, without ${disable}` : ''}), exporting to ${receiver.to}`,
          );
          restartPath(tracingEnv(receiver.url, { sample, disable }));
          processes['gateway+tracing'] = fullPath();
          // a fresh token: the first may be minutes old by now
          await measure(
            'gateway+tracing',
            announcementsRequest(u.gatewayUrl, await learnerToken(u)),
          );
          // the batch exporter sends every 5 s: wait for the last batch before counting
          const spans = await receiver.count();
          if (spans !== null)
            await until(
              'the last spans at the OTLP sink',
              async () => ((await receiver.count()) ?? 0) > spans,
              {
                timeoutMs: 8_000,
                everyMs: 500,
              },
            ).catch(() => undefined);
          tracing = { to: receiver.to, spans: await receiver.count() };
        } finally {
          receiver.stop();
        }
      }
      const share = results.gateway.throughput.throughput / results.bare.throughput.throughput;
      if (restarted.length > 0)
        console.log(
          `[load] VOID: ${restarted.join(', ')} restarted during the run (not by this script); run again`,
        );
      const items = JSON.parse(fs.readFileSync(bodyFile, 'utf8')).length;
      console.log(
        `\n[load] GET /api/announcements (${items} items), vegeta, ${os.cpus().length} cores (shared machine: other work runs beside)`,
      );
      const names = Object.keys(results);
      for (const name of names) {
        console.log(`[load] ${formatFigures(results[name].throughput)}`);
        console.log(`[load] ${formatFigures(results[name].rate)}`);
      }
      for (const name of names) {
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
        `[load] RSS after the runs: ${Object.entries(rss)
          .map(([k, v]) => `${k} ${v} MiB`)
          .join(', ')}`,
      );
      /** @type {{ share: number, cpuOverhead: number | null, p95On: number, p95Off: number } | null} */
      let tracingFigures = null;
      if (results['gateway+tracing']) {
        const on = results['gateway+tracing'];
        const off = results.gateway;
        /** @param {Record<string, number | null>} c */
        const appCpu = (c) =>
          c.gateway === null || c.announcements === null
            ? null
            : (c.gateway ?? 0) + (c.announcements ?? 0);
        const cpuOn = appCpu(cpuPerRequest['gateway+tracing']);
        const cpuOff = appCpu(cpuPerRequest.gateway);
        tracingFigures = {
          share: on.throughput.throughput / off.throughput.throughput,
          cpuOverhead: cpuOn === null || cpuOff === null || !cpuOff ? null : cpuOn / cpuOff - 1,
          p95On: on.rate.p95,
          p95Off: off.rate.p95,
        };
        console.log(
          `[load] tracing on (${sample * 100}% sampled) keeps ${(tracingFigures.share * 100).toFixed(1)}% of the tracing-off throughput (goal >= 90%); ` +
            `gateway + announcements CPU per request ${cpuOff ?? '?'} -> ${cpuOn ?? '?'} µs` +
            (tracingFigures.cpuOverhead === null
              ? ''
              : ` (+${(tracingFigures.cpuOverhead * 100).toFixed(1)}%)`) +
            `; p95 at ${rate} req/s ${off.rate.p95.toFixed(2)} -> ${on.rate.p95.toFixed(2)} ms`,
        );
        console.log(
          `[load] spans exported to ${tracing?.to}: ${tracing?.spans ?? 'see Jaeger (service gateway, announcements)'}`,
        );
      }
      fs.writeFileSync(
        path.join(outDir, 'gateway-overhead.json'),
        JSON.stringify(
          {
            at: new Date().toISOString(),
            results,
            share,
            cpuPerRequestUs: cpuPerRequest,
            tracing: tracingFigures && {
              ...tracingFigures,
              sample,
              disabledInstrumentations: disable || null,
              exportedTo: tracing?.to,
              spans: tracing?.spans,
            },
            restartedDuringRun: restarted,
            loadAverage: os.loadavg(),
            rss,
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
        share >= 0.25 &&
        results.gateway.rate.p95 < 25 &&
        errors === 0 &&
        restarted.length === 0 &&
        (tracingFigures === null || tracingFigures.share >= 0.9) &&
        (tracing === null || tracing.spans === null || tracing.spans > 0);
      process.exitCode = ok ? 0 : 1;
    } finally {
      bare.kill();
      fs.rmSync(bodyFile, { force: true });
      if (compareTracing) {
        // the announcements service as it was (the gateway: withLoadTestGateway)
        appsCtl(profile, 'stop', ['announcements']);
        appsCtl(profile, 'start', ['announcements']);
      }
    }
  });
}

main().catch((e) => {
  console.error(`[load] ${e.message}`);
  process.exit(1);
});
