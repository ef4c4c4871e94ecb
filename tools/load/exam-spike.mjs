#!/usr/bin/env node
// @ts-check
// Exam-start spike (issue 12, "Measured"), vegeta, open model (constant arrival rate):
//
//   setup    --accounts (= --learners, 300) learner accounts made for the run in the profile's
//            Keycloak (test-kit createRealmUser + POST /api/create-user, as the other load
//            scripts; ~0.15 s each here), each granted teas_math_qbank by the seeded admin
//            (POST /api/update-user-purchases) and checked in its GET /api/me. Each "learner" is
//            one test: learner i belongs to account floor(i x accounts / learners), so fewer
//            accounts (--accounts 60: 5 tests each, modes mixed) make a cheaper setup. No account
//            comes near a per-user rate limit of the test gateway (production limits x 20,
//            RATE_LIMIT_SCALE), so the gateway is NOT restarted (others use it at the same time).
//            The seeded learner is not used: granting it a product would change what other
//            engineers' tests see of it.
//   phase 1  --learners POST /api/create-test at a constant rate within --create-seconds (10 s):
//            learner i even: practice over teas_math_qbank_practice, odd: full over
//            teas_math_qbank_full (300 in 10 s = 30/s). Each test is then read once
//            (GET /api/tests/:id, outside the figures) for its questions.
//   phase 2  for --duration (3m) every learner answers every 2 s, all of them spread evenly over
//            the interval (vegeta round-robin over rounds of one request per learner, 300 / 2 s =
//            150 req/s; --rate sets the total instead): practice saves
//            (POST /api/save-practice-answer) a valid answer to its next question, rotating over
//            the test's questions with a different answer on each visit; full checks
//            (POST /api/submit-quiz-answer) its next unchecked question.
//   report   per route (create-test, save-practice-answer, submit-quiz-answer): requests, p50,
//            p95, p99, max (nearest rank over every recorded result), status codes, errors (not
//            2xx, no answer, or a 200 failing the scenario's checks). Goal: p95 < 100 ms and 0
//            errors on every route.
//   read-back every request carries its own X-Correlation-Id (the gateway echoes it), so each
//            recorded answer is matched with the answer it sent; per (test, question) the last
//            one acknowledged with 200 must be what GET /api/tests/:id shows (practice: the
//            stored submittedAnswer; full: checked, that answer, status as the verdict said).
//            Lost = acknowledged and not stored. 0 lost is the goal.
//   --kill-at S  at S seconds into phase 2 the testing service is killed with SIGKILL (its pid
//            from tools/system's pid file) and restarted at once with `node tools/system/system.cjs
//            start --profile <p> --only testing` (which waits until it is healthy). Then the
//            goal is: every request that got no 200 got 503 or 504, none took longer than the
//            gateway's RPC time-out (RPC_TIMEOUT_MS 10 s) + 2 s, none got no answer within
//            vegeta's --timeout (30 s), and every answer that got 200 is stored. A request
//            answered 503/504 may still have been stored (the service died after storing); its
//            answer counts as "possibly stored", never as lost.
//
//   node tools/load/exam-spike.mjs [--profile test] [--learners 300] [--accounts 300]
//        [--create-seconds 10] [--duration 3m] [--rate <learners/2>] [--kill-at 60] [--keep]
//   node tools/load/exam-spike.mjs --learners 50 --accounts 10 --duration 20s   (a short run)
// Needs the system running on the profile (testing, catalog, qbank, identity, gateway). The
// tests are deleted afterwards (POST /api/delete-test as their owner) and the accounts removed
// from Keycloak (their ledger entries stay in the catalog database; emails
// load-spike-...@examprep.test) unless --keep. Figures also go to <dataDir>/load/exam-spike.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import {
  arg,
  call,
  createLearners,
  deleteLearners,
  harness,
  learnerToken,
  loadContext,
  until,
} from './common.mjs';
import {
  SPIKE_INCLUDES,
  SPIKE_PRODUCT,
  answerKey,
  createTestRequest,
  practiceQuestionIndex,
  practiceVisit,
  savePracticeAnswerRequest,
  spikeAnswer,
  spikeChecks,
  spikeMode,
  spikeTestOf,
  submitQuizAnswerRequest,
} from './scenarios/exam-spike.js';
import { failedChecks } from './scenarios/http.js';
import { durationSeconds, exec, figuresFrom, toTarget, vegetaBin } from './vegeta.mjs';

/** @typedef {import('./common.mjs').LoadLearner} LoadLearner */
/** @typedef {import('./scenarios/http.js').LoadRequest} LoadRequest */
/** @typedef {import('./scenarios/exam-spike.js').SpikeQuestion} SpikeQuestion */

const profile = arg('profile', 'test');
const learnerCount = Number(arg('learners', '300'));
const accountCount = Math.min(learnerCount, Number(arg('accounts', String(learnerCount))));
const createSeconds = Number(arg('create-seconds', '10'));
const phase2Seconds = durationSeconds(arg('duration', '3m'));
const rateArg = arg('rate', '');
const killAtArg = arg('kill-at', '');
const killAt = killAtArg === '' ? null : Number(killAtArg);
const keep = process.argv.includes('--keep');
const vegetaTimeout = arg('timeout', '30s');
const P95_GOAL_MS = 100;
/** The gateway's RPC time-out (apps/gateway RPC_TIMEOUT_MS default) and the margin allowed. */
const RPC_TIMEOUT_MS = 10_000;
const MARGIN_MS = 2_000;

const { u, outDir } = loadContext(profile);
const base = u.gatewayUrl;
const log = (/** @type {string} */ s) => console.log(`[spike] ${s}`);
const secs = (/** @type {number} */ ms) => (ms / 1000).toFixed(1);

/**
 * Runs `fn` over `items`, `n` at a time.
 * @template T, R
 * @param {T[]} items
 * @param {number} n
 * @param {(item: T, i: number) => Promise<R>} fn
 * @returns {Promise<R[]>}
 */
async function pool(items, n, fn) {
  /** @type {R[]} */
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/**
 * `call` again while the answer is 503/504 (the testing service restarting or still draining
 * a backlog): up to `tries` times, 2 s apart. Used for the read-back and the clean-up only.
 * @param {() => Promise<import('./common.mjs').ApiAnswer>} fn
 * @param {number} [tries]
 */
async function patiently(fn, tries = 6) {
  for (let k = 1; ; k++) {
    const r = await fn();
    if ((r.status !== 503 && r.status !== 504) || k >= tries) return r;
    await new Promise((res) => setTimeout(res, 2_000));
  }
}

/**
 * One recorded vegeta result, matched with its request through the echoed correlation id.
 * @typedef {object} Hit
 * @property {string} cid     '' when the answer carried none (no answer at all)
 * @property {number} code    0 = no answer (refused, time-out)
 * @property {number} ms      latency
 * @property {number} at      ms epoch the request was sent
 * @property {string} url
 * @property {string} error
 * @property {string} body
 */

/**
 * One vegeta attack over `requests` (sent in order, each once): `rate` is vegeta's -rate
 * ('30/1s', '300/2s'). Resolves with every result and vegeta's figures over all of them.
 * @param {string} name
 * @param {LoadRequest[]} requests
 * @param {string} rate
 * @param {string} duration
 */
async function attackInOrder(name, requests, rate, duration) {
  const bin = vegetaBin();
  const targets = path.join(outDir, `${name}.targets.jsonl`);
  const results = path.join(outDir, `${name}.bin`);
  const stream = fs.createWriteStream(targets);
  for (const r of requests) stream.write(JSON.stringify(toTarget(r)) + '\n');
  await new Promise((resolve, reject) => stream.end(() => resolve(null)).on('error', reject));
  const startedAt = Date.now();
  try {
    await exec(bin, [
      'attack',
      '-format=json',
      `-targets=${targets}`,
      `-rate=${rate}`,
      `-duration=${duration}`,
      '-workers=50',
      '-max-workers=1000',
      `-timeout=${vegetaTimeout}`,
      `-name=${name}`,
      `-output=${results}`,
    ]);
    const report = JSON.parse(await exec(bin, ['report', '-type=json', results]));
    /** @type {Hit[]} */
    const hits = [];
    const child = spawn(bin, ['encode', '--to', 'json', results], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    for await (const line of readline.createInterface({
      input: child.stdout,
      crlfDelay: Infinity,
    })) {
      if (!line) continue;
      const h = JSON.parse(line);
      /** @type {Record<string, string[]>} */
      const hdr = h.headers ?? {};
      const cidKey = Object.keys(hdr).find((k) => k.toLowerCase() === 'x-correlation-id');
      hits.push({
        cid: cidKey ? (hdr[cidKey][0] ?? '') : '',
        code: h.code,
        ms: h.latency / 1e6,
        at: Date.parse(h.timestamp),
        url: h.url ?? '',
        error: h.error ?? '',
        body: Buffer.from(h.body ?? '', 'base64').toString('utf8'),
      });
    }
    return { hits, report, startedAt };
  } finally {
    fs.rmSync(results, { force: true });
    fs.rmSync(targets, { force: true });
  }
}

/**
 * Nearest-rank percentile of sorted values.
 * @param {number[]} sorted
 * @param {number} p 0..1
 */
const pct = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/**
 * Figures of one route over its recorded results; every response is checked.
 * @param {string} route
 * @param {Hit[]} hits
 */
function routeFigures(route, hits) {
  const lat = hits.map((h) => h.ms).sort((a, b) => a - b);
  /** @type {Record<string, number>} */
  const codes = {};
  let failed = 0;
  const checks = spikeChecks(route);
  for (const h of hits) {
    codes[h.code] = (codes[h.code] ?? 0) + 1;
    if (
      h.code >= 200 &&
      h.code < 300 &&
      failedChecks(checks, { status: h.code, body: h.body }).length
    )
      failed++;
  }
  const notOk = hits.filter((h) => !(h.code >= 200 && h.code < 300)).length;
  const r2 = (/** @type {number} */ x) => Math.round(x * 100) / 100;
  return {
    route,
    requests: hits.length,
    p50: r2(pct(lat, 0.5)),
    p95: r2(pct(lat, 0.95)),
    p99: r2(pct(lat, 0.99)),
    max: r2(lat[lat.length - 1] ?? 0),
    statusCodes: codes,
    failedChecks: failed,
    errors: notOk + failed,
    transportErrors: [...new Set(hits.filter((h) => h.error).map((h) => h.error))].slice(0, 5),
  };
}

/** @param {ReturnType<typeof routeFigures>} f */
function formatRoute(f) {
  const codes = Object.entries(f.statusCodes)
    .map(([c, n]) => `${c === '0' ? 'no answer' : c}: ${n}`)
    .join(', ');
  return (
    `${f.route.padEnd(21)} ${String(f.requests).padStart(6)} req  p50 ${f.p50.toFixed(2)}  p95 ${f.p95.toFixed(2)}  ` +
    `p99 ${f.p99.toFixed(2)}  max ${f.max.toFixed(2)} ms  errors ${f.errors} [${codes}]` +
    (f.failedChecks ? `, ${f.failedChecks} 200s failed a check` : '')
  );
}

/**
 * A learner of the spike: one test.
 * @typedef {object} SpikeLearner
 * @property {number} i
 * @property {LoadLearner} account
 * @property {'practice' | 'full'} mode
 * @property {string | null} testId
 * @property {SpikeQuestion[]} questions
 */

/**
 * One planned phase-2 request.
 * @typedef {object} Planned
 * @property {string} cid
 * @property {number} seq       position in the plan (= sending order)
 * @property {SpikeLearner} learner
 * @property {string} qid
 * @property {string} key       answerKey of the answer sent
 * @property {string} route
 */

/** Grants the product to every account and waits until its /api/me shows it. */
async function grant(/** @type {LoadLearner[]} */ accounts) {
  const admin = await learnerToken(u, 'admin');
  await pool(accounts, 8, async (a) => {
    const r = await call(base, admin, 'POST', '/api/update-user-purchases', {
      uid: a.uid,
      purchases: { [SPIKE_PRODUCT]: true },
    });
    if (r.status !== 200 && r.status !== 201)
      throw new Error(`update-user-purchases: ${r.status} ${JSON.stringify(r.body)}`);
    await until(`${SPIKE_PRODUCT} in ${a.email}'s /api/me`, async () => {
      const me = await call(base, await a.token(), 'GET', '/api/me');
      return me.status === 200 && me.body.purchases?.[SPIKE_PRODUCT] === true;
    });
  });
}

/**
 * Fresh tokens of every account (requests written ahead into a targets file carry them); fails
 * when one would expire within `needMs`.
 * @param {LoadLearner[]} accounts
 * @param {number} needMs
 */
async function freshTokens(accounts, needMs) {
  const t = await pool(accounts, 5, (a) => a.freshToken());
  const soonest = Math.min(...t.map((x) => x.expiresAt));
  if (soonest - Date.now() < needMs)
    throw new Error(
      `access tokens live ${secs(soonest - Date.now())} s, the phase needs ${secs(needMs)} s: shorten --duration`,
    );
  return new Map(accounts.map((a, k) => [a, t[k].token]));
}

/**
 * Reads every learner's test (GET /api/tests/:id as its owner).
 * @param {SpikeLearner[]} learners
 * @returns {Promise<Map<string, any>>} testId -> view
 */
async function readTests(learners) {
  /** @type {Map<string, any>} */
  const views = new Map();
  await pool(
    learners.filter((l) => l.testId),
    6,
    async (l) => {
      const r = await patiently(async () =>
        call(base, await l.account.token(), 'GET', `/api/tests/${l.testId}`),
      );
      if (r.status !== 200)
        throw new Error(`GET /api/tests/${l.testId}: ${r.status} ${JSON.stringify(r.body)}`);
      views.set(/** @type {string} */ (l.testId), r.body);
    },
  );
  return views;
}

/** The pid of the profile's testing service (tools/system's pid file), or null. */
function testingPid() {
  const file = path.join(u.appsDataDir, 'run', 'testing.pid');
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Kills the testing service with SIGKILL and restarts it (tools/system waits until healthy).
 * @returns {Promise<{ pid: number, killedAt: number, deadAt: number, healthyAt: number }>}
 */
async function killAndRestartTesting() {
  const pid = testingPid();
  if (!pid) throw new Error('the testing service is not running (no live pid in its pid file)');
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  await until(
    'the testing service to die',
    async () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    },
    { everyMs: 20, timeoutMs: 5_000 },
  );
  const deadAt = Date.now();
  log(`testing service (pid ${pid}) killed with SIGKILL; restarting it`);
  await harness.up({ profile, infra: false, seed: false, web: false, only: ['testing'] });
  const healthyAt = Date.now();
  log(`testing service healthy again ${secs(healthyAt - killedAt)} s after the kill`);
  return { pid, killedAt, deadAt, healthyAt };
}

async function main() {
  if (!(learnerCount >= 2 && accountCount >= 1 && createSeconds > 0 && phase2Seconds >= 2))
    throw new Error('--learners >= 2, --accounts >= 1, --create-seconds > 0, --duration >= 2s');
  const probe = await call(base, null, 'POST', '/api/create-test', {});
  if (probe.status !== 401)
    throw new Error(
      `POST /api/create-test without a token answered ${probe.status} (expected 401): is the route built?`,
    );
  const killPlanned = killAt !== null;
  if (killPlanned && !(killAt > 0 && killAt < phase2Seconds))
    throw new Error('--kill-at must be within --duration');
  const t0 = Date.now();
  log(
    `${profile} profile, ${os.cpus().length} cores (shared), load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const accounts = await createLearners({ profile, base, count: accountCount, label: 'spike' });
  /** @type {SpikeLearner[]} */
  const learners = [];
  try {
    log(`${accounts.length} accounts in ${secs(Date.now() - t0)} s`);
    await grant(accounts);
    log(`${SPIKE_PRODUCT} granted to every account (${secs(Date.now() - t0)} s)`);
    for (let i = 0; i < learnerCount; i++)
      learners.push({
        i,
        account: accounts[Math.floor((i * accounts.length) / learnerCount)],
        mode: spikeMode(i),
        testId: null,
        questions: [],
      });
    const run = Date.now().toString(36);

    // ---- phase 1: the spike of create-test
    let tokens = await freshTokens(accounts, (createSeconds + 60) * 1000);
    const creates = learners.map((l) =>
      createTestRequest(base, tokens.get(l.account) ?? null, l.mode, `spk-${run}-c-${l.i}`),
    );
    log(
      `phase 1: ${learnerCount} create-test (${SPIKE_INCLUDES.practice} / ${SPIKE_INCLUDES.full}) in ${createSeconds} s (${(learnerCount / createSeconds).toFixed(1)}/s)`,
    );
    const p1 = await attackInOrder(
      'exam-spike-create',
      creates,
      `${learnerCount}/${createSeconds}s`,
      `${createSeconds}s`,
    );
    for (const h of p1.hits) {
      const m = /-c-(\d+)$/.exec(h.cid);
      if (!m || h.code !== 200) continue;
      try {
        learners[Number(m[1])].testId = JSON.parse(h.body).testId ?? null;
      } catch {
        // counted as a failed check
      }
    }
    const createFig = routeFigures('create-test', p1.hits);
    log(formatRoute(createFig));
    const withTest = learners.filter((l) => l.testId);
    const views = await readTests(withTest);
    for (const l of withTest)
      l.questions = spikeTestOf(views.get(/** @type {string} */ (l.testId))).questions;
    const sizes = { practice: new Set(), full: new Set() };
    for (const l of withTest) sizes[l.mode].add(l.questions.length);
    log(
      `${withTest.length} tests created and read; questions per test: practice ${[...sizes.practice].join('/')}, full ${[...sizes.full].join('/')}`,
    );
    if (withTest.length === 0) throw new Error('no test was created');

    // ---- phase 2: every learner answers every 2 s (or at --rate in total)
    const rate = rateArg ? Number(rateArg) : withTest.length / 2;
    const perLearnerS = withTest.length / rate;
    const rounds = Math.max(1, Math.floor(phase2Seconds / perLearnerS));
    for (const l of withTest)
      if (l.mode === 'full' && l.questions.length < rounds)
        throw new Error(
          `a full test has ${l.questions.length} questions, fewer than the ${rounds} checks planned: shorten --duration`,
        );
    /** @type {Planned[]} */
    const plan = [];
    /** @type {LoadRequest[]} */
    const requests = [];
    tokens = await freshTokens(accounts, (rounds * perLearnerS + 30) * 1000);
    for (let k = 0; k < rounds; k++) {
      for (const l of withTest) {
        const cid = `spk-${run}-s-${plan.length}`;
        const token = tokens.get(l.account) ?? null;
        const n = l.questions.length;
        const q =
          l.mode === 'practice' ? l.questions[practiceQuestionIndex(k, l.i, n)] : l.questions[k];
        const answer = spikeAnswer(q, l.mode === 'practice' ? practiceVisit(k, n) : 0, l.i);
        const req =
          l.mode === 'practice'
            ? savePracticeAnswerRequest(
                base,
                token,
                /** @type {string} */ (l.testId),
                q.qid,
                answer,
                cid,
              )
            : submitQuizAnswerRequest(
                base,
                token,
                /** @type {string} */ (l.testId),
                q.qid,
                answer,
                cid,
              );
        plan.push({
          cid,
          seq: plan.length,
          learner: l,
          qid: q.qid,
          key: answerKey(answer),
          route: req.name,
        });
        requests.push(req);
      }
    }
    const totalMs = Math.round((plan.length * 1000) / rate);
    log(
      `phase 2: ${plan.length} answers in ${secs(totalMs)} s at ${rate.toFixed(1)} req/s (each learner every ${perLearnerS.toFixed(2)} s)` +
        (killPlanned ? `; the testing service is killed at ${killAt} s` : ''),
    );
    /** @type {{ run: Promise<Awaited<ReturnType<typeof killAndRestartTesting>>> | null }} */
    const fault = { run: null };
    const timer = killPlanned
      ? setTimeout(
          () => {
            fault.run = killAndRestartTesting();
            fault.run.catch(() => undefined);
          },
          /** @type {number} */ (killAt) * 1000,
        )
      : null;
    const p2 = await attackInOrder(
      'exam-spike-answers',
      requests,
      `${plan.length}/${totalMs}ms`,
      `${totalMs}ms`,
    );
    if (timer) clearTimeout(timer);
    const faultInfo = fault.run ? await fault.run : null;

    // ---- figures per route
    const byCid = new Map(plan.map((p) => [p.cid, p]));
    /** @type {Map<string, Hit>} */
    const hitOf = new Map();
    for (const h of p2.hits) if (byCid.has(h.cid)) hitOf.set(h.cid, h);
    const routes = ['save-practice-answer', 'submit-quiz-answer'].map((r) =>
      routeFigures(
        r,
        p2.hits.filter(
          (h) => byCid.get(h.cid)?.route === r || (!h.cid && h.url.endsWith(`/api/${r}`)),
        ),
      ),
    );
    const unsent = plan.length - p2.hits.length;

    // ---- read-back: acknowledged answers == stored answers
    /** @type {Map<string, { acked: Planned | null, later: Set<string>, full: boolean, verdict: boolean | null }>} */
    const perQuestion = new Map();
    for (const p of plan) {
      const k = `${p.learner.testId}:${p.qid}`;
      const slot = perQuestion.get(k) ?? {
        acked: null,
        later: new Set(),
        full: p.learner.mode === 'full',
        verdict: null,
      };
      perQuestion.set(k, slot);
      const h = hitOf.get(p.cid);
      const ok = h !== undefined && h.code === 200;
      if (ok) {
        slot.acked = p;
        slot.later.clear();
        if (slot.full) {
          try {
            slot.verdict = JSON.parse(/** @type {Hit} */ (h).body).isCorrect === true;
          } catch {
            slot.verdict = null;
          }
        }
      } else {
        // no 200 (503/504, no answer, or not sent): the service may have stored it anyway
        slot.later.add(p.key);
      }
    }
    const stored = await readTests(withTest);
    let acknowledged = 0;
    let lost = 0;
    let storedUnacked = 0;
    let unexpected = 0;
    let verdictMismatch = 0;
    /** @type {string[]} */
    const lostSamples = [];
    for (const l of withTest) {
      const view = stored.get(/** @type {string} */ (l.testId));
      /** @type {Map<string, any>} */
      const qs = new Map(view.questions.map((/** @type {any} */ q) => [q.qid, q]));
      for (const q of l.questions) {
        const slot = perQuestion.get(`${l.testId}:${q.qid}`);
        const s = qs.get(q.qid);
        const has = l.mode === 'full' ? s?.isSubmitted === true : s?.saved === true;
        const key = answerKey(s?.submittedAnswer);
        if (!slot) {
          if (has) unexpected++;
          continue;
        }
        if (slot.acked) {
          acknowledged++;
          if (has && key === slot.acked.key) {
            if (slot.full && slot.verdict !== null && (s.status === 'correct') !== slot.verdict)
              verdictMismatch++;
          } else if (has && slot.later.has(key)) {
            storedUnacked++;
          } else {
            lost++;
            if (lostSamples.length < 5)
              lostSamples.push(
                `${l.testId}/${q.qid}: sent ${slot.acked.key}, stored ${has ? key : 'nothing'}`,
              );
          }
        } else if (has) {
          if (slot.later.has(key)) storedUnacked++;
          else unexpected++;
        }
      }
    }

    // ---- the fault window
    let fault2 = null;
    if (faultInfo) {
      // sent between the kill and the restarted service's health
      const inGap = p2.hits.filter(
        (h) => h.at >= faultInfo.killedAt && h.at <= faultInfo.healthyAt,
      );
      const notOk = p2.hits.filter((h) => h.code !== 200);
      /** @type {Record<string, number>} */
      const gapCodes = {};
      for (const h of inGap) gapCodes[h.code] = (gapCodes[h.code] ?? 0) + 1;
      fault2 = {
        killedAtS: Math.round((faultInfo.killedAt - p2.startedAt) / 100) / 10,
        downMs: faultInfo.healthyAt - faultInfo.killedAt,
        sentWhileDown: inGap.length,
        codesWhileDown: gapCodes,
        notOk: notOk.length,
        notOkOther: notOk.filter((h) => h.code !== 503 && h.code !== 504).length,
        noAnswer: notOk.filter((h) => h.code === 0).length,
        maxNotOkMs: Math.round(Math.max(0, ...notOk.map((h) => h.ms))),
        maxMs: Math.round(Math.max(0, ...p2.hits.map((h) => h.ms))),
      };
    }

    // ---- report
    console.log('');
    log(
      `${learnerCount} learners on ${accounts.length} accounts, ${withTest.length} tests; vegeta, ${os.cpus().length} cores (shared); load average now ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    for (const f of [createFig, ...routes]) log(formatRoute(f));
    if (unsent > 0) log(`${unsent} planned answers not sent (vegeta ended first)`);
    log(
      `read-back: ${acknowledged} (test, question) pairs acknowledged with 200; lost ${lost}; stored from a request that got no 200 ${storedUnacked}; stored though never sent ${unexpected}; full-test verdict differs from the stored status ${verdictMismatch}`,
    );
    for (const s of lostSamples) log(`  lost: ${s}`);
    const allRoutes = [createFig, ...routes];
    let good;
    if (fault2) {
      log(
        `fault: killed at ${fault2.killedAtS} s of phase 2, healthy again after ${secs(fault2.downMs)} s; ${fault2.sentWhileDown} requests sent meanwhile ${JSON.stringify(fault2.codesWhileDown)}; no 200: ${fault2.notOk} (not 503/504: ${fault2.notOkOther}, no answer: ${fault2.noAnswer}); slowest without 200 ${fault2.maxNotOkMs} ms, slowest of all ${fault2.maxMs} ms (limit ${RPC_TIMEOUT_MS + MARGIN_MS} ms)`,
      );
      good =
        createFig.errors === 0 &&
        fault2.notOkOther === 0 &&
        fault2.noAnswer === 0 &&
        fault2.maxMs < RPC_TIMEOUT_MS + MARGIN_MS &&
        routes.every((f) => f.failedChecks === 0) &&
        lost === 0 &&
        unexpected === 0;
      log(`goal (503/504 only, none hung, every 200 stored): ${good ? 'met' : 'NOT met'}`);
    } else {
      good =
        allRoutes.every((f) => f.p95 < P95_GOAL_MS && f.errors === 0 && f.requests > 0) &&
        lost === 0 &&
        unexpected === 0 &&
        unsent === 0;
      log(
        `goal (p95 < ${P95_GOAL_MS} ms and 0 errors per route, 0 lost): ${good ? 'met' : 'NOT met'}`,
      );
    }
    fs.writeFileSync(
      path.join(outDir, killPlanned ? 'exam-spike-fault.json' : 'exam-spike.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          learners: learnerCount,
          accounts: accounts.length,
          tests: withTest.length,
          createSeconds,
          phase2: { rate, seconds: totalMs / 1000, answers: plan.length },
          routes: allRoutes,
          vegeta: {
            create: figuresFrom(p1.report, {
              name: 'create',
              rate: learnerCount / createSeconds,
              duration: `${createSeconds}s`,
            }),
            answers: figuresFrom(p2.report, { name: 'answers', rate, duration: `${totalMs}ms` }),
          },
          readBack: { acknowledged, lost, storedUnacked, unexpected, verdictMismatch },
          fault: fault2,
          loadAverage: os.loadavg(),
        },
        null,
        2,
      ),
    );
    process.exitCode = good ? 0 : 1;
  } finally {
    if (!keep) {
      // every test of the accounts, also those a create-test made after the gateway gave up
      const admin = await learnerToken(u, 'admin');
      const known = new Set(learners.map((l) => l.testId).filter(Boolean));
      let deleted = 0;
      let unanswered = 0;
      await pool(accounts, 4, async (a) => {
        const listed = await patiently(() =>
          call(base, admin, 'GET', `/api/admin/user-tests?uid=${a.uid}`),
        );
        /** @type {string[]} */
        const ids =
          listed.status === 200
            ? listed.body.tests.map((/** @type {{ id: string }} */ t) => t.id)
            : learners.filter((l) => l.account === a && l.testId).map((l) => String(l.testId));
        for (const id of ids) {
          const r = await patiently(async () =>
            call(base, await a.token(), 'POST', '/api/delete-test', { testId: id }),
          );
          if (r.status === 200) deleted++;
          if (!known.has(id)) unanswered++;
        }
      }).catch((e) => log(`cleanup: ${e.message}`));
      await deleteLearners(profile, accounts);
      log(
        `cleanup: ${deleted} tests deleted (${unanswered} of them made by a create-test that got no 200), ${accounts.length} accounts removed from Keycloak`,
      );
    }
  }
}

main().catch((e) => {
  console.error(`[spike] ${e.stack ?? e.message}`);
  process.exit(1);
});
