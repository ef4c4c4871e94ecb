#!/usr/bin/env node
// @ts-check
// The one way to bring a whole system of a profile up and down: local servers (tools/infra),
// seed data (tools/seed), the built apps (tools/system/system.cjs). `npm start`
// (tools/start.sh), the test runner (tools/test/run-all.mjs), the fault suite
// (tools/fault/run.mjs), the browser tests' global setup and the load smoke all call it,
// so a step added to the start of a system is added once.
//
//   node tools/system/harness.cjs up   [--profile P] [--install] [--build] [--reset]
//                                      [--no-seed] [--seed-no-media] [--no-apps] [--no-web]
//                                      [--only a,b] [--env K=V ...]
//   node tools/system/harness.cjs down [--profile P] [--no-infra]
//
// Every step is idempotent: what already runs is left alone (infra.sh start and
// system.cjs start start only what is not running; the seed fills only empty databases).
'use strict';

const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { REPO_ROOT } = require('../infra/environment.cjs');

/**
 * The commands of `up`, in order: pure, so a spec can read the plan without running it.
 * @param {import('./harness.d.cts').UpOptions} o
 * @returns {import('./harness.d.cts').Step[]}
 */
function upPlan(o) {
  const profile = o.profile ?? 'test';
  const node = process.execPath;
  /** @type {import('./harness.d.cts').Step[]} */
  const steps = [];
  const infra = (/** @type {string[]} */ ...a) => [
    'bash',
    [path.join(REPO_ROOT, 'tools/infra/infra.sh'), ...a],
  ];
  const system = (/** @type {string[]} */ ...a) => [
    node,
    [path.join(REPO_ROOT, 'tools/system/system.cjs'), ...a, '--profile', profile],
  ];
  const step = (/** @type {string} */ what, /** @type {any[]} */ [cmd, args]) =>
    steps.push({ what, cmd, args });

  if (o.infra !== false) {
    if (o.install) step('install the local servers', infra('install'));
    if (o.reset) {
      // a fresh data dir: the apps of the profile stop first (they hold connections to it)
      step('stop the apps', system('stop'));
      step('wipe the servers data', infra('reset', '--profile', profile));
    }
    step('start the local servers', infra('start', '--profile', profile));
  }
  if (o.build) {
    step('build the apps', ['npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static']]);
  }
  if (o.seed !== false) {
    step('seed', [
      node,
      [
        path.join(REPO_ROOT, 'tools/seed/seed.cjs'),
        '--profile',
        profile,
        ...(o.seed === 'no-media' ? ['--no-media'] : []),
      ],
    ]);
  }
  if (o.apps !== false) {
    step(
      'start the apps',
      system(
        'start',
        ...(o.only?.length ? ['--only', o.only.join(',')] : []),
        ...(o.web === false ? ['--no-web'] : []),
        ...Object.entries(o.env ?? {}).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
      ),
    );
  }
  return steps;
}

/**
 * The commands of `down`: the apps, then (unless `infra: false`) the local servers.
 * @param {import('./harness.d.cts').DownOptions} o
 * @returns {import('./harness.d.cts').Step[]}
 */
function downPlan(o) {
  const profile = o.profile ?? 'test';
  /** @type {import('./harness.d.cts').Step[]} */
  const steps = [
    {
      what: 'stop the apps',
      cmd: process.execPath,
      args: [
        path.join(REPO_ROOT, 'tools/system/system.cjs'),
        'stop',
        ...(o.only?.length ? ['--only', o.only.join(',')] : []),
        '--profile',
        profile,
      ],
    },
  ];
  if (o.infra !== false && !o.only?.length)
    steps.push({
      what: 'stop the local servers',
      cmd: 'bash',
      args: [path.join(REPO_ROOT, 'tools/infra/infra.sh'), 'stop', '--profile', profile],
    });
  return steps;
}

/**
 * Runs one step with its output on this process's (or piped to `log` when quiet). Async: the
 * fault suite serves its load targets from this process while a restart runs.
 * @param {import('./harness.d.cts').Step} s
 * @param {{ quiet?: boolean; timeoutMs?: number }} [o]
 * @returns {Promise<void>}
 */
function runStep(s, o = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(s.cmd, s.args, {
      cwd: REPO_ROOT,
      stdio: o.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, NX_DAEMON: 'false' },
    });
    let output = '';
    const keep = (/** @type {Buffer} */ b) => {
      output = (output + b.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const timer = o.timeoutMs
      ? setTimeout(() => child.kill('SIGTERM'), o.timeoutMs).unref()
      : undefined;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (code === 0) return resolve();
      const why = signal ? `was stopped (${signal})` : `exited with ${code}`;
      reject(new Error(`${s.what}: ${path.basename(s.args[0] ?? s.cmd)} ${why}\n${output}`));
    });
  });
}

/**
 * runStep without giving the event loop back: for jest hooks and helpers that are synchronous.
 * @param {import('./harness.d.cts').Step} s
 * @param {{ quiet?: boolean; timeoutMs?: number }} o
 */
function runStepSync(s, o) {
  const r = spawnSync(s.cmd, s.args, {
    cwd: REPO_ROOT,
    stdio: o.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
    timeout: o.timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status === 0) return;
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.slice(-4000);
  const why = r.error
    ? r.error.message
    : r.signal
      ? `was stopped (${r.signal})`
      : `exited with ${r.status}`;
  throw new Error(`${s.what}: ${path.basename(s.args[0] ?? s.cmd)} ${why}\n${output}`);
}

/**
 * Brings the system of `o.profile` up (see upPlan); the first failing step rejects with its
 * name and the end of its output.
 * @param {import('./harness.d.cts').UpOptions} [o]
 */
async function up(o = {}) {
  for (const s of upPlan(o)) {
    if (o.log) o.log(s.what);
    await runStep(s, o);
  }
}

/**
 * Brings the system of `o.profile` down; every step runs even when one fails (a tool that
 * started processes stops them on every path), then the first failure rejects.
 * @param {import('./harness.d.cts').DownOptions} [o]
 */
async function down(o = {}) {
  /** @type {unknown} */
  let first = null;
  for (const s of downPlan(o)) {
    if (o.log) o.log(s.what);
    await runStep(s, o).catch((e) => {
      first ??= e;
    });
  }
  if (first) throw first;
}

/**
 * `up` for synchronous callers (the integration specs' helpers).
 * @param {import('./harness.d.cts').UpOptions} [o]
 */
function upSync(o = {}) {
  for (const s of upPlan(o)) runStepSync(s, o);
}

/**
 * `down` for synchronous callers; every step runs, then the first failure throws.
 * @param {import('./harness.d.cts').DownOptions} [o]
 */
function downSync(o = {}) {
  /** @type {unknown} */
  let first = null;
  for (const s of downPlan(o)) {
    try {
      runStepSync(s, o);
    } catch (e) {
      first ??= e;
    }
  }
  if (first) throw first;
}

/**
 * @param {string[]} argv
 * @returns {{ cmd: string; options: import('./harness.d.cts').UpOptions & import('./harness.d.cts').DownOptions }}
 */
function parseArgs(argv) {
  /** @type {import('./harness.d.cts').UpOptions & import('./harness.d.cts').DownOptions} */
  const options = {};
  const cmd = argv[0] ?? '';
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--profile') options.profile = argv[++i];
    else if (a === '--install') options.install = true;
    else if (a === '--build') options.build = true;
    else if (a === '--reset') options.reset = true;
    else if (a === '--no-seed') options.seed = false;
    else if (a === '--seed-no-media') options.seed = 'no-media';
    else if (a === '--no-apps') options.apps = false;
    else if (a === '--no-web') options.web = false;
    else if (a === '--no-infra') options.infra = false;
    else if (a === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a === '--env') {
      const [k, ...v] = (argv[++i] ?? '').split('=');
      options.env = { ...options.env, [k]: v.join('=') };
    } else throw new Error(`unknown argument ${a}`);
  }
  if (cmd !== 'up' && cmd !== 'down') throw new Error(`usage: harness.cjs up|down [options]`);
  return { cmd, options };
}

module.exports = { upPlan, downPlan, up, down, upSync, downSync, parseArgs };

if (require.main === module) {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`[harness] ${/** @type {Error} */ (e).message}`);
    process.exit(2);
  }
  const { cmd, options } = parsed;
  const log = (/** @type {string} */ m) =>
    console.log(`[harness] ${options.profile ?? 'test'}: ${m}`);
  (cmd === 'up' ? up({ ...options, log }) : down({ ...options, log })).catch((e) => {
    console.error(`[harness] ${/** @type {Error} */ (e).message}`);
    process.exit(1);
  });
}
