import { findRepoRoot, infraConfig } from '@examprep/test-kit';
import { expect, type Page, test } from '@playwright/test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { shot, signIn, signOut } from './support/auth';

// Issue #8 item 6: the app as `npm start` serves it (vite preview of the build, here on the
// test profile) sends the production nginx's security headers — the same files,
// deploy/docker/security-headers*.conf — on the page and its assets, serves no source maps,
// and signing in through Keycloak works under its Content-Security-Policy.

const cfg = infraConfig('test');
const KEYCLOAK_ORIGIN = new URL(cfg.keycloakUrl).origin;
// the S3 server as browsers reach it (signed media URLs, upload PUTs; ADR 0020)
const S3_ORIGIN = new URL(cfg.s3.endpoint).origin;

/** A header snippet of deploy/docker as the browser must receive it (names lower-cased). */
function expectedHeaders(file: string): Record<string, string> {
  const text = fs.readFileSync(path.join(findRepoRoot(), 'deploy', 'docker', file), 'utf8');
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/^add_header\s+([A-Za-z0-9-]+)\s+"([^"]*)"\s+always;$/gm)) {
    out[m[1].toLowerCase()] = m[2]
      .replaceAll('${KEYCLOAK_ORIGIN}', KEYCLOAK_ORIGIN)
      .replaceAll('${S3_ORIGIN}', S3_ORIGIN);
  }
  return out;
}
const APP = expectedHeaders('security-headers.conf');
const SILENT_SSO = expectedHeaders('security-headers-silent-check-sso.conf');

/** Only the headers named in `expected`, from a response. */
const pick = (headers: Record<string, string>, expected: Record<string, string>) =>
  Object.fromEntries(Object.keys(expected).map((name) => [name, headers[name]]));

/** CSP violations reported in any frame of the web app (Keycloak's own pages are not ours). */
function collectViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith('csp-violation ')) seen.push(text.slice('csp-violation '.length));
  });
  return seen;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript((webOrigin) => {
    if (location.origin !== webOrigin) return;
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`csp-violation ${e.violatedDirective} ${e.blockedURI} on ${location.pathname}`);
    });
  }, new URL(cfg.webUrl).origin);
});

test('the page and its assets carry the production security headers; no source maps', async ({
  page,
}) => {
  expect(Object.keys(APP)).toEqual(
    expect.arrayContaining([
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
    ]),
  );
  expect(APP['content-security-policy']).toContain(
    `connect-src 'self' ${KEYCLOAK_ORIGIN} ${S3_ORIGIN}`,
  );
  expect(APP['content-security-policy']).toContain(`img-src 'self' data: blob: ${S3_ORIGIN}`);
  expect(APP['content-security-policy']).toContain(`media-src 'self' blob: ${S3_ORIGIN}`);
  expect(APP['content-security-policy']).not.toContain('${');
  expect(APP['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(APP['x-content-type-options']).toBe('nosniff');

  // The document, on its first route and on a client-side route (SPA fallback).
  for (const route of ['/', '/updates']) {
    const doc = await page.request.get(route);
    expect(doc.status()).toBe(200);
    expect(pick(doc.headers(), APP)).toEqual(APP);
  }
  const res = await page.goto('/no-such-page');
  expect(pick((await res?.allHeaders()) ?? {}, APP)).toEqual(APP);

  // Its script and style assets.
  const scripts = await page
    .locator('script[type="module"][src]')
    .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
  const styles = await page
    .locator('link[rel="stylesheet"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLLinkElement).href));
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of [...scripts, ...styles]) {
    const asset = await page.request.get(url);
    expect(asset.status()).toBe(200);
    expect({ url, headers: pick(asset.headers(), APP) }).toEqual({ url, headers: APP });
    // No source map: none referenced, none served (also not at a guessed address).
    expect(await asset.text()).not.toContain('sourceMappingURL');
    const map = await page.request.get(`${url}.map`);
    expect({ url: `${url}.map`, status: map.status() }).toEqual({ url: `${url}.map`, status: 404 });
  }

  // keycloak-js' iframe page: framed by our origin only, its one script allowed by hash.
  const sso = await page.request.get('/silent-check-sso.html');
  expect(pick(sso.headers(), SILENT_SSO)).toEqual(SILENT_SSO);
});

test('signing in through Keycloak and a journey run under the CSP without a violation', async ({
  page,
}) => {
  const violations = collectViolations(page);
  await signIn(page, 'learner');
  await page
    .getByRole('dialog', { name: /^Welcome to / })
    .getByRole('button', { name: 'Got it' })
    .click();

  // KaTeX (fonts, inline sizes) and the server check.
  await page.goto('/infinite-qbank?course=med_dosage&objective=7&topic=md_heparin&count=1');
  await page.getByRole('button', { name: 'Start practising' }).click();
  const card = page.getByRole('article');
  const input = card.getByLabel(/^Your answer/);
  await expect(card.getByRole('radio').first().or(input)).toBeVisible();
  if (await input.isVisible()) await input.fill('1');
  else await card.getByRole('radio').first().check();
  await card.getByRole('button', { name: 'Check Answer' }).click();
  await expect(
    card.getByRole('region', { name: 'Explanation' }).locator('.katex').first(),
  ).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await shot(page, 'security-headers-journey.png');

  // A reload signs in again silently: keycloak-js' check-sso iframe (Keycloak, then our
  // /silent-check-sso.html) works under frame-src and that page's own CSP.
  await page.reload();
  await expect(page.getByRole('button', { name: /learner@examprep\.test/i })).toBeVisible();
  await expect(page).toHaveURL(/\/infinite-qbank/);

  await page.goto('/updates');
  await expect(page.getByRole('heading', { name: 'Updates' })).toBeVisible();
  expect(violations).toEqual([]);

  // The policy is enforced, and a violation would be seen: an injected inline script is refused.
  const inlineRan = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__examprepInline = true;';
    document.head.append(script);
    return (window as { __examprepInline?: boolean }).__examprepInline === true;
  });
  expect(inlineRan).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations[0]).toMatch(/^script-src(-elem)? inline /);

  violations.length = 0;
  await signOut(page, 'learner');
  expect(violations).toEqual([]);
});
