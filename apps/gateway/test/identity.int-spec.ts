// Identity endpoints through the gateway against the real Keycloak, NATS and FerretDB:
// the authorization matrix of issue #3 and the create-user / me / default-dashboard rules.
import { IDENTITY_MESSAGES, type Me, Subjects } from '@examprep/contracts';
import {
  createRealmUser,
  getClientToken,
  identityServiceClient,
  infraConfig,
  maildev,
  seededUsers,
} from '@examprep/test-kit';
import { MongoClient } from 'mongodb';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { call, type Credentials, gatewayUrl, tokenFor, uidFor } from './support/api';
import { openMeStream } from './support/me-stream';
import { systemCtl } from './support/system';

const cfg = infraConfig('test');
type Who = 'anonymous' | 'unverified' | 'learner' | 'otherLearner' | 'admin';
const kcAdmin = `${cfg.keycloakInternalUrl}/admin/realms/${cfg.realm}`;
const other = { email: `other-${Date.now()}@examprep.test`, password: 'other-pass-1', id: '' };
let serviceToken = '';
const uids: Record<string, string> = {};
let mongo: MongoClient;

beforeAll(async () => {
  systemCtl('start', ['identity', 'announcements', 'gateway']);
  for (const who of ['unverified', 'learner', 'admin'] as const) uids[who] = await uidFor(who);
  // A second verified learner, to show one learner cannot act on another.
  serviceToken = (await getClientToken(identityServiceClient())).access_token;
  other.id = await createRealmUser(other);
  mongo = await MongoClient.connect(cfg.mongoUrl('identity'));
});

afterAll(async () => {
  await mongo?.close();
  if (other.id) {
    await fetch(`${kcAdmin}/users/${other.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${serviceToken}` },
    });
  }
});

beforeEach(async () => {
  await mongo.db().collection('users').deleteMany({});
  await mongo
    .db()
    .collection('settings')
    .updateOne({ _id: 'signup' as never }, { $set: { allowSignup: true } }, { upsert: true });
});

describe('authorization matrix (status per caller)', () => {
  const matrix: [string, string, () => unknown, Record<Who, number>][] = [
    [
      'GET',
      '/api/allow-signup',
      () => undefined,
      { anonymous: 200, unverified: 200, learner: 200, otherLearner: 200, admin: 200 },
    ],
    [
      'GET',
      '/api/me',
      () => undefined,
      { anonymous: 401, unverified: 200, learner: 200, otherLearner: 200, admin: 200 },
    ],
    [
      'POST',
      '/api/create-user',
      () => ({}),
      { anonymous: 401, unverified: 201, learner: 201, otherLearner: 201, admin: 201 },
    ],
    // another user's document: only admins (learner and unverified name the admin's uid)
    [
      'POST',
      '/api/create-user',
      () => ({ uid: uids.admin }),
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 201 },
    ],
    [
      'POST',
      '/api/update-user-default-dashboard',
      () => ({ defaultDashboard: 'design' }),
      { anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 },
    ],
    // one learner naming another learner's document
    [
      'POST',
      '/api/create-user',
      () => ({ uid: uids.learner }),
      { anonymous: 401, unverified: 403, learner: 201, otherLearner: 403, admin: 201 },
    ],
    [
      'POST',
      '/api/resend-verification',
      () => undefined,
      { anonymous: 401, unverified: 200, learner: 400, otherLearner: 400, admin: 400 },
    ],
    [
      'POST',
      '/api/password-reset',
      () => ({ email: 'nobody@examprep.test' }),
      { anonymous: 200, unverified: 200, learner: 200, otherLearner: 200, admin: 200 },
    ],
    [
      'POST',
      '/api/verify-staging-access',
      () => undefined,
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 200 },
    ],
    [
      'GET',
      '/api/list-auth-users',
      () => undefined,
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 200 },
    ],
    [
      'GET',
      '/api/admin/users',
      () => undefined,
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 200 },
    ],
    // deleting someone else (an unknown id for the admin: nothing real is deleted)
    [
      'DELETE',
      '/api/delete-user',
      () => ({ userId: '00000000-0000-0000-0000-000000000000' }),
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 404 },
    ],
    [
      'DELETE',
      '/api/delete-user-data',
      () => ({ uid: 'nobody-0000' }),
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 200 },
    ],
    [
      'POST',
      '/api/admin/allow-signup',
      () => ({ allowSignup: true }),
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 200 },
    ],
    [
      'POST',
      '/api/admin/generate-test-token',
      () => ({ uid: uids.learner }),
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 200 },
    ],
  ];

  it.each(matrix)('%s %s', async (method, path, body, expected) => {
    const actual: Record<string, number> = {};
    for (const who of Object.keys(expected) as Who[]) {
      await mongo.db().collection('users').deleteMany({});
      actual[who] = (
        await call(method, path, { who: who === 'otherLearner' ? other : who, body: body() })
      ).status;
    }
    expect(actual).toEqual(expected);
  });
});

describe('create-user', () => {
  it('registers the caller from the token, lowercased, and is harmless to repeat', async () => {
    const first = await call('POST', '/api/create-user', { who: 'learner', body: {} });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      uid: uids.learner,
      email: seededUsers.learner.email.toLowerCase(),
      purchases: {},
      defaultDashboard: 'math',
      infiniteQbankGenerations: 0,
    });
    const again = await call('POST', '/api/create-user', {
      who: 'learner',
      body: {
        email: `  ${seededUsers.learner.email.toUpperCase()} `,
      },
    });
    expect(again.status).toBe(201);
    expect(await mongo.db().collection('users').countDocuments()).toBe(1);
  });

  it('answers EMAIL_ALREADY_EXISTS with the spec message when another account has the email', async () => {
    await mongo
      .db()
      .collection('users')
      .insertOne({ _id: 'someone-else' as never, email: seededUsers.learner.email, purchases: {} });
    const res = await call('POST', '/api/create-user', { who: 'learner', body: {} });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'EMAIL_ALREADY_EXISTS',
      message: IDENTITY_MESSAGES.emailAlreadyExists,
    });
  });

  it('refuses registration while sign-ups are disabled', async () => {
    await mongo
      .db()
      .collection('settings')
      .updateOne({ _id: 'signup' as never }, { $set: { allowSignup: false } });
    const res = await call('POST', '/api/create-user', { who: 'learner', body: {} });
    expect(res).toMatchObject({
      status: 403,
      body: { message: IDENTITY_MESSAGES.signupsDisabled },
    });
    expect((await call('GET', '/api/allow-signup', { who: 'anonymous' })).body).toEqual({
      allowSignup: false,
    });
  });

  it("keeps the string 'true' as the spec allows", async () => {
    await mongo
      .db()
      .collection('settings')
      .updateOne({ _id: 'signup' as never }, { $set: { allowSignup: 'true' } });
    expect((await call('GET', '/api/allow-signup', { who: 'anonymous' })).body).toEqual({
      allowSignup: 'true',
    });
    expect((await call('POST', '/api/create-user', { who: 'learner', body: {} })).status).toBe(201);
  });

  it('admin: creates a missing document of a Keycloak user, refuses a second and an unknown user', async () => {
    const created = await call('POST', '/api/create-user', {
      who: 'admin',
      body: { uid: uids.learner },
    });
    expect(created.status).toBe(201);
    expect(created.body.email).toBe(seededUsers.learner.email);
    const again = await call('POST', '/api/create-user', {
      who: 'admin',
      body: { uid: uids.learner },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'USER_DOCUMENT_EXISTS', message: IDENTITY_MESSAGES.documentExists },
    });
    const unknown = await call('POST', '/api/create-user', {
      who: 'admin',
      body: {
        uid: '00000000-0000-0000-0000-000000000000',
      },
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: IDENTITY_MESSAGES.notInIdentityProvider },
    });
  });

  it('validates the body', async () => {
    const res = await call('POST', '/api/create-user', {
      who: 'learner',
      body: {
        email: 'not-an-email',
        extra: 1,
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['email', 'extra']);
  });
});

describe('me and the default dashboard', () => {
  it('reads defaults without a document, then the stored choice', async () => {
    const before = (await call('GET', '/api/me', { who: 'learner' })).body as Me;
    expect(before).toEqual({
      uid: uids.learner,
      email: seededUsers.learner.email,
      isAdmin: false,
      emailVerified: true,
      defaultDashboard: 'math',
      purchases: {},
      hasDocument: false,
    });
    const changed = await call('POST', '/api/update-user-default-dashboard', {
      who: 'learner',
      body: {
        defaultDashboard: 'design',
      },
    });
    expect(changed.body).toMatchObject({ defaultDashboard: 'design', hasDocument: true });
    expect((await call('GET', '/api/me', { who: 'admin' })).body).toMatchObject({
      isAdmin: true,
      defaultDashboard: 'math',
    });
    const bad = await call('POST', '/api/update-user-default-dashboard', {
      who: 'learner',
      body: {
        defaultDashboard: 'science',
      },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { fields: { defaultDashboard: [IDENTITY_MESSAGES.dashboardInvalid] } },
    });
  });

  it('shows only held purchases (true, "true" or 1)', async () => {
    await mongo
      .db()
      .collection('users')
      .insertOne({
        _id: uids.learner as never,
        email: seededUsers.learner.email,
        purchases: {
          teas_math_qbank: true,
          med_dosage_qbank: 'true',
          teas_math_workbook: 1,
          med_dosage_workbook: false,
        },
      });
    expect((await call('GET', '/api/me', { who: 'learner' })).body.purchases).toEqual({
      teas_math_qbank: true,
      med_dosage_qbank: true,
      teas_math_workbook: true,
    });
  });

  it('streams the session state as Server-Sent Events and again when the document changes', async () => {
    const controller = new AbortController();
    const res = await fetch(`${gatewayUrl}/api/me/events`, {
      headers: {
        authorization: `Bearer ${await tokenFor('learner')}`,
        accept: 'text/event-stream',
      },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const events: Me[] = [];
    const read = (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += Buffer.from(value).toString();
        for (const block of buffer.split('\n\n').slice(0, -1)) {
          if (block.includes('event: me')) events.push(JSON.parse(block.split('data: ')[1]!));
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
    })().catch(() => undefined);
    const until = async (n: number) => {
      const deadline = Date.now() + 5_000;
      while (events.length < n && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
    };
    await until(1);
    expect(events[0]).toMatchObject({ uid: uids.learner, defaultDashboard: 'math' });
    await call('POST', '/api/update-user-default-dashboard', {
      who: 'learner',
      body: {
        defaultDashboard: 'design',
      },
    });
    await until(2);
    expect(events[1]).toMatchObject({ defaultDashboard: 'design' });
    controller.abort();
    await read;
  });
});

describe('/api/me/events: later states come from the notices, not from identity.me', () => {
  let nc: NatsConnection;
  /** The identity.me requests made for the spec's own learner (a copy of each: no queue group). */
  let meReads = 0;
  let spy: Subscription;

  beforeAll(async () => {
    systemCtl('start', ['catalog']);
    nc = await connect({ servers: cfg.natsUrl });
    spy = nc.subscribe(Subjects.identity.me, {
      callback: (_err, msg) => {
        // the gateway's request: { pattern, data: { actor }, id } (nest-kit's NatsRpcClient)
        const request = msg.json<{ data?: { actor?: { uid?: string } } }>();
        if (request.data?.actor?.uid === other.id) meReads += 1;
      },
    });
    await nc.flush();
  });

  afterAll(async () => {
    spy?.unsubscribe();
    await nc?.drain();
    // the grant of this spec goes again (the account is deleted after the file)
    await call('POST', '/api/update-user-purchases', {
      who: 'admin',
      body: { uid: other.id, purchases: { teas_math_qbank: false } },
    });
  });

  /** Opens the learner's stream; `events` fills with the data of its `me` events. */
  async function openStream(who: Credentials) {
    const stream = await openMeStream(who);
    expect(stream.contentType).toContain('text/event-stream');
    return stream;
  }

  it('a new dashboard and an admin grant reach the stream as the full Me; identity.me is read once', async () => {
    meReads = 0;
    const stream = await openStream(other);
    try {
      const first = await stream.until(() => true);
      expect(first).toEqual({
        uid: other.id,
        email: other.email,
        isAdmin: false,
        emailVerified: true,
        defaultDashboard: 'math',
        purchases: {},
        hasDocument: false,
      });

      const changed = await call('POST', '/api/update-user-default-dashboard', {
        who: other,
        body: { defaultDashboard: 'design' },
      });
      expect(changed.status).toBe(200);
      const designed = await stream.until((m) => m.defaultDashboard === 'design');
      expect(designed).toEqual({ ...first, defaultDashboard: 'design', hasDocument: true });

      const granted = await call('POST', '/api/update-user-purchases', {
        who: 'admin',
        body: { uid: other.id, purchases: { teas_math_qbank: true } },
      });
      expect(granted.status).toBe(200);
      const owned = await stream.until((m) => m.purchases.teas_math_qbank === true);
      expect(owned).toEqual({
        ...first,
        defaultDashboard: 'design',
        hasDocument: true,
        purchases: { teas_math_qbank: true },
      });

      // the stream's only read was its opening one; no notice made another
      await new Promise((r) => setTimeout(r, 300));
      expect(meReads).toBe(1);
      // the last event is what GET /api/me answers, field for field
      const me = await call('GET', '/api/me', { who: other });
      expect(JSON.stringify(stream.events.at(-1))).toBe(JSON.stringify(me.body));
    } finally {
      await stream.close();
    }
  });
});

describe('account mails (real Keycloak + maildev)', () => {
  const mail = maildev('test');
  beforeEach(() => mail.deleteAll());

  it('resends the verification mail to an unverified user; refuses the verified and the anonymous', async () => {
    const sent = await call('POST', '/api/resend-verification', { who: 'unverified' });
    expect(sent).toEqual({ status: 200, body: { sent: true } });
    const message = await mail.waitForEmail(seededUsers.unverified.email);
    expect(message.subject).toMatch(/verif/i);
    expect(await call('POST', '/api/resend-verification', { who: 'learner' })).toMatchObject({
      status: 400,
      body: { message: IDENTITY_MESSAGES.alreadyVerified },
    });
    expect((await call('POST', '/api/resend-verification', { who: 'anonymous' })).status).toBe(401);
  });

  it('mails a reset link only to an existing account, with the same answer for both', async () => {
    const known = await call('POST', '/api/password-reset', {
      who: 'anonymous',
      body: {
        email: ` ${seededUsers.learner.email.toUpperCase()} `,
      },
    });
    const unknown = await call('POST', '/api/password-reset', {
      who: 'anonymous',
      body: {
        email: 'nobody-here@examprep.test',
      },
    });
    expect(known).toEqual({ status: 200, body: { sent: true } });
    expect(unknown).toEqual(known);
    const message = await mail.waitForEmail(seededUsers.learner.email);
    expect(message.subject).toMatch(/password|credentials|update/i);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await mail.list('nobody-here@examprep.test')).toEqual([]);
  });

  it('names the email field when it is missing or malformed', async () => {
    expect(
      await call('POST', '/api/password-reset', { who: 'anonymous', body: { email: '' } }),
    ).toMatchObject({
      status: 400,
      body: { fields: { email: expect.arrayContaining([IDENTITY_MESSAGES.resetEmailRequired]) } },
    });
    expect(
      await call('POST', '/api/password-reset', { who: 'anonymous', body: { email: 'nope' } }),
    ).toMatchObject({
      status: 400,
      body: { fields: { email: [IDENTITY_MESSAGES.invalidEmail] } },
    });
  });
});

describe('staging access', () => {
  it('lets admins in and keeps learners out with the spec text', async () => {
    expect(await call('POST', '/api/verify-staging-access', { who: 'admin' })).toEqual({
      status: 200,
      body: { authorized: true },
    });
    const learner = await call('POST', '/api/verify-staging-access', { who: 'learner' });
    expect(learner.status).toBe(403);
    expect(learner.body.message).toContain('Staging Access Restricted');
    expect((await call('POST', '/api/verify-staging-access', { who: 'anonymous' })).status).toBe(
      401,
    );
  });
});

describe('the sign-up switch (admin) and Keycloak registration', () => {
  const registrationPage = () =>
    fetch(
      `${cfg.issuer}/protocol/openid-connect/registrations?${new URLSearchParams({
        client_id: cfg.webClientId,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: `${cfg.webUrl}/dashboard`,
        // the web client requires PKCE
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    );

  afterAll(async () => {
    await call('POST', '/api/admin/allow-signup', { who: 'admin', body: { allowSignup: true } });
  });

  it("closes sign-ups in our answer and on Keycloak's own registration page, then reopens", async () => {
    const closed = await call('POST', '/api/admin/allow-signup', {
      who: 'admin',
      body: { allowSignup: false },
    });
    expect(closed).toEqual({ status: 200, body: { allowSignup: false } });
    expect((await call('GET', '/api/allow-signup', { who: 'anonymous' })).body).toEqual({
      allowSignup: false,
    });
    const refused = await registrationPage();
    expect(refused.status).toBe(400); // Keycloak: "Registration not allowed"
    expect(await refused.text()).not.toContain('name="password-confirm"');

    const opened = await call('POST', '/api/admin/allow-signup', {
      who: 'admin',
      body: { allowSignup: true },
    });
    expect(opened).toEqual({ status: 200, body: { allowSignup: true } });
    const form = await registrationPage();
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="password-confirm"');
  });

  it('names a body that is not a boolean', async () => {
    const res = await call('POST', '/api/admin/allow-signup', {
      who: 'admin',
      body: { allowSignup: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['allowSignup']);
  });
});
