// Issue 8 item 7 against the running Keycloak: no client of the realm accepts the password grant
// (direct access grants, RFC 9700 §2.4), including the built-in clients Keycloak adds to every
// realm (admin-cli has it ON by default); only the DEV/TEST-only api-tests client of the overlay
// keeps it. Passwords are typed only into the themed login page.
import {
  identityServiceClient,
  infraConfig,
  passwordGrant,
  readRealmJson,
  realmFiles,
  seededUsers,
} from '@examprep/test-kit';

const cfg = infraConfig('test');
const DEV_ONLY_CLIENT = 'api-tests';
const learner = seededUsers.learner;

interface ClientRep {
  clientId: string;
  publicClient?: boolean;
  bearerOnly?: boolean;
  directAccessGrantsEnabled?: boolean;
}

/** Every client of the running realm, read with the local server's bootstrap admin (master). */
async function runningClients(): Promise<ClientRep[]> {
  const token = await fetch(`${cfg.keycloakUrl}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: cfg.keycloakAdmin.username,
      password: cfg.keycloakAdmin.password,
    }),
  });
  expect(token.status).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await fetch(`${cfg.keycloakUrl}/admin/realms/${cfg.realm}/clients?max=1000`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ClientRep[];
}

let clients: ClientRep[] = [];

beforeAll(async () => {
  clients = await runningClients();
});

it('the dev-only api-tests client still issues tokens for the seeded learner (the credentials are right)', async () => {
  const r = await passwordGrant({ username: learner.email, password: learner.password });
  expect(r.status).toBe(200);
});

it('lists every client of the production realm file, and the built-in admin-cli', () => {
  const prodIds = (readRealmJson(realmFiles().realm).clients ?? []).map((c) => c.clientId);
  expect(clients.map((c) => c.clientId)).toEqual(expect.arrayContaining([...prodIds, 'admin-cli']));
});

it('has direct access grants off on every client but the dev-only api-tests', () => {
  const withGrant = clients
    .filter((c) => c.directAccessGrantsEnabled)
    .map((c) => c.clientId)
    .sort();
  expect(withGrant).toEqual([DEV_ONLY_CLIENT]);
});

it("refuses the learner's right password on the realm's admin-cli", async () => {
  const r = await passwordGrant({
    clientId: 'admin-cli',
    username: learner.email,
    password: learner.password,
  });
  expect(r.status).toBe(400);
  expect(r.body.error).toBe('unauthorized_client');
  expect(r.body.access_token).toBeUndefined();
});

it('refuses the password grant on every client but api-tests', async () => {
  const identity = identityServiceClient();
  const outcomes: Record<string, string> = {};
  for (const c of clients.filter((x) => x.clientId !== DEV_ONLY_CLIENT)) {
    const r = await passwordGrant({
      clientId: c.clientId,
      // the one confidential client whose secret we hold: refused for the grant, not the secret
      clientSecret: c.clientId === identity.clientId ? identity.clientSecret : undefined,
      username: learner.email,
      password: learner.password,
    });
    expect(r.body.access_token).toBeUndefined();
    outcomes[c.clientId] = `${r.status} ${String(r.body.error)}`;
  }
  for (const c of clients) {
    if (c.clientId === DEV_ONLY_CLIENT) continue;
    // public clients and identity-service reach the grant check itself; confidential clients
    // without their secret are stopped earlier (invalid_client), bearer-only ones likewise
    const reachesGrantCheck = (c.publicClient && !c.bearerOnly) || c.clientId === identity.clientId;
    expect([c.clientId, outcomes[c.clientId]]).toEqual([
      c.clientId,
      reachesGrantCheck ? '400 unauthorized_client' : expect.stringMatching(/^40[01] /),
    ]);
  }
});
