// Security suite (issue 15, Deliver 3): token abuse on EVERY authenticated operation of the
// gateway's OpenAPI document. Each forged, misdirected or stale token gets 401 with the usual
// body, never a 5xx or an answer; a token naming its own key set (jku, x5u, an embedded jwk) or
// an unknown key id makes the gateway fetch nothing but the realm's configured JWKS.
// (a) the running gateway of the TEST profile with real Keycloak tokens;
// (b) an in-process gateway whose key set is a local key the test holds, so that correctly
//     signed tokens with the wrong audience, issuer, expiry or type can be made.
import { createPublicKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorCodes } from '@examprep/contracts';
import { loadConfig } from '@examprep/nest-kit';
import { decodeJwt, getClientToken, identityServiceClient, infraConfig } from '@examprep/test-kit';
import { AUTH_MESSAGES } from '../src/auth/auth.guard';
import { TokenVerifier } from '../src/auth/token-verifier';
import { GatewayEnv } from '../src/config/gateway.env';
import { createGatewayApp } from '../src/create-app';
import { call, tokenFor } from './support/api';
import type { OpenApiDocument } from './support/openapi';
import {
  bodySchemaOf,
  inParallel,
  type Op,
  openApiDocument,
  operationsOf,
  pathOf,
  sample,
  warmToken,
} from './support/probe';
import { ALL_APPS, appEnv, systemCtl } from './support/system';

const cfg = infraConfig('test');
const ISSUER = `${cfg.keycloakUrl}/realms/${cfg.realm}`;
const UNAUTHORIZED = {
  error: 'Unauthorized',
  code: ErrorCodes.UNAUTHENTICATED,
  message: AUTH_MESSAGES.invalid,
};

let doc: OpenApiDocument;
let authenticated: Op[];

/** A server standing for an attacker's key set: it counts every request it gets. */
let foreign: Server;
let foreignUrl: string;
let foreignHits: string[] = [];
let attacker: { privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey']; jwk: JWK };

beforeAll(async () => {
  systemCtl('start', ALL_APPS);
  doc = await openApiDocument();
  authenticated = operationsOf(doc).filter((o) => o.authenticated);
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  attacker = {
    privateKey,
    jwk: { ...(await exportJWK(publicKey)), kid: 'attacker', alg: 'RS256', use: 'sig' },
  };
  foreign = createServer((req, res) => {
    foreignHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [attacker.jwk] }));
  });
  await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', r));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  await warmToken(() => tokenFor('admin'));
}, 60_000);

afterAll(async () => {
  await new Promise((r) => foreign?.close(r));
});

const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** Every authenticated operation with `token`: the answers that are not the usual 401. */
async function notRefused(token: string, url?: string): Promise<unknown[]> {
  const wrong: unknown[] = [];
  await inParallel(authenticated, 6, async (op) => {
    const body = op.op.requestBody ? sample(doc, bodySchemaOf(doc, op.op)) : undefined;
    const res = await call(op.method, pathOf(op.route), { token, body, url });
    if (res.status !== 401 || JSON.stringify(res.body) !== JSON.stringify(UNAUTHORIZED))
      wrong.push({ route: `${op.method} ${op.route}`, status: res.status, body: res.body });
  });
  return wrong;
}

/** The realm's signing key (RS256) as published at its JWKS endpoint. */
async function realmKey(): Promise<JWK & { kid: string }> {
  const res = await fetch(`${ISSUER}/protocol/openid-connect/certs`);
  const { keys } = (await res.json()) as { keys: (JWK & { kid: string; use?: string })[] };
  const key = keys.find((k) => k.alg === 'RS256' && k.use !== 'enc');
  if (!key) throw new Error('the realm publishes no RS256 signing key');
  return key;
}

describe('(a) the running gateway, every authenticated operation', () => {
  it('the document has authenticated operations to probe', () => {
    expect(authenticated.length).toBeGreaterThanOrEqual(40);
  });

  const forged: [string, () => Promise<string>][] = [
    [
      'alg none, no signature (an admin token re-headed)',
      async () => {
        const [, payload] = (await tokenFor('admin')).split('.');
        return `${enc({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      },
    ],
    [
      'alg none, signature kept',
      async () => {
        const [, payload, sig] = (await tokenFor('admin')).split('.');
        return `${enc({ alg: 'none', typ: 'JWT' })}.${payload}.${sig}`;
      },
    ],
    [
      'HS256 signed with the realm public key (PEM) as the secret',
      async () => {
        const key = await realmKey();
        const pem = createPublicKey({ key: key as never, format: 'jwk' })
          .export({ type: 'spki', format: 'pem' })
          .toString();
        const { payload } = decodeJwt(await tokenFor('admin'));
        return new SignJWT(payload)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
          .sign(new TextEncoder().encode(pem));
      },
    ],
    [
      'HS256 signed with the realm JWK text as the secret',
      async () => {
        const key = await realmKey();
        const { payload } = decodeJwt(await tokenFor('admin'));
        return new SignJWT(payload)
          .setProtectedHeader({ alg: 'HS256', kid: key.kid })
          .sign(new TextEncoder().encode(JSON.stringify(key)));
      },
    ],
    [
      'a real token of the realm for another audience (service account)',
      async () => {
        const token = (await getClientToken(identityServiceClient())).access_token;
        // it really is a correctly signed token of the realm, only not for the API
        expect(decodeJwt(token).payload.iss).toBe(ISSUER);
        expect([decodeJwt(token).payload.aud].flat()).not.toContain(cfg.apiAudience);
        return token;
      },
    ],
    [
      'expired (exp moved back, signature broken)',
      async () => {
        const [h, p, s] = (await tokenFor('admin')).split('.');
        const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
        return `${h}.${enc({ ...payload, exp: 1 })}.${s}`;
      },
    ],
  ];

  it.each(forged)('%s: 401 everywhere', async (_name, make) => {
    expect(await notRefused(await make())).toEqual([]);
  });

  /** A token of the attacker's key with the claims of a real admin token. */
  async function attackerToken(header: Record<string, unknown>, claims: object = {}) {
    const { payload } = decodeJwt(await tokenFor('admin'));
    return new SignJWT({ ...payload, ...claims })
      .setProtectedHeader({ alg: 'RS256', ...header })
      .sign(attacker.privateKey);
  }

  const foreignKeys: [string, () => Promise<string>][] = [
    [
      'a foreign jku with an unknown kid',
      () => attackerToken({ kid: 'attacker', jku: `${foreignUrl}/jwks.json` }),
    ],
    [
      'a foreign jku with the realm kid',
      async () => attackerToken({ kid: (await realmKey()).kid, jku: `${foreignUrl}/jwks.json` }),
    ],
    ['a foreign x5u', () => attackerToken({ kid: 'attacker', x5u: `${foreignUrl}/cert.pem` })],
    ['an embedded jwk', () => attackerToken({ kid: 'attacker', jwk: attacker.jwk })],
    [
      'an unknown kid and a foreign issuer',
      () => attackerToken({ kid: 'attacker' }, { iss: `${foreignUrl}/realms/${cfg.realm}` }),
    ],
    [
      'the realm kid, signed by another key',
      async () => attackerToken({ kid: (await realmKey()).kid }),
    ],
  ];

  it.each(foreignKeys)(
    '%s: 401 everywhere, and the foreign key set is never fetched',
    async (_name, make) => {
      foreignHits = [];
      expect(await notRefused(await make())).toEqual([]);
      expect(foreignHits).toEqual([]);
    },
  );

  it('a real token still opens the API (the probes above were refused for their fault)', async () => {
    expect((await call('GET', '/api/me', { who: 'admin' })).status).toBe(200);
  });
});

describe('(b) an in-process gateway with a key the test holds: correctly signed, wrongly meant', () => {
  let app: NestFastifyApplication;
  let url: string;
  let env: GatewayEnv;
  let sign: (claims: object, header?: object) => Promise<string>;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'local', alg: 'RS256' };
    env = loadConfig(
      GatewayEnv,
      appEnv('gateway', 'test', { PORT: '0', RATE_LIMIT_PER_MINUTE: '100000' }),
    );
    app = await createGatewayApp(env, {
      tokenVerifier: new TokenVerifier({
        issuer: env.OIDC_ISSUER,
        audience: env.OIDC_AUDIENCE,
        algorithms: env.OIDC_ALGORITHMS,
        keySet: createLocalJWKSet({ keys: [jwk] }),
      }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const now = Math.floor(Date.now() / 1000);
    sign = (claims, header = {}) =>
      new SignJWT({
        typ: 'Bearer',
        iss: env.OIDC_ISSUER,
        aud: env.OIDC_AUDIENCE,
        sub: 'probe-admin',
        iat: now,
        exp: now + 300,
        email: 'probe@examprep.test',
        email_verified: true,
        realm_access: { roles: ['admin'] },
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'local', ...header })
        .sign(privateKey);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('a correct token of the key opens the API (the control)', async () => {
    const res = await call('GET', '/api/questions/facets', { url, token: await sign({}) });
    expect(res.status).toBe(200);
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['wrong audience', { aud: 'account' }],
    ['no audience', { aud: undefined }],
    ['wrong issuer', { iss: 'http://localhost:18080/realms/master' }],
    ['expired a minute ago', { exp: now() - 60, iat: now() - 400 }],
    ['not valid before the future', { nbf: now() + 3600 }],
    ['no exp', { exp: undefined }],
    ['no sub', { sub: undefined }],
    ['a refresh token', { typ: 'Refresh' }],
    ['an ID token', { typ: 'ID' }],
  ] as [string, Record<string, unknown>][])('%s: 401 everywhere', async (_name, claims) => {
    expect(await notRefused(await sign(claims), url)).toEqual([]);
  });

  it('a token with a foreign jku is refused without fetching it', async () => {
    foreignHits = [];
    const token = await sign({}, { kid: 'elsewhere', jku: `${foreignUrl}/jwks.json` });
    expect(await notRefused(token, url)).toEqual([]);
    expect(foreignHits).toEqual([]);
  });
});
