// The LTI 1.3 helpers of the gateway's integration specs: the local LMS stand-in (tools/lms)
// registers the tool and signs launches (or forges them), the admin API registers the platform,
// and a launch is played as the browser would (login redirect, state cookie, form post).
import { decodeJwt, infraConfig } from '@examprep/test-kit';
import { call, gatewayUrl } from './api';

export const cfg = infraConfig('test');
export const LMS = cfg.lmsUrl;
export const LAUNCH_URL = `${cfg.webUrl}/api/lti/launch`;
export const BROKER = `${cfg.keycloakUrl}/realms/${cfg.realm}/broker/lti/endpoint`;
export const BRIDGE_SECRET = 'dev-lti-bridge-secret';
export const LEE = 'lms-user-learner-1';
export const INSTRUCTOR = 'lms-user-instructor-1';

export interface Registered {
  platformId: string;
  clientId: string;
  deploymentId: string;
  linkId: string;
}

export async function lms<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${LMS}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The tool on the stand-in (its own client id) and that platform registered with us. */
export async function register(tag: string): Promise<Registered> {
  const { platform } = await lms<{
    platform: Record<
      'issuer' | 'clientId' | 'deploymentId' | 'authEndpoint' | 'tokenEndpoint' | 'jwksUrl',
      string
    >;
  }>('/_test/tools', {
    name: `ExamPrep ${tag}`,
    initiateLoginUri: `${cfg.webUrl}/api/lti/login`,
    redirectUris: [LAUNCH_URL],
    jwksUri: `${cfg.webUrl}/api/lti/jwks`,
    deepLinkingUrl: LAUNCH_URL,
  });
  const made = await call('POST', '/api/admin/lti/platforms', {
    who: 'admin',
    body: {
      name: `Probe ${tag}`,
      issuer: platform.issuer,
      clientId: platform.clientId,
      deploymentIds: [platform.deploymentId],
      authUrl: platform.authEndpoint,
      tokenUrl: platform.tokenEndpoint,
      jwksUrl: platform.jwksUrl,
      status: 'active',
    },
  });
  expect(made.status).toBe(201);
  const { link } = await lms<{ link: { id: string } }>('/_test/links', {
    context: 'nur-101',
    clientId: platform.clientId,
    title: 'Pump practice',
    custom: { examprep_kind: 'pump' },
  });
  return {
    platformId: (made.body as { id: string }).id,
    clientId: platform.clientId,
    deploymentId: platform.deploymentId,
    linkId: link.id,
  };
}

export interface Login {
  state: string;
  nonce: string;
  cookie: string;
}

/** The LMS's login initiation: our redirect to its auth endpoint, with state, nonce and cookie. */
export async function login(p: Registered, sub = LEE): Promise<Login> {
  const query = new URLSearchParams({
    iss: LMS,
    login_hint: sub,
    target_link_uri: LAUNCH_URL,
    client_id: p.clientId,
    lti_deployment_id: p.deploymentId,
  });
  const res = await fetch(`${gatewayUrl}/api/lti/login?${query}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(`${LMS}/auth`);
  const setCookie = res.headers.get('set-cookie')!;
  expect(setCookie).toMatch(/HttpOnly/i);
  return {
    state: location.searchParams.get('state')!,
    nonce: location.searchParams.get('nonce')!,
    cookie: setCookie.split(';')[0]!,
  };
}

/** An id_token from the stand-in's test hook (signed as the platform unless told otherwise). */
export async function idToken(p: Registered, nonce: string, extra: Record<string, unknown> = {}) {
  const { id_token } = await lms<{ id_token: string }>('/_test/id-token', {
    sub: LEE,
    resourceLinkId: p.linkId,
    clientId: p.clientId,
    nonce,
    ...extra,
  });
  return id_token;
}

/** The launch's form post as the browser sends it. */
export async function launch(idTokenText: string, state: string, cookie: string | null) {
  const res = await fetch(`${gatewayUrl}/api/lti/launch`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      // a browser's form post: refusals come back as a page
      accept: 'text/html,application/xhtml+xml',
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ id_token: idTokenText, state }),
  });
  const body = await res.text();
  const code = /Code: ([A-Z_]+)/.exec(body)?.[1] ?? null;
  return { status: res.status, location: res.headers.get('location'), code, res };
}

/** A launch of `p` whose token is made by `sign` (given the login's nonce). */
export async function probe(p: Registered, sign: (nonce: string) => Promise<string>) {
  const l = await login(p);
  return launch(await sign(l.nonce), l.state, l.cookie);
}

/** The uid a launch signs in: the bridge's code redeemed as Keycloak would. */
export async function uidOfLaunch(ok: Awaited<ReturnType<typeof launch>>): Promise<string> {
  const ticket = /lti_ticket=([^;]+)/.exec(ok.res.headers.get('set-cookie') ?? '')![1]!;
  const authorize = await fetch(
    `${gatewayUrl}/api/lti/bridge/authorize?${new URLSearchParams({
      client_id: 'keycloak-broker',
      redirect_uri: BROKER,
      response_type: 'code',
      state: 'kc-state',
      nonce: 'kc-nonce',
    })}`,
    { redirect: 'manual', headers: { cookie: `lti_ticket=${ticket}` } },
  );
  expect(authorize.status).toBe(302);
  const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${gatewayUrl}/api/lti/bridge/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: BROKER,
      client_id: 'keycloak-broker',
      client_secret: BRIDGE_SECRET,
    }),
  });
  expect(token.status).toBe(200);
  const { id_token } = (await token.json()) as { id_token: string };
  const claims = decodeJwt(id_token).payload;
  expect(claims).toMatchObject({ aud: 'keycloak-broker', nonce: 'kc-nonce' });
  return claims.sub!;
}
