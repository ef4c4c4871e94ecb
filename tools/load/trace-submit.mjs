#!/usr/bin/env node
// @ts-check
// One learner click, one trace (ADR 0035): makes a learner for the run (Keycloak account, user
// document, the TEAS Math QBank granted by the seeded admin), creates a practice test, then
// submits it with a W3C `traceparent` of our own, reads that trace back from the profile's
// Jaeger and prints its spans as a tree (service, span, duration); `--screenshot <file.png>`
// also saves Jaeger's page of the trace (Chromium through Playwright).
//   node tools/load/trace-submit.mjs [--profile test|dev] [--screenshot docs/...png]
// The learner is deleted afterwards.
// Needs the system running on the profile with tracing on: `npm run infra -- start --profile
// <p> --with tracing`, then the apps (re)started (`npm start`, or tools/system/system.cjs), so
// that they export to that Jaeger.
import { randomBytes } from 'node:crypto';
import { infraModel } from '../infra/environment.cjs';
import { jaegerModel, jaegerPid } from '../infra/tracing.cjs';
import { arg, call, createLearners, deleteLearners, kitProfile, learnerToken } from './common.mjs';
import { JOURNEY_PRACTICE, JOURNEY_PRODUCT } from './scenarios/journey.js';
import { grantRequest } from './scenarios/pool.js';

const profile = kitProfile(arg('profile', 'test'));
const screenshot = arg('screenshot', '');

/**
 * @typedef {object} JaegerSpan
 * @property {string} spanID
 * @property {string} operationName
 * @property {number} startTime  µs since the epoch
 * @property {number} duration   µs
 * @property {string} processID
 * @property {{ refType: string, spanID: string }[]} references
 */

async function main() {
  const u = infraModel(profile);
  const j = jaegerModel(profile);
  if (!jaegerPid(j))
    throw new Error(
      `no Jaeger runs on the ${profile} profile: \`npm run infra -- start --profile ${profile} --with tracing\`, then restart the apps`,
    );
  const [learner] = await createLearners({
    profile,
    base: u.gatewayUrl,
    count: 1,
    label: 'trace',
  });
  if (!learner) throw new Error('no learner was made');
  try {
    await submitTraced(u, j, learner);
  } finally {
    await deleteLearners(profile, [learner]);
  }
}

/**
 * @param {import('../infra/environment.cjs').InfraModel} u
 * @param {import('../infra/tracing.cjs').JaegerModel} j
 * @param {import('./common.mjs').LoadLearner} learner
 */
async function submitTraced(u, j, learner) {
  const grant = grantRequest(
    u.gatewayUrl,
    await learnerToken(u, 'admin'),
    learner.uid,
    JOURNEY_PRODUCT,
  );
  const granted = await fetch(grant.url, {
    method: grant.method,
    headers: grant.headers,
    body: grant.body,
  });
  if (!granted.ok) throw new Error(`update-user-purchases answered ${granted.status}`);
  const token = await learner.token();
  const created = await call(u.gatewayUrl, token, 'POST', '/api/create-test', {
    productId: JOURNEY_PRODUCT,
    includeId: JOURNEY_PRACTICE,
    mode: 'practice',
  });
  if (created.status !== 200 || !created.body?.testId)
    throw new Error(`create-test answered ${created.status}: ${JSON.stringify(created.body)}`);

  // the click: submit, under a trace id we choose (the gateway continues the caller's trace)
  const traceId = randomBytes(16).toString('hex');
  const res = await fetch(`${u.gatewayUrl}/api/submit-test`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
    },
    body: JSON.stringify({ testId: created.body.testId }),
  });
  if (!res.ok) throw new Error(`submit-test answered ${res.status}: ${await res.text()}`);
  console.log(`[trace] POST /api/submit-test ${res.status}, trace ${traceId}`);

  // the apps export in batches (every 5 s): wait until the trace stops growing
  /** @type {{ spans: JaegerSpan[], processes: Record<string, { serviceName: string }> } | undefined} */
  let trace;
  let last = -1;
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    const r = await fetch(`${j.queryUrl}/api/traces/${traceId}`);
    if (!r.ok) continue;
    const body = /** @type {{ data?: NonNullable<typeof trace>[] }} */ (await r.json());
    trace = body.data?.[0];
    const n = trace?.spans.length ?? 0;
    if (n > 0 && n === last) break;
    last = n;
  }
  if (!trace) throw new Error(`trace ${traceId} did not reach Jaeger (${j.queryUrl})`);

  const byParent = new Map();
  for (const s of trace.spans) {
    const parent = s.references.find((r) => r.refType === 'CHILD_OF')?.spanID ?? '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), s]);
  }
  const ids = new Set(trace.spans.map((s) => s.spanID));
  const roots = trace.spans.filter((s) => {
    const p = s.references.find((r) => r.refType === 'CHILD_OF')?.spanID;
    return !p || !ids.has(p);
  });
  const t0 = Math.min(...trace.spans.map((s) => s.startTime));
  /** @param {JaegerSpan} s @param {number} depth */
  const print = (s, depth) => {
    const service = trace?.processes[s.processID]?.serviceName ?? '?';
    console.log(
      `${'  '.repeat(depth)}${service.padEnd(14 - Math.min(12, depth * 2))} ${s.operationName}  ` +
        `+${((s.startTime - t0) / 1000).toFixed(1)} ms, ${(s.duration / 1000).toFixed(1)} ms`,
    );
    for (const c of (byParent.get(s.spanID) ?? []).sort(
      (/** @type {JaegerSpan} */ a, /** @type {JaegerSpan} */ b) => a.startTime - b.startTime,
    ))
      print(c, depth + 1);
  };
  console.log(
    `[trace] ${trace.spans.length} spans in ${new Set(Object.values(trace.processes).map((p) => p.serviceName)).size} services:`,
  );
  for (const r of roots.sort((a, b) => a.startTime - b.startTime)) print(r, 0);
  console.log(`[trace] ${j.queryUrl}/trace/${traceId}`);

  if (screenshot) {
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${j.queryUrl}/trace/${traceId}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1_000);
      await page.screenshot({ path: screenshot, fullPage: true });
      console.log(`[trace] screenshot: ${screenshot}`);
    } finally {
      await browser.close();
    }
  }
}

main().catch((e) => {
  console.error(`[trace] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
