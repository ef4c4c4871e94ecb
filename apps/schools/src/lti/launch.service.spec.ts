import {
  createLocalJWKSet,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import type { LtiAccountInput } from '@examprep/contracts';
import type { Clock } from '../clock';
import type { SchoolsEnv } from '../config/schools.env';
import type { SchoolsCalls } from './peers';
import { LaunchService } from './launch.service';
import type { LtiRepository } from './lti.repository';
import type {
  AccountRecord,
  ContextRecord,
  LinkRecord,
  MemberRecord,
  OnceRecord,
  PlatformRecord,
  ToolKeyRecord,
} from './lti.schema';
import type { PlatformKeys } from './platform-keys';
import { Claims, LTI_VERSION, MessageTypes } from './protocol/claims';
import { ToolKeys } from './tool-keys.service';

const WEB = 'http://localhost:15173';
const KEYCLOAK = 'http://localhost:18080';
const BROKER = `${KEYCLOAK}/realms/examprep/broker/lti/endpoint`;
const SECRET = 'bridge-secret-0123456789';
const ISS = 'https://lms.example';

/** The repository's part the launch uses, in memory (the Mongo one has its own int spec). */
class MemoryRepo {
  platforms = new Map<string, PlatformRecord>();
  once = new Map<string, OnceRecord>();
  accounts = new Map<string, AccountRecord>();
  contexts = new Map<string, ContextRecord>();
  members = new Map<string, MemberRecord>();
  links = new Map<string, LinkRecord>();
  keys: ToolKeyRecord[] = [];

  async findPlatform(id: string) {
    return this.platforms.get(id) ?? null;
  }
  async platformsOfIssuer(issuer: string) {
    return [...this.platforms.values()].filter((p) => p.issuer === issuer);
  }
  async insertOnce(
    id: string,
    kind: OnceRecord['kind'],
    data: Record<string, unknown>,
    expiresAt: Date,
  ) {
    if (this.once.has(id)) return false;
    this.once.set(id, { _id: id, kind, data, expiresAt });
    return true;
  }
  async takeOnce(id: string, now: Date) {
    const r = this.once.get(id);
    this.once.delete(id);
    return r && r.expiresAt.getTime() > now.getTime() ? r : null;
  }
  async findAccount(key: string) {
    return this.accounts.get(key) ?? null;
  }
  async saveAccount(
    key: string,
    f: {
      uid: string;
      platformId: string;
      instructor: boolean;
      name: string | null;
      email: string | null;
    },
    now: Date,
  ) {
    const old = this.accounts.get(key);
    this.accounts.set(key, {
      _id: key,
      uid: f.uid,
      platformId: f.platformId,
      name: f.name,
      email: f.email,
      instructor: (old?.instructor ?? false) || f.instructor,
      createdAt: old?.createdAt ?? now,
      lastLaunchAt: now,
    });
  }
  async saveContext(r: ContextRecord) {
    this.contexts.set(r._id, r);
  }
  async saveMember(r: MemberRecord) {
    this.members.set(r._id, r);
  }
  async saveLink(r: LinkRecord) {
    this.links.set(r._id, r);
  }
  async toolKeys() {
    return [...this.keys].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
  async insertToolKey(r: ToolKeyRecord) {
    this.keys.push(r);
    return true;
  }
}

class FakePeers implements Pick<SchoolsCalls, 'provision'> {
  calls: LtiAccountInput[] = [];
  async provision(account: LtiAccountInput) {
    this.calls.push(account);
    return { uid: `uid-${account.key.split(':')[1]}`, created: true };
  }
}

interface Setup {
  service: LaunchService;
  repo: MemoryRepo;
  identity: FakePeers;
  licences: { takeSeats: jest.Mock };
  clock: { t: number; now(): number };
  sign(claims: JWTPayload, opts?: { stranger?: boolean; alg?: string }): Promise<string>;
  /** A login, then a launch token for it (the claims can be changed). */
  start(overrides?: Record<string, unknown>): Promise<{ state: string; idToken: string }>;
}

async function setup(): Promise<Setup> {
  const platformKey = await generateKeyPair('RS256', { extractable: true });
  const strangerKey = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(platformKey.publicKey)), kid: 'platform-1', alg: 'RS256' };
  const keySet = createLocalJWKSet({ keys: [jwk] });
  const repo = new MemoryRepo();
  const clock = {
    t: Date.parse('2026-11-28T10:00:00Z'),
    now() {
      return this.t;
    },
  };
  repo.platforms.set('p-1', {
    _id: 'p-1',
    name: 'LMS',
    issuer: ISS,
    clientId: 'client-1',
    deploymentIds: ['deploy-1'],
    authUrl: `${ISS}/auth`,
    tokenUrl: `${ISS}/token`,
    jwksUrl: `${ISS}/jwks`,
    status: 'active',
    registeredBy: 'admin',
    createdAt: new Date(clock.t),
    updatedAt: new Date(clock.t),
  });
  const env = {
    WEB_URL: WEB,
    KEYCLOAK_PUBLIC_URL: KEYCLOAK,
    KEYCLOAK_REALM: 'examprep',
    LTI_BRIDGE_CLIENT_SECRET: SECRET,
    LTI_ALLOW_HTTP: false,
  } as SchoolsEnv;
  const identity = new FakePeers();
  const licences = { takeSeats: jest.fn(async () => undefined) };
  const keys = new ToolKeys(repo as unknown as LtiRepository, clock as unknown as Clock);
  const platformKeys = { keySet: () => keySet } as unknown as PlatformKeys;
  const service = new LaunchService(
    repo as unknown as LtiRepository,
    env,
    keys,
    platformKeys,
    identity as unknown as SchoolsCalls,
    clock as unknown as Clock,
    licences,
  );
  const sign = (claims: JWTPayload, opts: { stranger?: boolean; alg?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid: 'platform-1' })
      .sign(opts.stranger ? strangerKey.privateKey : platformKey.privateKey);
  const start = async (overrides: Record<string, unknown> = {}) => {
    const login = await service.login({
      iss: ISS,
      login_hint: 'lms-user-1',
      target_link_uri: `${WEB}/api/lti/launch`,
      client_id: 'client-1',
    });
    const nonce = new URL(login.redirectUrl).searchParams.get('nonce')!;
    const iat = Math.floor(clock.t / 1000);
    const idToken = await sign({
      iss: ISS,
      aud: 'client-1',
      sub: 'lms-user-1',
      nonce,
      iat,
      exp: iat + 300,
      name: 'Lee Learner',
      [Claims.messageType]: MessageTypes.resourceLink,
      [Claims.version]: LTI_VERSION,
      [Claims.deploymentId]: 'deploy-1',
      [Claims.targetLinkUri]: `${WEB}/api/lti/launch`,
      [Claims.resourceLink]: { id: 'link-1', title: 'Pump practice' },
      [Claims.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [Claims.context]: { id: 'nur-101', label: 'NUR 101', title: 'Pharmacology Math' },
      [Claims.custom]: { examprep_kind: 'pump' },
      ...overrides,
    });
    return { state: login.state, idToken };
  };
  return { service, repo, identity, licences, clock, sign, start };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as { payload?: { code?: string } }).payload?.code ?? String(err);
  }
  return 'accepted';
}

describe('LaunchService', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });

  it('login: redirects to the platform with state, nonce and our launch URL', async () => {
    const login = await s.service.login({
      iss: ISS,
      login_hint: 'hint',
      target_link_uri: `${WEB}/api/lti/launch`,
      lti_message_hint: 'msg',
    });
    const url = new URL(login.redirectUrl);
    expect(url.origin + url.pathname).toBe(`${ISS}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: 'client-1',
      redirect_uri: `${WEB}/api/lti/launch`,
      login_hint: 'hint',
      lti_message_hint: 'msg',
      state: login.state,
    });
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('login: refuses an unknown issuer, a foreign target, an unknown deployment, a pending platform', async () => {
    const base = { iss: ISS, login_hint: 'h', target_link_uri: `${WEB}/api/lti/launch` };
    expect(await codeOf(s.service.login({ ...base, iss: 'https://other.example' }))).toBe(
      'LTI_UNKNOWN_PLATFORM',
    );
    expect(
      await codeOf(s.service.login({ ...base, target_link_uri: 'https://evil.example/' })),
    ).toBe('LTI_LOGIN');
    expect(await codeOf(s.service.login({ ...base, lti_deployment_id: 'deploy-9' }))).toBe(
      'LTI_DEPLOYMENT',
    );
    expect(await codeOf(s.service.login({ iss: ISS }))).toBe('LTI_LOGIN');
    s.repo.platforms.get('p-1')!.status = 'pending';
    expect(await codeOf(s.service.login(base))).toBe('LTI_PLATFORM_INACTIVE');
  });

  it('launch: signs in the LMS user by platform and sub, records the course and link, opens the resource', async () => {
    const { state, idToken } = await s.start();
    const answer = await s.service.launch({ idToken, state, cookieState: state });
    expect(answer.target).toBe('/simulations');
    expect(answer.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.identity.calls).toEqual([
      expect.objectContaining({ key: 'p-1:lms-user-1', name: 'Lee Learner', instructor: false }),
    ]);
    expect(s.repo.accounts.get('p-1:lms-user-1')).toMatchObject({
      uid: 'uid-lms-user-1',
      name: 'Lee Learner',
    });
    // a learner takes a seat of the school's licences; an instructor does not (next test)
    expect(s.licences.takeSeats).toHaveBeenCalledWith('p-1', 'uid-lms-user-1');
    expect(s.repo.contexts.get('p-1:nur-101')).toMatchObject({ label: 'NUR 101' });
    expect(s.repo.members.get('p-1:nur-101|uid-lms-user-1')).toMatchObject({ instructor: false });
    expect(s.repo.links.get('p-1:link-1')).toMatchObject({ custom: { examprep_kind: 'pump' } });

    // a second launch of the same user: the link, no new account
    const again = await s.start();
    await s.service.launch({
      idToken: again.idToken,
      state: again.state,
      cookieState: again.state,
    });
    expect(s.identity.calls).toHaveLength(1);
  });

  it('launch: an instructor launch asks identity once for the role', async () => {
    const teach = {
      [Claims.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
    };
    for (let i = 0; i < 2; i++) {
      const { state, idToken } = await s.start(teach);
      await s.service.launch({ idToken, state, cookieState: state });
    }
    expect(s.identity.calls.map((c) => c.instructor)).toEqual([true]);
    expect(s.licences.takeSeats).not.toHaveBeenCalled();
  });

  it('refuses a replayed launch (the state is used up; the nonce too)', async () => {
    const { state, idToken } = await s.start();
    await s.service.launch({ idToken, state, cookieState: state });
    expect(await codeOf(s.service.launch({ idToken, state, cookieState: state }))).toBe(
      'LTI_STATE',
    );
  });

  it('refuses a launch whose nonce is not its login’s', async () => {
    const { state } = await s.start();
    const other = await s.start();
    expect(
      await codeOf(s.service.launch({ idToken: other.idToken, state, cookieState: state })),
    ).toBe('LTI_REPLAY');
  });

  it('refuses a launch without this browser’s state cookie', async () => {
    const { state, idToken } = await s.start();
    expect(await codeOf(s.service.launch({ idToken, state, cookieState: null }))).toBe('LTI_STATE');
    expect(await codeOf(s.service.launch({ idToken, state, cookieState: 'x'.repeat(43) }))).toBe(
      'LTI_STATE',
    );
    // the state was not taken: the right browser still launches
    expect(await codeOf(s.service.launch({ idToken, state, cookieState: state }))).toBe('accepted');
  });

  it('refuses a forged or altered token', async () => {
    const { state, idToken } = await s.start();
    const claims = decodeJwt(idToken);
    const stranger = await s.sign(claims, { stranger: true });
    expect(await codeOf(s.service.launch({ idToken: stranger, state, cookieState: state }))).toBe(
      'LTI_TOKEN',
    );

    const second = await s.start();
    const [h, p, sig] = second.idToken.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload[Claims.roles] = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'];
    const altered = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), sig].join('.');
    expect(
      await codeOf(
        s.service.launch({ idToken: altered, state: second.state, cookieState: second.state }),
      ),
    ).toBe('LTI_TOKEN');

    const none = await s.start();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${none.idToken.split('.')[1]}.`;
    expect(
      await codeOf(
        s.service.launch({ idToken: unsigned, state: none.state, cookieState: none.state }),
      ),
    ).toBe('LTI_TOKEN');
    expect(s.identity.calls).toHaveLength(0);
  });

  it.each([
    ['another audience', { aud: 'client-2' }],
    ['another issuer', { iss: 'https://other.example' }],
    ['an unregistered deployment', { [Claims.deploymentId]: 'deploy-9' }],
  ])('refuses a token with %s', async (_, overrides) => {
    const { state, idToken } = await s.start(overrides);
    expect(await codeOf(s.service.launch({ idToken, state, cookieState: state }))).toMatch(
      /^LTI_(TOKEN|DEPLOYMENT)$/,
    );
  });

  it('refuses an expired token, and one issued too long ago', async () => {
    const iat = Math.floor(s.clock.t / 1000);
    const expired = await s.start({ iat: iat - 600, exp: iat - 120 });
    expect(
      await codeOf(
        s.service.launch({
          idToken: expired.idToken,
          state: expired.state,
          cookieState: expired.state,
        }),
      ),
    ).toBe('LTI_TOKEN');
    const old = await s.start({ iat: iat - 3600, exp: iat + 300 });
    expect(
      await codeOf(
        s.service.launch({ idToken: old.idToken, state: old.state, cookieState: old.state }),
      ),
    ).toBe('LTI_TOKEN');
  });

  it('refuses a launch once the registration is disabled', async () => {
    const { state, idToken } = await s.start();
    s.repo.platforms.get('p-1')!.status = 'disabled';
    expect(await codeOf(s.service.launch({ idToken, state, cookieState: state }))).toBe(
      'LTI_PLATFORM_INACTIVE',
    );
  });

  it('never signs in another platform’s user with the same sub', async () => {
    s.repo.platforms.set('p-2', {
      ...s.repo.platforms.get('p-1')!,
      _id: 'p-2',
      clientId: 'client-2',
    });
    const first = await s.start();
    await s.service.launch({
      idToken: first.idToken,
      state: first.state,
      cookieState: first.state,
    });
    expect(s.repo.accounts.has('p-1:lms-user-1')).toBe(true);
    expect(s.repo.accounts.has('p-2:lms-user-1')).toBe(false);
  });

  describe('the sign-in bridge', () => {
    async function ticket(): Promise<string> {
      const { state, idToken } = await s.start();
      return (await s.service.launch({ idToken, state, cookieState: state })).ticket;
    }

    it('turns a ticket into a code, once, for Keycloak’s broker endpoint only, and the code into an id_token', async () => {
      const t = await ticket();
      expect(
        await codeOf(
          s.service.bridgeAuthorize({
            ticket: t,
            clientId: 'keycloak-broker',
            redirectUri: 'https://evil.example/cb',
            nonce: 'n',
          }),
        ),
      ).toBe('LTI_BRIDGE_CLIENT');
      const { code } = await s.service.bridgeAuthorize({
        ticket: t,
        clientId: 'keycloak-broker',
        redirectUri: BROKER,
        nonce: 'kc-nonce',
      });
      expect(
        await codeOf(
          s.service.bridgeAuthorize({
            ticket: t,
            clientId: 'keycloak-broker',
            redirectUri: BROKER,
            nonce: 'n',
          }),
        ),
      ).toBe('LTI_TICKET');

      expect(
        await codeOf(
          s.service.bridgeToken({
            code,
            clientId: 'keycloak-broker',
            clientSecret: 'wrong',
            redirectUri: BROKER,
          }),
        ),
      ).toBe('LTI_BRIDGE_CLIENT');
      const token = await s.service.bridgeToken({
        code,
        clientId: 'keycloak-broker',
        clientSecret: SECRET,
        redirectUri: BROKER,
      });
      const claims = decodeJwt(token.idToken);
      expect(claims).toMatchObject({
        iss: `${WEB}/api/lti/bridge`,
        aud: 'keycloak-broker',
        sub: 'uid-lms-user-1',
        nonce: 'kc-nonce',
      });
      // used up
      expect(
        await codeOf(
          s.service.bridgeToken({
            code,
            clientId: 'keycloak-broker',
            clientSecret: SECRET,
            redirectUri: BROKER,
          }),
        ),
      ).toBe('LTI_BRIDGE_CODE');
    });

    it('refuses an expired ticket and a missing one', async () => {
      const t = await ticket();
      s.clock.t += 3 * 60_000;
      expect(
        await codeOf(
          s.service.bridgeAuthorize({
            ticket: t,
            clientId: 'keycloak-broker',
            redirectUri: BROKER,
            nonce: null,
          }),
        ),
      ).toBe('LTI_TICKET');
      expect(
        await codeOf(
          s.service.bridgeAuthorize({
            ticket: null,
            clientId: 'keycloak-broker',
            redirectUri: BROKER,
            nonce: null,
          }),
        ),
      ).toBe('LTI_TICKET');
    });
  });
});
