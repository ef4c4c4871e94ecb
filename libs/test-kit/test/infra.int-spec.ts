// The local TEST servers, end to end: what every other integration test relies on.
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  audiences,
  decodeJwt,
  getClientToken,
  getToken,
  identityServiceClient,
  infraConfig,
  maildev,
  passwordGrant,
  realmRoles,
  seededUsers,
  sendMail,
} from '../src';

const cfg = infraConfig('test');
const run = randomUUID().slice(0, 8);

describe('test infrastructure', () => {
  it('exports the test servers under the names the apps read (jest global setup)', () => {
    expect(process.env.NATS_URL).toBe(cfg.natsUrl);
    expect(process.env.OIDC_ISSUER).toBe(cfg.issuer);
    expect(process.env.CATALOG_MONGODB_URI).toBe(cfg.mongoUrl('catalog'));
    expect(process.env.STRIPE_API_URL).toBe(cfg.stripeUrl);
  });

  describe('NATS JetStream', () => {
    let nc: NatsConnection;
    const stream = `TESTKIT_${run}`;

    beforeAll(async () => {
      nc = await connect({ servers: cfg.natsUrl, name: 'test-kit-int' });
    });
    afterAll(async () => {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(stream).catch(() => undefined);
      await nc.drain();
    });

    it('stores, deduplicates and delivers a message', async () => {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.add({ name: stream, subjects: [`testkit.${run}.>`] });
      const js = jetstream(nc);
      const first = await js.publish(`testkit.${run}.hello`, 'hello', { msgID: 'm-1' });
      const again = await js.publish(`testkit.${run}.hello`, 'hello', { msgID: 'm-1' });
      expect(first.duplicate).toBe(false);
      expect(again.duplicate).toBe(true);
      await jsm.consumers.add(stream, { durable_name: 'reader', ack_policy: AckPolicy.Explicit });
      const consumer = await js.consumers.get(stream, 'reader');
      const msg = await consumer.next({ expires: 5000 });
      expect(msg && msg.string()).toBe('hello');
      msg?.ack();
      expect((await jsm.streams.info(stream)).state.messages).toBe(1);
    });
  });

  describe('FerretDB', () => {
    it('accepts inserts and finds them (MongoDB driver)', async () => {
      const client = new MongoClient(cfg.mongoUrl(`testkit_${run}`));
      try {
        const col = client.db().collection<{ _id: string; n: number; tags: string[] }>('things');
        await col.insertOne({ _id: 'a', n: 1, tags: ['x'] });
        await col.insertMany([
          { _id: 'b', n: 2, tags: ['y'] },
          { _id: 'c', n: 3, tags: ['x', 'y'] },
        ]);
        expect(await col.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1, tags: ['x'] });
        expect((await col.find({ tags: 'x' }).sort({ n: -1 }).toArray()).map((d) => d._id)).toEqual(
          ['c', 'a'],
        );
        await client.db().dropDatabase();
      } finally {
        await client.close();
      }
    });
  });

  describe('Keycloak', () => {
    it.each(['admin', 'learner', 'unverified'] as const)(
      'issues tokens for the seeded %s user with the API audience',
      async (key) => {
        const user = seededUsers[key];
        const tokens = await getToken({ username: user.email, password: user.password });
        const { payload, header } = decodeJwt(tokens.access_token);
        expect(header.alg).toBe('RS256');
        expect(payload.iss).toBe(cfg.issuer);
        expect(audiences(payload)).toContain(cfg.apiAudience);
        expect(payload.email).toBe(user.email);
        expect(payload.email_verified).toBe(user.emailVerified);
        expect(realmRoles(payload).includes('admin')).toBe(key === 'admin');
      },
    );

    it('gives access tokens the realm lifespan of 300 s', async () => {
      const tokens = await getToken({
        username: seededUsers.learner.email,
        password: seededUsers.learner.password,
      });
      const { payload } = decodeJwt(tokens.access_token);
      // the lifespan is the token's own exp - iat; expires_in is what is left of it when the
      // answer is written, one second less when a second boundary passed in between
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
      expect([299, 300]).toContain(tokens.expires_in);
    });

    it('refuses the password grant on the public web client (direct grants off)', async () => {
      const r = await passwordGrant({
        clientId: cfg.webClientId,
        username: seededUsers.learner.email,
        password: seededUsers.learner.password,
      });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.body.error).toBe('unauthorized_client');
    });

    it('refuses a wrong password', async () => {
      const r = await passwordGrant({
        username: seededUsers.learner.email,
        password: 'wrong-password',
      });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('invalid_grant');
    });

    it('serves the signing keys (JWKS) and the discovery document with the stable issuer', async () => {
      const jwks = (await (await fetch(cfg.jwksUrl)).json()) as {
        keys: { alg?: string; use?: string }[];
      };
      expect(jwks.keys.some((k) => k.alg === 'RS256' && k.use === 'sig')).toBe(true);
      const discovery = (await (
        await fetch(`${cfg.issuer}/.well-known/openid-configuration`)
      ).json()) as { issuer: string };
      expect(discovery.issuer).toBe(cfg.issuer);
    });

    it('lets the identity service account manage users through the admin API', async () => {
      const { access_token } = await getClientToken(identityServiceClient());
      const res = await fetch(
        `${cfg.keycloakUrl}/admin/realms/${cfg.realm}/users?email=${encodeURIComponent(seededUsers.learner.email)}&exact=true`,
        {
          headers: { Authorization: `Bearer ${access_token}` },
        },
      );
      expect(res.status).toBe(200);
      const users = (await res.json()) as { email: string }[];
      expect(users.map((u) => u.email)).toEqual([seededUsers.learner.email]);
    });
  });

  describe('maildev', () => {
    it('receives a mail sent over SMTP', async () => {
      const to = `someone-${run}@examprep.test`;
      const box = maildev('test');
      await sendMail({
        ...cfg.smtp,
        from: 'no-reply@examprep.local',
        to,
        subject: `Hello ${run}`,
        text: 'Line 1\n.Line 2',
      });
      const mail = await box.waitForEmail(to, { subject: run, timeoutMs: 10_000 });
      expect(mail.subject).toBe(`Hello ${run}`);
      expect(mail.text).toContain('.Line 2');
    });
  });

  describe('stripe-mock', () => {
    it('answers GET /v1/customers with the test key', async () => {
      const res = await fetch(`${cfg.stripeUrl}/v1/customers`, {
        headers: { Authorization: `Bearer ${cfg.stripeApiKey}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { object: string }).object).toBe('list');
    });
  });
});
