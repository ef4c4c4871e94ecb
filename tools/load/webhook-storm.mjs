#!/usr/bin/env node
// @ts-check
// Webhook storm (issue 11): K learners made for the run open N checkout sessions through the
// gateway (POST /api/create-checkout-session, the local test checkout: stripe-mock validates
// each create call), then Stripe's `checkout.session.completed` for every session is delivered
// to the public POST /api/stripe/webhook at a constant arrival rate with a share of
// redeliveries (the same event id again, shuffled so a redelivery may come first), each signed
// as Stripe signs (Stripe's own webhooks.generateTestHeaderString with the local webhook
// secret). Measures the webhook route (vegeta, open model), the time until every learner's
// GET /api/me shows everything they paid for, and checks the catalog database: every session
// has exactly one paid order and exactly one grant per product of it (none lost, none doubled).
//   node tools/load/webhook-storm.mjs [--profile test|dev|cluster] [--sessions 1400] [--rate 200]
//        [--dup 0.3] [--learners 20] [--parallel 8]
// Defaults: 1,400 sessions and 30 % redeliveries = 2,000 deliveries at 200/s (10 s).
// Needs the system running on the profile (catalog and stripe-mock included). The gateway is
// restarted with load-test rate limits, then restarted as it was. The learners are deleted from
// Keycloak at the end; their orders, events and ledger entries stay in the catalog database
// (emails load-storm-...@examprep.test).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { infraConfig } from '@examprep/test-kit';
import { MongoClient } from 'mongodb';
import Stripe from 'stripe';
import {
  arg,
  call,
  createLearners,
  deleteLearners,
  kitProfile,
  loadContext,
  withLoadTestGateway,
} from './common.mjs';
import {
  checkoutSessionChecks,
  checkoutSessionRequest,
  completedSessionEvent,
  paidOrderOf,
  shuffle,
  stormOrder,
  stripeWebhookChecks,
  stripeWebhookRequest,
} from './scenarios/checkout.js';
import { failedChecks } from './scenarios/http.js';
import { attack, formatFigures } from './vegeta.mjs';

/** @typedef {import('./common.mjs').LoadLearner} LoadLearner */
/** @typedef {import('./scenarios/checkout.js').PaidOrder} PaidOrder */

const profile = arg('profile', 'test');
const sessions = Number(arg('sessions', '1400'));
const rate = Number(arg('rate', '200'));
const dup = Number(arg('dup', '0.3'));
const learnerCount = Number(arg('learners', '20'));
const parallel = Number(arg('parallel', '8'));
/** Stripe refuses a signature older than this (the catalog uses Stripe's default). */
const TOLERANCE_S = 300;

const { u, outDir } = loadContext(profile);
const base = u.gatewayUrl;
const secret = infraConfig(kitProfile(profile)).stripeWebhookSecret;
const stripe = new Stripe('sk_test_load_storm_signing_only');
const seconds = (/** @type {number} */ ms) => (ms / 1000).toFixed(1);

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

/** The products priced above 0 (what a session may hold). */
async function paidProductIds() {
  const r = await call(base, null, 'GET', '/api/products');
  if (r.status !== 200) throw new Error(`GET /api/products: ${r.status}`);
  /** @type {{ id: string, price: number }[]} */
  const products = r.body.products;
  const ids = products.filter((p) => p.price > 0).map((p) => p.id);
  if (ids.length === 0) throw new Error('the catalogue has no product priced above 0');
  return ids;
}

/**
 * N sessions, learner i % K each, 1-3 distinct paid products each.
 * @param {LoadLearner[]} learners
 * @param {string[]} paid
 */
async function openSessions(learners, paid) {
  const plan = Array.from({ length: sessions }, (_, i) => ({
    learner: learners[i % learners.length],
    products: shuffle([...paid], Math.random).slice(0, 1 + Math.floor(Math.random() * 3)),
  }));
  return pool(plan, parallel, async (s) => {
    const req = checkoutSessionRequest(base, await s.learner.token(), s.products);
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    const answer = { status: res.status, body: await res.text() };
    const failed = failedChecks(checkoutSessionChecks, answer);
    if (failed.length > 0)
      throw new Error(`create-checkout-session answered ${answer.status} ${answer.body}`);
    return { ...s, sessionId: /** @type {string} */ (JSON.parse(answer.body).id) };
  });
}

/**
 * The orders behind the sessions, as the catalog recorded them.
 * @param {import('mongodb').Db} db
 * @param {string[]} sessionIds
 * @returns {Promise<Map<string, PaidOrder>>}
 */
async function ordersOf(db, sessionIds) {
  const docs = await db
    .collection('orders')
    .find({ sessionId: { $in: sessionIds } })
    .toArray();
  /** @type {Map<string, PaidOrder>} */
  const out = new Map();
  for (const d of docs) {
    out.set(d.sessionId, paidOrderOf(/** @type {any} */ (d)));
  }
  return out;
}

/**
 * Polls every learner's GET /api/me until it holds every product they paid for; resolves with
 * the time that took (ms from `t0`), or null after `timeoutMs`.
 * @param {Map<LoadLearner, Set<string>>} expected
 * @param {number} t0
 * @param {number} timeoutMs
 */
async function allVisible(expected, t0, timeoutMs) {
  const waiting = new Set(expected.keys());
  while (waiting.size > 0) {
    if (Date.now() - t0 > timeoutMs) return null;
    await Promise.all(
      [...waiting].map(async (l) => {
        const me = await call(base, await l.token(), 'GET', '/api/me');
        const held = me.status === 200 ? (me.body.purchases ?? {}) : {};
        if ([...(expected.get(l) ?? [])].every((id) => held[id] === true)) waiting.delete(l);
      }),
    );
    if (waiting.size > 0) await new Promise((r) => setTimeout(r, 500));
  }
  return Date.now() - t0;
}

/**
 * Waits until every order is paid and its fulfilment done; ms from `t0`, or null after
 * `timeoutMs` (the check then shows what is missing).
 * @param {import('mongodb').Db} db
 * @param {PaidOrder[]} orders
 * @param {number} t0
 * @param {number} timeoutMs
 */
async function settled(db, orders, t0, timeoutMs) {
  const ids = /** @type {any[]} */ (orders.map((o) => o.orderId));
  for (;;) {
    const done = await db
      .collection('orders')
      .countDocuments({ _id: { $in: ids }, status: 'paid', fulfilment: 'done' });
    if (done === orders.length) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) return null;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * What the catalog database holds for the sessions: paid orders, grants per (order, product).
 * @param {import('mongodb').Db} db
 * @param {PaidOrder[]} orders
 * @param {string[]} eventIds
 */
async function ledgerCheck(db, orders, eventIds) {
  const orderIds = orders.map((o) => o.orderId);
  const stored = await db
    .collection('orders')
    .find({ _id: { $in: /** @type {any[]} */ (orderIds) } })
    .project({ status: 1, fulfilment: 1 })
    .toArray();
  const paid = stored.filter((o) => o.status === 'paid').length;
  const fulfilled = stored.filter((o) => o.fulfilment === 'done').length;
  // the ledger is each user's newest snapshot (ledger_snapshots/${uid}#${n}, ADR 0018): read the
  // learners' snapshots once (a scan, after the storm) and keep the highest n per user
  const uids = [...new Set(orders.map((o) => o.uid))];
  const snapshots = await db
    .collection('ledger_snapshots')
    .find({ uid: { $in: uids } })
    .project({ uid: 1, n: 1, entries: 1 })
    .toArray();
  /** @type {Map<string, { n: number, entries: { orderId: string | null, productId: string, action: string }[] }>} */
  const newest = new Map();
  for (const snap of snapshots) {
    const seen = newest.get(snap.uid);
    if (!seen || snap.n > seen.n) newest.set(snap.uid, { n: snap.n, entries: snap.entries });
  }
  const ordered = new Set(orderIds);
  const grants = [...newest.values()].flatMap((snap) =>
    snap.entries.filter((e) => e.action === 'grant' && e.orderId && ordered.has(e.orderId)),
  );
  /** @type {Map<string, number>} */
  const perPair = new Map();
  for (const g of grants) {
    const k = `${g.orderId}:${g.productId}`;
    perPair.set(k, (perPair.get(k) ?? 0) + 1);
  }
  const expectedPairs = new Set(
    orders.flatMap((o) => o.productIds.map((p) => `${o.orderId}:${p}`)),
  );
  let missing = 0;
  for (const k of expectedPairs) if (!perPair.has(k)) missing++;
  let duplicate = 0;
  let foreign = 0;
  for (const [k, n] of perPair) {
    duplicate += n - 1;
    if (!expectedPairs.has(k)) foreign++;
  }
  const recorded = await db
    .collection('stripe_events')
    .countDocuments({ _id: { $in: /** @type {any[]} */ (eventIds) } });
  const processed = await db
    .collection('stripe_events')
    .countDocuments({ _id: { $in: /** @type {any[]} */ (eventIds) }, processedAt: { $ne: null } });
  return {
    orders: orders.length,
    paid,
    fulfilled,
    expectedGrants: expectedPairs.size,
    grants: grants.length,
    duplicate,
    missing,
    foreign,
    eventsRecorded: recorded,
    eventsProcessed: processed,
  };
}

async function main() {
  const deliveries = stormOrder(sessions, dup);
  const sendSeconds = deliveries.length / rate;
  if (sendSeconds > TOLERANCE_S - 60)
    throw new Error(
      `${deliveries.length} deliveries at ${rate}/s take ${sendSeconds.toFixed(0)} s: signatures made before the storm would pass Stripe's ${TOLERANCE_S} s tolerance; raise --rate`,
    );
  const mongo = new MongoClient(u.mongoUrl('catalog'), { serverSelectionTimeoutMS: 5_000 });
  await mongo.connect();
  const db = mongo.db();
  console.log(`[storm] restarting the ${profile} gateway with a load-test rate limit`);
  try {
    await withLoadTestGateway(profile, async () => {
      const paid = await paidProductIds();
      const tSetup = Date.now();
      const learners = await createLearners({
        profile,
        base,
        count: learnerCount,
        label: 'storm',
      });
      try {
        const tLearners = Date.now();
        console.log(`[storm] ${learners.length} learners in ${seconds(tLearners - tSetup)} s`);
        const opened = await openSessions(learners, paid);
        const tSessions = Date.now();
        console.log(
          `[storm] ${opened.length} checkout sessions through POST /api/create-checkout-session in ${seconds(tSessions - tLearners)} s (${((opened.length * 1000) / (tSessions - tLearners)).toFixed(0)}/s, ${parallel} at a time)`,
        );
        const byId = await ordersOf(
          db,
          opened.map((s) => s.sessionId),
        );
        const orders = opened.map((s) => {
          const o = byId.get(s.sessionId);
          if (!o) throw new Error(`no order in the catalog database for session ${s.sessionId}`);
          return o;
        });
        /** @type {Map<LoadLearner, Set<string>>} */
        const expected = new Map(learners.map((l) => [l, new Set()]));
        for (const s of opened) for (const p of s.products) expected.get(s.learner)?.add(p);

        // one event per session, signed now; redeliveries carry the same event (id and body)
        const run = `${Date.now().toString(36)}`;
        const created = Math.floor(Date.now() / 1000);
        const payloads = orders.map((o, i) =>
          JSON.stringify(
            completedSessionEvent(
              o,
              {
                eventId: `evt_local_storm_${run}_${i}`,
                paymentIntentId: `pi_local_storm_${run}_${i}`,
                created,
                apiVersion: Stripe.API_VERSION,
              },
              u.webUrl,
            ),
          ),
        );
        const eventIds = orders.map((_, i) => `evt_local_storm_${run}_${i}`);
        const requests = deliveries.map((i) =>
          stripeWebhookRequest(
            base,
            payloads[i],
            stripe.webhooks.generateTestHeaderString({ payload: payloads[i], secret }),
          ),
        );

        const t0 = Date.now();
        const visible = allVisible(expected, t0, sendSeconds * 1000 + 120_000);
        const figures = await attack({
          name: 'webhook-storm',
          requests,
          checks: stripeWebhookChecks,
          checkSample: requests.length,
          rate,
          duration: `${Math.round(sendSeconds * 1000)}ms`,
          workers: 50,
          outDir,
        });
        const visibleMs = await visible;
        // nothing lost is judged once the catalog is done: every order paid and fulfilled
        const settledMs = await settled(db, orders, t0, sendSeconds * 1000 + 120_000);
        const ledger = await ledgerCheck(db, orders, eventIds);
        const ok2xx = Object.entries(figures.statusCodes)
          .filter(([c]) => Number(c) >= 200 && Number(c) < 300)
          .reduce((n, [, k]) => n + k, 0);

        console.log(
          `\n[storm] ${sessions} sessions, ${deliveries.length} deliveries (${deliveries.length - sessions} redeliveries, ${Math.round(dup * 100)} %) at ${rate}/s, vegeta, ${os.cpus().length} cores (shared machine)`,
        );
        console.log(`[storm] ${formatFigures(figures)}`);
        console.log(
          `[storm] sent ${figures.requests}, 2xx ${ok2xx}, non-2xx ${figures.requests - ok2xx}; webhook p50 ${figures.p50.toFixed(2)} ms, p95 ${figures.p95.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms`,
        );
        console.log(
          `[storm] orders paid ${ledger.paid} / ${ledger.orders} (fulfilled ${ledger.fulfilled}); grants ${ledger.grants} / ${ledger.expectedGrants}, duplicate grants ${ledger.duplicate}, missing ${ledger.missing}, not in the order ${ledger.foreign}; events recorded ${ledger.eventsRecorded} / ${eventIds.length} (processed ${ledger.eventsProcessed})`,
        );
        console.log(
          visibleMs === null
            ? `[storm] NOT every purchase visible in /api/me ${seconds(sendSeconds * 1000 + 120_000)} s after the first delivery`
            : `[storm] every learner's /api/me shows all their purchases ${seconds(visibleMs)} s after the first delivery (${seconds(Math.max(0, visibleMs - sendSeconds * 1000))} s after the last was due)`,
        );
        console.log(
          settledMs === null
            ? `[storm] NOT every order paid and fulfilled ${seconds(sendSeconds * 1000 + 120_000)} s after the first delivery`
            : `[storm] every order paid and fulfilled ${seconds(settledMs)} s after the first delivery`,
        );
        fs.writeFileSync(
          path.join(outDir, 'webhook-storm.json'),
          JSON.stringify(
            {
              at: new Date().toISOString(),
              sessions,
              learners: learners.length,
              deliveries: deliveries.length,
              rate,
              dup,
              sessionsCreatedMs: tSessions - tLearners,
              figures,
              ledger,
              visibleMs,
              settledMs,
            },
            null,
            2,
          ),
        );
        const good =
          figures.errors === 0 &&
          ok2xx === figures.requests &&
          ledger.paid === ledger.orders &&
          ledger.duplicate === 0 &&
          ledger.missing === 0 &&
          ledger.foreign === 0 &&
          visibleMs !== null &&
          settledMs !== null;
        process.exitCode = good ? 0 : 1;
      } finally {
        await deleteLearners(profile, learners);
      }
    });
  } finally {
    await mongo.close();
  }
}

main().catch((e) => {
  console.error(`[storm] ${e.message}`);
  process.exit(1);
});
