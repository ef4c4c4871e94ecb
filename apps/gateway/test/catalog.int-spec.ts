// The catalog routes through the gateway against the real system of the test profile
// (catalog with stripe-mock, identity, NATS JetStream, FerretDB, Keycloak): who may call each
// route, the 400s that name the field before anything reaches the catalog or Stripe, the
// Stripe webhook's raw body and signature, the local checkout, ownership per user, the admin
// purchases editor reaching /api/me and its event stream, and the OpenAPI document.
import { createHmac } from 'node:crypto';
import {
  CATALOG_FIELD_MESSAGES,
  CATALOG_MESSAGES,
  type CheckoutSessionAnswer,
  ErrorCodes,
  type Me,
  type ProductsResponse,
  type UserPurchasesAnswer,
} from '@examprep/contracts';
import {
  createRealmUser,
  getClientToken,
  identityServiceClient,
  infraConfig,
} from '@examprep/test-kit';
import { COUPON_MESSAGES } from '@examprep/validation';
import { type Db, MongoClient } from 'mongodb';
import { call, type Credentials, exchange, gatewayUrl, type Who } from './support/api';
import { openMeStream } from './support/me-stream';
import { type OpenApiDocument, routesOf } from './support/openapi';
import { systemCtl } from './support/system';

const cfg = infraConfig('test');
const kcAdmin = `${cfg.keycloakUrl}/admin/realms/${cfg.realm}`;
type Caller = 'anonymous' | 'unverified' | 'learner' | 'otherLearner' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'unverified', 'learner', 'otherLearner', 'admin'];

// two verified learners of this file only: what they own is theirs alone
const stamp = Date.now();
const learner = { email: `cat-learner-${stamp}@examprep.test`, password: 'learner-pass-1', id: '' };
const otherLearner = {
  email: `cat-other-${stamp}@examprep.test`,
  password: 'other-pass-1',
  id: '',
};
const asWho = (c: Caller): Who =>
  c === 'learner' ? learner : c === 'otherLearner' ? otherLearner : c;

const UNKNOWN_SESSION = 'cs_test_local_0000000000000000';

beforeAll(async () => {
  systemCtl('start', ['catalog', 'identity', 'gateway']);
  learner.id = await createRealmUser(learner);
  otherLearner.id = await createRealmUser(otherLearner);
});

afterAll(async () => {
  const { access_token } = await getClientToken(identityServiceClient());
  for (const id of [learner.id, otherLearner.id].filter(Boolean)) {
    await fetch(`${kcAdmin}/users/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
  }
});

/** Stripe's signature scheme: v1 = HMAC-SHA256(secret, `${t}.${payload}`). */
function stripeSignature(payload: string, t = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', cfg.stripeWebhookSecret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

const webhook = (raw: string, signature?: string) =>
  call('POST', '/api/stripe/webhook', { raw, headers: { 'stripe-signature': signature } });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

const access = async (who: Credentials, productId: string): Promise<boolean> => {
  const res = await call('POST', '/api/check-product-access', { who, body: { productId } });
  expect(res.status).toBe(200);
  return res.body.authorized;
};

describe('who may call each route (status per caller)', () => {
  const matrix: [string, string, () => Promise<object | undefined>, Record<Caller, number>][] = [
    [
      'GET',
      '/api/products',
      async () => undefined,
      { anonymous: 200, unverified: 200, learner: 200, otherLearner: 200, admin: 200 },
    ],
    [
      'POST',
      '/api/check-product-access',
      async () => ({ productId: 'teas_math_qbank_full' }),
      { anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 },
    ],
    [
      'GET',
      '/api/check-simulations-access',
      async () => undefined,
      { anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 },
    ],
    [
      'POST',
      '/api/create-checkout-session',
      async () => ({ products: ['teas_math_workbook'] }),
      { anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 },
    ],
    [
      // public (the page is reached by a redirect); an order that does not exist is 404
      'GET',
      `/api/dev-checkout/${UNKNOWN_SESSION}`,
      async () => undefined,
      { anonymous: 404, unverified: 404, learner: 404, otherLearner: 404, admin: 404 },
    ],
    [
      'POST',
      `/api/dev-checkout/${UNKNOWN_SESSION}/complete`,
      async () => ({ outcome: 'cancel' }),
      { anonymous: 404, unverified: 404, learner: 404, otherLearner: 404, admin: 404 },
    ],
    [
      // public: Stripe calls it; without a signature it is refused whoever calls
      'POST',
      '/api/stripe/webhook',
      async () => ({ id: 'evt_x', type: 'checkout.session.completed' }),
      { anonymous: 400, unverified: 400, learner: 400, otherLearner: 400, admin: 400 },
    ],
    [
      'POST',
      '/api/update-user-purchases',
      async () => ({ uid: learner.id, purchases: {} }),
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 200 },
    ],
    [
      'GET',
      '/api/admin/user-purchases?uid=LEARNER',
      async () => undefined,
      { anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 200 },
    ],
  ];

  it.each(matrix)('%s %s', async (method, path, body, expected) => {
    const got: Record<string, number> = {};
    for (const who of CALLERS) {
      const res = await call(method, path.replace('LEARNER', learner.id), {
        who: asWho(who),
        body: await body(),
      });
      got[who] = res.status;
    }
    expect(got).toEqual(expected);
  });

  it('an unverified learner is told to verify their email (403 EMAIL_NOT_VERIFIED)', async () => {
    const res = await call('POST', '/api/create-checkout-session', {
      who: 'unverified',
      body: { products: ['teas_math_qbank'] },
    });
    expect(res).toMatchObject({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED' } });
  });
});

describe('GET /api/products', () => {
  it('lists the catalogue to anyone, cacheable for 60 s', async () => {
    const res = await fetch(`${gatewayUrl}/api/products`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const { products } = (await res.json()) as ProductsResponse;
    const ids = products.map((p) => p.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'teas_math_workbook',
        'teas_math_qbank',
        'med_dosage_workbook',
        'med_dosage_qbank',
        'teas_math_sample_qbank',
      ]),
    );
  });
});

describe('400 naming the field; nothing reaches the catalog or Stripe', () => {
  const fieldsOf = async (path: string, body: unknown, who: Who = learner) => {
    const res = await call('POST', path, { who, body });
    expect(res.status).toBe(400);
    return res.body as { code: string; message: string; fields: Record<string, string[]> };
  };

  it.each([
    ['a name, not an id', 'TEAS Math QBank'],
    ['upper case', 'TEAS_MATH_QBANK'],
    ['a path', '../teas_math_qbank'],
    ['too long', 'x'.repeat(65)],
    ['a NoSQL operator object', { $gt: '' }],
    ['a list', ['teas_math_qbank']],
  ])('check-product-access with %s as productId', async (_, productId) => {
    const body = await fieldsOf('/api/check-product-access', { productId });
    expect(body).toMatchObject({
      code: ErrorCodes.VALIDATION_FAILED,
      fields: { productId: [CATALOG_FIELD_MESSAGES.productId] },
    });
  });

  it('check-product-access refuses fields it does not take', async () => {
    const body = await fieldsOf('/api/check-product-access', {
      productId: 'teas_math_qbank',
      uid: 'someone-else',
    });
    expect(body.fields).toEqual({ uid: ['Field "uid" is not allowed.'] });
  });

  it('an empty product list: the spec sentence', async () => {
    const body = await fieldsOf('/api/create-checkout-session', { products: [] });
    expect(body.fields).toEqual({
      products: ['Please select at least one product to purchase.'],
    });
  });

  it('the same product twice', async () => {
    const body = await fieldsOf('/api/create-checkout-session', {
      products: ['teas_math_qbank', 'teas_math_qbank'],
    });
    expect(body.fields).toEqual({ products: [CATALOG_FIELD_MESSAGES.productsDuplicate] });
  });

  it.each(['price', 'amount', 'amountTotal', 'unitAmount', 'total', 'discount'])(
    'a %s field sent by the browser: \'Field "%s" is not allowed.\'',
    async (field) => {
      const body = await fieldsOf('/api/create-checkout-session', {
        products: ['teas_math_qbank'],
        [field]: 1,
      });
      expect(body.fields).toEqual({ [field]: [`Field "${field}" is not allowed.`] });
    },
  );

  it('products given as objects with prices, or as operators', async () => {
    for (const products of [
      [{ id: 'teas_math_qbank', price: 1 }],
      { $in: ['teas_math_qbank'] },
      ['teas_math_qbank', { $ne: null }],
    ]) {
      const body = await fieldsOf('/api/create-checkout-session', { products });
      expect(Object.keys(body.fields)).toEqual(['products']);
    }
  });

  it.each([
    ['33 characters', 'A'.repeat(33), COUPON_MESSAGES.tooLong(32)],
    ['a hyphen', 'NURSE-10', COUPON_MESSAGES.invalidCharacters],
    ['a space', 'NURSE 10', COUPON_MESSAGES.invalidCharacters],
    ['symbols', 'NURSE10!$', COUPON_MESSAGES.invalidCharacters],
    ['a script tag', '<script>x</script>', COUPON_MESSAGES.security],
  ])('a coupon with %s: 400 naming couponCode', async (_, couponCode, message) => {
    const body = await fieldsOf('/api/create-checkout-session', {
      products: ['teas_math_qbank'],
      couponCode,
    });
    expect(body).toMatchObject({
      code: ErrorCodes.VALIDATION_FAILED,
      fields: { couponCode: [message] },
    });
  });

  it('a coupon given as an operator object', async () => {
    const body = await fieldsOf('/api/create-checkout-session', {
      products: ['teas_math_qbank'],
      couponCode: { $gt: '' },
    });
    expect(body.fields).toEqual({ couponCode: [CATALOG_FIELD_MESSAGES.couponCode] });
  });

  it.each(['NOPE123', 'EXPIRED2025'])(
    'an unknown or expired coupon (%s): INVALID_COUPON',
    async (c) => {
      const body = await fieldsOf('/api/create-checkout-session', {
        products: ['teas_math_qbank'],
        couponCode: c,
      });
      expect(body).toMatchObject({
        code: ErrorCodes.INVALID_COUPON,
        message: CATALOG_MESSAGES.invalidCoupon,
        fields: { couponCode: [CATALOG_MESSAGES.invalidCoupon] },
      });
    },
  );

  it.each([
    ['an unknown product', ['no_such_product']],
    ['a free product', ['teas_math_sample_qbank']],
  ])('%s: PRODUCT_PROBLEM naming products', async (_, products) => {
    const body = await fieldsOf('/api/create-checkout-session', { products });
    expect(body.code).toBe(ErrorCodes.PRODUCT_PROBLEM);
    expect(Object.keys(body.fields)).toEqual(['products']);
  });

  it('update-user-purchases: values that are not booleans, operator keys, operator uids', async () => {
    for (const [input, field] of [
      [{ uid: learner.id, purchases: { teas_math_qbank: 'yes' } }, 'purchases'],
      [{ uid: learner.id, purchases: { $set: true } }, 'purchases'],
      [{ uid: learner.id, purchases: { 'a.b': true } }, 'purchases'],
      [{ uid: learner.id, purchases: ['teas_math_qbank'] }, 'purchases'],
      [{ uid: { $ne: null }, purchases: {} }, 'uid'],
      [{ uid: '../admin', purchases: {} }, 'uid'],
    ] as const) {
      const body = await fieldsOf('/api/update-user-purchases', input, 'admin');
      expect([input, Object.keys(body.fields)]).toEqual([input, [field]]);
    }
  });

  it('admin/user-purchases: an operator in the query is an unknown field', async () => {
    const res = await call('GET', '/api/admin/user-purchases?uid[$ne]=x', { who: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ 'uid[$ne]': ['Field "uid[$ne]" is not allowed.'] });
  });

  it('dev-checkout: a session id that is not one, an outcome that is not pay or cancel', async () => {
    const view = await call('GET', '/api/dev-checkout/not-a-session');
    expect(view.status).toBe(400);
    expect(view.body.fields).toEqual({ sessionId: [CATALOG_FIELD_MESSAGES.sessionId] });
    const body = await fieldsOf(`/api/dev-checkout/${UNKNOWN_SESSION}/complete`, {
      outcome: 'refund',
    });
    expect(body.fields).toEqual({ outcome: [CATALOG_FIELD_MESSAGES.outcome] });
  });
});

describe('POST /api/stripe/webhook', () => {
  // whitespace, key order and escapes as Stripe might send them: the signature covers them
  const event = (type: string) =>
    `{\n  "id": "evt_gw_${stamp}_${type.replace(/\W/g, '_')}",\n  "object": "event",` +
    `  "type": "${type}",\n  "created": ${Math.floor(Date.now() / 1000)},` +
    ` "data": {"object": {"id": "cus_x", "name": "Caf\\u00e9 \u00fc"}}}\n`;

  it('no Stripe-Signature header: 400 WEBHOOK_SIGNATURE_INVALID', async () => {
    const res = await webhook(event('customer.created'));
    expect(res).toEqual({
      status: 400,
      body: {
        error: 'Bad Request',
        code: ErrorCodes.WEBHOOK_SIGNATURE_INVALID,
        message: CATALOG_FIELD_MESSAGES.webhookSignature,
      },
    });
  });

  it('a wrong signature, another secret, or one older than 300 s: 400', async () => {
    const raw = event('customer.created');
    const t = Math.floor(Date.now() / 1000);
    const otherSecret = `t=${t},v1=${createHmac('sha256', 'whsec_other').update(`${t}.${raw}`).digest('hex')}`;
    for (const signature of [
      't=1,v1=deadbeef',
      'nonsense',
      otherSecret,
      stripeSignature(raw, t - 301),
      // signed over other bytes (the same event, re-serialized)
      stripeSignature(JSON.stringify(JSON.parse(raw))),
    ]) {
      const res = await webhook(raw, signature);
      expect([signature, res.status, res.body?.code]).toEqual([
        signature,
        400,
        ErrorCodes.WEBHOOK_SIGNATURE_INVALID,
      ]);
    }
  });

  it('the exact bytes Stripe signed reach the catalog: 200 {received: true}', async () => {
    const raw = event('customer.created');
    const res = await webhook(raw, stripeSignature(raw));
    expect(res).toEqual({ status: 200, body: { received: true } });
    // delivered again: still 200 (Stripe retries until it gets one)
    expect((await webhook(raw, stripeSignature(raw))).status).toBe(200);
  });

  it('a body that is not a JSON object: 400 BODY_NOT_OBJECT', async () => {
    const res = await webhook('[1]', stripeSignature('[1]'));
    expect([res.status, res.body.code]).toEqual([400, ErrorCodes.BODY_NOT_OBJECT]);
  });
});

describe('ownership is per user; the admin editor reaches /api/me and its stream', () => {
  /** Reads `me` events of /api/me/events while `work` runs. */
  async function streamWhile(
    who: Credentials,
    work: () => Promise<void>,
    wanted: (m: Me) => boolean,
  ) {
    const stream = await openMeStream(who);
    const events = stream.events;
    await until(
      async () => events.length,
      (n) => n >= 1,
    );
    const started = Date.now();
    await work();
    await until(
      async () => events.some(wanted),
      (ok) => ok,
    );
    const ms = Date.now() - started;
    await stream.close();
    return { events, ms };
  }

  it('a grant, then a swap of one product for another, in access checks, /api/me, SSE and the history', async () => {
    const uid = learner.id;
    expect(await access(learner, 'teas_math_qbank_full')).toBe(false);

    const granted = await streamWhile(
      learner,
      async () => {
        const res = await call('POST', '/api/update-user-purchases', {
          who: 'admin',
          body: { uid, purchases: { teas_math_qbank: true } },
        });
        expect(res.status).toBe(200);
        expect((res.body as UserPurchasesAnswer).purchases).toEqual({ teas_math_qbank: true });
      },
      (m) => m.purchases.teas_math_qbank === true,
    );
    expect(granted.ms).toBeLessThan(1_000);
    // the aliases of learner spec §7, for this learner only
    expect(await access(learner, 'teas_math_qbank')).toBe(true);
    expect(await access(learner, 'teas_math_qbank_full')).toBe(true);
    expect(await access(learner, 'teas_math_qbank_practice')).toBe(true);
    expect(await access(otherLearner, 'teas_math_qbank_full')).toBe(false);
    // free products: anyone verified
    expect(await access(otherLearner, 'teas_math_sample_qbank')).toBe(true);

    // the same number of products, another one: revoke and grant in one edit
    const swapped = await streamWhile(
      learner,
      async () => {
        const res = await call('POST', '/api/update-user-purchases', {
          who: 'admin',
          body: { uid, purchases: { teas_math_qbank: false, med_dosage_qbank: true } },
        });
        expect(res.status).toBe(200);
        expect((res.body as UserPurchasesAnswer).purchases).toEqual({ med_dosage_qbank: true });
      },
      (m) => m.purchases.med_dosage_qbank === true && !m.purchases.teas_math_qbank,
    );
    expect(swapped.ms).toBeLessThan(1_000);
    expect(await access(learner, 'teas_math_qbank_full')).toBe(false);
    expect(await access(learner, 'med_dosage_simulations')).toBe(true);
    const sims = await call('GET', '/api/check-simulations-access', { who: learner });
    expect(sims).toEqual({ status: 200, body: { authorized: true } });
    const otherSims = await call('GET', '/api/check-simulations-access', { who: otherLearner });
    expect(otherSims).toEqual({ status: 200, body: { authorized: false } });
    const me = await call('GET', '/api/me', { who: learner });
    expect(me.body.purchases).toEqual({ med_dosage_qbank: true });

    const history = await call('GET', `/api/admin/user-purchases?uid=${uid}`, { who: 'admin' });
    expect(history.status).toBe(200);
    const answer = history.body as UserPurchasesAnswer;
    expect(answer.purchases).toEqual({ med_dosage_qbank: true });
    expect(answer.history.map((e) => [e.productId, e.action, e.source, e.by]).slice(0, 3)).toEqual(
      expect.arrayContaining([
        ['teas_math_qbank', 'grant', 'admin', 'admin@examprep.test'],
        ['teas_math_qbank', 'revoke', 'admin', 'admin@examprep.test'],
        ['med_dosage_qbank', 'grant', 'admin', 'admin@examprep.test'],
      ]),
    );
  });
});

describe("a user's purchase history in keyset pages (issue 26, ADR 0026)", () => {
  const nextOf = (link: string | null) => /^<([^>]+)>; rel="next"$/.exec(link ?? '')?.[1] ?? null;

  it('paging through with limit=2 answers every entry once, newest first; the holdings whole on each page; no Link on the last', async () => {
    const uid = otherLearner.id;
    for (const purchases of [
      { teas_math_workbook: true },
      { premium_3d_assets: true },
      { teas_math_workbook: false },
      { premium_3d_assets: false, teas_math_workbook: true },
    ]) {
      const res = await call('POST', '/api/update-user-purchases', {
        who: 'admin',
        body: { uid, purchases },
      });
      expect(res.status).toBe(200);
    }
    const whole = await exchange<UserPurchasesAnswer>(
      'GET',
      `/api/admin/user-purchases?uid=${uid}&limit=100`,
      { who: 'admin' },
    );
    expect(whole.headers.get('link')).toBeNull();
    const all = whole.body.history.map((e) => e.seq);
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const seen: number[] = [];
    const sizes: number[] = [];
    for (let at: string | null = `/api/admin/user-purchases?uid=${uid}&limit=2`; at !== null;) {
      const res = await exchange<UserPurchasesAnswer>('GET', at, { who: 'admin' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['uid', 'purchases', 'history']);
      expect(res.body.purchases).toEqual(whole.body.purchases);
      sizes.push(res.body.history.length);
      seen.push(...res.body.history.map((e) => e.seq));
      at = nextOf(res.headers.get('link'));
      if (at)
        expect(at).toMatch(/^\/api\/admin\/user-purchases\?uid=[\w-]+&limit=2&cursor=[\w-]+$/);
    }
    expect(seen).toEqual(all);
    expect(sizes.slice(0, -1).every((n) => n === 2)).toBe(true);
    // the learner owns nothing again, for the cases after this one
    const reset = await call('POST', '/api/update-user-purchases', {
      who: 'admin',
      body: { uid, purchases: { teas_math_workbook: false } },
    });
    expect(reset.body.purchases).toEqual({});
  });

  it('a bad cursor or limit is a 400 naming the field', async () => {
    for (const [query, field] of [
      ['cursor=%7B%22%24gt%22%3A1%7D', 'cursor'],
      [`cursor=${Buffer.from('["1","x"]').toString('base64url')}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=two', 'limit'],
    ] as const) {
      const res = await call('GET', `/api/admin/user-purchases?uid=${learner.id}&${query}`, {
        who: 'admin',
      });
      expect([query, res.status, Object.keys(res.body.fields ?? {})]).toEqual([
        query,
        400,
        [field],
      ]);
    }
  });
});

describe('checkout through the local hosted page', () => {
  it('a bundle of two: the session, the page, Pay -> the webhook -> owned; the other learner owns nothing', async () => {
    const created = await call('POST', '/api/create-checkout-session', {
      who: otherLearner,
      body: { products: ['teas_math_workbook', 'med_dosage_workbook'] },
    });
    expect(created.status).toBe(200);
    const session = created.body as CheckoutSessionAnswer;
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_local_/),
      intendedProductType: 'math',
    });
    expect(session.url).toContain(`/dev-checkout/${session.id}`);

    // the page is public (a redirect brings the browser there)
    const view = await call('GET', `/api/dev-checkout/${session.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      sessionId: session.id,
      subtotalCents: 4000,
      discountCents: 500,
      totalCents: 3500,
      currency: 'usd',
      status: 'open',
    });

    const paid = await call('POST', `/api/dev-checkout/${session.id}/complete`, {
      body: { outcome: 'pay' },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.redirectUrl).toContain('/checkout-success');
    const me = await until(
      () => call('GET', '/api/me', { who: otherLearner }),
      (r) => !!r.body?.purchases?.med_dosage_workbook,
    );
    expect(me.body.purchases).toEqual({ teas_math_workbook: true, med_dosage_workbook: true });
    expect(await access(otherLearner, 'teas_math_workbook')).toBe(true);
    expect(await access(learner, 'teas_math_workbook')).toBe(false);

    // owned now: buying it again is a product problem
    const again = await call('POST', '/api/create-checkout-session', {
      who: otherLearner,
      body: { products: ['teas_math_workbook'] },
    });
    expect([again.status, again.body.code]).toEqual([400, ErrorCodes.PRODUCT_PROBLEM]);
  });
});

describe('admin purchases name a user that exists; a deleted user leaves no ledger (issue 24)', () => {
  let db: Db;
  let mongo: MongoClient;
  beforeAll(async () => {
    mongo = await MongoClient.connect(cfg.mongoUrl());
    db = mongo.db('catalog');
  });
  afterAll(() => mongo?.close());
  const snapshotsOf = (uid: string) => db.collection('ledger_snapshots').countDocuments({ uid });

  it.each(['00000000-0000-4000-8000-00000000dead', 'made-up-uid', 'constructor', 'toString'])(
    'update-user-purchases for %j: 404 User not found., nothing written',
    async (uid) => {
      const res = await call('POST', '/api/update-user-purchases', {
        who: 'admin',
        body: { uid, purchases: { teas_math_qbank: true } },
      });
      expect(res).toMatchObject({
        status: 404,
        body: { code: ErrorCodes.NOT_FOUND, message: 'User not found.' },
      });
      expect(await snapshotsOf(uid)).toBe(0);
      expect(await db.collection('holdings').countDocuments({ _id: uid as never })).toBe(0);
      const read = await call('GET', `/api/admin/user-purchases?uid=${uid}`, { who: 'admin' });
      expect(read.status).toBe(404);
    },
  );

  it('delete-user, then delete-user-data: the ledger is erased, the orders kept without the person', async () => {
    const gone = { email: `cat-gone-${stamp}@examprep.test`, password: 'gone-pass-1', id: '' };
    gone.id = await createRealmUser(gone);
    // a paid order (the local checkout), an admin grant, and a checkout left open
    const paid = await call<CheckoutSessionAnswer>('POST', '/api/create-checkout-session', {
      who: gone,
      body: { products: ['teas_math_workbook'] },
    });
    expect(paid.status).toBe(200);
    const open = await call<CheckoutSessionAnswer>('POST', '/api/create-checkout-session', {
      who: gone,
      body: { products: ['med_dosage_workbook'] },
    });
    expect(
      (
        await call('POST', `/api/dev-checkout/${paid.body.id}/complete`, {
          body: { outcome: 'pay' },
        })
      ).status,
    ).toBe(200);
    await until(
      () => access(gone, 'teas_math_workbook'),
      (v) => v,
    );
    expect(
      (
        await call('POST', '/api/update-user-purchases', {
          who: 'admin',
          body: { uid: gone.id, purchases: { premium_3d_assets: true } },
        })
      ).status,
    ).toBe(200);
    expect(await snapshotsOf(gone.id)).toBeGreaterThan(0);
    const orders = db.collection('orders');
    const paidOrderId = String((await orders.findOne({ sessionId: paid.body.id }))!._id);
    // the payment's webhook event, processed (it is marked before anything is granted)
    expect(await db.collection('stripe_events').countDocuments({ orderId: paidOrderId })).toBe(1);

    expect(
      (await call('DELETE', '/api/delete-user', { who: 'admin', body: { userId: gone.id } }))
        .status,
    ).toBe(200);
    // the account is gone but its data is not yet: the admin can still read it, and the data call works
    expect(
      (await call('DELETE', '/api/delete-user-data', { who: 'admin', body: { uid: gone.id } }))
        .status,
    ).toBe(200);
    // the erasure runs behind the answers; the webhook inbox is its last step (after the
    // orders and the ledger), so it is waited for too
    await until(
      async () =>
        (await snapshotsOf(gone.id)) +
        (await orders.countDocuments({ uid: gone.id })) +
        (await db.collection('holdings').countDocuments({ _id: gone.id as never })) +
        (await db.collection('stripe_events').countDocuments({ orderId: paidOrderId })),
      (n) => n === 0,
      15_000,
    );
    const kept = await orders.findOne({ sessionId: paid.body.id });
    expect(kept).toMatchObject({
      uid: expect.stringMatching(/^erased-/),
      email: '',
      erasedAt: expect.any(Date),
      status: 'paid',
      totalCents: 2_000,
      productIds: ['teas_math_workbook'],
    });
    expect(await orders.findOne({ sessionId: open.body.id })).toMatchObject({
      status: 'canceled',
      uid: kept!.uid,
      email: '',
    });
    // nothing of the person in the webhook inbox either (the order kept its id)
    expect(String(kept!._id)).toBe(paidOrderId);
    expect(await db.collection('stripe_events').countDocuments({ orderId: paidOrderId })).toBe(0);
    // and the admin can no longer change what a deleted user holds
    expect(
      (
        await call('POST', '/api/update-user-purchases', {
          who: 'admin',
          body: { uid: gone.id, purchases: { premium_3d_assets: true } },
        })
      ).status,
    ).toBe(404);
    expect(await snapshotsOf(gone.id)).toBe(0);
  });
});

describe('OpenAPI document', () => {
  it('lists every catalog route with its method, and the body routes among the body routes', async () => {
    const doc = (await (await fetch(`${gatewayUrl}/api/docs-json`)).json()) as OpenApiDocument;
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/products',
        'POST /api/check-product-access',
        'GET /api/check-simulations-access',
        'POST /api/create-checkout-session',
        'POST /api/stripe/webhook',
        'GET /api/dev-checkout/{sessionId}',
        'POST /api/dev-checkout/{sessionId}/complete',
        'POST /api/update-user-purchases',
        'GET /api/admin/user-purchases',
      ]),
    );
    const { bodyRoutes, queryRoutes } = routesOf(doc);
    expect(bodyRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/check-product-access',
        'POST /api/create-checkout-session',
        'POST /api/stripe/webhook',
        `POST /api/dev-checkout/${UNKNOWN_SESSION}/complete`,
        'POST /api/update-user-purchases',
      ]),
    );
    expect(queryRoutes).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/admin/user-purchases', params: ['cursor', 'limit', 'uid'] },
      ]),
    );
  });
});
