#!/usr/bin/env node
// @ts-check
// Memory of the gateway and the announcements service under repeated saturation (issue 27):
// is a process's resident memory after a run a high-water mark that stops growing, or a leak?
// Restarts the two apps of the gateway benchmark's path (tools/load/gateway-overhead.mjs) with
// tracing on or off and any extra environment (e.g. MALLOC_ARENA_MAX=2), then runs `--rounds`
// closed-model runs of GET /api/announcements, and after each run, and again after `--idle`
// seconds without load, reads each process's RSS and the V8 heap its /metrics reports.
//   node tools/load/memory-rounds.mjs [--profile test|dev] [--rounds 5] [--duration 20s]
//        [--workers 50] [--idle 15] [--tracing off|on] [--sample 1] [--env K=V,K2=V2]
//        [--as-running]
// --as-running: measure the two apps as they run, without restarting them (the caller started
// them, e.g. each inside a memory cgroup with its pod's limit, and the gateway with the load-test
// limits of common.mjs); --tracing, --sample and --env are then the caller's business.
// Verdict per process: "grows" when the heap after the idle wait rises on every round and ends
// more than 25 % above the first round's, else "levels off". Needs the system running on the
// profile, as gateway-overhead.mjs does; the two apps are restarted as they were at the end.
import fs from 'node:fs';
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
  tracingEnv,
  withLoadTestGateway,
} from './common.mjs';
import { announcementsChecks, announcementsRequest } from './scenarios/announcements.js';
import { attack } from './vegeta.mjs';

const profile = arg('profile', 'test');
const rounds = Number(arg('rounds', '5'));
const duration = arg('duration', '20s');
const workers = Number(arg('workers', '50'));
const idleSeconds = Number(arg('idle', '15'));
const tracingOn = arg('tracing', 'off') === 'on';
const sample = Number(arg('sample', '1'));
const asRunning = process.argv.includes('--as-running');
const extraEnv = Object.fromEntries(
  arg('env', '')
    .split(',')
    .filter(Boolean)
    .map((kv) => {
      const i = kv.indexOf('=');
      if (i < 1) throw new Error(`--env takes K=V pairs separated by commas, got "${kv}"`);
      return [kv.slice(0, i), kv.slice(i + 1)];
    }),
);
if (!(rounds >= 1)) throw new Error(`--rounds must be at least 1, got ${rounds}`);
if (!(sample > 0 && sample <= 1))
  throw new Error(`--sample must be a ratio in (0, 1], got ${sample}`);

const ctx = loadContext(profile);
const { u, outDir } = ctx;
const APPS = /** @type {const} */ (['gateway', 'announcements']);

/** @param {string} app */
function pidOf(app) {
  return pidIn(path.join(u.appsDataDir, 'run', `${app}.pid`));
}

/**
 * The V8 heap in use and the memory outside it (external + array buffers), from /metrics, in MiB.
 * @param {string} app
 */
async function heapOf(app) {
  const text = await (await fetch(`${u.appUrl(app)}/metrics`)).text();
  /** @param {string} name */
  const read = (name) => {
    const m = new RegExp(`^examprep_${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
    return m ? Math.round(Number(m[1]) / 1048576) : null;
  };
  return {
    heap: read('nodejs_heap_size_used_bytes'),
    external: read('nodejs_external_memory_bytes'),
  };
}

/** @typedef {{ rss: number | null, heap: number | null, external: number | null }} Memory */
/** @typedef {{ when: string, throughput?: number, gateway: Memory, announcements: Memory }} Sample */

/**
 * @param {string} when
 * @returns {Promise<{ gateway: Memory, announcements: Memory }>}
 */
async function sampleAll(when) {
  const out = /** @type {{ gateway: Memory, announcements: Memory }} */ ({});
  for (const app of APPS) out[app] = { rss: rssMiB(pidOf(app)), ...(await heapOf(app)) };
  console.log(
    `[memory] ${when.padEnd(22)} ${APPS.map(
      (a) =>
        `${a}: RSS ${out[a].rss} MiB, heap ${out[a].heap} MiB, external ${out[a].external} MiB`,
    ).join(' | ')}`,
  );
  return out;
}

/** The rounds against the two apps as they run now; exit code 1 when a heap grows. */
async function runRounds(/** @type {string} */ label) {
  const pids = Object.fromEntries(APPS.map((a) => [a, pidOf(a)]));
  const req = announcementsRequest(u.gatewayUrl, await learnerToken(u));
  /** @type {Sample[]} */
  const samples = [{ when: 'started', ...(await sampleAll('started')) }];
  for (let r = 1; r <= rounds; r++) {
    const figures = await attack({
      name: `memory-round-${r}`,
      requests: [req],
      checks: announcementsChecks,
      outDir,
      rate: 0,
      workers,
      duration,
    });
    const gone = APPS.filter((a) => rssMiB(pids[a]) === null);
    if (gone.length > 0) throw new Error(`round ${r}: ${gone.join(', ')} exited (killed?)`);
    const loaded = await sampleAll(`round ${r} (${Math.round(figures.throughput)} req/s)`);
    await new Promise((res) => setTimeout(res, idleSeconds * 1000));
    const idle = await sampleAll(`round ${r} + ${idleSeconds} s idle`);
    samples.push(
      { when: `round ${r}`, throughput: figures.throughput, ...loaded },
      { when: `round ${r} idle`, ...idle },
    );
    if (figures.httpErrors > 0) throw new Error(`round ${r}: ${figures.httpErrors} errors`);
  }
  for (const a of APPS) {
    if (pidOf(a) !== pids[a]) throw new Error(`${a} was restarted during the run: run again`);
  }
  /** @type {Record<string, string>} */
  const verdicts = {};
  for (const a of APPS) {
    const idleHeaps = samples
      .filter((s) => s.when.endsWith('idle'))
      .map((s) => /** @type {number} */ (s[a].heap ?? 0));
    const rising = idleHeaps.every((h, i) => i === 0 || h > idleHeaps[i - 1]);
    const grows = rounds >= 3 && rising && idleHeaps[idleHeaps.length - 1] > idleHeaps[0] * 1.25;
    verdicts[a] = grows ? 'grows' : 'levels off';
    const rss = samples.map((s) => s[a].rss);
    console.log(
      `[memory] ${a}: heap after idle ${idleHeaps.join(' → ')} MiB (${verdicts[a]}); RSS ${rss.join(' → ')} MiB`,
    );
  }
  const throughputs = samples.flatMap((s) => (s.throughput === undefined ? [] : [s.throughput]));
  console.log(
    `[memory] throughput per round: ${throughputs.map((t) => Math.round(Number(t))).join(', ')} req/s`,
  );
  fs.writeFileSync(
    path.join(outDir, 'memory-rounds.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        label,
        rounds,
        duration,
        workers,
        idleSeconds,
        samples,
        verdicts,
      },
      null,
      2,
    ),
  );
  process.exitCode = Object.values(verdicts).includes('grows') ? 1 : 0;
}

async function main() {
  if (asRunning) {
    console.log('[memory] the gateway and the announcements service as they run');
    await runRounds('as running');
    return;
  }
  const receiver = tracingOn ? await spanReceiver(profile) : null;
  const env = {
    ...LOAD_TEST_LIMITS,
    ...tracingEnv(receiver?.url, { sample }),
    ...extraEnv,
  };
  const label = `tracing ${tracingOn ? `on (${sample * 100}% kept)` : 'off'}${
    Object.keys(extraEnv).length
      ? `, ${Object.entries(extraEnv)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`
      : ''
  }`;
  console.log(`[memory] restarting the gateway and the announcements service: ${label}`);
  try {
    await withLoadTestGateway(profile, async () => {
      appsCtl(profile, 'stop', [...APPS]);
      appsCtl(profile, 'start', ['announcements', 'gateway'], env);
      await runRounds(label);
      if (receiver)
        console.log(`[memory] spans exported: ${(await receiver.count()) ?? 'see Jaeger'}`);
    });
  } finally {
    receiver?.stop();
    // the announcements service as it was (the gateway: withLoadTestGateway)
    appsCtl(profile, 'stop', ['announcements']);
    appsCtl(profile, 'start', ['announcements']);
  }
}

main().catch((e) => {
  console.error(`[memory] ${e.message}`);
  process.exit(1);
});
