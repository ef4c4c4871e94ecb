#!/usr/bin/env node
// Dashboard timing (issue 11): a signed-in learner opens /dashboard?tab=math in Debian's
// Chromium, warm (the app's files already in the HTTP cache, the identity provider's session
// cookie set: every visit after the first); time from the navigation until the first product
// card (an <article> named by a math product of GET /api/products) is visible, average and
// median of N visits; and the JavaScript the dashboard route loads in a fresh browser profile
// (empty cache, same signed-in session): every .js response of the web app, raw bytes and gzip
// (zlib level 9 of each body, since the preview server does not compress everything it sends).
//   node tools/bench/dashboard-timing.mjs [--profile test|dev] [--runs 5] [--who learner]
// Needs the system running on that profile (web and catalog included).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import { infraModel } from '../infra/environment.cjs';

const require = createRequire(import.meta.url);
const overlay = require('../../deploy/keycloak/dev/examprep-dev-overlay.json');

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const profile = arg('profile', 'test');
const runs = Number(arg('runs', '5'));
const who = arg('who', 'learner');
const u = infraModel(profile);
const user = overlay.users.find((x) => x.email.startsWith(`${who}@`));
if (!user) throw new Error(`the dev overlay has no ${who} user`);
const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
};
const DASHBOARD = `${u.webUrl}/dashboard?tab=math`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names of the math products: a card is an <article> named by its product. */
async function mathProductNames() {
  const res = await fetch(`${u.gatewayUrl}/api/products`);
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  const { products } = await res.json();
  const names = products.filter((p) => p.type === 'math').map((p) => p.name);
  if (names.length === 0) throw new Error('the catalogue has no math product');
  return new RegExp(`^(${names.map(escape).join('|')})$`);
}

/** Signs in on the identity provider's page if the app sent the browser there. */
async function signInIfAsked(page) {
  await page.waitForURL(/\/dashboard|\/protocol\/openid-connect\/auth/);
  if (!/\/protocol\/openid-connect\/auth/.test(page.url())) return;
  await page.locator('#username').fill(user.email);
  await page.locator('#password').fill(user.credentials[0].value);
  await page.locator('#kc-login').click();
  await page.waitForURL(/\/dashboard/);
}

/** Navigates to the math dashboard; ms until the first product card is visible. */
async function timedVisit(page, cardName) {
  const t0 = performance.now();
  await page.goto(DASHBOARD, { waitUntil: 'commit' });
  await page.getByRole('article', { name: cardName }).first().waitFor({ state: 'visible' });
  const ms = performance.now() - t0;
  if (!page.url().startsWith(`${u.webUrl}/dashboard`))
    throw new Error(`ended on ${page.url()}, not the dashboard`);
  return ms;
}

/** Every .js response of the web app while `fn` runs: raw and gzip bytes. */
async function scriptsDuring(page, fn) {
  const scripts = new Map();
  const pending = [];
  const onResponse = (res) => {
    const url = new URL(res.url());
    if (url.origin !== new URL(u.webUrl).origin || !url.pathname.endsWith('.js')) return;
    pending.push(
      res
        .body()
        .then((body) =>
          scripts.set(url.pathname, {
            raw: body.length,
            gzip: zlib.gzipSync(body, { level: 9 }).length,
            encoding: res.headers()['content-encoding'] ?? 'none',
          }),
        )
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  await fn();
  // a moment for scripts asked for right after the cards (the live /api/me/events stream keeps
  // a request open, so the network is never idle)
  await page.waitForTimeout(1500);
  await Promise.all(pending);
  page.off('response', onResponse);
  const files = [...scripts.values()];
  return {
    files: files.length,
    raw: files.reduce((n, s) => n + s.raw, 0),
    gzip: files.reduce((n, s) => n + s.gzip, 0),
    servedCompressed: files.filter((s) => s.encoding !== 'none').length,
    list: [...scripts.entries()].map(([p, s]) => ({ path: p, ...s })),
  };
}

const cardName = await mathProductNames();
const browser = await chromium.launch(LAUNCH);
try {
  // sign in once, first (cold) visit: fills the HTTP cache and the identity provider's session
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${u.webUrl}/login`);
  await signInIfAsked(page);
  const cold = await timedVisit(page, cardName);
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push(await timedVisit(page, cardName));
  const state = await context.storageState();
  await context.close();

  // the JS of the route: a fresh profile (empty HTTP cache) with the same signed-in session
  const fresh = await browser.newContext({ storageState: state });
  const freshPage = await fresh.newPage();
  const js = await scriptsDuring(freshPage, async () => {
    await freshPage.goto(DASHBOARD);
    await signInIfAsked(freshPage);
    await freshPage.getByRole('article', { name: cardName }).first().waitFor({ state: 'visible' });
  });
  await fresh.close();

  const result = {
    at: new Date().toISOString(),
    profile,
    who: user.email,
    runs,
    firstVisitMs: Math.round(cold),
    warmMs: {
      average: Math.round(warm.reduce((a, b) => a + b, 0) / warm.length),
      median: Math.round(median(warm)),
      all: warm.map(Math.round),
    },
    dashboardRouteJs: js,
  };
  const out = path.join(u.dataDir, 'bench');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'dashboard-timing.json'), JSON.stringify(result, null, 2));
  console.log(
    `dashboard (/dashboard?tab=math, ${user.email}) to the first product card visible: warm average ${result.warmMs.average} ms, median ${result.warmMs.median} ms over ${runs} visits [${result.warmMs.all.join(', ')}] (first visit after sign-in ${result.firstVisitMs} ms)`,
  );
  console.log(
    `dashboard route JS: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ${(js.gzip / 1024).toFixed(1)} KiB gzip (zlib -9 of each body; ${js.servedCompressed} of ${js.files} were served compressed)`,
  );
} finally {
  await browser.close();
}
