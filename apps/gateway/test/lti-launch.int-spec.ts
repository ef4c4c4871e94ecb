// LTI 1.3 launches through the gateway against the real test system and the local LMS stand-in
// (tools/lms), issue 30, ADR 0040: the OIDC login, the launch and the sign-in bridge, and the
// security probes the issue names — replayed or altered launches, wrong audience, issuer or
// deployment, expired tokens, foreign and unsigned keys, a learner asking to add content, a
// launch without the browser's state cookie, and one LMS user id on two platforms (two accounts).
// Each probe is a real HTTP round trip: the stand-in signs (or forges) the id_token.
import { seededUsers } from '@examprep/test-kit';
import { call, gatewayUrl } from './support/api';
import {
  BRIDGE_SECRET,
  BROKER,
  idToken,
  INSTRUCTOR,
  launch,
  LEE,
  lms,
  LMS,
  login,
  probe,
  type Registered,
  register,
  uidOfLaunch,
} from './support/lti';
import { systemCtl } from './support/system';

const platforms: Registered[] = [];
let p: Registered;

beforeAll(async () => {
  systemCtl('start', ['identity', 'catalog', 'testing', 'schools', 'gateway']);
  p = await register('probe-a');
  platforms.push(p);
}, 120_000);

afterAll(async () => {
  for (const r of platforms) {
    await call('DELETE', `/api/admin/lti/platforms/${r.platformId}`, { who: 'admin' });
  }
});

describe('an LTI launch', () => {
  it('is taken: a redirect to the start page with the linked path, the ticket cookie for the bridge only', async () => {
    const ok = await probe(p, (nonce) => idToken(p, nonce));
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/lti-start.html?to=%2Fsimulations');
    const cookies = ok.res.headers.get('set-cookie')!;
    expect(cookies).toMatch(
      /lti_ticket=[A-Za-z0-9_-]{43}; Max-Age=120; Path=\/api\/lti\/bridge; HttpOnly/,
    );
    expect(await uidOfLaunch(ok)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('once: the same form posted again is refused (the state is used up)', async () => {
    const l = await login(p);
    const token = await idToken(p, l.nonce);
    expect((await launch(token, l.state, l.cookie)).status).toBe(303);
    expect(await launch(token, l.state, l.cookie)).toMatchObject({
      status: 400,
      code: 'LTI_STATE',
    });
  });

  it('only in the browser that started it (the state cookie)', async () => {
    const l = await login(p);
    const token = await idToken(p, l.nonce);
    expect(await launch(token, l.state, null)).toMatchObject({ status: 401, code: 'LTI_STATE' });
    expect(
      await launch(token, l.state, `lti_state_${l.state.slice(0, 16)}=${'x'.repeat(43)}`),
    ).toMatchObject({
      status: 401,
      code: 'LTI_STATE',
    });
  });

  it('with the nonce of its own login only', async () => {
    const first = await login(p);
    const second = await login(p);
    const token = await idToken(p, first.nonce);
    expect(await launch(token, second.state, second.cookie)).toMatchObject({
      status: 401,
      code: 'LTI_REPLAY',
    });
  });

  it('altered after signing (a learner making themselves an instructor) is refused', async () => {
    const l = await login(p);
    const [h, body, sig] = (await idToken(p, l.nonce)).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    claims['https://purl.imsglobal.org/spec/lti/claim/roles'] = [
      'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
    ];
    const altered = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    expect(await launch(altered, l.state, l.cookie)).toMatchObject({
      status: 401,
      code: 'LTI_TOKEN',
    });
  });

  it.each(['stranger', 'stranger-same-kid', 'none', 'hs256-public-key'])(
    'signed with %s is refused',
    async (signWith) => {
      expect(await probe(p, (nonce) => idToken(p, nonce, { signWith }))).toMatchObject({
        status: 401,
        code: 'LTI_TOKEN',
      });
    },
  );

  it.each([
    ['another audience', { overrides: { aud: 'someone-else' } }, 'LTI_TOKEN'],
    ['another issuer', { overrides: { iss: 'https://evil.example' } }, 'LTI_TOKEN'],
    ['an expired token', { expiresInSeconds: -120 }, 'LTI_TOKEN'],
    [
      'a token issued an hour ago',
      { overrides: { iat: Math.floor(Date.now() / 1000) - 3600 } },
      'LTI_TOKEN',
    ],
    [
      'an unregistered deployment',
      { overrides: { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deploy-other' } },
      'LTI_DEPLOYMENT',
    ],
  ])('with %s is refused', async (_, extra, code) => {
    const refused = await probe(p, (nonce) => idToken(p, nonce, extra));
    expect(refused.code).toBe(code);
    expect(refused.status).toBe(401);
  });

  it('asking to add content (deep linking) is refused to a learner', async () => {
    const l = await login(p);
    const { id_token } = await lms<{ id_token: string }>('/_test/id-token', {
      sub: LEE,
      context: 'nur-101',
      clientId: p.clientId,
      messageType: 'LtiDeepLinkingRequest',
      nonce: l.nonce,
    });
    expect(await launch(id_token, l.state, l.cookie)).toMatchObject({
      status: 403,
      code: 'LTI_NOT_INSTRUCTOR',
    });
  });

  it('of an instructor asking to add content opens the picker', async () => {
    const l = await login(p, INSTRUCTOR);
    const { id_token } = await lms<{ id_token: string }>('/_test/id-token', {
      sub: INSTRUCTOR,
      context: 'nur-101',
      clientId: p.clientId,
      messageType: 'LtiDeepLinkingRequest',
      nonce: l.nonce,
    });
    const ok = await launch(id_token, l.state, l.cookie);
    expect(ok.status).toBe(303);
    expect(decodeURIComponent(ok.location!)).toMatch(
      /^\/lti-start\.html\?to=\/lti\/deep-link\/[0-9a-f-]{36}$/,
    );
  });

  it('signs the same LMS user id of two platforms into two accounts', async () => {
    const other = await register('probe-b');
    platforms.push(other);
    const a = await uidOfLaunch(await probe(p, (nonce) => idToken(p, nonce)));
    const b = await uidOfLaunch(await probe(other, (nonce) => idToken(other, nonce)));
    expect(a).not.toBe(b);
    // and the first platform's user again is the same account
    expect(await uidOfLaunch(await probe(p, (nonce) => idToken(p, nonce)))).toBe(a);
  });
});

describe('the sign-in bridge', () => {
  it('takes a ticket once, for Keycloak’s broker endpoint only, and a code once, with the secret', async () => {
    const ok = await probe(p, (nonce) => idToken(p, nonce));
    const ticket = /lti_ticket=([^;]+)/.exec(ok.res.headers.get('set-cookie')!)![1]!;
    const authorize = (redirectUri: string) =>
      fetch(
        `${gatewayUrl}/api/lti/bridge/authorize?${new URLSearchParams({
          client_id: 'keycloak-broker',
          redirect_uri: redirectUri,
          state: 's',
        })}`,
        { redirect: 'manual', headers: { cookie: `lti_ticket=${ticket}` } },
      );
    expect((await authorize('https://evil.example/cb')).status).toBe(400);
    const first = await authorize(BROKER);
    expect(first.status).toBe(302);
    expect((await authorize(BROKER)).status).toBe(401);

    const code = new URL(first.headers.get('location')!).searchParams.get('code')!;
    const redeem = (secret: string) =>
      fetch(`${gatewayUrl}/api/lti/bridge/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: BROKER,
          client_id: 'keycloak-broker',
          client_secret: secret,
        }),
      });
    const wrong = await redeem('not-the-secret-at-all');
    expect(wrong.status).toBe(401);
    // RFC 6749's error, and our own code and message beside it
    expect(await wrong.json()).toMatchObject({
      error: 'invalid_client',
      code: 'LTI_BRIDGE_CLIENT',
    });
    expect((await redeem(BRIDGE_SECRET)).status).toBe(200);
    const again = await redeem(BRIDGE_SECRET);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant', code: 'LTI_BRIDGE_CODE' });
  });

  it('publishes the keys Keycloak verifies its id_tokens with', async () => {
    const res = await fetch(`${gatewayUrl}/api/lti/jwks`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const { keys } = (await res.json()) as { keys: { kty: string; alg: string; d?: string }[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256' });
      expect(key.d).toBeUndefined();
    }
  });
});

describe('dynamic registration', () => {
  it('refuses a link without the LMS configuration, and a configuration that is not an LTI platform’s', async () => {
    // for a browser a page; for anything else the usual error body
    const bare = await fetch(`${gatewayUrl}/api/lti/register`, {
      headers: { accept: 'text/html' },
    });
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain('This registration link is incomplete');
    const json = await fetch(`${gatewayUrl}/api/lti/register`);
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'Bad Request', code: 'VALIDATION_FAILED' });
    // an address that answers, but no LTI platform configuration
    const notLti = await fetch(
      `${gatewayUrl}/api/lti/register?${new URLSearchParams({
        openid_configuration: `${LMS}/healthz`,
        registration_token: 'x',
      })}`,
    );
    expect(notLti.status).toBe(400);
    expect(await notLti.text()).toContain('could not be read');
  });
});

describe('platform registrations', () => {
  it('are for site admins only, and refuse plain http only where the system does not allow it', async () => {
    expect((await call('GET', '/api/admin/lti/platforms', { who: 'learner' })).status).toBe(403);
    const bad = await call('POST', '/api/admin/lti/platforms', {
      who: 'admin',
      body: {
        name: '',
        issuer: 'not a url',
        clientId: 'c',
        deploymentIds: [],
        authUrl: 'ftp://x',
        tokenUrl: 'https://lms.example/token',
        jwksUrl: 'https://lms.example/jwks',
        status: 'active',
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { fields: Record<string, string[]> }).fields).sort()).toEqual([
      'authUrl',
      'deploymentIds',
      'issuer',
      'name',
    ]);
    // a second registration of the same issuer and client id
    const dup = await call('POST', '/api/admin/lti/platforms', {
      who: 'admin',
      body: {
        name: 'Again',
        issuer: LMS,
        clientId: p.clientId,
        deploymentIds: ['x'],
        authUrl: `${LMS}/auth`,
        tokenUrl: `${LMS}/token`,
        jwksUrl: `${LMS}/.well-known/jwks.json`,
        status: 'active',
      },
    });
    expect(dup.status).toBe(409);
    expect(seededUsers.admin.email).toBeTruthy();
  });
});
