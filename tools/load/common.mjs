// @ts-check
// Shared pieces of the load scripts: profile URLs, the seeded learner's token, restarting the
// gateway with load-test limits. The load itself comes from vegeta (./vegeta.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createRealmUser,
  getClientToken,
  getToken,
  identityServiceClient,
  infraConfig,
} from '@examprep/test-kit';
import { infraModel, PROFILES, serverApps } from '../infra/environment.cjs';
import { jaegerModel, jaegerPid } from '../infra/tracing.cjs';
import { vegetaBin } from './vegeta.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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
  const u = infraModel(kitProfile(profile));
  vegetaBin();
  const outDir = path.join(u.dataDir, 'load');
  fs.mkdirSync(outDir, { recursive: true });
  return { u, outDir, profile };
}

/** @type {import('../system/harness.d.cts')} */
export const harness = createRequire(import.meta.url)('../system/harness.cjs');

/** Rate limits no single load-test user reaches in a short run (see restartLoadTestGateway). */
export const LOAD_TEST_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', RATE_LIMIT_SCALE: '1000' };

/**
 * Starts or stops apps of the profile through the one harness (never the web app, never the
 * servers); `env` is extra environment of the started apps.
 * @param {string} profile
 * @param {'start' | 'stop'} cmd
 * @param {string[]} only
 * @param {Record<string, string>} [env]
 */
export function appsCtl(profile, cmd, only, env) {
  if (cmd === 'stop') harness.downSync({ profile, infra: false, only });
  else harness.upSync({ profile, infra: false, seed: false, web: false, only, env });
}

/**
 * (Re)starts the gateway with limits no single load-test user reaches in a short run. The
 * gateway caps RATE_LIMIT_SCALE at 1000, so a per-route limit stays finite (generate-batch: 60
 * x 1000 = 60,000 a minute per user); a restart also begins a fresh rate-limit window, which
 * the scripts use before each measured run of such a route.
 * @param {string} profile
 */
export function restartLoadTestGateway(profile) {
  appsCtl(profile, 'stop', ['gateway']);
  appsCtl(profile, 'start', ['gateway'], LOAD_TEST_LIMITS);
}

/**
 * Whether something answers 2xx at `url` within 2 s.
 * @param {string} url
 */
async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The apps of the profile that do not answer their health check (gateway and services).
 * @param {string} profile
 * @returns {Promise<string[]>}
 */
export async function appsDown(profile) {
  const m = infraModel(kitProfile(profile));
  /** @type {string[]} */
  const down = [];
  for (const name of serverApps()) {
    if (!(await answers(`${m.appUrl(name)}/healthz`))) down.push(name);
  }
  return down;
}

/**
 * Fails, before anything is started or stopped, when the profile's system is not up: naming
 * the profile, what does not answer, how to start it, and which other profile is running
 * (issue 24: run without --profile while only the dev profile was up, a tool started a test
 * gateway that could not become healthy and left it on the test profile's port).
 * @param {string} profile
 */
export async function requireRunningSystem(profile) {
  const down = await appsDown(profile);
  if (down.length === 0) return;
  /** @type {string[]} */
  const running = [];
  for (const other of PROFILES.filter((/** @type {string} */ n) => n !== profile))
    if ((await appsDown(other)).length === 0) running.push(other);
  const start =
    profile === 'dev'
      ? '`npm start`'
      : profile === 'test'
        ? '`node tools/test/run-all.mjs --only=integration --keep-running`'
        : `\`node tools/system/system.cjs start --profile ${profile}\``;
  throw new Error(
    `the ${profile} profile is not running (${down.join(', ')} not answering): start it with ${start}` +
      (running.length > 0
        ? `, or measure the running ${running.join(' / ')} profile with --profile ${running[0]}.`
        : '.'),
  );
}

/**
 * Runs `fn` with the gateway restarted under load-test limits (restartLoadTestGateway), then
 * restarts it with its normal settings, also when the restart or `fn` fails: a tool that starts
 * a process stops it on every failure path. Refuses to start anything when the profile's
 * system is not running (requireRunningSystem).
 * @template T
 * @param {string} profile
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withLoadTestGateway(profile, fn) {
  await requireRunningSystem(profile);
  try {
    restartLoadTestGateway(profile);
    return await fn();
  } finally {
    appsCtl(profile, 'stop', ['gateway']);
    try {
      appsCtl(profile, 'start', ['gateway']);
    } catch (err) {
      // stopped, not left half-started; the error that brought us here is the one to report
      console.error(`[load] the ${profile} gateway could not be restarted: ${String(err)}`);
      appsCtl(profile, 'stop', ['gateway']);
    }
  }
}

/**
 * An access token of a seeded user (dev/test-only api-tests client, password grant).
 * @param {import('../infra/environment.cjs').InfraModel} u
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
    `${u.keycloakInternalUrl}/realms/${u.realm}/protocol/openid-connect/token`,
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

/**
 * An answer of the API: status and body (parsed JSON, else the text).
 * @typedef {{ status: number, body: any }} ApiAnswer
 */

/**
 * One API call through the gateway.
 * @param {string} base       the gateway (or web) origin, no /api
 * @param {string | null} token
 * @param {'GET' | 'POST' | 'DELETE'} method
 * @param {string} route      e.g. /api/me
 * @param {unknown} [body]    sent as JSON
 * @returns {Promise<ApiAnswer>}
 */
export async function call(base, token, method, route, body) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/**
 * A learner account made for one load run (Keycloak, verified, with a password).
 * @typedef {object} LoadLearner
 * @property {string} uid
 * @property {string} email
 * @property {() => Promise<string>} token  an access token, renewed before it expires
 * @property {() => Promise<{ token: string, expiresAt: number }>} freshToken  a new access token
 *   now (for requests written ahead into a vegeta targets file) and when it expires (ms epoch)
 */

/**
 * @param {string} profile
 * @returns {'dev' | 'test' | 'fault' | 'cluster'}
 */
export const kitProfile = (profile) => {
  if (profile !== 'dev' && profile !== 'test' && profile !== 'fault' && profile !== 'cluster')
    throw new Error(`unknown profile ${profile}`);
  return profile;
};

/**
 * Makes `count` verified learners in the profile's Keycloak (test-kit createRealmUser) with
 * their user documents (POST /api/create-user, as the web app does at first sign-in), `parallel`
 * at a time. Remove them with deleteLearners.
 * @param {{ profile: string, base: string, count: number, label: string, parallel?: number }} o
 * @returns {Promise<LoadLearner[]>}
 */
export async function createLearners(o) {
  const profile = kitProfile(o.profile);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  /** @type {LoadLearner[]} */
  const out = [];
  const parallel = o.parallel ?? 5;
  for (let i = 0; i < o.count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, o.count - i) }, (_, k) => i + k);
    out.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const email = `load-${o.label}-${run}-${n}@examprep.test`;
          const password = `Load-${run}-${n}-pw!`;
          const uid = await createRealmUser({ email, password }, profile);
          /** @type {{ value: string, renewAt: number } | null} */
          let current = null;
          const freshToken = async () => {
            const asked = Date.now();
            const t = await getToken({ username: email, password, profile });
            current = { value: t.access_token, renewAt: asked + t.expires_in * 600 };
            return { token: t.access_token, expiresAt: asked + t.expires_in * 1000 };
          };
          const token = async () => {
            if (current && Date.now() < current.renewAt) return current.value;
            return (await freshToken()).token;
          };
          const made = await call(o.base, await token(), 'POST', '/api/create-user', {});
          if (made.status >= 300)
            throw new Error(
              `create-user for ${email}: ${made.status} ${JSON.stringify(made.body)}`,
            );
          return { uid, email, token, freshToken };
        }),
      )),
    );
  }
  return out;
}

/**
 * Deletes the learners' Keycloak accounts (their ledger entries and orders stay in the
 * catalog database, marked by their load-<label>-... emails).
 * @param {string} profile
 * @param {LoadLearner[]} learners
 */
export async function deleteLearners(profile, learners) {
  const p = kitProfile(profile);
  const cfg = infraConfig(p);
  const { access_token } = await getClientToken(identityServiceClient(), p);
  for (const l of learners) {
    await fetch(`${cfg.keycloakUrl}/admin/realms/${cfg.realm}/users/${l.uid}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
  }
}

/**
 * Waits until `probe` resolves truthy (every `everyMs`), or throws after `timeoutMs`.
 * @template T
 * @param {string} what
 * @param {() => Promise<T | false | null | undefined>} probe
 * @param {{ timeoutMs?: number, everyMs?: number }} [o]
 * @returns {Promise<T>}
 */
export async function until(what, probe, o = {}) {
  const end = Date.now() + (o.timeoutMs ?? 15_000);
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, o.everyMs ?? 200));
  }
}

/**
 * Starts tools/load/bare-server.mjs answering `body` to every request, on a port the system
 * chooses (a fixed port in the ephemeral range may be held by an outgoing connection); resolves
 * when it answers. Stop it with `.kill()`.
 * @param {string} body
 */
export async function startBareServer(body) {
  const bodyFile = path.join(os.tmpdir(), `bare-body-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(bodyFile, body);
  const child = spawn(
    process.execPath,
    [path.join(root, 'tools/load/bare-server.mjs'), '0', bodyFile],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  child.on('exit', () => fs.rmSync(bodyFile, { force: true }));
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /bare server on (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  await until(
    `the bare server on ${port}`,
    async () => {
      try {
        return (await fetch(url)).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs: 5_000, everyMs: 100 },
  );
  return { url, pid: child.pid, kill: () => child.kill() };
}

/**
 * Where the tracing-on run exports: the profile's Jaeger when it runs, else a local OTLP sink
 * (started here; `count` reads how many spans it got, `stop` ends it).
 * @param {string} profile
 * @returns {Promise<{ url: string, to: string, count: () => Promise<number | null>, stop: () => void }>}
 */
export async function spanReceiver(profile) {
  const j = jaegerModel(kitProfile(profile));
  if (jaegerPid(j))
    return {
      url: j.otlpEndpoint,
      to: `Jaeger (${j.queryUrl})`,
      count: async () => null,
      stop: () => {},
    };
  const child = spawn(process.execPath, [path.join(root, 'tools/load/otlp-sink.mjs')], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /otlp sink on (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`the OTLP sink exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    to: `a local OTLP sink (${url})`,
    count: async () =>
      /** @type {{ spans: number }} */ (await (await fetch(`${url}/count`)).json()).spans,
    stop: () => child.kill(),
  };
}

/**
 * The pid in a pid file, or null when there is none.
 * @param {string} file
 */
export function pidIn(file) {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

/**
 * A process's resident memory in MiB (ps), or null when it is gone.
 * @param {string | number | null | undefined} pid
 */
export function rssMiB(pid) {
  if (!pid) return null;
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

/**
 * The environment of apps started with tracing on, exporting to `url` (a spanReceiver's), or,
 * with no url, explicitly off (a running Jaeger would otherwise switch it on in the apps).
 * `sample` < 1 keeps that share of the traces; `disable` names instrumentations left out.
 * @param {string | null | undefined} url
 * @param {{ sample?: number, disable?: string }} [o]
 * @returns {Record<string, string>}
 */
export function tracingEnv(url, o = {}) {
  if (!url) return { OTEL_SDK_DISABLED: 'true' };
  const sample = o.sample ?? 1;
  return {
    OTEL_SDK_DISABLED: 'false',
    OTEL_EXPORTER_OTLP_ENDPOINT: url,
    ...(o.disable ? { OTEL_NODE_DISABLED_INSTRUMENTATIONS: o.disable } : {}),
    ...(sample < 1
      ? { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: String(sample) }
      : {}),
  };
}
