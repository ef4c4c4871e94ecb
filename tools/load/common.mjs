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
 * (Re)starts the gateway with limits no single load-test user reaches in a short run. The
 * gateway caps RATE_LIMIT_SCALE at 1000, so a per-route limit stays finite (generate-batch: 60
 * x 1000 = 60,000 a minute per user); a restart also begins a fresh rate-limit window, which
 * the scripts use before each measured run of such a route.
 * @param {string} profile
 */
export function restartLoadTestGateway(profile) {
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
}

/**
 * Runs `fn` with the gateway restarted under load-test limits (restartLoadTestGateway), then
 * restarts it with its normal settings (also when `fn` fails).
 * @template T
 * @param {string} profile
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withLoadTestGateway(profile, fn) {
  restartLoadTestGateway(profile);
  try {
    return await fn();
  } finally {
    systemCtl(profile, 'stop', '--only', 'gateway');
    systemCtl(profile, 'start', '--only', 'gateway', '--no-web');
  }
}

/**
 * An access token of a seeded user (dev/test-only api-tests client, password grant).
 * @param {{ profile: { ports: Record<string, number> }, cfg: { realm: string } }} u
 * @param {'learner' | 'unverified' | 'admin'} [who]  the seeded account (email prefix)
 * @returns {Promise<string>}
 */
export async function learnerToken(u, who = 'learner') {
  /** @type {{ users: { email: string, credentials: { value: string }[] }[], clients: { clientId: string, secret: string }[] }} */
  const overlay = JSON.parse(
    fs.readFileSync(path.join(root, 'deploy/keycloak/dev/examprep-dev-overlay.json'), 'utf8'),
  );
  const user = overlay.users.find((x) => x.email.startsWith(`${who}@`));
  const client = overlay.clients.find((c) => c.clientId === 'api-tests');
  if (!user || !client)
    throw new Error(`the dev overlay has no ${who} user or no api-tests client`);
  const res = await fetch(
    `http://127.0.0.1:${u.profile.ports.keycloak}/realms/${u.cfg.realm}/protocol/openid-connect/token`,
    {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: client.clientId,
        client_secret: client.secret,
        username: user.email,
        password: user.credentials[0].value,
      }),
    },
  );
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return /** @type {{ access_token: string }} */ (await res.json()).access_token;
}
