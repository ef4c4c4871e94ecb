// Shared pieces of the load scripts: profile URLs, the seeded learner's token, running k6 with
// tools/load/announcements.k6.js (any JSON GET), restarting the gateway with load-test limits.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { urls } = require('../system/env.cjs');
const { loadConfig, expandHome } = require('../infra/config.cjs');

export const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};

export function loadContext(profile) {
  const u = urls(profile);
  const k6 = path.join(expandHome(loadConfig().cacheDir), 'bin', 'k6');
  if (!fs.existsSync(k6))
    throw new Error(`k6 not found at ${k6}: run \`bash tools/infra/infra.sh install\``);
  const outDir = path.join(u.profile.dataDir, 'load');
  fs.mkdirSync(outDir, { recursive: true });
  return { u, k6, outDir, profile };
}

export const systemCtl = (profile, ...a) =>
  execFileSync(
    process.execPath,
    [path.join(root, 'tools/system/system.cjs'), ...a, '--profile', profile],
    {
      stdio: 'inherit',
    },
  );

/** Runs `fn` with the gateway restarted under limits no single load-test user can reach. */
export async function withLoadTestGateway(profile, fn) {
  systemCtl(profile, 'stop', '--only', 'gateway');
  systemCtl(
    profile,
    'start',
    '--only',
    'gateway',
    '--no-web',
    '--env',
    'RATE_LIMIT_PER_MINUTE=100000000',
    '--env',
    'RATE_LIMIT_SCALE=1000',
  );
  try {
    return await fn();
  } finally {
    systemCtl(profile, 'stop', '--only', 'gateway');
    systemCtl(profile, 'start', '--only', 'gateway', '--no-web');
  }
}

/** An access token of the seeded learner (dev/test-only api-tests client, password grant). */
export async function learnerToken(u) {
  const overlay = JSON.parse(
    fs.readFileSync(path.join(root, 'deploy/keycloak/dev/examprep-dev-overlay.json'), 'utf8'),
  );
  const learner = overlay.users.find((x) => x.email.startsWith('learner'));
  const client = overlay.clients.find((c) => c.clientId === 'api-tests');
  const res = await fetch(
    `http://127.0.0.1:${u.profile.ports.keycloak}/realms/${u.cfg.realm}/protocol/openid-connect/token`,
    {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: client.clientId,
        client_secret: client.secret,
        username: learner.email,
        password: learner.credentials[0].value,
      }),
    },
  );
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/** One k6 run of announcements.k6.js (MODE throughput|rate); returns its summary JSON. */
export function runK6(ctx, name, env) {
  const summary = path.join(ctx.outDir, `${name}.json`);
  execFileSync(ctx.k6, ['run', '--quiet', path.join(root, 'tools/load/announcements.k6.js')], {
    env: { ...process.env, ...env, SUMMARY: summary, K6_NO_USAGE_REPORT: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return JSON.parse(fs.readFileSync(summary, 'utf8'));
}
