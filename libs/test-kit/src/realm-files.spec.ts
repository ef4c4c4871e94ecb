// Invariants of the realm as code (deploy/keycloak): what production gets, and what only the
// local dev/test servers get.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { findRepoRoot, readInfraConfigFile } from './config';
import { readRealmJson, realmFiles, type RealmJson } from './seeded';

interface ClientJson {
  clientId: string;
  publicClient?: boolean;
  standardFlowEnabled?: boolean;
  implicitFlowEnabled?: boolean;
  directAccessGrantsEnabled?: boolean;
  serviceAccountsEnabled?: boolean;
  redirectUris?: string[];
  webOrigins?: string[];
  attributes?: Record<string, string>;
  defaultClientScopes?: string[];
  protocolMappers?: { protocolMapper: string; config: Record<string, string> }[];
}

const root = findRepoRoot();
const cfg = readInfraConfigFile();
const files = realmFiles(root);
const prod = readRealmJson(files.realm);
const overlay = readRealmJson(files.overlay);
const req = createRequire(__filename);
const { mergeRealm } = req(path.join(root, 'tools', 'infra', 'merge-realm.cjs')) as {
  mergeRealm: (a: RealmJson, b: RealmJson) => RealmJson;
};

/** Built-in clients that Keycloak creates with direct access grants (password grant) on. */
const BUILT_IN_CLIENTS_WITH_PASSWORD_GRANT = ['admin-cli'];

const clients = (r: RealmJson) => (r.clients ?? []) as unknown as ClientJson[];
const client = (r: RealmJson, id: string) => clients(r).find((c) => c.clientId === id);
const audienceOf = (c: ClientJson | undefined) =>
  c?.protocolMappers
    ?.filter(
      (m) =>
        m.protocolMapper === 'oidc-audience-mapper' && m.config['access.token.claim'] === 'true',
    )
    .map((m) => m.config['included.custom.audience']);

describe('production realm', () => {
  it('is the configured realm', () => {
    expect(prod.realm).toBe(cfg.realm);
    expect(overlay.realm).toBe(cfg.realm);
  });

  it('has the public web client with code flow + PKCE S256 only, no password grant', () => {
    const web = client(prod, cfg.webClientId);
    expect(web).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
    });
    expect(web?.attributes?.['pkce.code.challenge.method']).toBe('S256');
    expect(web?.redirectUris).toEqual(['${EXAMPREP_WEB_URL:http://localhost:5173}/*']);
    expect(web?.webOrigins).toEqual(['${EXAMPREP_WEB_URL:http://localhost:5173}']);
    expect(web?.attributes?.['post.logout.redirect.uris']).toBe(
      '${EXAMPREP_WEB_URL:http://localhost:5173}/*',
    );
    expect(audienceOf(web)).toEqual([cfg.apiAudience]);
    // the web app tells a fresh registration from a sign-in by the account's creation time
    // in the ID token (next to auth_time); nothing else learns it
    expect(web?.protocolMappers).toContainEqual(
      expect.objectContaining({
        protocolMapper: 'oidc-usermodel-property-mapper',
        config: expect.objectContaining({
          'user.attribute': 'createdTimestamp',
          'claim.name': 'account_created_ms',
          'jsonType.label': 'long',
          'id.token.claim': 'true',
          'access.token.claim': 'false',
          'userinfo.token.claim': 'false',
        }),
      }),
    );
    expect([...(web?.defaultClientScopes ?? [])].sort()).toEqual([
      'basic',
      'email',
      'profile',
      'roles',
      'web-origins',
    ]);
  });

  it('has the identity-service account with user management roles and a placeholder secret', () => {
    const identity = client(prod, 'identity-service') as ClientJson & { secret?: string };
    expect(identity).toMatchObject({
      publicClient: false,
      serviceAccountsEnabled: true,
      directAccessGrantsEnabled: false,
      standardFlowEnabled: false,
    });
    expect(identity.secret).toMatch(/^\$\{KC_IDENTITY_CLIENT_SECRET:.+\}$/);
    const sa = (prod.users ?? []).find(
      (u) =>
        (u as { serviceAccountClientId?: string }).serviceAccountClientId === 'identity-service',
    ) as { clientRoles?: Record<string, string[]> } | undefined;
    // view-realm: reading which users hold the admin role (admin user list);
    // manage-realm: only to apply the sign-up switch to registrationAllowed (ADR 0008)
    expect([...(sa?.clientRoles?.['realm-management'] ?? [])].sort()).toEqual([
      'manage-realm',
      'manage-users',
      'query-users',
      'view-realm',
      'view-users',
    ]);
  });

  it('lets only the identity service impersonate users by token exchange (ADR 0008)', () => {
    const rm = clients(prod).find((c) => c.clientId === 'realm-management') as unknown as {
      authorizationSettings: {
        policies: { name: string; type: string; config: Record<string, string> }[];
      };
    };
    const policies = rm.authorizationSettings.policies;
    const byName = (name: string) => policies.find((p) => p.name === name);
    expect(byName('identity-service-client')?.config.clients).toBe('["identity-service"]');
    expect(byName('admin-impersonating.permission.users')?.config.applyPolicies).toBe(
      '["identity-service-client"]',
    );
    const web = clients(prod).find((c) => c.clientId === 'web') as unknown as { id: string };
    expect(byName(`token-exchange.permission.client.${web.id}`)?.config.applyPolicies).toBe(
      '["identity-service-client"]',
    );
    // no other permission grants anything to anyone
    const granting = policies.filter((p) => p.type === 'scope' && p.config.applyPolicies);
    expect(granting.map((p) => p.name).sort()).toEqual(
      ['admin-impersonating.permission.users', `token-exchange.permission.client.${web.id}`].sort(),
    );
  });

  it('contains no people and no client with the password grant', () => {
    expect(
      (prod.users ?? []).every(
        (u) => (u as { serviceAccountClientId?: string }).serviceAccountClientId,
      ),
    ).toBe(true);
    expect(clients(prod).filter((c) => c.directAccessGrantsEnabled)).toEqual([]);
    // every client says so itself: a missing value would leave it to Keycloak's default
    expect(
      clients(prod)
        .filter((c) => c.directAccessGrantsEnabled !== false)
        .map((c) => c.clientId),
    ).toEqual([]);
    expect(client(prod, 'api-tests')).toBeUndefined();
  });

  it('switches off the password grant of the built-in clients Keycloak creates with it (RFC 9700)', () => {
    // Keycloak adds built-in clients to every imported realm; of those, admin-cli has direct
    // access grants ON unless the realm file lists it (checked against the running server in
    // apps/identity/test/direct-grants.int-spec.ts).
    for (const builtIn of BUILT_IN_CLIENTS_WITH_PASSWORD_GRANT) {
      expect(client(prod, builtIn)).toMatchObject({
        directAccessGrantsEnabled: false,
        implicitFlowEnabled: false,
        standardFlowEnabled: false,
        serviceAccountsEnabled: false,
      });
    }
  });

  it('sets the agreed security and session settings', () => {
    expect(prod).toMatchObject({
      bruteForceProtected: true,
      permanentLockout: false,
      failureFactor: 30,
      waitIncrementSeconds: 60,
      maxFailureWaitSeconds: 900,
      // no pause for two failures in quick succession: Keycloak records failures on a
      // background pool, so a person's double submit or quick retry cannot be told from a
      // machine's by their recorded times; the 30-failure lock slows guessing (ADR 0014)
      minimumQuickLoginWaitSeconds: 0,
      passwordPolicy: 'length(6)',
      verifyEmail: false,
      resetPasswordAllowed: true,
      registrationAllowed: true,
      registrationEmailAsUsername: true,
      loginWithEmailAllowed: true,
      duplicateEmailsAllowed: false,
      accessTokenLifespan: 300,
      ssoSessionIdleTimeout: 1800,
    });
    expect((prod.roles as { realm: { name: string }[] }).realm.map((r) => r.name).sort()).toEqual([
      'admin',
      'instructor',
      'staging-access',
    ]);
    expect((prod.smtpServer as Record<string, string>).from).toContain('no-reply@examprep.local');
  });

  it('brokers school launches through the hidden identity provider lti, signed with our JWKS (ADR 0040)', () => {
    const idps = (prod as { identityProviders?: Record<string, unknown>[] }).identityProviders;
    expect(idps?.map((p) => p.alias)).toEqual(['lti']);
    const lti = idps![0]!;
    expect(lti).toMatchObject({
      providerId: 'oidc',
      enabled: true,
      // Keycloak 26 reads hideOnLogin; config.hideOnLoginPage is the pre-26 field
      hideOnLogin: true,
      linkOnly: false,
      trustEmail: true,
      storeToken: false,
    });
    const config = lti.config as Record<string, string>;
    expect(config).toMatchObject({
      validateSignature: 'true',
      useJwksUrl: 'true',
      jwksUrl: '${EXAMPREP_GATEWAY_URL:http://localhost:3000}/api/lti/jwks',
      tokenUrl: '${EXAMPREP_GATEWAY_URL:http://localhost:3000}/api/lti/bridge/token',
      authorizationUrl: '${EXAMPREP_WEB_URL:http://localhost:5173}/api/lti/bridge/authorize',
      issuer: '${EXAMPREP_WEB_URL:http://localhost:5173}/api/lti/bridge',
      clientId: 'keycloak-broker',
      clientAuthMethod: 'client_secret_post',
      syncMode: 'IMPORT',
      disableUserInfo: 'true',
    });
    expect(config.clientSecret).toMatch(/^\$\{EXAMPREP_LTI_BRIDGE_SECRET:.+\}$/);
    expect(config.hideOnLoginPage).toBeUndefined();
  });

  it('uses our login theme', () => {
    expect(Object.keys(prod).filter((k) => /theme/i.test(k))).toEqual(['loginTheme']);
    expect((prod as Record<string, unknown>).loginTheme).toBe('examprep');
  });

  it('asks only for email and password at sign-up (first and last name optional)', () => {
    const components = (
      prod as { components?: Record<string, { config: Record<string, string[]> }[]> }
    ).components;
    const config = JSON.parse(
      components!['org.keycloak.userprofile.UserProfileProvider']![0]!.config[
        'kc.user.profile.config'
      ]![0]!,
    ) as {
      attributes: { name: string; required?: unknown }[];
    };
    expect(config.attributes.filter((a) => a.required).map((a) => a.name)).toEqual(['email']);
    // the key of a school account and the id it is found by (ADR 0040): kept by Keycloak, seen
    // and set by admins only
    for (const name of ['lti_key', 'lti_id']) {
      expect(config.attributes.find((a) => a.name === name)).toMatchObject({
        permissions: { view: ['admin'], edit: ['admin'] },
      });
    }
  });
});

describe('dev overlay merged into the realm', () => {
  const merged = mergeRealm(prod, overlay);

  it('adds the api-tests client (password grant, audience) and the seeded users', () => {
    const api = client(merged, 'api-tests');
    expect(api).toMatchObject({
      publicClient: false,
      directAccessGrantsEnabled: true,
      standardFlowEnabled: false,
    });
    expect(audienceOf(api)).toEqual([cfg.apiAudience]);
    expect((merged.users ?? []).map((u) => u.username)).toEqual(
      expect.arrayContaining([
        'service-account-identity-service',
        'admin@examprep.test',
        'learner@examprep.test',
        'unverified@examprep.test',
      ]),
    );
  });

  it('keeps the production clients and settings and does not change the production object', () => {
    expect(client(merged, cfg.webClientId)).toEqual(client(prod, cfg.webClientId));
    expect(merged.accessTokenLifespan).toBe(300);
    expect(client(prod, 'api-tests')).toBeUndefined();
  });

  it('seeds users without pending required actions', () => {
    for (const u of overlay.users ?? []) {
      expect(u).toMatchObject({ enabled: true, requiredActions: [] });
      expect(u.username).toBe(u.email);
      expect(u.firstName && u.lastName).toBeTruthy();
    }
  });

  it('gives every seeded user a fixed id, so a re-import keeps their user documents valid', () => {
    // Keycloak makes a new id for a user without one at each import; the identity service keys
    // user documents by that id, and an old document then refuses the same email (409).
    const ids = (overlay.users ?? []).map((u) => u.id);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
