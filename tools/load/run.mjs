#!/usr/bin/env node
// @ts-check
// The learner journey (tools/load/scenarios/journey.js) as one open-model load run with vegeta:
// a pool of test learners (one token each), a mix of the journey's requests at the journey's
// proportions, thresholds per endpoint group, and a report as JSON and Markdown.
//   npm run load -- --profile smoke|load|stress|spike|soak [--rate <journeys/s>]
//                   [--duration 5m] [--learners 20] [--system test|dev]
//   npm run load -- --profile smoke --base-url https://staging.example.com   (a deployment;
//                   the pool from its Keycloak: KEYCLOAK_URL, REALM, ADMIN_CLIENT_ID,
//                   ADMIN_CLIENT_SECRET, TOKEN_CLIENT_ID, [TOKEN_CLIENT_SECRET], and an admin of
//                   the web app: ADMIN_TOKEN; see tools/load/README.md)
//   npm run load -- --knee [--start 5] [--step 5] [--max 60] [--duration 20s]   the knee: the
//                   highest journey rate with every group at p95 < 200 ms and < 0.1 % errors,
//                   with the resident memory of every process of the local system at that rate
// Locally, every profile but smoke restarts the gateway with load-test rate limits
// (withLoadTestGateway) and restarts it normally afterwards. Exit code 1 when a threshold fails.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRealmUser, getToken } from '@examprep/test-kit';
import { infraModel } from '../infra/environment.cjs';
import {
  arg,
  call,
  deleteLearners,
  kitProfile,
  learnerToken,
  loadContext,
  until,
  withLoadTestGateway,
} from './common.mjs';
import {
  coursesRequest,
  pickBatchTarget,
  generateBatchChecks,
  generateBatchRequest,
  checkAnswerChecks,
  checkAnswerRequest,
  questionsFrom,
} from './scenarios/infinite-qbank.js';
import {
  ADMIN_EVERY,
  adminRequests,
  dashboardRequests,
  GROUP_OF,
  GROUP_THRESHOLDS,
  JOURNEY_GROUPS,
  JOURNEY_PRODUCT,
  journeyAnswer,
  journeyChecks,
  journeyCreateTest,
  journeyGetTest,
  journeyGradebook,
  journeySaveAnswer,
  journeySubmitTest,
  journeyTestOf,
  markdownReport,
  missedThresholds,
  productsOfLearner,
} from './scenarios/journey.js';
import {
  createUserRequest,
  deleteUserRequest,
  grantRequest,
  learnerTokenRequest,
  poolUser,
  serviceTokenRequest,
  userDocumentRequest,
  userIdFromLocation,
} from './scenarios/pool.js';
import { attackGroups, durationSeconds } from './vegeta.mjs';

/** @typedef {import('./scenarios/http.js').LoadRequest} LoadRequest */
/** @typedef {import('./scenarios/http.js').Checks} Checks */
/** @typedef {import('./vegeta.mjs').Figures} Figures */
/** @typedef {import('./scenarios/journey.js').ReportRow} ReportRow */

/**
 * The smoke asks whether the system answers correctly at all (no error, no failed check; a
 * cold first request may be slow); the other profiles hold the journey's thresholds.
 */
const SMOKE_THRESHOLDS = Object.freeze({ p95: 1000, p99: 2000, errorRate: 0.001 });

/**
 * The profiles: constant-rate stages of journeys per second (vegeta has one constant rate per
 * attack; k6 ramps between the same figures, tools/load/k6/lib/profile.js). `rate` is the
 * profile's base journey rate (--rate overrides it).
 * @type {Record<string, { rate: number, stages: (r: number, d?: string) => { rate: number, duration: string }[] }>}
 */
export const PROFILES = {
  smoke: { rate: 1, stages: (r, d) => [{ rate: r, duration: d ?? '4s' }] },
  load: { rate: 10, stages: (r, d) => [{ rate: r, duration: d ?? '5m' }] },
  stress: {
    rate: 10,
    stages: (r, d) => [1, 2, 3, 4].map((k) => ({ rate: r * k, duration: d ?? '1m' })),
  },
  spike: {
    rate: 10,
    stages: (r, d) => [
      { rate: Math.max(1, Math.round(r / 4)), duration: d ?? '1m' },
      { rate: r * 4, duration: '30s' },
      { rate: Math.max(1, Math.round(r / 4)), duration: d ?? '1m' },
    ],
  },
  soak: { rate: 10, stages: (r, d) => [{ rate: r, duration: d ?? '30m' }] },
};

/** A vegeta attack longer than this is split: the targets carry tokens that live 5 minutes. */
const SEGMENT_S = 150;

/**
 * Requests of one journey per route name: the mix's weights (admin: ADMIN_EVERY journeys share
 * one visit of each admin page).
 * @type {Record<string, number>}
 */
export const JOURNEY_WEIGHTS = {
  'public-config': 1,
  me: 1,
  announcements: 1,
  products: 1,
  'create-test': 1,
  'get-test': 1,
  'save-practice-answer': 3,
  'submit-test': 1,
  gradebook: 1,
  'generate-batch': 1,
  'infiniteqbank-check': 1,
  'admin-users': 1 / ADMIN_EVERY,
  questions: 1 / ADMIN_EVERY,
  'question-facets': 1 / ADMIN_EVERY,
};

/** Requests per journey (the request rate is this times the journey rate). */
export const REQUESTS_PER_JOURNEY = Object.values(JOURNEY_WEIGHTS).reduce((a, b) => a + b, 0);

/**
 * A learner of the pool, ready for the journey: its token, its tests and a batch.
 * @typedef {object} PoolLearner
 * @property {string} email
 * @property {() => Promise<string>} token  a token valid for at least a few minutes
 * @property {() => Promise<void>} [remove]
 */

/**
 * @param {LoadRequest} r
 * @returns {Promise<{ status: number, body: any, headers: Headers }>}
 */
async function send(r) {
  // setup requests outlast a restart of the shared gateway (503 or refused for a few seconds)
  for (let attempt = 0; ; attempt++) {
    const got = await sendOnce(r).catch((e) => (attempt < 30 ? null : Promise.reject(e)));
    if (got && (got.status !== 503 || attempt >= 30)) return got;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * @param {LoadRequest} r
 * @returns {Promise<{ status: number, body: any, headers: Headers }>}
 */
async function sendOnce(r) {
  const res = await fetch(r.url, {
    method: r.method,
    headers: r.headers,
    body: r.body ?? undefined,
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

/** @param {string} name */
const env = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`set ${name} (tools/load/README.md, "Load testing with k6")`);
  return v;
};

/**
 * The pool: `count` learners holding the journey's product. Locally through test-kit (the test
 * realm's identity client and api-tests client); against a deployment through the Keycloak
 * requests of scenarios/pool.js.
 * @param {{ system: string, base: string, deployment: boolean, count: number }} o
 * @returns {Promise<{ learners: PoolLearner[], adminToken: () => Promise<string>, remove: () => Promise<void> }>}
 */
async function makePool(o) {
  if (!o.deployment) {
    const { u } = loadContext(o.system);
    if (o.system !== 'dev' && o.system !== 'test') throw new Error(`unknown system ${o.system}`);
    /** @type {'dev' | 'test'} */
    const profile = o.system;
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    /** @type {{ uid: string, email: string, password: string }[]} */
    const made = [];
    const remove = () => deleteLearners(o.system, /** @type {any} */ (made));
    // retried: the seeded admin is briefly refused while other suites probe wrong passwords
    const adminToken = () =>
      until('the seeded admin token', () => learnerToken(u, 'admin').catch(() => null), {
        timeoutMs: 60_000,
        everyMs: 2_000,
      });
    /** @param {{ email: string, password: string }} m */
    const tokenOf = async (m) =>
      (await getToken({ username: m.email, password: m.password, profile })).access_token;
    try {
      // the same names and steps as the k6 setup (scenarios/pool.js), through test-kit
      for (let n = 0; n < o.count; n++) {
        const user = poolUser(run, n);
        made.push({ uid: await createRealmUser(user, profile), ...user });
      }
      const admin = await adminToken();
      for (const m of made) {
        const doc = await send(userDocumentRequest(o.base, await tokenOf(m)));
        if (doc.status >= 300) throw new Error(`create-user for ${m.email}: ${doc.status}`);
        const g = await send(grantRequest(o.base, admin, m.uid, JOURNEY_PRODUCT));
        if (g.status >= 300)
          throw new Error(`update-user-purchases: ${g.status} ${JSON.stringify(g.body)}`);
      }
    } catch (e) {
      await remove();
      throw e;
    }
    return {
      learners: made.map((m) => ({ email: m.email, token: () => tokenOf(m) })),
      adminToken,
      remove,
    };
  }
  const c = {
    keycloakUrl: env('KEYCLOAK_URL'),
    realm: env('REALM'),
    adminClientId: env('ADMIN_CLIENT_ID'),
    adminClientSecret: env('ADMIN_CLIENT_SECRET'),
    tokenClientId: env('TOKEN_CLIENT_ID'),
    tokenClientSecret: process.env.TOKEN_CLIENT_SECRET,
  };
  const service = async () => (await send(serviceTokenRequest(c))).body.access_token;
  const adminToken = async () => env('ADMIN_TOKEN');
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  /** @type {{ id: string, user: { email: string, password: string } }[]} */
  const made = [];
  const remove = async () => {
    const t = await service();
    for (const m of made) await send(deleteUserRequest(c, t, m.id));
  };
  try {
    const t = await service();
    for (let n = 0; n < o.count; n++) {
      const user = poolUser(run, n);
      const r = await send(createUserRequest(c, t, user));
      if (r.status !== 201)
        throw new Error(`creating ${user.email}: ${r.status} ${JSON.stringify(r.body)}`);
      made.push({ id: userIdFromLocation(r.headers.get('location')), user });
    }
    const admin = await adminToken();
    for (const m of made) {
      const tok = (await send(learnerTokenRequest(c, m.user))).body.access_token;
      const d = await send(userDocumentRequest(o.base, tok));
      if (d.status >= 300) throw new Error(`create-user: ${d.status}`);
      const me = await call(o.base, tok, 'GET', '/api/me');
      const g = await send(grantRequest(o.base, admin, me.body.uid, JOURNEY_PRODUCT));
      if (g.status >= 300) throw new Error(`update-user-purchases: ${g.status}`);
    }
  } catch (e) {
    await remove();
    throw e;
  }
  return {
    learners: made.map((m) => ({
      email: m.user.email,
      token: async () => (await send(learnerTokenRequest(c, m.user))).body.access_token,
    })),
    adminToken,
    remove,
  };
}

/**
 * Each learner's fixtures: a practice test to answer, a full test to submit (again and again:
 * submit-test answers 200 for a submitted test), a batch of Infinite QBank questions.
 * @param {string} base
 * @param {PoolLearner[]} learners
 */
async function prepare(base, learners) {
  const t0 = await learners[0].token();
  const cr = coursesRequest(base, t0);
  const target = pickBatchTarget((await send(cr)).body);
  return Promise.all(
    learners.map(async (l) => {
      const token = await l.token();
      await until(`${JOURNEY_PRODUCT} in ${l.email}'s /api/me`, async () => {
        const me = await call(base, token, 'GET', '/api/me').catch(() => null);
        return me?.status === 200 && me.body.purchases?.[JOURNEY_PRODUCT] === true;
      });
      /** @param {'practice' | 'full'} mode */
      const create = async (mode) => {
        const c = await send(journeyCreateTest(base, token, mode));
        if (c.status !== 200)
          throw new Error(`create-test (${mode}): ${c.status} ${JSON.stringify(c.body)}`);
        const v = await send(journeyGetTest(base, token, c.body.testId));
        return journeyTestOf(v.body);
      };
      const practice = await create('practice');
      const full = await create('full');
      const b = await send(generateBatchRequest(base, token, target));
      if (b.status !== 200)
        throw new Error(`generate-batch: ${b.status} ${JSON.stringify(b.body)}`);
      return { learner: l, practice, full, questions: questionsFrom(b.body) };
    }),
  ).then((fixtures) => ({ fixtures, target }));
}

/**
 * The vegeta groups of the mix, one per route name (each with its own checks), built with the
 * learners' current tokens.
 * @param {string} base
 * @param {Awaited<ReturnType<typeof prepare>>} prep
 * @param {string} adminToken
 */
async function mixGroups(base, prep, adminToken) {
  /** @type {Record<string, LoadRequest[]>} */
  const by = {};
  const add = (/** @type {LoadRequest} */ r) => (by[r.name] ??= []).push(r);
  for (const [i, f] of prep.fixtures.entries()) {
    const token = await f.learner.token();
    for (const r of dashboardRequests(base, token)) add(r);
    add(productsOfLearner(base, token));
    add(journeyCreateTest(base, token, 'practice'));
    add(journeyGetTest(base, token, f.practice.testId));
    for (const [k, q] of f.practice.questions.slice(0, 6).entries())
      add(journeySaveAnswer(base, token, f.practice.testId, q.qid, journeyAnswer(q, k + i)));
    add(journeySubmitTest(base, token, f.full.testId));
    add(journeyGradebook(base, token));
    add(generateBatchRequest(base, token, prep.target));
    for (const q of f.questions) add(checkAnswerRequest(base, token, q));
  }
  for (const r of adminRequests(base, adminToken)) add(r);
  return Object.keys(JOURNEY_WEIGHTS).map((name) => ({
    name,
    weight: JOURNEY_WEIGHTS[name],
    requests: by[name],
    /** @type {Checks} */
    checks:
      name === 'generate-batch'
        ? generateBatchChecks(prep.target)
        : name === 'infiniteqbank-check'
          ? checkAnswerChecks
          : journeyChecks(name),
  }));
}

/**
 * Rows of the report: one per endpoint group (requests and errors summed; p50/p95/p99 the
 * highest of its routes, so a group passes only when every route of it does), then per route.
 * @param {Figures[]} routes  figures named `<run>-<route>`
 * @param {string} run
 * @returns {{ groups: ReportRow[], routes: ReportRow[] }}
 */
export function reportRows(routes, run) {
  /** @type {ReportRow[]} */
  const rows = routes.map((f) => ({
    group: f.name.slice(run.length + 1),
    requests: f.requests,
    p50: f.p50,
    p95: f.p95,
    p99: f.p99,
    errorRate: f.requests > 0 ? f.errors / f.requests : 1,
  }));
  const groups = JOURNEY_GROUPS.map((g) => {
    const mine = rows.filter((r) => GROUP_OF[r.group] === g);
    const requests = mine.reduce((n, r) => n + r.requests, 0);
    const errors = mine.reduce((n, r) => n + r.errorRate * r.requests, 0);
    return {
      group: g,
      requests,
      p50: Math.max(0, ...mine.map((r) => r.p50)),
      p95: Math.max(0, ...mine.map((r) => r.p95)),
      p99: Math.max(0, ...mine.map((r) => r.p99)),
      errorRate: requests > 0 ? errors / requests : 1,
    };
  }).filter((r) => r.requests > 0);
  return { groups, routes: rows };
}

/**
 * Resident memory (KiB) and CPU time used so far (s) of each process of the local system: the
 * pid files of the apps (<dataDir>-apps/run) and of the servers (<dataDir>/run), each with its
 * child processes (`ps` rss and times).
 * @param {string} system
 * @returns {Record<string, { kb: number, cpuS: number }>}
 */
export function processUsage(system) {
  const m = infraModel(kitProfile(system));
  const dirs = [path.join(m.appsDataDir, 'run'), path.join(m.dataDir, 'run')];
  const ps = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,times='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number))
    .map(([pid, ppid, rss, times]) => [pid, ppid, rss, cpuSecondsOf(pid) ?? times]);
  /** @param {number} pid */
  const tree = (pid) => {
    let kb = 0;
    let cpuS = 0;
    const todo = [pid];
    while (todo.length) {
      const p = /** @type {number} */ (todo.pop());
      for (const [q, parent, rss, times] of ps) {
        if (q === p) {
          kb += rss;
          cpuS += times;
        }
        if (parent === p) todo.push(q);
      }
    }
    return { kb, cpuS };
  };
  /** @type {Record<string, { kb: number, cpuS: number }>} */
  const out = {};
  for (const dir of dirs) {
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.pid'))) {
      const pid = Number(fs.readFileSync(path.join(dir, f), 'utf8').trim());
      const use = pid > 0 ? tree(pid) : { kb: 0, cpuS: 0 };
      if (use.kb > 0) out[f.replace(/\.pid$/, '')] = use;
    }
  }
  return out;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on every Linux build we run). */
const USER_HZ = 100;

/**
 * A process's CPU time (user + system) in seconds from /proc/<pid>/stat, to the clock tick
 * (ps prints whole seconds); null where /proc is not there or the process is gone.
 * @param {number} pid
 */
export function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name, which is in parentheses and may hold spaces
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / USER_HZ; // utime, stime (fields 14, 15)
  } catch {
    return null;
  }
}

/**
 * Resident memory (MiB) of each process of the local system (see processUsage).
 * @param {string} system
 */
export function residentMemory(system) {
  return Object.fromEntries(
    Object.entries(processUsage(system)).map(([k, v]) => [k, Math.round(v.kb / 1024)]),
  );
}

/**
 * The CPU each process used between two processUsage samples, in % of one core.
 * @param {Record<string, { kb: number, cpuS: number }>} before
 * @param {Record<string, { kb: number, cpuS: number }>} after
 * @param {number} seconds
 */
export function cpuPercent(before, after, seconds) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const [k, v] of Object.entries(after)) {
    const was = before[k];
    if (was && seconds > 0) out[k] = Math.round(((v.cpuS - was.cpuS) / seconds) * 100);
  }
  return out;
}

/**
 * One stage: the mix at `rate` journeys/s for `duration`, in segments of at most SEGMENT_S
 * (fresh tokens each); memory sampled halfway through the first segment.
 * @param {{ base: string, prep: Awaited<ReturnType<typeof prepare>>, adminToken: () => Promise<string>, rate: number, duration: string, outDir: string, name: string, system: string | null }} o
 */
async function runStage(o) {
  const total = durationSeconds(o.duration);
  /** @type {Figures[][]} */
  const segments = [];
  /** @type {Record<string, number>} */
  let memory = {};
  const usageBefore = o.system ? processUsage(o.system) : {};
  const startedAt = performance.now();
  for (let done = 0; done < total; done += SEGMENT_S) {
    const secs = Math.min(SEGMENT_S, total - done);
    const groups = await mixGroups(o.base, o.prep, await o.adminToken());
    const sample =
      o.system && done === 0
        ? setTimeout(
            () => (memory = residentMemory(/** @type {string} */ (o.system))),
            (secs * 1000) / 2,
          )
        : null;
    const r = await attackGroups({
      name: o.name,
      groups,
      rate: Math.round(o.rate * REQUESTS_PER_JOURNEY * 100) / 100,
      duration: `${secs}s`,
      outDir: o.outDir,
      maxWorkers: 400,
    });
    if (sample) clearTimeout(sample);
    segments.push(r.groups);
  }
  const cpu = o.system
    ? cpuPercent(usageBefore, processUsage(o.system), (performance.now() - startedAt) / 1000)
    : {};
  return { routes: mergeSegments(segments), memory, cpu };
}

/**
 * Figures of several segments per route: counts summed, percentiles the highest of the
 * segments (an upper bound).
 * @param {Figures[][]} segments
 * @returns {Figures[]}
 */
function mergeSegments(segments) {
  if (segments.length === 1) return segments[0];
  return segments[0].map((first, i) => {
    const all = segments.map((s) => s[i]);
    const requests = all.reduce((n, f) => n + f.requests, 0);
    const errors = all.reduce((n, f) => n + f.errors, 0);
    return {
      ...first,
      requests,
      errors,
      errorRate: requests > 0 ? errors / requests : 1,
      p50: Math.max(...all.map((f) => f.p50)),
      p95: Math.max(...all.map((f) => f.p95)),
      p99: Math.max(...all.map((f) => f.p99)),
    };
  });
}

/**
 * Runs a profile (or the knee search); writes <outDir>/journey-<profile>.json and .md.
 * @param {{ profile: string, system?: string, baseUrl?: string, rate?: number, duration?: string, learners?: number, knee?: { start: number, step: number, max: number } }} o
 */
export async function runJourney(o) {
  const profileName = o.knee ? 'knee' : o.profile;
  const profile = PROFILES[o.profile];
  if (!o.knee && !profile)
    throw new Error(
      `--profile must be one of ${Object.keys(PROFILES).join(', ')}, got ${o.profile}`,
    );
  const system = o.system ?? 'test';
  const thresholds = o.profile === 'smoke' && !o.knee ? SMOKE_THRESHOLDS : GROUP_THRESHOLDS;
  const deployment = Boolean(o.baseUrl);
  const ctx = loadContext(system);
  const base = deployment
    ? /** @type {string} */ (o.baseUrl).replace(/\/+$/, '')
    : ctx.u.gatewayUrl;
  const pool = await makePool({
    system,
    base,
    deployment,
    count: o.learners ?? (o.profile === 'smoke' && !o.knee ? 3 : 20),
  });
  const started = new Date().toISOString();
  /** @type {{ rate: number, duration: string, requestRate: number, groups: ReportRow[], routes: ReportRow[], memory: Record<string, number>, cpu: Record<string, number>, passed: boolean }[]} */
  const stages = [];
  try {
    const prep = await prepare(base, pool.learners);
    // warm-up: the admin pages' first reads fill caches a browsing admin already has
    for (const r of adminRequests(base, await pool.adminToken())) await send(r);
    const stage = async (/** @type {number} */ rate, /** @type {string} */ duration) => {
      const r = await runStage({
        base,
        prep,
        adminToken: pool.adminToken,
        rate,
        duration,
        outDir: ctx.outDir,
        name: `journey-${profileName}-${rate}`,
        system: deployment ? null : system,
      });
      const rows = reportRows(r.routes, `journey-${profileName}-${rate}`);
      const passed = rows.groups.every((g) => missedThresholds(g, thresholds).length === 0);
      const s = {
        rate,
        duration,
        requestRate: Math.round(rate * REQUESTS_PER_JOURNEY * 100) / 100,
        ...rows,
        memory: r.memory,
        cpu: r.cpu,
        passed,
      };
      stages.push(s);
      console.log(
        `[load] ${rate} journeys/s (${s.requestRate} req/s) for ${duration}: ${passed ? 'pass' : 'FAIL'}; ${rows.groups
          .map(
            (g) =>
              `${g.group} p95 ${g.p95} ms, ${g.requests} req, ${Math.round(g.errorRate * 10000) / 100} %`,
          )
          .join('; ')}`,
      );
      return s;
    };
    const body = async () => {
      if (o.knee) {
        // warm-up (not reported): a gateway just restarted and cold caches
        await runStage({
          base,
          prep,
          adminToken: pool.adminToken,
          rate: o.knee.start,
          duration: '5s',
          outDir: ctx.outDir,
          name: 'journey-warmup',
          system: null,
        });
        for (let rate = o.knee.start; rate <= o.knee.max; rate += o.knee.step) {
          const s = await stage(rate, o.duration ?? '20s');
          if (!s.passed) break;
        }
        return;
      }
      for (const st of profile.stages(o.rate ?? profile.rate, o.duration))
        await stage(st.rate, st.duration);
    };
    // the smoke stays below the normal per-user limits; heavier runs lift them (locally only)
    if (deployment || (o.profile === 'smoke' && !o.knee)) await body();
    else await withLoadTestGateway(system, body);
  } finally {
    await pool.remove();
  }
  const knee = o.knee ? ([...stages].reverse().find((s) => s.passed) ?? null) : null;
  const summary = {
    profile: profileName,
    target: deployment ? base : `local ${system} system`,
    started,
    learners: pool.learners.length,
    poolEmails: pool.learners.map((l) => l.email),
    requestsPerJourney: REQUESTS_PER_JOURNEY,
    thresholds,
    stages,
    knee: knee
      ? { rate: knee.rate, requestRate: knee.requestRate, memory: knee.memory, cpu: knee.cpu }
      : undefined,
    passed: o.knee ? knee !== null : stages.every((s) => s.passed),
  };
  const file = path.join(ctx.outDir, `journey-${profileName}`);
  fs.writeFileSync(`${file}.json`, JSON.stringify(summary, null, 2));
  const md = stages
    .map((s) =>
      markdownReport({
        title: `Learner journey, ${profileName}: ${s.rate} journeys/s (${s.requestRate} requests/s) for ${s.duration}`,
        lines: [
          `target: ${summary.target}; ${summary.learners} pool learners; started ${started}`,
          ...(Object.keys(s.memory).length
            ? [
                `resident memory (MiB): ${Object.entries(s.memory)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(', ')}`,
              ]
            : []),
          ...(Object.keys(s.cpu ?? {}).length
            ? [
                `CPU over the stage (% of one core): ${Object.entries(s.cpu)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(', ')}`,
              ]
            : []),
        ],
        thresholds,
        rows: [
          ...s.groups,
          ...s.routes.map((r) => ({ ...r, group: `  ${GROUP_OF[r.group]} / ${r.group}` })),
        ],
      }),
    )
    .join('\n');
  fs.writeFileSync(
    `${file}.md`,
    `${md}${knee ? `\n**Knee: ${knee.rate} journeys/s (${knee.requestRate} requests/s).**\n` : ''}`,
  );
  return { summary, files: { json: `${file}.json`, markdown: `${file}.md` } };
}

/**
 * CPU milliseconds per request of `route` in each process: the usage between two samples, less
 * what the process spends idle (`idle`: ms a second, over `seconds`), divided by the requests
 * sent, rounded to 0.01 ms.
 * @param {Record<string, { kb: number, cpuS: number }>} before
 * @param {Record<string, { kb: number, cpuS: number }>} after
 * @param {number} requests
 * @param {Record<string, number>} [idle]
 * @param {number} [seconds]
 */
export function cpuMsPerRequest(before, after, requests, idle = {}, seconds = 0) {
  /** @type {Record<string, number>} */
  const out = {};
  if (!(requests > 0)) return out;
  for (const [k, v] of Object.entries(after)) {
    const was = before[k];
    if (!was) continue;
    // what the process spends anyway (timers, heartbeats) over the same time is not the route's
    const spentS = Math.max(0, v.cpuS - was.cpuS - ((idle[k] ?? 0) * seconds) / 1000);
    out[k] = Math.round((spentS * 1000 * 100) / requests) / 100;
  }
  return out;
}

/**
 * What each process spends while no request comes, in ms of CPU a second.
 * @param {string} system
 * @param {number} seconds
 */
async function idleUsage(system, seconds) {
  const before = processUsage(system);
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = processUsage(system);
  const elapsed = (performance.now() - t0) / 1000;
  /** @type {Record<string, number>} */
  const out = {};
  for (const [k, v] of Object.entries(after))
    if (before[k]) out[k] = Math.round(((v.cpuS - before[k].cpuS) * 1000 * 10) / elapsed) / 10;
  return out;
}

/**
 * CPU of one journey per process: the routes' costs weighted by their requests per journey.
 * @param {{ route: string, cpuMs: Record<string, number> }[]} routes
 * @param {Record<string, number>} weights
 */
export function journeyCost(routes, weights = JOURNEY_WEIGHTS) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const r of routes)
    for (const [k, v] of Object.entries(r.cpuMs))
      out[k] = Math.round(((out[k] ?? 0) + v * (weights[r.route] ?? 0)) * 100) / 100;
  return out;
}

/**
 * The cost of each route alone (`--cost`): every route of the journey by itself at `rate`
 * requests/s for `duration`, the CPU each local process spent per request, and the sum for one
 * journey. Where a journey's CPU goes, before the knee says that it is spent.
 * Writes <outDir>/journey-cost.json and .md.
 * @param {{ system?: string, rate?: number, duration?: string, learners?: number, routes?: string[] }} o
 */
export async function runCost(o) {
  const system = o.system ?? 'test';
  const rate = o.rate ?? 40;
  const duration = o.duration ?? '20s';
  const ctx = loadContext(system);
  const base = ctx.u.gatewayUrl;
  const pool = await makePool({ system, base, deployment: false, count: o.learners ?? 20 });
  /** @type {{ route: string, requests: number, p50: number, p95: number, errors: number, usage: { before: Record<string, { kb: number, cpuS: number }>, after: Record<string, { kb: number, cpuS: number }>, seconds: number }, cpuMs: Record<string, number>, totalMs: number }[]} */
  const rows = [];
  /** @type {Record<string, number>} */
  let idle = {};
  try {
    const prep = await prepare(base, pool.learners);
    await withLoadTestGateway(system, async () => {
      const idleSeconds = Math.min(10, durationSeconds(duration));
      const idleBefore = await idleUsage(system, idleSeconds);
      for (const name of o.routes ?? Object.keys(JOURNEY_WEIGHTS)) {
        const groups = await mixGroups(base, prep, await pool.adminToken());
        const g = groups.find((x) => x.name === name);
        if (!g)
          throw new Error(
            `--routes: no route ${name} (${Object.keys(JOURNEY_WEIGHTS).join(', ')})`,
          );
        // warm-up: caches and connections as in a running journey
        await attackGroups({
          name: `cost-warmup`,
          groups: [{ ...g, weight: 1 }],
          rate,
          duration: '3s',
          outDir: ctx.outDir,
        });
        const before = processUsage(system);
        const t0 = performance.now();
        const r = await attackGroups({
          name: `cost-${name}`,
          groups: [{ ...g, weight: 1 }],
          rate,
          duration,
          outDir: ctx.outDir,
        });
        const usage = {
          before,
          after: processUsage(system),
          seconds: (performance.now() - t0) / 1000,
        };
        const row = {
          route: name,
          requests: r.total.requests,
          p50: r.total.p50,
          p95: r.total.p95,
          errors: r.total.errors,
          usage,
          cpuMs: {},
          totalMs: 0,
        };
        rows.push(row);
        console.log(`[load] ${name}: p95 ${row.p95} ms, ${row.errors} errors`);
      }
      // background work (an index build, a job after start, a rebuild) can fall into one of the
      // two idle samples: the lower of the two is what the process spends anyway
      const idleAfter = await idleUsage(system, idleSeconds);
      idle = Object.fromEntries(
        Object.entries(idleBefore).map(([k, v]) => [k, Math.min(v, idleAfter[k] ?? v)]),
      );
      for (const row of rows) {
        row.cpuMs = cpuMsPerRequest(
          row.usage.before,
          row.usage.after,
          row.requests,
          idle,
          row.usage.seconds,
        );
        row.totalMs = Math.round(Object.values(row.cpuMs).reduce((a, b) => a + b, 0) * 100) / 100;
        console.log(
          `[load] cost ${row.route}: ${row.totalMs} ms CPU a request (${JSON.stringify(row.cpuMs)}), p95 ${row.p95} ms, ${row.errors} errors`,
        );
      }
      console.log(`[load] idle (ms of CPU a second): ${JSON.stringify(idle)}`);
    });
  } finally {
    await pool.remove();
  }
  const perJourney = journeyCost(rows);
  const journeyMs = Math.round(Object.values(perJourney).reduce((a, b) => a + b, 0) * 100) / 100;
  const summary = {
    target: `local ${system} system`,
    rate,
    duration,
    routes: rows.map(({ usage: _usage, ...r }) => r),
    perJourney,
    journeyMs,
  };
  const file = path.join(ctx.outDir, 'journey-cost');
  fs.writeFileSync(`${file}.json`, JSON.stringify(summary, null, 2));
  const procs = [...new Set(rows.flatMap((r) => Object.keys(r.cpuMs)))].sort();
  const line = (/** @type {(string | number)[]} */ cells) => `| ${cells.join(' | ')} |`;
  const md = [
    `# CPU per request, each route alone at ${rate} requests/s for ${duration} (${summary.target})`,
    '',
    'CPU milliseconds per request in each process (user + system, /proc), less what the process spends idle over the same time; p95 in ms.',
    '',
    `Idle (ms of CPU a second): ${Object.entries(idle)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
    line(['route', 'p95', 'errors', 'total', ...procs]),
    line(['---', '---:', '---:', '---:', ...procs.map(() => '---:')]),
    ...rows.map((r) =>
      line([r.route, r.p95, r.errors, r.totalMs, ...procs.map((p) => r.cpuMs[p] ?? 0)]),
    ),
    line(['**one journey**', '', '', `**${journeyMs}**`, ...procs.map((p) => perJourney[p] ?? 0)]),
    '',
  ].join('\n');
  fs.writeFileSync(`${file}.md`, md);
  return { summary, files: { json: `${file}.json`, markdown: `${file}.md` } };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const knee = process.argv.includes('--knee');
  const num = (/** @type {string} */ n) => {
    const v = arg(n, '');
    return v === '' ? undefined : Number(v);
  };
  if (process.argv.includes('--cost')) {
    runCost({
      system: arg('system', 'test'),
      rate: num('rate'),
      duration: arg('duration', '') || undefined,
      learners: num('learners'),
      routes: arg('routes', '') ? arg('routes', '').split(',') : undefined,
    })
      .then(({ summary, files }) => {
        console.log(
          `[load] one journey: ${summary.journeyMs} ms CPU (${JSON.stringify(summary.perJourney)}); report ${files.markdown}`,
        );
      })
      .catch((e) => {
        console.error(`[load] ${e.stack ?? e.message}`);
        process.exit(1);
      });
  } else
    runJourney({
      profile: arg('profile', 'smoke'),
      system: arg('system', 'test'),
      baseUrl: arg('base-url', '') || undefined,
      rate: num('rate'),
      duration: arg('duration', '') || undefined,
      learners: num('learners'),
      knee: knee
        ? { start: num('start') ?? 5, step: num('step') ?? 5, max: num('max') ?? 60 }
        : undefined,
    })
      .then(({ summary, files }) => {
        if (summary.knee)
          console.log(
            `[load] knee: ${summary.knee.rate} journeys/s (${summary.knee.requestRate} req/s); memory (MiB) ${JSON.stringify(summary.knee.memory)}; CPU (% of a core) ${JSON.stringify(summary.knee.cpu)}`,
          );
        console.log(
          `[load] ${summary.passed ? 'passed' : 'FAILED'}; report ${files.markdown}, ${files.json}`,
        );
        process.exitCode = summary.passed ? 0 : 1;
      })
      .catch((e) => {
        console.error(`[load] ${e.stack ?? e.message}`);
        process.exit(1);
      });
}
