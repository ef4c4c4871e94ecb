#!/usr/bin/env node
// Runs every test tier of the repo and prints one closing line `tests: N passed, N failed`.
//
//   node tools/test/run-all.mjs [--only=unit,integration,e2e] [--keep-running]
//
// Tiers: unit (jest, beside the code), integration (jest, against the REAL local servers of
// tools/infra on the TEST profile: own ports and data dir, a running dev stack is untouched),
// e2e (Playwright + Debian's Chromium against the whole system on the test profile).
// Installs what is missing (npm packages, local servers, Chromium) before it starts.
// TEST_INFRA=containers: the servers run as containers (Docker needed; test-kit's containers
// module, the images of docker-compose.yml) on the same ports; --keep-running does not keep
// them (they stop with this process). CI_FULL=1 adds the slow suites (see `full` below).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

// the project's Node (ADR 0031): on another one, run this same command on it (installed into
// the cache first when missing) and end with its status
createRequire(import.meta.url)('../node/pinned.cjs').reexecOnPinned();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** @type {import('../system/harness.d.cts')} */
const harness = createRequire(import.meta.url)('../system/harness.cjs');
const args = process.argv.slice(2);
const only = (args.find((a) => a.startsWith('--only='))?.slice(7) ?? 'unit,integration,e2e').split(
  ',',
);
const keep = args.includes('--keep-running');
// CI_FULL=1: also the slow suites (schemathesis, a load profile, the fault suite), each from
// its own command; `npm test` without it stays the fast tiers
const full = process.env.CI_FULL === '1';
// below the learner journey's knee on a 2-core machine (tools/load/README.md, "knee")
const FULL_LOAD_RATE = '2';
// outside .infra/test, which `infra.sh reset --profile test` wipes
const resultsDir = path.join(root, '.infra', 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

const needsServers = only.includes('integration') || only.includes('e2e');
const t0 = Date.now();
const log = (m) => console.log(`\n[test] ${m}`);

function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', ...opts.env },
  });
  return r.status ?? 1;
}
function must(cmd, argv, what) {
  if (run(cmd, argv) !== 0) {
    console.error(`[test] ${what} failed`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
}

// ---- installs ----
if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  log('installing npm packages (npm install, from package-lock.json)');
  must('npm', ['install', '--no-audit', '--no-fund'], 'npm install');
}
// Debian packages of the browser tier: Chromium, and poppler-utils (pdftotext/pdftoppm read
// and render the stamped workbook PDFs the browser tests download)
const debianForE2e = [
  ['/usr/bin/chromium', 'chromium'],
  ['/usr/bin/pdftoppm', 'poppler-utils'],
].filter(([bin]) => !fs.existsSync(bin));
if (only.includes('e2e') && debianForE2e.length > 0) {
  const pkgs = debianForE2e.map(([, pkg]) => pkg);
  log(`installing Debian's ${pkgs.join(', ')} for the browser tests`);
  const apt = (...a) => (process.getuid?.() === 0 ? ['apt-get', a] : ['sudo', ['apt-get', ...a]]);
  must(...apt('update', '-qq'), 'apt-get update');
  must(...apt('install', '-y', '-qq', ...pkgs), `apt-get install ${pkgs.join(' ')}`);
}

// ---- build (the integration and browser tiers run the built apps) ----
if (needsServers) {
  log('building');
  must('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], 'build');
}

const tiers = [];
const containers = (process.env.TEST_INFRA ?? '').trim().toLowerCase() === 'containers';
/** @type {any} test-kit's build, loaded only for TEST_INFRA=containers */
let testKit = null;
let started = false;

function jestTier(name, config, extra = []) {
  const out = path.join(resultsDir, `${name}.json`);
  fs.rmSync(out, { force: true });
  const code = run('npx', ['jest', '-c', config, '--json', `--outputFile=${out}`, ...extra]);
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = r.numPassedTests;
    // a suite that failed to run (syntax error, setup crash) has no failed tests: count it
    failed = r.numFailedTests + r.numRuntimeErrorTestSuites;
  }
  if (code !== 0 && failed === 0) failed = 1;
  tiers.push({ name, passed, failed });
}

/** A slow suite of CI_FULL=1: one command, counted as one test (its exit status). */
function suite(name, argv) {
  const code = run('node', argv);
  tiers.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
}

function playwrightTier() {
  const out = path.join(resultsDir, 'e2e.json');
  fs.rmSync(out, { force: true });
  const code = run('npx', ['playwright', 'test', '-c', 'apps/web-e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(out)) {
    const s = JSON.parse(fs.readFileSync(out, 'utf8')).stats ?? {};
    passed = (s.expected ?? 0) + (s.flaky ?? 0);
    failed = s.unexpected ?? 0;
  }
  if (code !== 0 && failed === 0) failed = 1;
  tiers.push({ name: 'e2e', passed, failed });
}

try {
  if (only.includes('unit')) {
    log('unit tests');
    jestTier('unit', 'jest.config.cjs');
  }
  if (needsServers) {
    // the servers (fresh data), the seed and the built apps of the test profile: the one
    // harness (tools/system/harness.cjs) that npm start, the fault suite and the browser
    // tests' setup use too
    started = true;
    if (containers) {
      // TEST_INFRA=containers (a developer with Docker): the same servers as containers on the
      // test profile's ports, started and stopped by test-kit (libs/test-kit/src/containers.ts)
      log('servers as containers (TEST_INFRA=containers, test profile ports)');
      await harness.down({ profile: 'test', infra: false });
      testKit = await import(pathToFileURL(path.join(root, 'libs/test-kit/dist/index.js')).href);
      await testKit.ensureInfra('test');
    } else log('local servers (test profile, fresh data), seed, apps');
    await harness.up({ profile: 'test', infra: !containers, install: true, reset: true, log });
  }
  if (only.includes('integration')) {
    log('integration tests (real servers)');
    jestTier('integration', 'jest.int.config.cjs', ['--runInBand']);
  }
  if (only.includes('e2e')) {
    log('browser tests (Playwright + Chromium)');
    playwrightTier();
  }
  if (full && needsServers) {
    log('CI_FULL: schemathesis against the OpenAPI document (learner and admin)');
    suite('schemathesis', ['tools/security/schemathesis.mjs', '--profile', 'test']);
    log(`CI_FULL: the learner journey's load profile (${FULL_LOAD_RATE} journeys/s, 2 minutes)`);
    suite('load', [
      'tools/load/run.mjs',
      '--profile',
      'load',
      '--rate',
      FULL_LOAD_RATE,
      '--duration',
      '2m',
    ]);
  }
} catch (e) {
  console.error(`[test] ${e.message}`);
  tiers.push({ name: 'setup', passed: 0, failed: 1 });
} finally {
  if (!keep && started) {
    await harness
      .down({ profile: 'test', infra: !testKit, log })
      .catch((e) => console.error(`[test] ${e.message}`));
    if (testKit) await testKit.stopInfra('test');
  }
}

// the fault suite brings up its own profile (kill -9 and restarts there): after the test
// system is stopped, so the two do not share the 2 cores
if (full && needsServers) {
  log('CI_FULL: the fault suite (its own profile)');
  suite('fault', ['tools/fault/run.mjs']);
  // the cluster profile (ADR 0029), after the fault profile is stopped: it comes up healthy,
  // then the fault suite's cluster run (each starts and stops it)
  log('CI_FULL: the cluster profile comes up healthy, then the cluster fault run');
  suite('cluster', ['tools/system/cluster-check.mjs']);
  suite('fault:cluster', ['tools/fault/run.mjs', '--profile', 'cluster']);
}

const passed = tiers.reduce((n, t) => n + t.passed, 0);
const failed = tiers.reduce((n, t) => n + t.failed, 0);
console.log('');
for (const t of tiers)
  console.log(`[test] ${t.name.padEnd(12)} ${t.passed} passed, ${t.failed} failed`);
console.log(`[test] total time ${((Date.now() - t0) / 1000).toFixed(0)}s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
