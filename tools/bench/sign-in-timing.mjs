#!/usr/bin/env node
/* global document, requestAnimationFrame -- used inside page.evaluate callbacks, which run in the browser */
// Sign-in timing (issue #3): time from clicking 'Sign In' on the login page to the dashboard
// being interactive, in Debian's Chromium, median of N runs, cold (fresh browser profile: empty
// HTTP cache, no session) and warm (same profile after Logout: cached assets); plus the JS the
// app ships before the login page (raw and gzip bytes).
//   node tools/bench/sign-in-timing.mjs [--profile test|dev] [--runs 10]
// Needs the system running on that profile (`npm start` for dev; for test:
// `node tools/test/run-all.mjs --only=integration --keep-running`).
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
const runs = Number(arg('runs', '10'));
const u = infraModel(profile);
const learner = overlay.users.find((x) => x.email.startsWith('learner'));
const password = learner.credentials[0].value;
const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** On the identity provider's login page: fill, click Sign In, wait until the dashboard works. */
async function timedSignIn(page) {
  await page.waitForURL(/\/protocol\/openid-connect\/auth/);
  await page.locator('#username').fill(learner.email);
  await page.locator('#password').fill(password);
  const t0 = performance.now();
  await page.locator('#kc-login').click();
  await page.waitForURL(/\/dashboard/);
  // Interactive: the heading is there and the dashboard switch button answers clicks.
  await page.getByRole('heading', { name: /Your .* Dashboard/ }).waitFor();
  await page.getByRole('button', { name: /Switch to/ }).waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
  return performance.now() - t0;
}

async function signOut(page) {
  // The first-login welcome modal (learner spec) sits over the navbar: close it first.
  const welcome = page.getByRole('dialog');
  if (await welcome.isVisible()) {
    await page.keyboard.press('Escape');
    await welcome.waitFor({ state: 'hidden' });
  }
  await page.getByRole('button', { name: new RegExp(learner.email, 'i') }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
}

/** JS the web app serves before the identity provider's page: sizes of every script. */
async function loginRouteJs(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script' || !res.url().startsWith(u.webUrl)) return;
    try {
      const body = await res.body();
      scripts.set(res.url(), { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    } catch {
      /* navigated away */
    }
  });
  await page.goto(`${u.webUrl}/login`);
  await page.waitForURL(/\/protocol\/openid-connect\/auth/);
  await context.close();
  const total = [...scripts.values()].reduce(
    (a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }),
    { raw: 0, gzip: 0 },
  );
  return { files: scripts.size, ...total };
}

const browser = await chromium.launch(LAUNCH);
const cold = [];
const warm = [];
try {
  for (let i = 0; i < runs; i++) {
    // Cold: a fresh profile each time (empty cache, no cookies).
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${u.webUrl}/login`);
    cold.push(await timedSignIn(page));
    // Warm: same profile, signed out, then in again.
    await signOut(page);
    warm.push(await timedSignIn(page));
    await context.close();
  }
  const js = await loginRouteJs(browser);
  const result = {
    at: new Date().toISOString(),
    profile,
    runs,
    coldMs: { median: Math.round(median(cold)), all: cold.map(Math.round) },
    warmMs: { median: Math.round(median(warm)), all: warm.map(Math.round) },
    loginRouteJs: js,
  };
  const out = path.join(u.dataDir, 'bench');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'sign-in-timing.json'), JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `sign-in to interactive dashboard: cold median ${result.coldMs.median} ms, warm median ${result.warmMs.median} ms; ` +
      `login route JS ${js.files} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ${(js.gzip / 1024).toFixed(1)} KiB gzip`,
  );
} finally {
  await browser.close();
}
