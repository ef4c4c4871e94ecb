// Tool registration from the tool's side: by hand (the form and the values it shows back), and
// LTI Dynamic Registration 1.0 (the OpenID configuration, the one-time registration token, the
// registration endpoint's answer).
import { postForm, startLms, type Lms } from './lms-test-tool.ts';

const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

let lms: Lms;
beforeAll(async () => {
  lms = await startLms();
});
afterAll(() => lms.close());

it('registers a tool by hand and shows the values to paste into it', async () => {
  const res = await postForm(`${lms.issuer}/tools`, {
    name: 'ExamPrep',
    initiate_login_uri: 'http://localhost:9/lti/login',
    redirect_uris: 'http://localhost:9/lti/launch\nhttp://localhost:9/lti/launch2',
    jwks_uri: 'http://localhost:9/lti/jwks',
    deep_linking_url: 'http://localhost:9/lti/deep-linking',
  });
  expect(res.status).toBe(201);
  const html = await res.text();
  const value = (testid: string) => new RegExp(`data-testid="${testid}">([^<]*)<`).exec(html)?.[1];
  expect(value('platform-issuer')).toBe(lms.issuer);
  expect(value('client-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(value('deployment-id')).toMatch(/^deploy-\d+$/);
  expect(value('auth-endpoint')).toBe(`${lms.issuer}/auth`);
  expect(value('token-endpoint')).toBe(`${lms.issuer}/token`);
  expect(value('jwks-url')).toBe(`${lms.issuer}/.well-known/jwks.json`);
  const state = (await (await fetch(`${lms.issuer}/_test/state`)).json()) as {
    tools: Record<string, unknown>[];
  };
  expect(state.tools.at(-1)).toMatchObject({
    clientId: value('client-id'),
    redirectUris: ['http://localhost:9/lti/launch', 'http://localhost:9/lti/launch2'],
    targetLinkUri: 'http://localhost:9/lti/launch',
    registeredVia: 'manual',
  });
});

it('refuses a manual registration without a JWKS URL', async () => {
  const res = await postForm(`${lms.issuer}/tools`, {
    name: 'x',
    initiate_login_uri: 'http://localhost:9/login',
    redirect_uris: 'http://localhost:9/launch',
  });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain('invalid_client_metadata');
});

describe('LTI Dynamic Registration 1.0', () => {
  /** Starts a registration as the admin does; the URL the browser opens. */
  async function open(): Promise<URL> {
    const res = await postForm(`${lms.issuer}/tools/register`, {
      tool_registration_url: 'http://localhost:9/lti/register?tenant=school-1',
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  const registration = {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: 'http://localhost:9/lti/login',
    redirect_uris: ['http://localhost:9/lti/launch'],
    client_name: 'ExamPrep (dynamic)',
    jwks_uri: 'http://localhost:9/lti/jwks',
    token_endpoint_auth_method: 'private_key_jwt',
    scope:
      'https://purl.imsglobal.org/spec/lti-ags/scope/score https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    [TOOL_CONFIGURATION]: {
      domain: 'localhost:9',
      target_link_uri: 'http://localhost:9/lti/launch',
      custom_parameters: { tenant: 'school-1' },
      claims: ['iss', 'sub', 'name', 'email'],
      messages: [
        {
          type: 'LtiDeepLinkingRequest',
          target_link_uri: 'http://localhost:9/lti/deep-linking',
          label: 'ExamPrep',
        },
      ],
    },
  };

  const register = (token: string | null, body: unknown = registration) =>
    fetch(`${lms.issuer}/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  it('opens the tool with its OpenID configuration, registers it once, and answers client_id and deployment_id', async () => {
    const url = await open();
    expect(url.searchParams.get('tenant')).toBe('school-1');
    const configUrl = url.searchParams.get('openid_configuration')!;
    const token = url.searchParams.get('registration_token')!;
    expect(configUrl).toBe(`${lms.issuer}/.well-known/openid-configuration`);

    const config = (await (await fetch(configUrl)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      issuer: lms.issuer,
      authorization_endpoint: `${lms.issuer}/auth`,
      token_endpoint: `${lms.issuer}/token`,
      jwks_uri: `${lms.issuer}/.well-known/jwks.json`,
      registration_endpoint: `${lms.issuer}/register`,
      'https://purl.imsglobal.org/spec/lti-platform-configuration': {
        product_family_code: 'examprep-lms-standin',
        messages_supported: expect.arrayContaining([{ type: 'LtiResourceLinkRequest' }]),
        variables: expect.any(Array),
      },
    });

    const res = await register(token);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({
      client_id: expect.any(String),
      client_name: 'ExamPrep (dynamic)',
      redirect_uris: ['http://localhost:9/lti/launch'],
      [TOOL_CONFIGURATION]: {
        domain: 'localhost:9',
        deployment_id: expect.stringMatching(/^deploy-\d+$/),
      },
    });
    const state = (await (await fetch(`${lms.issuer}/_test/state`)).json()) as {
      tools: Record<string, unknown>[];
    };
    expect(state.tools.find((t) => t.clientId === answer.client_id)).toMatchObject({
      registeredVia: 'dynamic',
      deepLinkingUrl: 'http://localhost:9/lti/deep-linking',
      customParameters: { tenant: 'school-1' },
      scopes: registration.scope.split(' '),
    });

    const reused = await register(token);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('refuses a registration without a token, or without the tool configuration', async () => {
    expect((await register(null)).status).toBe(401);
    const token = (await open()).searchParams.get('registration_token')!;
    const { [TOOL_CONFIGURATION]: _dropped, ...withoutConfig } = registration;
    const res = await register(token, withoutConfig);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata' });
    // a refused registration does not spend the token
    expect((await register(token)).status).toBe(200);
  });
});
