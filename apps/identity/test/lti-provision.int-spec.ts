// identity.lti.provision (ADR 0040) against the test profile's real NATS, Keycloak and database,
// through the running identity service: the account of an LMS user is found or made by its key
// only, once even when two first launches race, never by an existing account's email; it
// carries the federated identity `lti` → its uid, and instructors get the realm role.
// The accounts made here are deleted afterwards (document, directory entry, Keycloak user).
import { type Actor, type LtiAccountInput, Subjects } from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import {
  getClientToken,
  identityServiceClient,
  infraConfig,
  seededUsers,
} from '@examprep/test-kit';
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { KeycloakAdminClient } from '../src/keycloak/keycloak-admin.client';
import { ltiAccountId } from '../src/lti/lti-provision.service';

const cfg = infraConfig('test');
const rpc = new NatsRpcClient({
  servers: cfg.natsUrl,
  name: 'lti-provision-it',
  timeoutMs: 20_000,
});
const keycloak = new KeycloakAdminClient({
  url: cfg.keycloakUrl,
  realm: cfg.realm,
  ...identityServiceClient(),
});
const identityDb = new MongoClient(cfg.mongoUrl('identity'));
/** Cleans up through the service's own admin paths (document, directory, then Keycloak). */
const ADMIN: Actor = {
  uid: 'lti-provision-it-admin',
  email: 'lti-provision-it-admin@examprep.test',
  isAdmin: true,
  emailVerified: true,
};
const platform = `it-platform-${randomUUID()}`;
const made = new Set<string>();

const account = (sub: string, extra: Partial<LtiAccountInput> = {}): LtiAccountInput => ({
  key: `${platform}:${sub}`,
  name: 'Ann Lee',
  givenName: 'Ann',
  familyName: 'Lee',
  email: null,
  instructor: false,
  ...extra,
});

async function provision(input: LtiAccountInput) {
  const answer = await rpc.request(Subjects.identity.ltiProvision, { actor: null, account: input });
  made.add(answer.uid);
  return answer;
}

/** The user as the admin API shows it, with its federated identities. */
async function adminView(uid: string) {
  const { access_token } = await getClientToken(identityServiceClient());
  const get = async (path: string) => {
    const res = await fetch(`${cfg.keycloakUrl}/admin/realms/${cfg.realm}/users/${uid}${path}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(res.status).toBe(200);
    return res.json() as Promise<Record<string, unknown>>;
  };
  return {
    user: await get(''),
    links: (await get('/federated-identity')) as unknown as {
      identityProvider: string;
      userId: string;
      userName: string;
    }[],
  };
}

const userDocs = () => identityDb.db().collection<{ _id: string; email: string }>('users');

beforeAll(async () => {
  await rpc.connect();
  await identityDb.connect();
});

afterAll(async () => {
  for (const uid of made) {
    await rpc.request(Subjects.identity.deleteUserData, { actor: ADMIN, uid });
    await rpc.request(Subjects.identity.deleteUser, { actor: ADMIN, userId: uid });
  }
  await identityDb.close();
  await rpc.close();
});

it('makes the account on the first launch and finds the same one on the next (created false)', async () => {
  const email = `lti-${randomUUID()}@school.test`;
  const first = await provision(account('sub-1', { email }));
  expect(first.created).toBe(true);
  const again = await provision(account('sub-1', { givenName: 'Annie' }));
  expect(again).toEqual({ uid: first.uid, created: false });

  const { user, links } = await adminView(first.uid);
  expect(user).toMatchObject({
    // the realm's email is the username
    username: email,
    email,
    firstName: 'Ann',
    lastName: 'Lee',
    emailVerified: true,
    enabled: true,
    attributes: {
      lti_key: [account('sub-1').key],
      lti_id: [ltiAccountId(account('sub-1').key)],
    },
  });
  expect(links).toEqual([
    expect.objectContaining({
      identityProvider: 'lti',
      userId: first.uid,
      userName: ltiAccountId(account('sub-1').key),
    }),
  ]);
  const doc = await userDocs().findOne({ _id: first.uid });
  expect(doc?.email).toBe(email);
});

it('ends two concurrent first launches of the same LMS user with ONE account', async () => {
  const answers = await Promise.all([provision(account('sub-2')), provision(account('sub-2'))]);
  expect(answers[0].uid).toBe(answers[1].uid);
  expect(answers.map((a) => a.created).sort()).toEqual([false, true]);
  expect(
    await keycloak.findUserByAttribute('lti_id', ltiAccountId(account('sub-2').key)),
  ).toMatchObject({ id: answers[0].uid });

  // with the LMS's email: the email (the realm's username) decides between them
  const withEmail = account('sub-2b', { email: `lti-${randomUUID()}@school.test` });
  const three = await Promise.all([
    provision(withEmail),
    provision(withEmail),
    provision(withEmail),
  ]);
  expect(new Set(three.map((a) => a.uid)).size).toBe(1);
  expect(three.filter((a) => a.created)).toHaveLength(1);
});

it("does not give the new account a seeded account's email, and leaves that account as it was", async () => {
  const learner = await keycloak.findUserByEmail(seededUsers.learner.email);
  expect(learner).not.toBeNull();
  const before = await adminView(learner!.id);

  const answer = await provision(account('sub-3', { email: seededUsers.learner.email }));
  expect(answer.created).toBe(true);
  expect(answer.uid).not.toBe(learner!.id);
  const { user, links } = await adminView(answer.uid);
  // the realm requires an email: a reserved one (RFC 2606) that is never delivered
  const standIn = `${ltiAccountId(account('sub-3').key)}@lti.invalid`;
  expect(user.email).toBe(standIn);
  expect(links.map((l) => l.userId)).toEqual([answer.uid]);
  expect((await userDocs().findOne({ _id: answer.uid }))?.email).toBe(standIn);

  const after = await adminView(learner!.id);
  expect(after).toEqual(before);
});

it('gives an instructor the realm role instructor (a later learner launch keeps it)', async () => {
  const teacher = await provision(account('sub-4', { instructor: true }));
  expect(await keycloak.hasRealmRole(teacher.uid, 'instructor')).toBe(true);
  await provision(account('sub-4', { instructor: false }));
  expect(await keycloak.hasRealmRole(teacher.uid, 'instructor')).toBe(true);
  const learner = await provision(account('sub-5'));
  expect(await keycloak.hasRealmRole(learner.uid, 'instructor')).toBe(false);
});

it('refuses a malformed account with 400 and makes nothing', async () => {
  await expect(
    rpc.request(Subjects.identity.ltiProvision, {
      actor: null,
      account: { ...account('sub-6'), key: '' },
    }),
  ).rejects.toMatchObject({ payload: { status: 400 } });
  expect(await keycloak.findUserByAttribute('lti_id', ltiAccountId(''))).toBeNull();
});
