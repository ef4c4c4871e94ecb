import type { Clock } from '../clock';
import type { SchoolsEnv } from '../config/schools.env';
import type { LtiRepository } from './lti.repository';
import type { PlatformRecord } from './lti.schema';
import { REGISTRATION_MESSAGES, RegistrationService } from './registration.service';

const ISS = 'https://lms.example';
const CONFIG_URL = `${ISS}/.well-known/openid-configuration`;
const PLATFORM_CONFIG = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
const TOOL_CONFIG = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

const configuration = (overrides: Record<string, unknown> = {}) => ({
  issuer: ISS,
  authorization_endpoint: `${ISS}/auth`,
  token_endpoint: `${ISS}/token`,
  jwks_uri: `${ISS}/jwks`,
  registration_endpoint: `${ISS}/register`,
  [PLATFORM_CONFIG]: { product_family_code: 'canvas' },
  ...overrides,
});

function setup(answers: { config?: unknown; registration?: unknown; status?: number } = {}) {
  const inserted: PlatformRecord[] = [];
  const repo = {
    insertPlatform: jest.fn(async (r: PlatformRecord) => {
      if (inserted.some((p) => p.issuer === r.issuer && p.clientId === r.clientId)) return false;
      inserted.push(r);
      return true;
    }),
  };
  const calls: { url: string; init: RequestInit }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    const body = url === CONFIG_URL ? (answers.config ?? configuration()) : answers.registration;
    return new Response(JSON.stringify(body), { status: answers.status ?? 200 });
  });
  const env = { WEB_URL: 'https://app.example', LTI_ALLOW_HTTP: false } as SchoolsEnv;
  const service = new RegistrationService(repo as unknown as LtiRepository, env, {
    now: () => Date.parse('2026-11-28T10:00:00Z'),
  } as Clock);
  return { service, inserted, calls };
}

const registered = {
  client_id: 'client-77',
  [TOOL_CONFIG]: { deployment_id: 'deploy-9' },
};

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return (err as { payload?: { message?: string } }).payload?.message ?? String(err);
  }
  return 'accepted';
}

afterEach(() => jest.restoreAllMocks());

describe('RegistrationService (LTI Dynamic Registration 1.0, the tool side)', () => {
  it('reads the configuration, registers our URLs and keeps the platform pending', async () => {
    const { service, inserted, calls } = setup({ registration: registered });
    const { platform } = await service.register({
      openidConfiguration: CONFIG_URL,
      registrationToken: 'reg-token',
    });
    expect(platform).toMatchObject({
      name: 'canvas (lms.example)',
      issuer: ISS,
      clientId: 'client-77',
      deploymentIds: ['deploy-9'],
      authUrl: `${ISS}/auth`,
      tokenUrl: `${ISS}/token`,
      jwksUrl: `${ISS}/jwks`,
      status: 'pending',
      registeredBy: 'dynamic',
    });
    expect(inserted).toHaveLength(1);
    const [get, post] = calls;
    expect(get!.init.headers).toEqual({ authorization: 'Bearer reg-token' });
    expect(post!.url).toBe(`${ISS}/register`);
    expect(post!.init.redirect).toBe('error');
    const body = JSON.parse(String(post!.init.body));
    expect(body).toMatchObject({
      initiate_login_uri: 'https://app.example/api/lti/login',
      redirect_uris: ['https://app.example/api/lti/launch'],
      jwks_uri: 'https://app.example/api/lti/jwks',
      token_endpoint_auth_method: 'private_key_jwt',
    });
    expect(body[TOOL_CONFIG].domain).toBe('app.example');
    expect(body.scope).toContain('https://purl.imsglobal.org/spec/lti-ags/scope/score');
  });

  it.each([
    ['no configuration URL', ''],
    ['plain http here', 'http://lms.example/.well-known/openid-configuration'],
    ['not a URL', 'lms.example'],
  ])('refuses a link with %s', async (_, url) => {
    const { service, calls } = setup();
    expect(
      await codeOf(service.register({ openidConfiguration: url, registrationToken: 't' })),
    ).toBe(REGISTRATION_MESSAGES.badRequest);
    expect(calls).toHaveLength(0);
  });

  it('refuses a configuration that is not its issuer’s own, or lacks an endpoint', async () => {
    const other = setup({ config: configuration({ issuer: 'https://evil.example' }) });
    expect(
      await codeOf(
        other.service.register({ openidConfiguration: CONFIG_URL, registrationToken: null }),
      ),
    ).toBe(REGISTRATION_MESSAGES.badConfiguration);
    const partial = setup({ config: configuration({ registration_endpoint: undefined }) });
    expect(
      await codeOf(
        partial.service.register({ openidConfiguration: CONFIG_URL, registrationToken: null }),
      ),
    ).toBe(REGISTRATION_MESSAGES.badConfiguration);
    expect(other.inserted).toHaveLength(0);
  });

  it('says so when the LMS refuses the registration or answers no client id; registers once', async () => {
    const refused = setup({ status: 403 });
    expect(
      await codeOf(
        refused.service.register({ openidConfiguration: CONFIG_URL, registrationToken: 't' }),
      ),
    ).toBe(REGISTRATION_MESSAGES.refused);
    const noClient = setup({ registration: { [TOOL_CONFIG]: {} } });
    expect(
      await codeOf(
        noClient.service.register({ openidConfiguration: CONFIG_URL, registrationToken: 't' }),
      ),
    ).toBe(REGISTRATION_MESSAGES.refused);
    const twice = setup({ registration: registered });
    await twice.service.register({ openidConfiguration: CONFIG_URL, registrationToken: 't' });
    expect(
      await codeOf(
        twice.service.register({ openidConfiguration: CONFIG_URL, registrationToken: 't' }),
      ),
    ).toBe(REGISTRATION_MESSAGES.duplicate);
  });
});
