// The catalog routes in-process (Fastify inject), the catalog service stubbed: who may call
// what, what reaches the catalog (the webhook's exact bytes), what is refused before it does,
// and how the catalog's own error answers come out. Against the real system:
// test/catalog.int-spec.ts.
import 'reflect-metadata';
import { ErrorCodes, Subjects } from '@examprep/contracts';
import { NatsRpcClient, RpcCallError } from '@examprep/nest-kit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  callerVerifier,
  type InjectServer,
  startInProcessGateway,
} from '../../test/support/in-process';

jest.spyOn(NatsRpcClient.prototype, 'connect').mockResolvedValue(undefined);
const rpc = jest.spyOn(NatsRpcClient.prototype, 'request').mockResolvedValue({} as never);

type Caller = 'anonymous' | 'unverified' | 'learner' | 'admin' | 'unverifiedAdmin';
const ACTORS = {
  unverified: { uid: 'u-unverified', isAdmin: false, emailVerified: false },
  learner: { uid: 'u-learner', isAdmin: false, emailVerified: true },
  admin: { uid: 'u-admin', isAdmin: true, emailVerified: true },
  unverifiedAdmin: { uid: 'u-admin-2', isAdmin: true, emailVerified: false },
} as const;
let app: NestFastifyApplication;
let server: InjectServer;

beforeAll(async () => {
  ({ app, server } = await startInProcessGateway(callerVerifier(ACTORS)));
});

afterAll(async () => {
  await app?.close();
});

beforeEach(() => {
  rpc.mockReset();
  rpc.mockResolvedValue({} as never);
});

const SESSION = 'cs_test_local_0123456789abcdef';

function send(
  method: 'GET' | 'POST',
  url: string,
  who: Caller,
  payload?: string | object,
  headers: Record<string, string> = {},
) {
  return server.inject({
    method,
    url,
    payload: typeof payload === 'object' ? JSON.stringify(payload) : payload,
    headers: {
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(who === 'anonymous' ? {} : { authorization: `Bearer ${who}.x.y` }),
      ...headers,
    },
  });
}

/** Every catalog route with a valid request. */
const ROUTES = {
  products: ['GET', '/api/products', undefined],
  access: ['POST', '/api/check-product-access', { productId: 'teas_math_qbank_full' }],
  simulations: ['GET', '/api/check-simulations-access', undefined],
  checkout: ['POST', '/api/create-checkout-session', { products: ['teas_math_qbank'] }],
  devView: ['GET', `/api/dev-checkout/${SESSION}`, undefined],
  devComplete: ['POST', `/api/dev-checkout/${SESSION}/complete`, { outcome: 'pay' }],
  update: ['POST', '/api/update-user-purchases', { uid: 'u-1', purchases: { x: true } }],
  userPurchases: ['GET', '/api/admin/user-purchases?uid=u-1', undefined],
} as const;

describe('who may call each catalog route', () => {
  const expected: Record<keyof typeof ROUTES, Record<Caller, number>> = {
    products: { anonymous: 200, unverified: 200, learner: 200, admin: 200, unverifiedAdmin: 200 },
    access: { anonymous: 401, unverified: 403, learner: 200, admin: 200, unverifiedAdmin: 200 },
    simulations: {
      anonymous: 401,
      unverified: 403,
      learner: 200,
      admin: 200,
      unverifiedAdmin: 200,
    },
    checkout: { anonymous: 401, unverified: 403, learner: 200, admin: 200, unverifiedAdmin: 200 },
    devView: { anonymous: 200, unverified: 200, learner: 200, admin: 200, unverifiedAdmin: 200 },
    devComplete: {
      anonymous: 200,
      unverified: 200,
      learner: 200,
      admin: 200,
      unverifiedAdmin: 200,
    },
    update: { anonymous: 401, unverified: 403, learner: 403, admin: 200, unverifiedAdmin: 200 },
    userPurchases: {
      anonymous: 401,
      unverified: 403,
      learner: 403,
      admin: 200,
      unverifiedAdmin: 200,
    },
  };

  it.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])('%s', async (name) => {
    const [method, url, body] = ROUTES[name];
    const got: Record<string, number> = {};
    for (const who of Object.keys(expected[name]) as Caller[]) {
      got[who] = (await send(method, url, who, body)).statusCode;
    }
    expect(got).toEqual(expected[name]);
  });

  it('an unverified learner is told to verify (403 EMAIL_NOT_VERIFIED), and nothing is asked', async () => {
    for (const name of ['access', 'simulations', 'checkout'] as const) {
      const [method, url, body] = ROUTES[name];
      const res = await send(method, url, 'unverified', body);
      expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    }
    expect(rpc).not.toHaveBeenCalled();
  });
});

describe('what reaches the catalog', () => {
  it('sends each route its subject with the verified actor (null on public routes)', async () => {
    const calls: [string, unknown][] = [];
    rpc.mockImplementation(async (subject, data) => {
      calls.push([subject, data]);
      return {} as never;
    });
    for (const name of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      const [method, url, body] = ROUTES[name];
      await send(method, url, 'admin', body);
    }
    const actor = expect.objectContaining({ uid: 'u-admin', isAdmin: true });
    expect(calls).toEqual([
      [Subjects.catalog.listProducts, { actor: null }],
      [Subjects.catalog.checkAccess, { actor, productId: 'teas_math_qbank_full' }],
      [Subjects.catalog.checkSimulationsAccess, { actor }],
      [Subjects.catalog.createCheckoutSession, { actor, input: { products: ['teas_math_qbank'] } }],
      [Subjects.catalog.devCheckoutView, { actor: null, sessionId: SESSION }],
      [Subjects.catalog.devCheckoutComplete, { actor: null, sessionId: SESSION, outcome: 'pay' }],
      [
        Subjects.catalog.updateUserPurchases,
        { actor, input: { uid: 'u-1', purchases: { x: true } } },
      ],
      [Subjects.catalog.userPurchases, { actor, uid: 'u-1', page: {} }],
    ]);
  });

  it('GET /api/products may be cached for 60 s; an error answer may not', async () => {
    rpc.mockResolvedValueOnce({ products: [] } as never);
    const ok = await send('GET', '/api/products', 'anonymous');
    expect(ok.json()).toEqual({ products: [] });
    expect(ok.headers['cache-control']).toBe('public, max-age=60');
    rpc.mockRejectedValueOnce(
      new RpcCallError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' }),
    );
    expect((await send('GET', '/api/products', 'anonymous')).headers['cache-control']).toBe(
      'no-store',
    );
  });
});

describe('refused before the catalog is asked (400 naming the field)', () => {
  const cases: [string, string, object, string, string][] = [
    ['POST', '/api/check-product-access', { productId: 'TEAS Math!' }, 'productId', ''],
    ['POST', '/api/check-product-access', { productId: { $gt: '' } }, 'productId', ''],
    ['POST', '/api/create-checkout-session', { products: [] }, 'products', ''],
    [
      'POST',
      '/api/create-checkout-session',
      { products: ['teas_math_qbank', 'teas_math_qbank'] },
      'products',
      '',
    ],
    ['POST', '/api/create-checkout-session', { products: [{ $ne: null }] }, 'products', ''],
    [
      'POST',
      '/api/create-checkout-session',
      { products: ['teas_math_qbank'], price: 1 },
      'price',
      'Field "price" is not allowed.',
    ],
    [
      'POST',
      '/api/create-checkout-session',
      { products: ['teas_math_qbank'], amountTotal: 100 },
      'amountTotal',
      'Field "amountTotal" is not allowed.',
    ],
    [
      'POST',
      '/api/create-checkout-session',
      { products: ['teas_math_qbank'], couponCode: { $gt: '' } },
      'couponCode',
      '',
    ],
    ['POST', `/api/dev-checkout/${SESSION}/complete`, { outcome: 'steal' }, 'outcome', ''],
    [
      'POST',
      '/api/update-user-purchases',
      { uid: 'u-1', purchases: { x: 'yes' } },
      'purchases',
      '',
    ],
    ['POST', '/api/update-user-purchases', { uid: { $ne: null }, purchases: {} }, 'uid', ''],
  ];

  it.each(cases)('%s %s %j: 400 for %s', async (method, url, body, field, message) => {
    const res = await send(method as 'POST', url, 'admin', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCodes.VALIDATION_FAILED });
    expect(Object.keys(res.json().fields)).toEqual([field]);
    if (message) expect(res.json().fields[field]).toEqual([message]);
    expect(rpc).not.toHaveBeenCalled();
  });

  it('a session id that is not one: 400 on both local checkout routes', async () => {
    for (const [method, url] of [
      ['GET', '/api/dev-checkout/x'],
      ['POST', '/api/dev-checkout/..%2Fetc/complete'],
    ] as const) {
      const res = await send(
        method,
        url,
        'anonymous',
        method === 'POST' ? { outcome: 'pay' } : undefined,
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['sessionId']);
    }
    expect(rpc).not.toHaveBeenCalled();
  });
});

describe('POST /api/stripe/webhook', () => {
  // whitespace, key order, unicode and escapes exactly as sent: the signature covers them
  const raw =
    '{\n  "id": "evt_1",  "object":"event",\n  "type": "checkout.session.completed",' +
    ' "data": {"object": {"id": "cs_test_1", "name": "Caf\\u00e9 — ü"}}\n}\n';

  it('hands the catalog the exact text and the Stripe-Signature header; 200 {received: true}', async () => {
    rpc.mockResolvedValueOnce({ received: true, duplicate: false } as never);
    const res = await send('POST', '/api/stripe/webhook', 'anonymous', raw, {
      'stripe-signature': 't=1,v1=abc',
    });
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    expect(rpc).toHaveBeenCalledWith(Subjects.catalog.stripeWebhook, {
      actor: null,
      payload: raw,
      signature: 't=1,v1=abc',
    });
  });

  it('takes any fields of the event (no DTO whitelist), also with a charset', async () => {
    const event = JSON.stringify({ id: 'evt_2', price: 1, constructorName: 'x', livemode: false });
    const res = await send('POST', '/api/stripe/webhook', 'anonymous', event, {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': 't=1,v1=abc',
    });
    expect(res.statusCode).toBe(200);
    expect(rpc.mock.calls[0]?.[1]).toMatchObject({ payload: event });
  });

  it.each([
    ['no', undefined],
    ['an empty', ''],
    ['a blank', '   '],
  ])(
    '%s Stripe-Signature header: 400 WEBHOOK_SIGNATURE_INVALID, the catalog is not asked',
    async (_, sig) => {
      const res = await send(
        'POST',
        '/api/stripe/webhook',
        'anonymous',
        raw,
        sig === undefined ? {} : { 'stripe-signature': sig },
      );
      expect([res.statusCode, res.json()]).toEqual([
        400,
        {
          error: 'Bad Request',
          code: ErrorCodes.WEBHOOK_SIGNATURE_INVALID,
          message: 'The Stripe-Signature header is missing, wrong or too old.',
        },
      ]);
      expect(rpc).not.toHaveBeenCalled();
    },
  );

  it("passes on the catalog's 400 for a wrong or stale signature", async () => {
    rpc.mockRejectedValueOnce(
      new RpcCallError({
        status: 400,
        code: ErrorCodes.WEBHOOK_SIGNATURE_INVALID,
        message: 'The Stripe-Signature header is missing, wrong or too old.',
      }),
    );
    const res = await send('POST', '/api/stripe/webhook', 'anonymous', raw, {
      'stripe-signature': 't=1,v1=wrong',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCodes.WEBHOOK_SIGNATURE_INVALID);
  });

  it('a body that is not a JSON object: 400 BODY_NOT_OBJECT before the signature is looked at', async () => {
    for (const body of ['[]', 'null', '"x"']) {
      const res = await send('POST', '/api/stripe/webhook', 'anonymous', body, {
        'stripe-signature': 't=1,v1=abc',
      });
      expect([res.statusCode, res.json().code]).toEqual([400, ErrorCodes.BODY_NOT_OBJECT]);
    }
    expect(rpc).not.toHaveBeenCalled();
  });
});

describe("the catalog's payment-provider answers", () => {
  it.each([
    [503, 'Service Unavailable'],
    [502, 'Bad Gateway'],
  ])(
    '%i PAYMENT_PROVIDER_UNAVAILABLE comes out as %i {error, code, message}',
    async (status, error) => {
      const message = 'Unable to process checkout. Please try again or contact support.';
      rpc.mockRejectedValueOnce(
        new RpcCallError({ status, code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE, message }),
      );
      const res = await send('POST', '/api/create-checkout-session', 'learner', {
        products: ['teas_math_qbank'],
      });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({
        error,
        code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
        message,
        errorId: expect.any(String),
      });
    },
  );

  it.each([
    [
      ErrorCodes.INVALID_COUPON,
      'Invalid coupon code. Please check the code and try again.',
      { couponCode: ['Invalid coupon code. Please check the code and try again.'] },
    ],
    [
      ErrorCodes.PRODUCT_PROBLEM,
      'There was an issue with the selected products. Please try again.',
      { products: ['You already own TEAS Math QBank.'] },
    ],
  ])('400 %s keeps its message and fields', async (code, message, fields) => {
    rpc.mockRejectedValueOnce(new RpcCallError({ status: 400, code, message, fields }));
    const res = await send('POST', '/api/create-checkout-session', 'learner', {
      products: ['teas_math_qbank'],
      couponCode: 'NOPE',
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { error: 'Bad Request', code, message, fields },
    ]);
  });
});
