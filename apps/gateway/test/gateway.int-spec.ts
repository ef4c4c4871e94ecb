// The gateway end to end: HTTP -> auth -> NATS -> announcements service -> FerretDB, against the
// real test servers (Keycloak tokens, NATS, FerretDB). Issue #2 "Bad input and faults".
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@examprep/contracts';
import { loadConfig } from '@examprep/nest-kit';
import { getClientToken, identityServiceClient, infraConfig, waitFor } from '@examprep/test-kit';
import { GatewayEnv } from '../src/config/gateway.env';
import { createGatewayApp } from '../src/create-app';
import { TokenVerifier } from '../src/auth/token-verifier';
import { call, exchange, gatewayUrl, tokenFor } from './support/api';
import { appEnv, systemCtl } from './support/system';

const cfg = infraConfig('test');
let nc: NatsConnection;
let spy: Subscription;
let spied: string[] = [];

beforeAll(async () => {
  systemCtl('start', ['announcements', 'gateway']);
  nc = await connect({ servers: cfg.natsUrl });
  // sees a copy of every message sent to the service (not in its queue group)
  spy = nc.subscribe('announcements.*', {
    callback: (_e, m) => {
      if (m.subject !== 'announcements.health') spied.push(m.subject);
    },
  });
});

afterAll(async () => {
  spy?.unsubscribe();
  await nc?.drain();
});

beforeEach(() => {
  spied = [];
});

const valid = {
  content: 'Integration hello',
  date: '2026-11-22',
  linkUrl: 'https://example.com/x',
  linkText: 'More',
};

describe('announcements through the gateway', () => {
  it('admin creates, edits and deletes; learners see visible ones only', async () => {
    const created = await call('POST', '/api/announcements', { who: 'admin', body: valid });
    expect(created.status).toBe(201);
    const a = created.body as Announcement;
    expect(a).toMatchObject({ ...valid, isVisible: true, order: 0 });

    const hidden = await call('POST', '/api/announcements', {
      who: 'admin',
      body: { ...valid, content: 'secret', isVisible: false },
    });
    expect(hidden.status).toBe(201);

    const learnerList = await call('GET', '/api/announcements', { who: 'learner' });
    expect(learnerList.status).toBe(200);
    expect(learnerList.body.map((x: Announcement) => x.id)).toContain(a.id);
    expect(learnerList.body.map((x: Announcement) => x.id)).not.toContain(hidden.body.id);
    const adminList = await call('GET', '/api/announcements', { who: 'admin' });
    expect(adminList.body.map((x: Announcement) => x.id)).toContain(hidden.body.id);

    const updated = await call('PUT', `/api/announcements/${a.id}`, {
      who: 'admin',
      body: { ...valid, content: 'Edited', order: 2 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: a.id, content: 'Edited', order: 2 });

    for (const id of [a.id, hidden.body.id])
      expect((await call('DELETE', `/api/announcements/${id}`, { who: 'admin' })).status).toBe(204);
    const gone = await call('DELETE', `/api/announcements/${a.id}`, { who: 'admin' });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: ANNOUNCEMENT_MESSAGES.notFound,
    });
  });
});

describe('announcements in keyset pages (issue 26, ADR 0026)', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const id of made) await call('DELETE', `/api/announcements/${id}`, { who: 'admin' });
  });
  const nextOf = (link: string | null) => /^<([^>]+)>; rel="next"$/.exec(link ?? '')?.[1] ?? null;
  /** Every page of `path`, following the Link header: the ids in the order they came. */
  async function pageThrough(path: string, who: 'admin' | 'learner') {
    const ids: string[] = [];
    const sizes: number[] = [];
    for (let at: string | null = path; at !== null;) {
      const res = await exchange<Announcement[]>('GET', at, { who });
      expect(res.status).toBe(200);
      sizes.push(res.body.length);
      ids.push(...res.body.map((a) => a.id));
      at = nextOf(res.headers.get('link'));
      if (at) expect(at).toMatch(/^\/api\/announcements\?limit=2&cursor=[\w-]+$/);
    }
    return { ids, sizes };
  }

  it('paging through with limit=2 answers every announcement once, in the order of one big page; the last page has no Link', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/api/announcements', {
        who: 'admin',
        body: { ...valid, content: `paged ${i}`, date: `2026-0${1 + i}-01`, isVisible: i !== 2 },
      });
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    for (const who of ['admin', 'learner'] as const) {
      const whole = await exchange<Announcement[]>('GET', '/api/announcements?limit=100', { who });
      expect(whole.headers.get('link')).toBeNull(); // fewer than 100 on the test system
      const { ids, sizes } = await pageThrough('/api/announcements?limit=2', who);
      expect(ids).toEqual(whole.body.map((a) => a.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(sizes.slice(0, -1).every((n) => n === 2)).toBe(true);
      const mine = ids.filter((id) => made.includes(id));
      expect(mine).toHaveLength(who === 'admin' ? 5 : 4);
    }
  });

  it('a bad cursor or limit is a 400 naming the field', async () => {
    for (const [query, field] of [
      ['cursor=%7B%22%24gt%22%3A1%7D', 'cursor'],
      [`cursor=${Buffer.from('[0,"2026-01-01","short"]').toString('base64url')}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
    ] as const) {
      const res = await call('GET', `/api/announcements?${query}`, { who: 'learner' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
  });

  it('latest: the newest visible announcement by date (then lower order, newest write), for learners and admins', async () => {
    // hidden, so that no other screen of the shared test system shows it
    const hidden = await call('POST', '/api/announcements', {
      who: 'admin',
      body: { ...valid, content: 'hidden latest', date: '2100-01-01', isVisible: false },
    });
    made.push(hidden.body.id);
    const visible = (await call('GET', '/api/announcements?limit=100', { who: 'learner' }))
      .body as Announcement[];
    const expected =
      [...visible].sort(
        (a, b) =>
          (a.date === b.date ? 0 : a.date < b.date ? 1 : -1) ||
          a.order - b.order ||
          (a.id < b.id ? 1 : -1),
      )[0] ?? null;
    for (const who of ['learner', 'admin'] as const) {
      const latest = await call('GET', '/api/announcements/latest', { who });
      expect(latest.status).toBe(200);
      expect(latest.body).toEqual({ announcement: expected });
    }
    expect((await call('GET', '/api/announcements/latest')).status).toBe(401);
  });
});

describe('bad tokens get 401 and never reach a service', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/announcements'],
    ['POST', '/api/announcements', valid],
    ['PUT', '/api/announcements/0123456789abcdef01234567', valid],
    ['DELETE', '/api/announcements/0123456789abcdef01234567'],
  ];

  function tamper(
    token: string,
    mutate: (header: Record<string, unknown>, payload: Record<string, unknown>) => void,
    keepSig = true,
  ) {
    const [h, p, s] = token.split('.');
    const header = JSON.parse(Buffer.from(h!, 'base64url').toString());
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    mutate(header, payload);
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `${enc(header)}.${enc(payload)}.${keepSig ? s : ''}`;
  }

  const cases: [string, () => Promise<string | undefined>][] = [
    ['missing', async () => undefined],
    ['not a JWT', async () => 'abc'],
    ['alg none', async () => tamper(await tokenFor('admin'), (h) => (h.alg = 'none'), false)],
    [
      'wrongly signed (payload changed)',
      async () =>
        tamper(await tokenFor('learner'), (_h, p) => (p.realm_access = { roles: ['admin'] })),
    ],
    [
      'expired (exp moved, signature broken)',
      async () => tamper(await tokenFor('admin'), (_h, p) => (p.exp = 1)),
    ],
    [
      'for another audience (service-account token)',
      async () => (await getClientToken(identityServiceClient())).access_token,
    ],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const token = await make();
    for (const [method, path, body] of routes) {
      const res = await call(method, path, { token, body });
      expect({ route: `${method} ${path}`, status: res.status, code: res.body?.code }).toEqual({
        route: `${method} ${path}`,
        status: 401,
        code: 'UNAUTHENTICATED',
      });
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(spied).toEqual([]);
  });
});

describe('authorization', () => {
  it('a learner calling an admin route gets 403 and nothing reaches the service', async () => {
    expect((await call('POST', '/api/announcements', { who: 'learner', body: valid })).status).toBe(
      403,
    );
    expect(
      (
        await call('PUT', '/api/announcements/0123456789abcdef01234567', {
          who: 'learner',
          body: valid,
        })
      ).status,
    ).toBe(403);
    const del = await call('DELETE', '/api/announcements/0123456789abcdef01234567', {
      who: 'learner',
    });
    expect(del.status).toBe(403);
    expect(del.body).toEqual({ error: 'Forbidden', code: 'FORBIDDEN', message: 'Admins only.' });
    await new Promise((r) => setTimeout(r, 100));
    expect(spied).toEqual([]);
  });

  it('an unverified learner is limited (403 EMAIL_NOT_VERIFIED)', async () => {
    const res = await call('GET', '/api/announcements', { who: 'unverified' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('malformed bodies get 400 naming the field and never reach a service', () => {
  it.each([
    [
      'empty content',
      { ...valid, content: '   ' },
      { content: [ANNOUNCEMENT_MESSAGES.contentRequired] },
    ],
    ['missing date', { content: 'x' }, { date: [ANNOUNCEMENT_MESSAGES.dateRequired] }],
    [
      'impossible date',
      { ...valid, date: '2026-02-30' },
      { date: [ANNOUNCEMENT_MESSAGES.dateRequired] },
    ],
    [
      'javascript: link',
      { ...valid, linkUrl: 'javascript:alert(1)' },
      { linkUrl: [ANNOUNCEMENT_MESSAGES.linkUrlInvalid] },
    ],
    ['fractional order', { ...valid, order: 1.5 }, { order: [ANNOUNCEMENT_MESSAGES.orderInteger] }],
    ['text order', { ...valid, order: 'first' }, { order: [ANNOUNCEMENT_MESSAGES.orderInteger] }],
    [
      'visibility as text',
      { ...valid, isVisible: 'yes' },
      { isVisible: [ANNOUNCEMENT_MESSAGES.isVisibleBoolean] },
    ],
    [
      'unknown field',
      { ...valid, isAdmin: true },
      { isAdmin: ['Field "isAdmin" is not allowed.'] },
    ],
  ])('%s', async (_name, body, fields) => {
    const res = await call('POST', '/api/announcements', { who: 'admin', body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', code: 'VALIDATION_FAILED', fields });
    expect(res.body.message).toContain(Object.values(fields)[0]![0]);
    await new Promise((r) => setTimeout(r, 50));
    expect(spied).toEqual([]);
  });

  it.each([
    ['not JSON', '{bad json'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"hello"'],
  ])('%s', async (_name, raw) => {
    const res = await exchange('POST', '/api/announcements', { who: 'admin', raw });
    expect(res.status).toBe(400);
    expect(res.body.code).toBeDefined();
    expect(res.text).not.toMatch(/at .*\.js:\d+/);
  });

  it('a bad id is 400 naming id', async () => {
    const res = await call('DELETE', '/api/announcements/not-an-id', { who: 'admin' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });
});

describe('HTTP hygiene', () => {
  it('sends security headers, a correlation id and an OpenAPI document', async () => {
    const res = await fetch(`${gatewayUrl}/api/public-config`, {
      headers: { 'x-correlation-id': 'it-corr-1' },
    });
    expect(res.headers.get('x-correlation-id')).toBe('it-corr-1');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const config = (await res.json()) as { keycloak: unknown };
    expect(config.keycloak).toEqual({
      url: cfg.keycloakUrl,
      realm: cfg.realm,
      clientId: cfg.webClientId,
    });
    const doc = (await (await fetch(`${gatewayUrl}/api/docs-json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/announcements', '/api/announcements/{id}']),
    );
  });
});

describe('faults: the announcements service stopped', () => {
  // the spy is a subscriber too: with it gone, nobody answers and NATS says so at once
  beforeAll(() => spy.unsubscribe());
  afterAll(() => systemCtl('start', ['announcements']));

  it('answers 503 at once while it is down and recovers by itself when it returns', async () => {
    systemCtl('stop', ['announcements']);
    const t0 = Date.now();
    const down = await call('GET', '/api/announcements', { who: 'learner' });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', errorId: expect.any(String) });
    expect(Date.now() - t0).toBeLessThan(2_000);
    const degraded = await call('GET', '/readyz');
    expect(degraded.status).toBe(200);
    // every other service stays reported as it is
    expect(degraded.body).toMatchObject({
      status: 'degraded',
      checks: { nats: true },
      downstream: { announcements: false },
    });

    systemCtl('start', ['announcements']);
    await waitFor(
      async () => (await call('GET', '/api/announcements', { who: 'learner' })).status === 200,
      {
        timeoutMs: 10_000,
      },
    );
    expect((await call('GET', '/readyz')).body).toMatchObject({ status: 'ok' });
  });
});

describe('an in-process gateway with a short time-out and a local key set', () => {
  let app: NestFastifyApplication;
  let url: string;
  let sign: (claims: object, exp?: number | string) => Promise<string>;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'local', alg: 'RS256' };
    const env = loadConfig(
      GatewayEnv,
      appEnv('gateway', 'test', { PORT: '0', RPC_TIMEOUT_MS: '400', RATE_LIMIT_PER_MINUTE: '5' }),
    );
    app = await createGatewayApp(env, {
      tokenVerifier: new TokenVerifier({
        issuer: env.OIDC_ISSUER,
        audience: env.OIDC_AUDIENCE,
        algorithms: ['RS256'],
        keySet: createLocalJWKSet({ keys: [jwk] }),
      }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = await app.getUrl();
    url = url.replace('[::1]', '127.0.0.1');
    sign = (claims, exp = '5m') =>
      new SignJWT({ typ: 'Bearer', email: 'l@x.test', email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'local' })
        .setSubject(`u-${Math.random()}`)
        .setIssuer(env.OIDC_ISSUER)
        .setAudience(env.OIDC_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(privateKey);
  });

  afterAll(async () => {
    await app?.close();
    systemCtl('start', ['announcements']);
  });

  it('refuses an expired but correctly signed token with 401', async () => {
    const token = await sign({}, Math.floor(Date.now() / 1000) - 30);
    expect((await call('GET', '/api/announcements', { url, token })).status).toBe(401);
  });

  it('answers 504 within its time-out when the service does not answer in time', async () => {
    systemCtl('stop', ['announcements']);
    const silent = nc.subscribe('announcements.list', {
      queue: 'announcements',
      callback: () => undefined,
    });
    try {
      const token = await sign({});
      const t0 = Date.now();
      const res = await call('GET', '/api/announcements', { url, token });
      const ms = Date.now() - t0;
      expect(res.status).toBe(504);
      expect(res.body.code).toBe('GATEWAY_TIMEOUT');
      expect(ms).toBeGreaterThanOrEqual(350);
      expect(ms).toBeLessThan(2_000);
    } finally {
      silent.unsubscribe();
    }
  });

  it('rate-limits per user with 429', async () => {
    const token = await sign({});
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await call('GET', '/api/public-config', { url, token })).status);
    // public-config is public: limited per address; 5 per minute here
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const res = await call('GET', '/api/public-config', { url });
    expect(res.body).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
