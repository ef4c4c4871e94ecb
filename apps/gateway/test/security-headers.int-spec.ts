// Security suite (issue 15, Deliver 3): response headers of the web app (served by
// tools/system on the test profile's `web` port with the production nginx's header files) and of
// the gateway on EVERY operation of its OpenAPI document; CORS for foreign origins.
// HSTS: both send it on every answer; browsers ignore it on plain HTTP (RFC 6797 §8.1), so the
// local servers are not pinned to HTTPS, and behind the TLS ingress it takes effect.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@examprep/nest-kit';
import { infraConfig } from '@examprep/test-kit';
import { GatewayEnv } from '../src/config/gateway.env';
import { createGatewayApp } from '../src/create-app';
import { gatewayUrl } from './support/api';
import { inParallel, type Op, openApiDocument, operationsOf, pathOf } from './support/probe';
import { ALL_APPS, appEnv, systemCtl } from './support/system';

const cfg = infraConfig('test');
const webUrl = cfg.appUrl('web');
const WEB_ORIGIN = webUrl;
const FOREIGN = 'https://evil.example';
const HSTS = /^max-age=(\d+); includeSubDomains$/;

let ops: Op[];

beforeAll(async () => {
  systemCtl('start', ALL_APPS);
  ops = operationsOf(await openApiDocument());
}, 60_000);

/** The directives of a CSP as { name: sources }. */
const directives = (csp: string | null): Record<string, string[]> =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );

/** What is wrong with one answer's security headers (empty: nothing). */
function headerProblems(h: Headers, frameAncestors = "'none'"): string[] {
  const problems: string[] = [];
  const csp = directives(h.get('content-security-policy'));
  const scripts = csp['script-src'] ?? csp['default-src'];
  if (!scripts) problems.push('no script-src');
  else if (scripts.some((s) => ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:'].includes(s)))
    problems.push(`script-src ${scripts.join(' ')}`);
  if (csp['frame-ancestors']?.join(' ') !== frameAncestors)
    problems.push(`frame-ancestors ${csp['frame-ancestors']?.join(' ')}`);
  if (h.get('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  const hsts = HSTS.exec(h.get('strict-transport-security') ?? '');
  if (!hsts || Number(hsts[1]) < 15_552_000) problems.push('no HSTS of at least 180 days');
  const referrer = h.get('referrer-policy') ?? '';
  if (!['no-referrer', 'strict-origin-when-cross-origin', 'same-origin'].includes(referrer))
    problems.push(`referrer-policy ${referrer}`);
  return problems;
}

describe('the web app (test profile, production header files)', () => {
  it('sends the security headers on the page, its assets, an unknown path and the iframe page', async () => {
    const page = await fetch(`${webUrl}/`);
    const html = await page.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    for (const path of ['/', asset!, '/no-such-page', '/gradebook']) {
      const res = await fetch(`${webUrl}${path}`);
      expect({ path, problems: headerProblems(res.headers) }).toEqual({ path, problems: [] });
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    // keycloak-js' iframe page: framed by the app itself, one inline script by hash
    const sso = await fetch(`${webUrl}/silent-check-sso.html`);
    expect(headerProblems(sso.headers, "'self'")).toEqual([]);
  });

  it('has no inline script in the page (the CSP would block it)', async () => {
    const html = await (await fetch(`${webUrl}/`)).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('the gateway, every operation of the OpenAPI document', () => {
  it('sends the security headers on every answer (success, 401, 404, health)', async () => {
    const wrong: unknown[] = [];
    const paths = [
      ...ops.map((o) => ({ method: o.method, path: pathOf(o.route) })),
      { method: 'GET', path: '/api/no-such-route' },
      { method: 'GET', path: '/healthz' },
    ];
    await inParallel(paths, 6, async ({ method, path }) => {
      const controller = new AbortController();
      const res = await fetch(`${gatewayUrl}${path}`, { method, signal: controller.signal });
      controller.abort();
      const problems = headerProblems(res.headers);
      if (problems.length > 0) wrong.push({ route: `${method} ${path}`, problems });
    });
    expect(wrong).toEqual([]);
  });
});

/** CORS answers of a gateway for `origin`: the preflight and the request itself. */
async function corsOf(base: string, op: { method: string; path: string }, origin: string) {
  const preflight = await fetch(`${base}${op.path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': op.method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });
  const controller = new AbortController();
  const simple = await fetch(`${base}${op.path}`, {
    method: op.method,
    headers: { origin },
    signal: controller.signal,
  });
  controller.abort();
  return {
    preflight: preflight.headers.get('access-control-allow-origin'),
    simple: simple.headers.get('access-control-allow-origin'),
    credentials:
      preflight.headers.get('access-control-allow-credentials') ??
      simple.headers.get('access-control-allow-credentials'),
  };
}

describe('CORS', () => {
  it('the test system gateway allows no foreign origin on any operation (the web calls /api same-origin)', async () => {
    const wrong: unknown[] = [];
    await inParallel(ops, 6, async (o) => {
      const cors = await corsOf(gatewayUrl, { method: o.method, path: pathOf(o.route) }, FOREIGN);
      if (cors.preflight || cors.simple || cors.credentials)
        wrong.push({ route: `${o.method} ${o.route}`, ...cors });
    });
    expect(wrong).toEqual([]);
    // the web app reaches the API through its own origin
    expect((await fetch(`${webUrl}/api/public-config`)).status).toBe(200);
  });

  describe('a gateway with CORS_ORIGINS set to the web origin (an API on its own host)', () => {
    let app: NestFastifyApplication;
    let url: string;

    beforeAll(async () => {
      const env = loadConfig(
        GatewayEnv,
        appEnv('gateway', 'test', {
          PORT: '0',
          CORS_ORIGINS: WEB_ORIGIN,
          RATE_LIMIT_PER_MINUTE: '100000',
        }),
      );
      app = await createGatewayApp(env);
      await app.listen({ port: 0, host: '127.0.0.1' });
      url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    });

    afterAll(async () => {
      await app?.close();
    });

    it('answers the web origin on every operation and never a foreign one, nor with credentials', async () => {
      const wrong: unknown[] = [];
      await inParallel(ops, 6, async (o) => {
        const op = { method: o.method, path: pathOf(o.route) };
        const web = await corsOf(url, op, WEB_ORIGIN);
        const foreign = await corsOf(url, op, FOREIGN);
        const lookalike = await corsOf(url, op, `${WEB_ORIGIN}.evil.example`);
        if (
          web.preflight !== WEB_ORIGIN ||
          foreign.preflight ||
          foreign.simple ||
          lookalike.preflight ||
          lookalike.simple ||
          web.credentials
        )
          wrong.push({ route: `${o.method} ${o.route}`, web, foreign, lookalike });
      });
      expect(wrong).toEqual([]);
    });
  });
});
