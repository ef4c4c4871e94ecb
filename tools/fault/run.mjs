// @ts-check
// The fault suite (issue 15): under a steady mixed load, kill -9 in turn each service, the
// gateway, nats-server and FerretDB and restart each the way tools/system and tools/infra start
// them; stop Keycloak and the S3 server for a minute each. Reports per fault the requests in the
// gap by status, the slowest of them, the time to recover, and after the run checks that every
// acknowledged answer, purchase and announcement is stored exactly once.
//
//   npm run fault [-- --profile fault] [--rate 60] [--only testing,keycloak] [--stop-s 60]
//                 [--settle-s 15] [--learners 20] [--sessions 150] [--dup 0.1] [--keep]
//   npm run fault:cluster   (= --profile cluster; there --sessions 300 --dup 0.3 by default,
//                           the purchases sent as a webhook storm at each fault)
//
// On the cluster profile (ADR 0029: 3 NATS nodes with R3 streams, 2 replicas of every app, the
// gateway's behind the balancer) the faults are one replica's: kill -9 of the NATS node leading
// the EVENTS stream, of testing-2, catalog-2 and gateway-2, each restarted; the other replicas
// keep serving. After the run it also checks that EVENTS and EVENT_HINTS have their 3 replicas,
// all current.
//
// Runs on its OWN profile (`fault`, tools/infra/infra.config.json): it brings that profile up
// (infra.sh start, the seed, system.cjs start with the built apps) and stops it at the end
// (--keep leaves it running). Never point it at the shared test profile.
//
// The load: vegeta (open model, --rate requests/s), its targets written on demand into its
// stdin (-lazy), so every request carries a token that is valid now and every write is unique:
//   answers        POST /api/save-practice-answer (learners' practice tests)     ~45 %
//   reads          GET /api/me, /api/products, /api/tests/:id, /api/announcements ~45 %
//   purchases      signed checkout.session.completed deliveries to /api/stripe/webhook
//                  (sessions opened before the run, 10 % of them delivered twice)
//   announcements  POST /api/announcements by the seeded admin, a unique text each
// Every request carries an X-Correlation-Id the gateway echoes, so each result is matched with
// what was sent. Figures and the report: <dataDir>/fault/fault-report.{json,md}.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { infraConfig } from '@examprep/test-kit';
import { MongoClient } from 'mongodb';
import Stripe from 'stripe';
import {
  arg,
  call,
  createLearners,
  deleteLearners,
  harness,
  kitProfile,
  LOAD_TEST_LIMITS,
  learnerToken,
  root,
  until,
} from '../load/common.mjs';
import { vegetaBin, toTarget } from '../load/vegeta.mjs';
import {
  checkoutSessionRequest,
  completedSessionEvent,
  paidOrderOf,
  stormOrder,
  stripeWebhookRequest,
} from '../load/scenarios/checkout.js';
import {
  SPIKE_PRODUCT,
  answerKey,
  createTestRequest,
  savePracticeAnswerRequest,
  spikeAnswer,
  spikeTestOf,
} from '../load/scenarios/exam-spike.js';
import {
  RPC_TIMEOUT_MS,
  MARGIN_MS,
  answerCheck,
  clusterFaultSchedule,
  errorRows,
  streamLeaderServer,
  EVENT_STREAMS,
  streamReplicaState,
  warmupCheck,
  faultFigures,
  faultRows,
  faultSchedule,
  onceCheck,
  purchaseCheck,
  plannedSeconds,
  renderMarkdown,
  textTable,
} from './fault-lib.mjs';

const profile = arg('profile', 'fault');
if (profile === 'test' || profile === 'dev')
  throw new Error(
    `the fault suite kills and stops servers: run it on its own profile (fault), not ${profile}`,
  );
const kit = kitProfile(profile);
const rate = Number(arg('rate', '60'));
const learnerCount = Number(arg('learners', '20'));
const keep = process.argv.includes('--keep');
const onlyArg = arg('only', '');
const clustered = profile === 'cluster';
// the cluster run delivers more purchases (its webhook storm: grants exactly once across replicas)
const sessionCount = Number(arg('sessions', clustered ? '300' : '150'));
// the share of purchases delivered twice (Stripe redelivers; the webhook must grant once)
const dup = Number(arg('dup', clustered ? '0.3' : '0.1'));
const schedule = clustered
  ? clusterFaultSchedule({
      settleS: Number(arg('settle-s', '15')),
      only: onlyArg ? onlyArg.split(',') : null,
    })
  : faultSchedule({
      stopS: Number(arg('stop-s', '60')),
      settleS: Number(arg('settle-s', '15')),
      only: onlyArg ? onlyArg.split(',') : null,
    });
const WARMUP_S = 15;
const BOUND_S = 15 * 60;

const u = infraConfig(kit);
const base = u.gatewayUrl;
const outDir = path.join(u.dataDir, 'fault');
const appsRun = path.join(u.appsDataDir, 'run');
const infraRun = path.join(u.dataDir, 'run');
const log = (/** @type {string} */ s) =>
  console.log(`[fault ${new Date().toISOString().slice(11, 19)}] ${s}`);
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a command to its end WITHOUT blocking this process: the load's targets are written on
 * demand, and vegeta counts the time it waits for its next target in that request's latency.
 * @param {string} cmd
 * @param {string[]} args
 * @returns {Promise<void>}
 */
const run = (cmd, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? cmd)} exited ${code}`)),
    );
  });
/** @param {string[]} a */
const infra = (...a) =>
  run('bash', [path.join(root, 'tools/infra/infra.sh'), ...a, '--profile', profile]);
/** The apps of the profile (all, or one restarted after a fault), with load-test limits. */
const startApps = (/** @type {string | null} */ only) =>
  harness.up({
    profile,
    infra: false,
    seed: false,
    web: false,
    env: LOAD_TEST_LIMITS,
    ...(only ? { only: [only] } : {}),
  });

/**
 * The pid of a process of the profile, from its pid file, if it runs.
 * @param {string} dir
 * @param {string} name
 */
function pidOf(dir, name) {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, `${name}.pid`), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * A token that stays usable while Keycloak is away: the last one is handed out at once and,
 * when older than `renewMs`, renewed in the background; a failed renewal keeps the last one
 * (still valid: the realm's access tokens live 5 minutes). The load never waits for Keycloak.
 * @param {() => Promise<string>} get  a NEW token
 * @param {number} [renewMs]
 */
function sticky(get, renewMs = 60_000) {
  /** @type {string | null} */
  let last = null;
  let at = 0;
  /** @type {Promise<void> | null} */
  let inflight = null;
  const refresh = () => {
    inflight ??= get()
      .then((v) => {
        last = v;
        at = Date.now();
      })
      .catch(() => undefined)
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
  return {
    refresh,
    async token() {
      if (!last) await refresh();
      else if (Date.now() - at > renewMs) void refresh();
      if (!last) throw new Error('no token (is Keycloak up?)');
      return last;
    },
  };
}

async function bringUp() {
  for (const app of [
    'gateway',
    'announcements',
    'catalog',
    'identity',
    'media',
    'qbank',
    'schools',
    'testing',
  ])
    if (!fs.existsSync(path.join(root, 'apps', app, 'dist', 'main.js')))
      throw new Error(`apps/${app}/dist/main.js is missing: run \`npm run build\` first`);
  log(`profile ${profile}: servers, seed (no media), apps with load-test limits (the harness)`);
  await harness.up({
    profile,
    seed: 'no-media',
    web: false,
    env: LOAD_TEST_LIMITS,
    log: (what) => log(`  ${what}`),
  });
}

async function tearDown() {
  if (keep) {
    log(`--keep: profile ${profile} left running`);
    return;
  }
  // every step runs even when one fails (harness.down)
  await harness
    .down({ profile, log: (what) => log(`  ${what}`) })
    .catch((e) => log(`tear down: ${/** @type {Error} */ (e).message}`));
}

/**
 * Applies one fault and brings the process back; resolves with its times.
 * @param {import('./fault-lib.mjs').Fault} f
 */
async function applyFault(f) {
  if (f.streamLeader) {
    // the node that leads the EVENTS stream now: its loss makes the others elect a new leader
    const leader = await eventsLeader();
    if (leader) f.target = leader;
    f.name = `kill -9 NATS node ${f.target}${leader ? ' (EVENTS leader)' : ''}`;
    log(`  ${f.name}`);
  }
  const startAt = Date.now();
  let restartAt;
  if (f.kind === 'kill') {
    const dir = f.layer === 'app' ? appsRun : infraRun;
    const pid = pidOf(dir, f.target);
    if (!pid) throw new Error(`${f.target} is not running (no live pid in ${dir})`);
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      process.kill(pid, 'SIGKILL');
    }
    await until(`${f.target} (pid ${pid}) gone`, async () => pidOf(dir, f.target) === null, {
      timeoutMs: 10_000,
      everyMs: 20,
    });
    restartAt = Date.now();
    if (f.layer === 'app') await startApps(f.target);
    else await infra('start');
  } else {
    await infra('stop', f.target);
    await sleep(Math.max(0, f.downS * 1000 - (Date.now() - startAt)));
    restartAt = Date.now();
    await infra('start');
  }
  const readyAt = Date.now();
  log(
    `${f.name}: back after ${((readyAt - startAt) / 1000).toFixed(1)} s (restart took ${((readyAt - restartAt) / 1000).toFixed(1)} s)`,
  );
  return { startAt, restartAt, readyAt };
}

/**
 * GET /jsz?streams=true&config=true of every NATS node, node n at index n - 1 (null: it did
 * not answer).
 * @returns {Promise<any[]>}
 */
async function jszs() {
  return Promise.all(
    u.natsNodes.map((n) =>
      fetch(`${n.monitorUrl}/jsz?streams=true&config=true`, { signal: AbortSignal.timeout(2_000) })
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null),
    ),
  );
}

/** The infra.sh server name of the NATS node leading the EVENTS stream, or null. */
async function eventsLeader() {
  for (const j of await jszs()) {
    const leader = streamLeaderServer(j, 'EVENTS');
    if (leader) return leader;
  }
  return null;
}

/**
 * After the run on a NATS cluster: every stream of EVENT_STREAMS has its replicas, every follower
 * caught up (waits up to 60 s for a restarted node to catch up).
 */
async function streamCheck() {
  /** @type {Record<string, ReturnType<typeof streamReplicaState>>} */
  let states = {};
  /** @param {any} s */
  const whole = (s) =>
    s !== null &&
    s.replicas === u.streamReplicas &&
    s.allCurrent &&
    s.followers.length === u.natsNodes.length - 1;
  await until(
    `the ${EVENT_STREAMS.join(' and ')} streams on every NATS node, all current`,
    async () => {
      const jsz = await jszs();
      states = Object.fromEntries(EVENT_STREAMS.map((n) => [n, streamReplicaState(jsz, n)]));
      return Object.values(states).every(whole);
    },
    { timeoutMs: 60_000, everyMs: 1_000 },
  ).catch(() => null);
  /** @type {[string, any][]} */
  const all = Object.entries(states);
  const ok = all.length === EVENT_STREAMS.length && all.every(([, s]) => whole(s));
  const followers = all.flatMap(([, s]) => s?.followers ?? []);
  return {
    replicas: all.length ? Math.min(...all.map(([, s]) => s?.replicas ?? 0)) : 0,
    leader: all.map(([n, s]) => `${n} ${s?.leader ?? 'none'}`).join(', ') || 'none',
    followersCurrent: `${followers.filter((/** @type {any} */ f) => f.current).length}/${followers.length}`,
    messages: all.reduce((sum, [, s]) => sum + (s?.messages ?? 0), 0),
    samples: ok
      ? []
      : all.filter(([, s]) => !whole(s)).map(([n, s]) => `${n}: ${JSON.stringify(s)}`),
    pass: ok,
  };
}

/**
 * @typedef {object} Sent  what the suite sent under a correlation id
 * @property {string} kind  'answer' | 'read' | 'purchase' | 'announcement'
 * @property {boolean} learner
 * @property {string} [question]  answer: testId/qid
 * @property {string} [key]       answer: answerKey; announcement: its text; purchase: event id
 * @property {number} seq
 */

async function main() {
  const planned = plannedSeconds(schedule, { warmupS: WARMUP_S });
  if (planned > BOUND_S - 180)
    throw new Error(`the schedule takes ${planned} s: more than the suite's bound allows`);
  fs.mkdirSync(outDir, { recursive: true });
  const startedAt = new Date().toISOString();
  await bringUp().catch(async (e) => {
    await tearDown();
    throw e;
  });
  const stripe = new Stripe('sk_test_fault_suite_signing_only');
  const mongo = new MongoClient(u.mongoUrl());
  await mongo.connect();
  /** @type {import('../load/common.mjs').LoadLearner[]} */
  let accounts = [];
  try {
    // ---- learners: an account each, the spike product, a practice test
    accounts = await createLearners({ profile, base, count: learnerCount, label: 'fault' });
    const adminT = sticky(() => learnerToken(u, 'admin'));
    for (const a of accounts) {
      const r = await call(base, await adminT.token(), 'POST', '/api/update-user-purchases', {
        uid: a.uid,
        purchases: { [SPIKE_PRODUCT]: true },
      });
      if (r.status >= 300) throw new Error(`update-user-purchases: ${r.status}`);
    }
    const learners = [];
    for (const [i, a] of accounts.entries()) {
      const t = sticky(async () => (await a.freshToken()).token);
      await until(`${SPIKE_PRODUCT} in ${a.email}'s /api/me`, async () => {
        const me = await call(base, await t.token(), 'GET', '/api/me');
        return me.status === 200 && me.body.purchases?.[SPIKE_PRODUCT] === true;
      });
      const req = createTestRequest(base, await t.token(), 'practice');
      const made = await call(
        base,
        await t.token(),
        'POST',
        '/api/create-test',
        JSON.parse(req.body ?? '{}'),
      );
      if (made.status !== 200)
        throw new Error(`create-test: ${made.status} ${JSON.stringify(made.body)}`);
      const view = await call(base, await t.token(), 'GET', `/api/tests/${made.body.testId}`);
      learners.push({ i, t, account: a, test: spikeTestOf(view.body), k: 0 });
    }
    log(`${learners.length} learners with a practice test each`);

    // ---- checkout sessions, opened before the run (stripe-mock validates each)
    const products = (await call(base, null, 'GET', '/api/products')).body.products
      .filter((/** @type {any} */ p) => p.price > 0)
      .map((/** @type {any} */ p) => p.id);
    /** @type {{ sessionId: string, learner: number }[]} */
    const sessions = [];
    for (let s = 0; s < sessionCount && products.length > 0; s++) {
      const l = learners[s % learners.length];
      const pick = products[s % products.length];
      const req = checkoutSessionRequest(base, await l.t.token(), [pick]);
      const r = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
      if (r.status === 400) {
        // a product the learners hold (the spike product, its bundles): not for sale to them
        products.splice(products.indexOf(pick), 1);
        s--;
        continue;
      }
      if (r.status >= 300)
        throw new Error(`create-checkout-session: ${r.status} ${await r.text()}`);
      sessions.push({ sessionId: /** @type {any} */ (await r.json()).id, learner: l.i });
    }
    if (sessions.length === 0) throw new Error('no product the learners could buy');
    const catalogDb = mongo.db('catalog');
    const orderDocs = await catalogDb
      .collection('orders')
      .find({ sessionId: { $in: sessions.map((s) => s.sessionId) } })
      .toArray();
    const orders = orderDocs.map((d) => paidOrderOf(/** @type {any} */ (d)));
    if (orders.length !== sessions.length)
      throw new Error(`${orders.length} orders for ${sessions.length} sessions`);
    log(`${orders.length} checkout sessions opened`);
    const run = Date.now().toString(36);
    const payloads = orders.map((o, i) =>
      JSON.stringify(
        completedSessionEvent(
          o,
          {
            eventId: `evt_fault_${run}_${i}`,
            paymentIntentId: `pi_fault_${run}_${i}`,
            created: Math.floor(Date.now() / 1000),
            apiVersion: Stripe.API_VERSION,
          },
          u.webUrl,
        ),
      ),
    );
    // deliveries: each event once, a share (--dup) of them again later (Stripe redelivers).
    // The cluster run sends them as a webhook storm at each fault instead (tools/load's
    // stormOrder: --dup of the deliveries are redeliveries, shuffled so one may come first):
    // each fault's share of the deliveries as half the load from the moment it strikes.
    const dupEvery = Math.max(1, Math.round(1 / dup));
    const deliveries = clustered
      ? stormOrder(orders.length, dup)
      : [
          ...orders.keys(),
          ...[...orders.keys()].filter((i) => i % dupEvery === Math.min(3, dupEvery - 1)),
        ];
    const STORM_SHARE = 0.5;
    const storm = { quota: 0 };
    const purchaseShare = deliveries.length / (rate * planned);
    const announcementShare = 0.01;

    // ---- the load: targets on demand into vegeta's stdin
    const bin = vegetaBin();
    const results = path.join(outDir, `load-${run}.bin`);
    const vegeta = spawn(
      bin,
      [
        'attack',
        '-lazy',
        '-format=json',
        `-rate=${rate}/1s`,
        '-workers=20',
        '-max-workers=400',
        `-timeout=${(RPC_TIMEOUT_MS + MARGIN_MS) * 2}ms`,
        `-output=${results}`,
      ],
      { stdio: ['pipe', 'ignore', 'inherit'] },
    );
    const vegetaDone = new Promise((resolve) => vegeta.on('exit', resolve));
    /** @type {Map<string, Sent>} */
    const sent = new Map();
    let seq = 0;
    let nextDelivery = 0;
    let stopFeeding = false;
    const feed = (async () => {
      while (!stopFeeding) {
        const id = `flt-${run}-${++seq}`;
        const roll = Math.random();
        /** @type {import('../load/scenarios/http.js').LoadRequest} */
        let req;
        // the cluster run: purchases only while a fault's storm quota lasts
        const share = !clustered ? purchaseShare : storm.quota > 0 ? STORM_SHARE : 0;
        if (roll < share && nextDelivery < deliveries.length) {
          storm.quota--;
          const i = deliveries[nextDelivery++];
          const payload = payloads[i];
          req = stripeWebhookRequest(
            base,
            payload,
            stripe.webhooks.generateTestHeaderString({ payload, secret: u.stripeWebhookSecret }),
          );
          sent.set(id, { kind: 'purchase', learner: false, key: String(i), seq });
        } else if (roll < share + announcementShare) {
          const content = `Fault suite ${run} announcement ${seq}`;
          req = {
            name: 'announcement',
            method: 'POST',
            url: `${base}/api/announcements`,
            headers: {
              Accept: 'application/json',
              'Content-Type': 'application/json',
              Authorization: `Bearer ${await adminT.token()}`,
            },
            body: JSON.stringify({ content, date: new Date().toISOString().slice(0, 10) }),
          };
          sent.set(id, { kind: 'announcement', learner: false, key: content, seq });
        } else {
          const l = learners[seq % learners.length];
          const token = await l.t.token();
          if (roll < 0.55) {
            const q = l.test.questions[l.k % l.test.questions.length];
            const answer = spikeAnswer(q, Math.floor(l.k / l.test.questions.length), l.i);
            l.k++;
            req = savePracticeAnswerRequest(base, token, l.test.testId, q.qid, answer);
            sent.set(id, {
              kind: 'answer',
              learner: true,
              question: `${l.test.testId}/${q.qid}`,
              key: answerKey(answer),
              seq,
            });
          } else {
            const reads = [
              '/api/me',
              '/api/products',
              `/api/tests/${l.test.testId}`,
              '/api/announcements',
            ];
            const route = reads[Math.floor(seq / learners.length) % reads.length];
            req = {
              name: 'read',
              method: 'GET',
              url: `${base}${route}`,
              headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
              body: null,
            };
            sent.set(id, { kind: 'read', learner: true, seq });
          }
        }
        req.headers = { ...req.headers, 'X-Correlation-Id': id };
        const line = JSON.stringify(toTarget(req)) + '\n';
        if (!vegeta.stdin.write(line))
          await new Promise((r) => vegeta.stdin.once('drain', () => r(null)));
      }
      vegeta.stdin.end();
    })();

    // ---- the faults, one after another
    const loadStart = Date.now();
    log(
      `load: ${rate} requests/s; warm-up ${WARMUP_S} s; ${schedule.length} faults, about ${planned} s`,
    );
    await sleep(WARMUP_S * 1000);
    /** @type {{ fault: import('./fault-lib.mjs').Fault, startAt: number, restartAt: number, readyAt: number, endAt: number }[]} */
    const applied = [];
    for (const [k, f] of schedule.entries()) {
      log(`${f.name}`);
      // the cluster run's webhook storm: this fault's share of the deliveries left
      storm.quota = Math.ceil((deliveries.length - nextDelivery) / (schedule.length - k));
      if (f.target === 'keycloak') {
        // signed-in users: every one starts the minute with a fresh token (valid 5 minutes)
        await Promise.all([...learners.map((l) => l.t.refresh()), adminT.refresh()]);
      }
      const times = await applyFault(f);
      await sleep(f.settleS * 1000);
      applied.push({ fault: f, ...times, endAt: Date.now() });
    }
    stopFeeding = true;
    await feed;
    const ended = await Promise.race([vegetaDone, sleep(RPC_TIMEOUT_MS * 3).then(() => 'late')]);
    if (ended === 'late') {
      vegeta.kill('SIGINT');
      await vegetaDone;
    }
    const loadSeconds = Math.round((Date.now() - loadStart) / 1000);
    log(`load stopped after ${loadSeconds} s; ${seq} requests planned`);

    // ---- results, matched through the echoed correlation id
    /** @type {import('./fault-lib.mjs').Hit[]} */
    const hits = [];
    /** @type {Set<string>} */
    const acked = new Set();
    /** @type {Record<string, number>} */
    const totals = {};
    const enc = spawn(bin, ['encode', '--to', 'json', results], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    for await (const line of readline.createInterface({ input: enc.stdout, crlfDelay: Infinity })) {
      if (!line) continue;
      const h = JSON.parse(line);
      // vegeta's last result when its targets end is no request
      if (h.code === 0 && h.error === 'no targets to attack') continue;
      /** @type {Record<string, string[]>} */
      const hdr = h.headers ?? {};
      const k = Object.keys(hdr).find((x) => x.toLowerCase() === 'x-correlation-id');
      const cid = k ? (hdr[k][0] ?? '') : '';
      const s = sent.get(cid);
      if (s && h.code >= 200 && h.code < 300) acked.add(cid);
      totals[h.code] = (totals[h.code] ?? 0) + 1;
      hits.push({
        at: Date.parse(h.timestamp),
        code: h.code,
        ms: h.latency / 1e6,
        kind: s?.kind ?? 'unknown',
        // no answer carries no id: count it as a learner's call (the most of the mix)
        learner: s ? s.learner : true,
        ...(h.code === 0 ? { error: String(h.error ?? '') } : {}),
      });
    }
    fs.rmSync(results, { force: true });
    // every result, for a look at a failed fault (kind, status, latency, when)
    fs.writeFileSync(
      path.join(outDir, 'fault-hits.jsonl'),
      hits.map((h) => JSON.stringify(h)).join('\n') + '\n',
    );
    const faults = applied.map((a, i) =>
      faultFigures(hits, a.fault, a, { isLast: i === applied.length - 1 }),
    );
    // before the first fault nothing is broken: every request settled by then must succeed
    const warmup = warmupCheck(hits, applied[0]?.startAt ?? Infinity);

    // ---- purchases: deliveries that got no 2xx are delivered again (Stripe retries them)
    const ackedEvents = new Set(
      [...sent].filter(([cid, s]) => s.kind === 'purchase' && acked.has(cid)).map(([, s]) => s.key),
    );
    const sentEvents = new Set(
      [...sent.values()].filter((s) => s.kind === 'purchase').map((s) => String(s.key)),
    );
    let redelivered = 0;
    for (const i of sentEvents) {
      if (ackedEvents.has(i)) continue;
      const payload = payloads[Number(i)];
      for (let k = 0; k < 10; k++) {
        const req = stripeWebhookRequest(
          base,
          payload,
          stripe.webhooks.generateTestHeaderString({ payload, secret: u.stripeWebhookSecret }),
        );
        const r = await fetch(req.url, { method: 'POST', headers: req.headers, body: req.body });
        if (r.ok) break;
        await sleep(1000);
      }
      redelivered++;
    }

    // ---- the data check
    // answers, through the API (each learner's own test)
    /** @type {Map<string, string | null>} */
    const storedAnswers = new Map();
    for (const l of learners) {
      const view = await call(base, await l.t.token(), 'GET', `/api/tests/${l.test.testId}`);
      if (view.status !== 200) throw new Error(`GET /api/tests/${l.test.testId}: ${view.status}`);
      for (const q of view.body.questions)
        storedAnswers.set(
          `${l.test.testId}/${q.qid}`,
          q.saved === true ? answerKey(q.submittedAnswer) : null,
        );
    }
    const answers = answerCheck(
      [...sent]
        .filter(([, s]) => s.kind === 'answer')
        .map(([cid, s]) => ({
          question: /** @type {string} */ (s.question),
          key: /** @type {string} */ (s.key),
          seq: s.seq,
          acked: acked.has(cid),
        })),
      storedAnswers,
    );
    // purchases: every delivered order paid (a learner's second order of a product: refunded),
    // each product decided once in the ledger, granted once per learner, every refund made
    const deliveredOrders = orders.filter((_, i) => sentEvents.has(String(i)));
    await until(
      'every delivered order paid and fulfilled, its refund of products held already made',
      async () =>
        (await catalogDb.collection('orders').countDocuments({
          _id: { $in: /** @type {any[]} */ (deliveredOrders.map((o) => o.orderId)) },
          status: { $in: ['paid', 'refunded'] },
          fulfilment: 'done',
          refund: { $ne: 'pending' },
        })) === deliveredOrders.length,
      { timeoutMs: 60_000, everyMs: 500 },
    ).catch(() => null);
    const snaps = await catalogDb
      .collection('ledger_snapshots')
      .find({ uid: { $in: [...new Set(orders.map((o) => o.uid))] } })
      .project({ uid: 1, n: 1, entries: 1 })
      .toArray();
    /** @type {Map<string, any>} */
    const newest = new Map();
    for (const s of snaps)
      if (!newest.get(s.uid) || s.n > newest.get(s.uid).n) newest.set(s.uid, s);
    const storedOrders = new Map(
      (
        await catalogDb
          .collection('orders')
          .find({ _id: { $in: /** @type {any[]} */ (deliveredOrders.map((o) => o.orderId)) } })
          .toArray()
      ).map((d) => [String(d._id), /** @type {any} */ (d)]),
    );
    // after the redeliveries every delivered purchase is acknowledged
    const purchases = purchaseCheck(deliveredOrders, [...newest.values()], storedOrders);
    // announcements: the announcements database, by their unique text
    const annDocs = await mongo
      .db('announcements')
      .collection('announcements')
      .find({ content: { $regex: `^Fault suite ${run} ` } })
      .project({ content: 1 })
      .toArray();
    /** @type {Map<string, number>} */
    const annStored = new Map();
    for (const d of annDocs) annStored.set(d.content, (annStored.get(d.content) ?? 0) + 1);
    const annSent = [...sent].filter(([, s]) => s.kind === 'announcement');
    const announcements = onceCheck(
      annSent.filter(([cid]) => acked.has(cid)).map(([, s]) => /** @type {string} */ (s.key)),
      annSent.filter(([cid]) => !acked.has(cid)).map(([, s]) => /** @type {string} */ (s.key)),
      annStored,
    );
    /** @type {Record<string, { pass: boolean, samples: string[] } & Record<string, unknown>>} */
    const data = {
      answers,
      purchases: {
        ...purchases,
        deliveries: sentEvents.size,
        deliveredTwice:
          [...sent.values()].filter((x) => x.kind === 'purchase').length - sentEvents.size,
        redelivered,
      },
      announcements,
    };
    // a NATS cluster: the events stream is replicated on every node again, caught up
    if (u.natsNodes.length > 1) data.stream = await streamCheck();
    const pass =
      warmup.pass && faults.every((f) => f.pass) && Object.values(data).every((d) => d.pass);
    const report = {
      profile,
      // what ran: NATS nodes and processes per app (the cluster profile: 3 and 2)
      layout: { natsNodes: u.natsNodes.length, replicas: u.cluster?.replicas ?? 1 },
      startedAt,
      rate,
      seconds: loadSeconds,
      totals,
      warmup,
      faults,
      // when each fault happened (ms from the start of the load), for a look at fault-hits.jsonl
      times: applied.map((a) => ({
        fault: a.fault.name,
        startS: (a.startAt - loadStart) / 1000,
        restartS: (a.restartAt - loadStart) / 1000,
        readyS: (a.readyAt - loadStart) / 1000,
        endS: (a.endAt - loadStart) / 1000,
      })),
      data,
      pass,
    };
    fs.writeFileSync(path.join(outDir, 'fault-report.json'), JSON.stringify(report, null, 2));
    fs.writeFileSync(path.join(outDir, 'fault-report.md'), renderMarkdown(report));
    console.log(`\n${textTable(faultRows(faults))}\n`);
    console.log(`${textTable(errorRows(faults))}\n`);
    console.log(
      `warm-up        ${warmup.pass ? 'ok  ' : 'FAIL'} ${warmup.requests} requests, ${warmup.notOk} failed${warmup.samples.length ? ` (${warmup.samples.join(', ')})` : ''}`,
    );
    for (const [name, d] of Object.entries(data)) {
      const { pass: ok, samples, ...figs } = d;
      console.log(
        `${name.padEnd(14)} ${ok ? 'ok  ' : 'FAIL'} ${JSON.stringify(figs)}${samples.length ? ` ${samples.join('; ')}` : ''}`,
      );
    }
    log(`report: ${path.join(outDir, 'fault-report.md')} (and .json)`);
    log(pass ? 'PASSED' : 'FAILED');
    process.exitCode = pass ? 0 : 1;
  } finally {
    await mongo.close().catch(() => undefined);
    if (accounts.length) await deleteLearners(kit, accounts).catch(() => undefined);
    await tearDown();
  }
}

main().catch(async (e) => {
  console.error(`[fault] ${e.stack ?? e.message}`);
  process.exitCode = 1;
});
