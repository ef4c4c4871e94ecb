#!/usr/bin/env node
// @ts-check
// schemathesis against the gateway's OpenAPI document (issue 15, security suite): every operation
// of /api/docs-json fuzzed twice, as a learner made for the run and as the seeded admin, with the
// checks that hold the promise "no 500, nothing outside the documented responses":
// not_a_server_error, status_code_conformance, content_type_conformance and
// response_schema_conformance. Against a gateway of its own: the built apps/gateway/dist on a
// free port, wired to the profile's NATS and Keycloak, with the rate limits lifted like
// tools/load withLoadTestGateway (RATE_LIMIT_PER_MINUTE, RATE_LIMIT_SCALE); the profile's
// shared gateway is neither restarted nor disturbed, and restarts of it do not break the run.
//   npm run security:schemathesis [-- --profile test] [--max-examples 10] [--as learner|admin]
// Reports (JUnit XML and schemathesis' NDJSON events, per user) go to <dataDir>/security/; the
// counts are printed. Exit 1 on any failure or error. schemathesis itself is installed by
// `npm run infra -- install schemathesis` (a venv in the cache; done here when missing).
//
// Only against a test profile: the admin run creates, changes and deletes real objects (junk
// questions and announcements with generated content stay in the test databases). Left out,
// for the admin only, because they change state other suites read and a generated value can
// hit a real key (the coverage phase tries schema examples and enum values):
//   POST  /api/admin/allow-signup                       the realm-wide sign-up switch
//   POST  /api/infiniteqbank/admin/set-view-mode        the seeded admin's Infinite QBank view
//   PATCH /api/courses/{courseId}/topics/{topicKey}     Free / Available flags of seeded topics
// The stateful phase is not run: it chains an answer's ids into the next call, so
// list-auth-users -> delete-user would delete the seeded accounts other suites sign in with.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiTestsClient,
  appEnv,
  createRealmUser,
  infraConfig,
  seededUsers,
} from '@examprep/test-kit';
import { arg, call, kitProfile, root } from '../load/common.mjs';

export const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
];

/** Paths the admin run leaves out (one method each; see the head of this file). */
export const ADMIN_EXCLUDED_PATHS = [
  '/api/admin/allow-signup',
  '/api/infiniteqbank/admin/set-view-mode',
  '/api/courses/{courseId}/topics/{topicKey}',
];

/** @returns {Promise<number>} a free loopback port */
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(a.port));
    });
  });

/**
 * Runs `fn` with a gateway of its own (see the head of this file), stopped afterwards.
 * @template T
 * @param {string} profile
 * @param {string} logFile
 * @param {(gateway: string) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withOwnGateway(profile, logFile, fn) {
  const main = path.join(root, 'apps/gateway/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npx nx build gateway\``);
  const port = await freePort();
  const env = appEnv('gateway', kitProfile(profile), {
    PORT: String(port),
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_SCALE: '1000',
  });
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  const gateway = `http://127.0.0.1:${port}`;
  try {
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the gateway exited; see ${logFile}`);
      const ok = await fetch(`${gateway}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > until) throw new Error(`the gateway did not get ready; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    console.log(`[schemathesis] own gateway on ${gateway} (pid ${child.pid}, log ${logFile})`);
    return await fn(gateway);
  } finally {
    child.kill('SIGTERM');
    fs.closeSync(out);
  }
}

/** @param {string} profile */
function stBin(profile) {
  const cacheDir = infraConfig(kitProfile(profile)).cacheDir;
  const bin = path.join(cacheDir, 'schemathesis', 'bin', 'st');
  execFileSync('bash', [path.join(root, 'tools/infra/infra.sh'), 'install', 'schemathesis'], {
    stdio: 'inherit',
  });
  return bin;
}

/**
 * Counts of one run from schemathesis' NDJSON events: operations tested, calls made, failures
 * per check (unique failures as schemathesis groups them) and errors.
 * @param {string} ndjson
 */
export function countsFrom(ndjson) {
  const operations = new Set();
  let calls = 0;
  let errors = 0;
  /** @type {Record<string, number>} */
  const failures = Object.fromEntries(CHECKS.map((c) => [c, 0]));
  for (const line of ndjson.split('\n')) {
    if (!line.trim()) continue;
    const ev = JSON.parse(line);
    const [kind] = Object.keys(ev);
    const e = ev[kind];
    if (kind === 'ScenarioFinished') {
      operations.add(e.recorder?.label);
      for (const c of Object.values(e.recorder?.checks ?? {})) {
        for (const r of /** @type {{ name: string, status: string }[]} */ (c)) {
          if (String(r.status).toLowerCase() === 'failure')
            failures[r.name] = (failures[r.name] ?? 0) + 1;
        }
      }
      calls += Object.keys(e.recorder?.interactions ?? {}).length;
    } else if (kind === 'NonFatalError' || kind === 'FatalError') errors += 1;
  }
  return { operations: operations.size, calls, failures, errors };
}

/**
 * One schemathesis run as one user.
 * @param {{ st: string, gateway: string, outDir: string, label: string, maxExamples: number,
 *   creds: { tokenUrl: string, clientId: string, clientSecret: string, username: string, password: string },
 *   exclude: string[] }} o
 */
function runAs(o) {
  const junit = path.join(o.outDir, `schemathesis-${o.label}.junit.xml`);
  const ndjson = path.join(o.outDir, `schemathesis-${o.label}.ndjson`);
  const args = [
    'run',
    `${o.gateway}/api/docs-json`,
    '--url',
    o.gateway,
    '--checks',
    CHECKS.join(','),
    '--phases',
    'examples,coverage,fuzzing',
    '--max-examples',
    String(o.maxExamples),
    '--workers',
    '2',
    '--seed',
    arg('seed', '15'),
    '--wait-for-schema',
    '60',
    '--request-timeout',
    '20',
    '--report',
    'junit,ndjson',
    '--report-junit-path',
    junit,
    '--report-ndjson-path',
    ndjson,
    '--no-color',
    ...o.exclude.flatMap((p) => ['--exclude-path', p]),
  ];
  console.log(`\n[schemathesis] as ${o.label}: st ${args.join(' ')}`);
  const r = spawnSync(o.st, args, {
    stdio: 'inherit',
    env: {
      ...process.env,
      SCHEMATHESIS_HOOKS: 'st_hooks',
      PYTHONPATH: path.dirname(fileURLToPath(import.meta.url)),
      ST_TOKEN_URL: o.creds.tokenUrl,
      ST_CLIENT_ID: o.creds.clientId,
      ST_CLIENT_SECRET: o.creds.clientSecret,
      ST_USERNAME: o.creds.username,
      ST_PASSWORD: o.creds.password,
    },
  });
  const counts = fs.existsSync(ndjson)
    ? countsFrom(fs.readFileSync(ndjson, 'utf8'))
    : { operations: 0, calls: 0, failures: {}, errors: 1 };
  return { label: o.label, exitCode: r.status ?? 1, junit, ndjson, ...counts };
}

async function main() {
  const profile = arg('profile', 'test');
  if (profile !== 'test')
    throw new Error('schemathesis changes and deletes data: run it against the test profile only');
  const cfg = infraConfig(kitProfile(profile));
  const st = stBin(profile);
  const outDir = path.join(cfg.dataDir, 'security');
  fs.mkdirSync(outDir, { recursive: true });
  const maxExamples = Number(arg('max-examples', '10'));
  const only = arg('as', '');
  const client = apiTestsClient();

  const results = await withOwnGateway(
    profile,
    path.join(outDir, 'gateway.log'),
    async (gateway) => {
      const out = [];
      if (!only || only === 'learner') {
        // a learner of its own: its tests, answers and flags are the run's, not a seeded account's
        const run = Date.now().toString(36);
        const email = `st-learner-${run}@examprep.test`;
        const password = `St-${run}-pw!`;
        await createRealmUser({ email, password }, kitProfile(profile));
        const { getToken } = await import('@examprep/test-kit');
        const t = await getToken({ username: email, password, profile: kitProfile(profile) });
        const made = await call(gateway, t.access_token, 'POST', '/api/create-user', {});
        if (made.status >= 300)
          throw new Error(`create-user: ${made.status} ${JSON.stringify(made.body)}`);
        out.push(
          runAs({
            st,
            gateway,
            outDir,
            label: 'learner',
            maxExamples,
            creds: {
              tokenUrl: cfg.tokenUrl,
              clientId: client.clientId,
              clientSecret: client.clientSecret,
              username: email,
              password,
            },
            exclude: [],
          }),
        );
      }
      if (!only || only === 'admin') {
        const admin = seededUsers.admin;
        out.push(
          runAs({
            st,
            gateway,
            outDir,
            label: 'admin',
            maxExamples,
            creds: {
              tokenUrl: cfg.tokenUrl,
              clientId: client.clientId,
              clientSecret: client.clientSecret,
              username: admin.email,
              password: admin.password,
            },
            exclude: ADMIN_EXCLUDED_PATHS,
          }),
        );
      }
      return out;
    },
  );

  console.log('\n[schemathesis] summary');
  let failed = false;
  for (const r of results) {
    const f = Object.entries(r.failures)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `  ${r.label.padEnd(8)} operations ${r.operations}, calls ${r.calls}, failures: ${f}; errors ${r.errors}; exit ${r.exitCode}`,
    );
    console.log(`           ${r.junit}`);
    if (r.exitCode !== 0 || r.errors > 0 || Object.values(r.failures).some((n) => n > 0))
      failed = true;
  }
  fs.writeFileSync(
    path.join(outDir, 'schemathesis-summary.json'),
    JSON.stringify(results, null, 2),
  );
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
