// KeycloakAdminClient (through @keycloak/keycloak-admin-client, ADR 0034) against the test
// profile's real Keycloak, with the identity service's own client credentials and privileges
// (ADR 0008): every call the service makes, and Keycloak's answers mapped as the service needs
// them (a missing user null/false, a missing role 503). The realm's registration switch is set
// to the value it has, so tests running beside this one see no change.
import {
  createRealmUser,
  decodeJwt,
  getClientToken,
  identityServiceClient,
  infraConfig,
  maildev,
  waitFor,
} from '@examprep/test-kit';
import { randomUUID } from 'node:crypto';
import { KeycloakAdminClient } from '../src/keycloak/keycloak-admin.client';

const cfg = infraConfig('test');
const sut = new KeycloakAdminClient({
  url: cfg.keycloakUrl,
  realm: cfg.realm,
  ...identityServiceClient(),
});
const stamp = `${Date.now()}-${randomUUID().slice(0, 8)}`;
const email = `kc-admin-${stamp}@examprep.test`;
let uid = '';

beforeAll(async () => {
  uid = await createRealmUser({ email, password: 'right-pass-1' });
});

afterAll(async () => {
  if (uid) await sut.deleteUser(uid);
});

it('finds a user by id and by exact email (any case); an unknown one is null', async () => {
  expect(await sut.findUser(uid)).toMatchObject({
    id: uid,
    email,
    emailVerified: true,
    enabled: true,
  });
  expect(await sut.findUserByEmail(email.toUpperCase())).toMatchObject({ id: uid, email });
  expect(await sut.findUser(randomUUID())).toBeNull();
  expect(await sut.findUserByEmail(`nobody-${email}`)).toBeNull();
});

it("pages through a role's users; reads realm roles, composite ones included", async () => {
  const admins = await sut.usersInRole('admin', 1); // one a page: the paging itself
  expect(admins.size).toBeGreaterThan(0);
  expect(await sut.usersInRole('admin')).toEqual(admins);
  expect(admins.has(uid)).toBe(false);
  const [adminId] = admins;
  expect(await sut.hasRealmRole(adminId, 'admin')).toBe(true);
  // default-roles-<realm> holds offline_access: a role the user has only through a composite
  expect(await sut.hasRealmRole(uid, 'offline_access')).toBe(true);
  expect(await sut.hasRealmRole(uid, 'admin')).toBe(false);
  expect(await sut.hasRealmRole(randomUUID(), 'admin')).toBe(false);
  await expect(sut.usersInRole(`no-such-role-${stamp}`)).rejects.toMatchObject({
    payload: { status: 503, code: 'IDENTITY_PROVIDER_UNAVAILABLE' },
  });
});

it("mints the user's own token for the web client by token exchange", async () => {
  const { accessToken, expiresIn } = await sut.impersonationToken(uid, cfg.webClientId);
  expect(expiresIn).toBeGreaterThan(0);
  const { payload } = decodeJwt(accessToken);
  expect(payload.sub).toBe(uid);
  expect(payload.email).toBe(email);
});

it('has Keycloak mail the verify link and the password reset', async () => {
  const mail = maildev('test');
  await sut.sendVerifyEmail(uid, cfg.webClientId, `${cfg.webUrl}/dashboard`);
  await mail.waitForEmail(email);
  await sut.executeActionsEmail(uid, ['UPDATE_PASSWORD'], cfg.webClientId, `${cfg.webUrl}/login`);
  await waitFor(async () => (await mail.list(email)).length >= 2, {
    timeoutMs: 15_000,
    description: `a second mail to ${email}`,
  });
});

it('sets the realm registration switch (to the value it has)', async () => {
  const realmUrl = `${cfg.keycloakUrl}/admin/realms/${cfg.realm}`;
  const registrationAllowed = async () => {
    const { access_token } = await getClientToken(identityServiceClient());
    const res = await fetch(realmUrl, { headers: { authorization: `Bearer ${access_token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { registrationAllowed: boolean }).registrationAllowed;
  };
  const now = await registrationAllowed();
  await sut.setRegistrationAllowed(now);
  expect(await registrationAllowed()).toBe(now);
});

it('deletes a user once; then there is none to delete', async () => {
  const other = await createRealmUser({
    email: `kc-admin-del-${stamp}@examprep.test`,
    password: 'p-1-right',
  });
  expect(await sut.deleteUser(other)).toBe(true);
  expect(await sut.findUser(other)).toBeNull();
  expect(await sut.deleteUser(other)).toBe(false);
});
