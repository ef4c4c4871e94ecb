// Admin user management through the gateway against the real Keycloak, NATS JetStream and
// FerretDB (admin spec §2.1, §4, §7).
import {
  ADMIN_USER_MESSAGES,
  type AdminUserRow,
  type AdminUsersPage,
  type AuthUser,
  Events,
  Streams,
} from '@examprep/contracts';
import {
  apiTestsClient,
  getClientToken,
  identityServiceClient,
  infraConfig,
  seededUsers,
} from '@examprep/test-kit';
import { MongoClient } from 'mongodb';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { call, tokenFor, uidFor } from './support/api';
import { systemCtl } from './support/system';

const cfg = infraConfig('test');
const kcAdmin = `${cfg.keycloakInternalUrl}/admin/realms/${cfg.realm}`;
let adminUid = '';
let mongo: MongoClient;
let nc: NatsConnection;

/** A throwaway Keycloak account, made with the identity service's own service account. */
async function createAccount(email: string): Promise<string> {
  const { access_token } = await getClientToken(identityServiceClient());
  const res = await fetch(`${kcAdmin}/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, email, enabled: true, emailVerified: true }),
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!.split('/').pop()!;
}

beforeAll(async () => {
  systemCtl('start', ['identity', 'gateway']);
  adminUid = await uidFor('admin');
  mongo = await MongoClient.connect(cfg.mongoUrl('identity'));
  nc = await connect({ servers: cfg.natsUrl });
});

afterAll(async () => {
  await mongo?.close();
  await nc?.drain();
});

it('only admins reach the user-management routes', async () => {
  for (const [method, path, body] of [
    ['GET', '/api/list-auth-users'],
    ['GET', '/api/admin/users'],
    ['DELETE', '/api/delete-user', { userId: 'x' }],
    ['DELETE', '/api/delete-user-data', { uid: 'x' }],
    ['POST', '/api/admin/generate-test-token', { uid: 'x' }],
  ] as const) {
    expect((await call(method, path, { who: 'learner', body })).status).toBe(403);
    expect((await call(method, path, { who: 'anonymous', body })).status).toBe(401);
  }
});

/** Every row of the admin list, page after page (small pages: the Link header is followed). */
async function everyRow(query = ''): Promise<AdminUserRow[]> {
  const rows: AdminUserRow[] = [];
  let path: string | null = `/api/admin/users?limit=7${query}`;
  while (path !== null) {
    const res = await fetch(`${cfg.gatewayUrl}${path}`, {
      headers: { authorization: `Bearer ${await tokenFor('admin')}` },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as AdminUsersPage;
    rows.push(...page.users);
    const link = res.headers.get('link');
    path = link === null ? null : /^<([^>]+)>; rel="next"$/.exec(link)![1]!;
  }
  return rows;
}

it('lists accounts and documents merged, admins first then by email', async () => {
  const email = `merged-${Date.now()}@examprep.test`;
  const uid = await createAccount(email);
  await mongo
    .db()
    .collection('users')
    .insertOne({
      _id: uid as never,
      email,
      purchases: { teas_math_qbank: 'true', other: true },
      infiniteQbankGenerations: 7,
    });
  await mongo
    .db()
    .collection('users')
    .insertOne({ _id: 'db-only-user' as never, email: 'zz-db-only@examprep.test', purchases: {} });
  try {
    // written around the service (Keycloak's admin API, the database): Refresh lists them
    const refreshed = await call('POST', '/api/admin/users/refresh', { who: 'admin' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ entries: expect.any(Number), ms: expect.any(Number) });
    const auth = (await call('GET', '/api/list-auth-users', { who: 'admin' })).body as AuthUser[];
    expect(auth.find((u) => u.uid === adminUid)).toEqual({
      uid: adminUid,
      email: seededUsers.admin.email,
      emailVerified: true,
      isAdmin: true,
    });
    const rows = await everyRow();
    expect(rows[0]!.isAdmin).toBe(true);
    // admins first, then by email in the store's order (UTF-8 bytes)
    const keys = rows.map((r) => [r.isAdmin ? 0 : 1, r.email, r.uid] as const);
    const sorted = [...keys].sort(
      (x, y) =>
        x[0] - y[0] ||
        Buffer.compare(Buffer.from(x[1]), Buffer.from(y[1])) ||
        Buffer.compare(Buffer.from(x[2]), Buffer.from(y[2])),
    );
    expect(keys).toEqual(sorted);
    expect(new Set(rows.map((r) => r.uid)).size).toBe(rows.length);
    expect(rows.find((r) => r.uid === uid)).toMatchObject({
      email,
      inAuth: true,
      inDatabase: true,
      premium: true,
      qbankGenerations: 7,
      purchases: { teas_math_qbank: true, other: true },
    });
    expect(rows.find((r) => r.uid === 'db-only-user')).toMatchObject({
      inAuth: false,
      inDatabase: true,
      premium: false,
    });
  } finally {
    await mongo
      .db()
      .collection('users')
      .deleteMany({ _id: { $in: [uid, 'db-only-user'] } as never });
    await call('DELETE', '/api/delete-user', { who: 'admin', body: { userId: uid } });
  }
});

it('filters on the server, counts from the maintained counts, and exports the CSV', async () => {
  const stamp = Date.now();
  const emails = [`dup-${stamp}@examprep.test`, `DUP-${stamp}@examprep.test`];
  const uid = await createAccount(emails[0]!);
  await mongo
    .db()
    .collection('users')
    .insertOne({ _id: `db-dup-${stamp}` as never, email: emails[1]!.toLowerCase(), purchases: {} });
  try {
    await call('POST', '/api/admin/users/refresh', { who: 'admin' });
    const all = (await call('GET', '/api/admin/users', { who: 'admin' })).body as AdminUsersPage;
    expect(all.matching).toBe(all.total);
    expect(all.total).toBeGreaterThanOrEqual(3);
    // the duplicates view: both rows of the shared address (case ignored), counted
    const dups = await everyRow('&duplicates=true');
    expect(dups.map((r) => r.uid)).toEqual(expect.arrayContaining([uid, `db-dup-${stamp}`]));
    const dupPage = (await call('GET', '/api/admin/users?duplicates=true', { who: 'admin' }))
      .body as AdminUsersPage;
    expect(dupPage.matching).toBe(dups.length);
    // yes/no filters and their counts agree with the rows
    const notInAuth = await everyRow('&inAuth=no');
    expect(notInAuth.every((r) => !r.inAuth)).toBe(true);
    expect(notInAuth.map((r) => r.uid)).toContain(`db-dup-${stamp}`);
    const counted = (await call('GET', '/api/admin/users?inAuth=no', { who: 'admin' }))
      .body as AdminUsersPage;
    expect(counted.matching).toBe(notInAuth.length);
    // the start of the email (case ignored); no count answers it
    const byPrefix = (await call('GET', `/api/admin/users?email=DUP-${stamp}`, { who: 'admin' }))
      .body as AdminUsersPage;
    expect(byPrefix.users.map((r) => r.uid).sort()).toEqual([uid, `db-dup-${stamp}`].sort());
    expect(byPrefix.matching).toBeNull();
    // a bad filter is a 400 naming it
    const bad = await call('GET', '/api/admin/users?premium=maybe', { who: 'admin' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Premium must be yes or no.');
    // the export: the header and one line per filtered user, streamed
    const res = await fetch(`${cfg.gatewayUrl}/api/admin/users/export?email=dup-${stamp}`, {
      headers: { authorization: `Bearer ${await tokenFor('admin')}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'uid,email,emailVerified,inDatabase,inAuth,isAdmin,premium,qbankGenerations',
    );
    expect(lines.filter((l) => l.includes(`dup-${stamp}`))).toHaveLength(2);
    const none = await call('GET', '/api/admin/users/export?email=nobody-at-all-', {
      who: 'admin',
    });
    expect(none).toMatchObject({ status: 404, body: { message: 'No users match the filters.' } });
  } finally {
    await mongo
      .db()
      .collection('users')
      .deleteMany({ _id: { $in: [uid, `db-dup-${stamp}`] } as never });
    await call('DELETE', '/api/delete-user', { who: 'admin', body: { userId: uid } });
    await call('POST', '/api/admin/users/refresh', { who: 'admin' });
  }
});

it('deletes a user: auth first, then data, and publishes user.deleted', async () => {
  const email = `doomed-${Date.now()}@examprep.test`;
  const uid = await createAccount(email);
  await mongo
    .db()
    .collection('users')
    .insertOne({ _id: uid as never, email, purchases: {} });
  const jsm = await jetstreamManager(nc);
  const durable = `it-user-deleted-${Date.now()}`;
  await jsm.consumers.add(Streams.events.name, {
    durable_name: durable,
    filter_subject: Events.userDeleted,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
  });

  expect(await call('DELETE', '/api/delete-user', { who: 'admin', body: { userId: uid } })).toEqual(
    {
      status: 200,
      body: { deleted: true },
    },
  );
  expect(await call('DELETE', '/api/delete-user-data', { who: 'admin', body: { uid } })).toEqual({
    status: 200,
    body: { deleted: true },
  });
  expect(
    await mongo
      .db()
      .collection('users')
      .countDocuments({ _id: uid as never }),
  ).toBe(0);
  // the list follows the deletes at once
  const rows = (
    (await call('GET', `/api/admin/users?email=${encodeURIComponent(email)}`, { who: 'admin' }))
      .body as AdminUsersPage
  ).users;
  expect(rows.some((r) => r.uid === uid)).toBe(false);

  const consumer = await jetstream(nc).consumers.get(Streams.events.name, durable);
  const msg = await consumer.next({ expires: 5_000 });
  expect(msg).not.toBeNull();
  expect(msg!.json<{ uid: string }>().uid).toBe(uid);
  msg!.ack();
  await jsm.consumers.delete(Streams.events.name, durable);

  expect(
    await call('DELETE', '/api/delete-user', { who: 'admin', body: { userId: uid } }),
  ).toMatchObject({
    status: 404,
    body: { message: ADMIN_USER_MESSAGES.userNotFound },
  });
});

it('refuses to delete an admin', async () => {
  for (const [path, body] of [
    ['/api/delete-user', { userId: adminUid }],
    ['/api/delete-user-data', { uid: adminUid }],
  ] as const) {
    expect(await call('DELETE', path, { who: 'admin', body })).toMatchObject({
      status: 403,
      body: { message: ADMIN_USER_MESSAGES.adminCannotBeDeleted },
    });
  }
});

it('names a malformed id', async () => {
  const res = await call('DELETE', '/api/delete-user', {
    who: 'admin',
    body: { userId: '../../etc' },
  });
  expect(res.status).toBe(400);
  expect(Object.keys(res.body.fields)).toEqual(['userId']);
});

describe('Generate & Copy Token (Keycloak token exchange)', () => {
  const claims = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      aud: string[];
      email: string;
    };

  it('gives the admin a token of that user, which the gateway accepts as that user', async () => {
    const learnerUid = await uidFor('learner');
    const res = await call('POST', '/api/admin/generate-test-token', {
      who: 'admin',
      body: { uid: learnerUid },
    });
    expect(res.status).toBe(200);
    expect(res.body.expiresIn).toBeGreaterThan(0);
    const minted = claims(res.body.idToken);
    expect(minted.sub).toBe(learnerUid);
    expect(minted.aud).toContain(cfg.apiAudience);
    // The gateway treats it exactly like the learner's own sign-in: not an admin.
    const me = await call('GET', '/api/me', { token: res.body.idToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      uid: learnerUid,
      email: seededUsers.learner.email,
      isAdmin: false,
    });
    expect((await call('GET', '/api/admin/users', { token: res.body.idToken })).status).toBe(403);
  });

  it('answers 404 for an unknown user and 400 naming a malformed uid', async () => {
    expect(
      await call('POST', '/api/admin/generate-test-token', {
        who: 'admin',
        body: {
          uid: '00000000-0000-0000-0000-000000000000',
        },
      }),
    ).toMatchObject({ status: 404, body: { message: ADMIN_USER_MESSAGES.userNotFound } });
    const bad = await call('POST', '/api/admin/generate-test-token', {
      who: 'admin',
      body: { uid: '../x' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['uid']);
  });

  it('is not open to any other client: Keycloak refuses the exchange to them', async () => {
    const client = apiTestsClient();
    const res = await fetch(cfg.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        client_id: client.clientId,
        client_secret: client.clientSecret,
        requested_subject: await uidFor('learner'),
        audience: cfg.webClientId,
      }),
    });
    expect(res.status).toBe(403);
  });
});
