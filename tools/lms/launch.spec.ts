// LTI Core 1.3 launches from the tool's side: the login initiation, the authorization endpoint's
// checks, and the id_token it posts (signed with the key of the JWKS, the claims of the spec).
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import {
  hiddenField,
  postForm,
  postJson,
  startLms,
  startTool,
  type Lms,
  type Tool,
} from './lms-test-tool.ts';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const INSTRUCTOR = 'lms-user-instructor-1';
const LEE = 'lms-user-learner-1';

let lms: Lms;
let tool: Tool;
let linkId: string;

beforeAll(async () => {
  lms = await startLms();
  tool = await startTool(lms);
  const placed = await postJson(lms, '/_test/links', {
    context: 'nur-101',
    clientId: tool.clientId,
    title: 'Dosage drill 1',
    url: 'http://127.0.0.1:9/lti/launch?drill=1',
    custom: { examprep_set: 'dosage-1' },
    lineItem: { scoreMaximum: 10, resourceId: 'dosage-1' },
  });
  linkId = ((await placed.json()) as { link: { id: string } }).link.id;
});
afterAll(async () => {
  await tool.close();
  await lms.close();
});

/** The login initiation URL of a launch as the browser receives it (303 from POST /launch). */
async function loginInitiation(fields: Record<string, string>) {
  const res = await postForm(`${lms.issuer}/launch`, fields);
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** The tool's authentication request for a login initiation (what an LTI tool sends). */
function authRequest(login: URL, over: Record<string, string> = {}) {
  return new URLSearchParams({
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: login.searchParams.get('client_id')!,
    redirect_uri: `${new URL(tool.jwksUri).origin}/lti/launch`,
    login_hint: login.searchParams.get('login_hint')!,
    lti_message_hint: login.searchParams.get('lti_message_hint')!,
    state: 'state-1',
    nonce: 'nonce-1',
    ...over,
  });
}

it('publishes its public signing key, and only that, as a JWKS', async () => {
  const { keys } = (await (await fetch(`${lms.issuer}/.well-known/jwks.json`)).json()) as {
    keys: Record<string, string>[];
  };
  expect(keys).toEqual([
    {
      kty: 'RSA',
      n: expect.any(String),
      e: 'AQAB',
      kid: expect.any(String),
      alg: 'RS256',
      use: 'sig',
    },
  ]);
});

it('sends the browser to the login initiation URL with the OIDC parameters', async () => {
  const login = await loginInitiation({ link: linkId, sub: LEE });
  expect(`${login.origin}${login.pathname}`).toBe(`${new URL(tool.jwksUri).origin}/lti/login`);
  expect(Object.fromEntries(login.searchParams)).toEqual({
    iss: lms.issuer,
    login_hint: LEE,
    target_link_uri: 'http://127.0.0.1:9/lti/launch?drill=1',
    lti_message_hint: expect.any(String),
    client_id: tool.clientId,
    lti_deployment_id: tool.deploymentId,
  });
});

it('posts an id_token signed with the key of its JWKS, with the LTI claims of a resource link launch', async () => {
  const login = await loginInitiation({ link: linkId, sub: LEE });
  const res = await fetch(`${lms.issuer}/auth?${authRequest(login)}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain(`action="${new URL(tool.jwksUri).origin}/lti/launch"`);
  expect(hiddenField(html, 'state')).toBe('state-1');
  const idToken = hiddenField(html, 'id_token')!;
  const jwks = createRemoteJWKSet(new URL(`${lms.issuer}/.well-known/jwks.json`));
  const { payload, protectedHeader } = await jwtVerify(idToken, jwks, {
    issuer: lms.issuer,
    audience: tool.clientId,
  });
  expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
  expect(payload.exp! - payload.iat!).toBe(300);
  expect(payload).toMatchObject({
    sub: LEE,
    azp: tool.clientId,
    nonce: 'nonce-1',
    name: 'Lee Learner',
    given_name: 'Lee',
    family_name: 'Learner',
    email: 'lee.learner@school.test',
    [`${LTI}/message_type`]: 'LtiResourceLinkRequest',
    [`${LTI}/version`]: '1.3.0',
    [`${LTI}/deployment_id`]: tool.deploymentId,
    [`${LTI}/target_link_uri`]: 'http://127.0.0.1:9/lti/launch?drill=1',
    [`${LTI}/resource_link`]: { id: linkId, title: 'Dosage drill 1' },
    [`${LTI}/roles`]: [
      'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
      'http://purl.imsglobal.org/vocab/institution/person#Student',
    ],
    [`${LTI}/context`]: { id: 'nur-101', label: 'NUR 101', title: 'Pharmacology Math (Fall)' },
    [`${LTI}/tool_platform`]: {
      product_family_code: 'examprep-lms-standin',
      guid: expect.any(String),
    },
    [`${LTI}/launch_presentation`]: {
      document_target: 'window',
      return_url: expect.stringContaining(lms.issuer),
    },
    [`${LTI}/custom`]: { examprep_set: 'dosage-1' },
    'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
      scope: expect.arrayContaining(['https://purl.imsglobal.org/spec/lti-ags/scope/score']),
      lineitems: `${lms.issuer}/api/lti/contexts/nur-101/lineitems`,
      lineitem: expect.stringMatching(/\/api\/lti\/contexts\/nur-101\/lineitems\/li-\d+$/),
    },
    'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
      context_memberships_url: `${lms.issuer}/api/lti/contexts/nur-101/memberships`,
      service_versions: ['2.0'],
    },
  });
});

it('sends an instructor deep linking request with the deep linking settings', async () => {
  const login = await loginInitiation({
    context: 'nur-101',
    client_id: tool.clientId,
    sub: INSTRUCTOR,
    message_type: 'LtiDeepLinkingRequest',
  });
  expect(login.searchParams.get('target_link_uri')).toMatch(/\/lti\/deep-linking$/);
  const html = await (await fetch(`${lms.issuer}/auth?${authRequest(login)}`)).text();
  const claims = decodeJwt(hiddenField(html, 'id_token')!);
  expect(claims[`${LTI}/message_type`]).toBe('LtiDeepLinkingRequest');
  expect(claims[`${LTI}/roles`]).toContain(
    'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  );
  expect(claims[`${LTI}/resource_link`]).toBeUndefined();
  expect(claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings']).toEqual({
    deep_link_return_url: `${lms.issuer}/deep-link-return`,
    accept_types: ['ltiResourceLink'],
    accept_presentation_document_targets: ['iframe', 'window'],
    accept_multiple: true,
    auto_create: true,
    data: expect.any(String),
  });
});

it('answers the authentication request by POST as by GET', async () => {
  const login = await loginInitiation({ link: linkId, sub: LEE });
  const res = await postForm(`${lms.issuer}/auth`, Object.fromEntries(authRequest(login)));
  expect(res.status).toBe(200);
  expect(hiddenField(await res.text(), 'id_token')).toBeDefined();
});

describe('the authorization endpoint refuses', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['a scope without openid', { scope: 'profile' }, 'invalid_scope'],
    ['response_type code', { response_type: 'code' }, 'unsupported_response_type'],
    ['response_mode query', { response_mode: 'query' }, 'invalid_request'],
    ['prompt login', { prompt: 'login' }, 'invalid_request'],
    ['an unknown client_id', { client_id: 'someone-else' }, 'unauthorized_client'],
    [
      'an unregistered redirect_uri',
      { redirect_uri: 'http://evil.test/launch' },
      'invalid_request',
    ],
    ['a missing nonce', { nonce: '' }, 'invalid_request'],
    ["another user's login_hint", { login_hint: 'lms-user-learner-2' }, 'login_required'],
    ['an unknown lti_message_hint', { lti_message_hint: 'made-up' }, 'invalid_request'],
  ];
  it.each(cases)('%s', async (_what, over, code) => {
    const login = await loginInitiation({ link: linkId, sub: LEE });
    const res = await fetch(`${lms.issuer}/auth?${authRequest(login, over)}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`<code data-testid="error-code">${code}</code>`);
  });

  it('a second use of the same lti_message_hint', async () => {
    const login = await loginInitiation({ link: linkId, sub: LEE });
    expect((await fetch(`${lms.issuer}/auth?${authRequest(login)}`)).status).toBe(200);
    expect((await fetch(`${lms.issuer}/auth?${authRequest(login)}`)).status).toBe(400);
  });
});

it('refuses a launch for someone outside the course', async () => {
  const res = await postForm(`${lms.issuer}/launch`, { link: linkId, sub: 'lms-user-learner-3' });
  expect(res.status).toBe(400);
});

describe('test hooks', () => {
  it('/_test/launch-url starts a launch without a click', async () => {
    const res = await postJson(lms, '/_test/launch-url', { sub: LEE, resourceLinkId: linkId });
    const { url, ltiMessageHint } = (await res.json()) as { url: string; ltiMessageHint: string };
    const login = new URL(url);
    expect(login.searchParams.get('lti_message_hint')).toBe(ltiMessageHint);
    expect((await fetch(`${lms.issuer}/auth?${authRequest(login)}`)).status).toBe(200);
  });

  it('/_test/id-token forges: a stranger key is not in the JWKS, overrides and omissions apply', async () => {
    const res = await postJson(lms, '/_test/id-token', {
      sub: LEE,
      resourceLinkId: linkId,
      nonce: 'n-1',
      signWith: 'stranger',
      overrides: { [`${LTI}/version`]: '1.1' },
      omit: [`${LTI}/deployment_id`],
      expiresInSeconds: -60,
    });
    const { id_token: idToken } = (await res.json()) as { id_token: string };
    const claims = decodeJwt(idToken);
    expect(claims[`${LTI}/version`]).toBe('1.1');
    expect(claims[`${LTI}/deployment_id`]).toBeUndefined();
    expect(claims.exp! < Date.now() / 1000).toBe(true);
    const jwks = createRemoteJWKSet(new URL(`${lms.issuer}/.well-known/jwks.json`));
    await expect(jwtVerify(idToken, jwks, { clockTolerance: 3600 })).rejects.toThrow();
  });

  it('/_test/id-token signs with the platform key by default, and alg none on request', async () => {
    const good = (await (
      await postJson(lms, '/_test/id-token', { sub: LEE, resourceLinkId: linkId, nonce: 'n-2' })
    ).json()) as { id_token: string };
    const jwks = createRemoteJWKSet(new URL(`${lms.issuer}/.well-known/jwks.json`));
    await expect(
      jwtVerify(good.id_token, jwks, { audience: tool.clientId }),
    ).resolves.toBeDefined();
    const none = (await (
      await postJson(lms, '/_test/id-token', {
        sub: LEE,
        resourceLinkId: linkId,
        nonce: 'n-3',
        signWith: 'none',
      })
    ).json()) as { id_token: string };
    expect(decodeProtectedHeader(none.id_token).alg).toBe('none');
  });
});
