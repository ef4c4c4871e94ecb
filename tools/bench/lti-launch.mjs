#!/usr/bin/env node
// LTI launch timing (issue 30: "launch to page interactive < 1.5 s p95 locally"): the local LMS
// stand-in (tools/lms) launches a learner into a placed pump-simulator link in Debian's
// Chromium; time from the navigation to the tool's login initiation URL (what the LMS's button
// opens) until the simulator's heading is visible — the whole chain: our login redirect, the
// platform's auth, the signed launch and its checks, the sign-in through Keycloak's identity
// provider `lti` and our bridge, the web app's PKCE exchange and first render. Three series:
//   - returning: the same browser (the app's files in its HTTP cache, as a learner's browser
//     has them after a first visit), cookies and storage cleared before each launch (no
//     Keycloak session to reuse: the whole sign-in runs every time);
//   - cold: a fresh browser profile each launch (nothing cached: a first visit on a device);
//   - first: each launch from a new LMS registration, so identity makes the account then.
//   node tools/bench/lti-launch.mjs [--profile test|dev] [--runs 30] [--first 10] [--trace]
// Needs the system running on that profile, with the LMS stand-in (infra.sh starts it).
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
const runs = Number(arg('runs', '30'));
const firsts = Number(arg('first', '10'));
/** Prints the requests of one returning launch with their times (where the time goes). */
const trace = process.argv.includes('--trace');
const u = infraModel(profile);
const LMS = u.lmsUrl;
const LEARNER = 'lms-user-learner-1';

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const summary = (xs) =>
  `n=${xs.length} p50 ${quantile(xs, 0.5)} ms, p95 ${quantile(xs, 0.95)} ms, max ${Math.max(...xs)} ms`;

async function post(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function adminToken() {
  const tests = overlay.clients.find((c) => c.clientId === 'api-tests');
  const admin = overlay.users.find((x) => x.email.startsWith('admin@'));
  const res = await fetch(`${u.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: tests.clientId,
      client_secret: tests.secret,
      username: admin.email,
      password: admin.credentials[0].value,
    }),
  });
  if (!res.ok) throw new Error(`admin token: ${res.status}`);
  return (await res.json()).access_token;
}

/** The tool on the stand-in (its own client id), that platform with us, a pump link. */
async function registerLms(token, tag) {
  const { platform } = await post(`${LMS}/_test/tools`, {
    name: `Bench ${tag}`,
    initiateLoginUri: `${u.webUrl}/api/lti/login`,
    redirectUris: [`${u.webUrl}/api/lti/launch`],
    jwksUri: `${u.webUrl}/api/lti/jwks`,
  });
  const made = await post(
    `${u.gatewayUrl}/api/admin/lti/platforms`,
    {
      name: `Bench ${tag} ${platform.clientId.slice(0, 8)}`,
      issuer: platform.issuer,
      clientId: platform.clientId,
      deploymentIds: [platform.deploymentId],
      authUrl: platform.authEndpoint,
      tokenUrl: platform.tokenEndpoint,
      jwksUrl: platform.jwksUrl,
      status: 'active',
    },
    { authorization: `Bearer ${token}` },
  );
  const { link } = await post(`${LMS}/_test/links`, {
    context: 'nur-101',
    clientId: platform.clientId,
    title: 'Pump practice',
    custom: { examprep_kind: 'pump' },
  });
  return { platformId: made.id, linkId: link.id };
}

/** One launch in `context`; its time in ms (`timeline`: the requests, for --trace). */
async function launch(context, linkId, timeline = null) {
  const { url } = await post(`${LMS}/_test/launch-url`, { sub: LEARNER, resourceLinkId: linkId });
  await context.clearCookies();
  const page = await context.newPage();
  const started = performance.now();
  if (timeline) {
    const at = () => Math.round(performance.now() - started);
    const short = (u) => u.replace(/\?.*/, '').slice(0, 100);
    page.on('request', (r) => timeline.push(`${at()} ms  -> ${r.method()} ${short(r.url())}`));
    page.on('response', (r) => timeline.push(`${at()} ms  <- ${r.status()} ${short(r.url())}`));
  }
  await page.goto(url);
  try {
    await page
      .getByRole('heading', { name: 'Pump Simulator', level: 1 })
      .waitFor({ state: 'visible', timeout: 30_000 });
  } catch (err) {
    const text = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    ).slice(0, 300);
    throw new Error(`the launch did not open the simulator (at ${page.url()}): ${text}`, {
      cause: err,
    });
  }
  const ms = Math.round(performance.now() - started);
  // the app's storage goes too (keycloak-js keeps its callback state there)
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.close();
  return ms;
}

const token = await adminToken();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const made = [];
try {
  const returning = await registerLms(token, 'returning');
  made.push(returning.platformId);
  const browserContext = await browser.newContext();
  // the first launch makes the account and fills the HTTP cache (not counted)
  await launch(browserContext, returning.linkId);
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push(await launch(browserContext, returning.linkId));
  if (trace) {
    const timeline = [];
    const ms = await launch(browserContext, returning.linkId, timeline);
    console.log(`one returning launch, ${ms} ms:\n  ${timeline.join('\n  ')}`);
  }
  const cold = [];
  for (let i = 0; i < Math.min(runs, 10); i++) {
    const fresh = await browser.newContext();
    cold.push(await launch(fresh, returning.linkId));
    await fresh.close();
  }
  const first = [];
  for (let i = 0; i < firsts; i++) {
    const lms = await registerLms(token, `first-${i}`);
    made.push(lms.platformId);
    first.push(await launch(browserContext, lms.linkId));
  }
  await browserContext.close();
  console.log(`LTI launch to an interactive page (${profile} profile):`);
  console.log(`  returning (browser cache warm, no session): ${summary(warm)}`);
  console.log(`  cold (fresh browser profile):               ${summary(cold)}`);
  if (first.length > 0)
    console.log(`  first launch (account made, cache warm):    ${summary(first)}`);
  console.log(`  goal: p95 < 1500 ms`);
} finally {
  await browser.close();
  for (const id of made) {
    await fetch(`${u.gatewayUrl}/api/admin/lti/platforms/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
}
