// @ts-check
// Shared pieces of the load scripts: profile URLs, the seeded learner's token, restarting the
// gateway with load-test limits. The load itself comes from vegeta (./vegeta.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { vegetaBin } from './vegeta.mjs';

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { urls } = require('../system/env.cjs');

/**
 * `--name value` from the command line.
 * @param {string} name
 * @param {string} dflt
 */
export const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};

/**
 * URLs of a profile and the folder for load results (`<dataDir>/load`); fails early when
 * vegeta is not installed.
 * @param {string} profile
 */
export function loadContext(profile) {
  const u = urls(profile);
  vegetaBin();
  const outDir = path.join(u.profile.dataDir, 'load');
  fs.mkdirSync(outDir, { recursive: true });
  return { u, outDir, profile };
}

/**
 * @param {string} profile
 * @param {...string} a
 */
export const systemCtl = (profile, ...a) =>
  execFileSync(
    process.execPath,
    [path.join(root, 'tools/system/system.cjs'), ...a, '--profile', profile],
    {
      stdio: 'inherit',
    },
  );

/**
 * Runs `fn` with the gateway restarted under limits no single load-test user can reach, then
 * restarts it with its normal settings (also when `fn` fails).
 * @template T
 * @param {string} profile
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
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

/**
 * An access token of the seeded learner (dev/test-only api-tests client, password grant).
 * @param {{ profile: { ports: Record<string, number> }, cfg: { realm: string } }} u
 * @returns {Promise<string>}
 */
export async function learnerToken(u) {
  /** @type {{ users: { email: string, credentials: { value: string }[] }[], clients: { clientId: string, secret: string }[] }} */
  const overlay = JSON.parse(
    fs.readFileSync(path.join(root, 'deploy/keycloak/dev/examprep-dev-overlay.json'), 'utf8'),
  );
  const learner = overlay.users.find((x) => x.email.startsWith('learner'));
  const client = overlay.clients.find((c) => c.clientId === 'api-tests');
  if (!learner || !client) throw new Error('the dev overlay has no learner or no api-tests client');
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
  return /** @type {{ access_token: string }} */ (await res.json()).access_token;
}
