// Stripe unreachable, refusing or silent (learner spec §8 Checkout messages; ADR 0018): the
// checkout service with the real Stripe SDK pointed at a closed port, at a server answering 500
// and at one that never answers, and its orders in a scratch database of the real FerretDB.
// The answer is 503 / 502 PAYMENT_PROVIDER_UNAVAILABLE with 'Unable to process checkout.
// Please try again or contact support.', within the gateway's 10 s, and no order is left open.
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getConnectionToken, MongooseModule } from '@nestjs/mongoose';
import { Test } from '@nestjs/testing';
import { type Actor, ErrorCodes } from '@examprep/contracts';
import { MongoModule, refusalOf } from '@examprep/nest-kit';
import { infraConfig } from '@examprep/test-kit';
import type { Connection } from 'mongoose';
import Stripe from 'stripe';
import { CheckoutService } from '../src/checkout/checkout.service';
import { CouponRecord, CouponSchema } from '../src/checkout/coupon.schema';
import { CouponsRepository } from '../src/checkout/coupons.repository';
import { CouponsService } from '../src/checkout/coupons.service';
import { MongoCouponsRepository } from '../src/checkout/mongo-coupons.repository';
import { MongoOrdersRepository } from '../src/checkout/mongo-orders.repository';
import { OrderRecord, OrderSchema } from '../src/checkout/order.schema';
import { OrdersRepository } from '../src/checkout/orders.repository';
import { CatalogEnv } from '../src/config/catalog.env';
import { EntitlementsService } from '../src/entitlements/entitlements.service';
import { MongoProductsRepository } from '../src/products/mongo-products.repository';
import { ProductRecord, ProductSchema } from '../src/products/product.schema';
import { ProductsRepository } from '../src/products/products.repository';
import { ProductsService } from '../src/products/products.service';
import { stripeClientOptions } from '../src/stripe/stripe.options';

jest.setTimeout(60_000);

const cfg = infraConfig('test');
const db = `catalog_it_stripe_${randomUUID().slice(0, 8)}`;
const LEARNER: Actor = {
  uid: 'it-learner',
  email: 'it-learner@examprep.test',
  isAdmin: false,
  emailVerified: true,
};
const servers: Server[] = [];
const closers: (() => Promise<void>)[] = [];
let connection: Connection | undefined;

/** A local HTTP server standing in for Stripe; answers with `handler`. */
async function fakeStripe(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

async function checkoutAgainst(stripeUrl: string): Promise<CheckoutService> {
  const env = Object.assign(new CatalogEnv(), {
    NODE_ENV: 'test',
    STRIPE_SECRET_KEY: cfg.stripeApiKey,
    STRIPE_API_URL: stripeUrl,
    STRIPE_WEBHOOK_SECRET: cfg.stripeWebhookSecret,
    WEB_URL: cfg.webUrl,
  });
  const moduleRef = await Test.createTestingModule({
    imports: [
      MongoModule.forRoot(cfg.mongoUrl(db)),
      MongooseModule.forFeature([
        { name: ProductRecord.name, schema: ProductSchema },
        { name: CouponRecord.name, schema: CouponSchema },
        { name: OrderRecord.name, schema: OrderSchema },
      ]),
    ],
    providers: [
      { provide: ProductsRepository, useClass: MongoProductsRepository },
      ProductsService,
      { provide: CouponsRepository, useClass: MongoCouponsRepository },
      CouponsService,
      { provide: OrdersRepository, useClass: MongoOrdersRepository },
      CheckoutService,
      // what the learner holds is not the point here: nothing
      { provide: EntitlementsService, useValue: { purchasesOf: async () => ({}) } },
      { provide: CatalogEnv, useValue: env },
      { provide: Stripe, useValue: new Stripe(env.STRIPE_SECRET_KEY, stripeClientOptions(env)) },
    ],
  }).compile();
  const app = await moduleRef.init();
  closers.push(() => app.close());
  connection ??= app.get<Connection>(getConnectionToken());
  return app.get(CheckoutService);
}

beforeAll(async () => {
  // the first module opens the scratch database's connection
  await checkoutAgainst(await closedPort());
  await connection!.collection('products').insertOne({
    _id: 'teas_math_qbank' as never,
    docId: 'teas_math_qbank',
    name: 'TEAS Math QBank',
    description: '',
    price: 20,
    type: 'math',
    section: 'teas',
    category: 'qbank',
    available: { online: true, download: false },
    instructions: '',
    includes: {},
    order: 1,
  });
});

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  await connection?.dropDatabase();
  for (const close of closers) await close();
});

async function onlyOrder() {
  const orders = await connection!.collection('orders').find().sort({ createdAt: -1 }).toArray();
  return orders[0];
}

const CHECKOUT_FAILED = 'Unable to process checkout. Please try again or contact support.';

it('Stripe unreachable (a closed port): 503, the order marked failed', async () => {
  const sut = await checkoutAgainst(await closedPort());
  const t0 = Date.now();
  expect(await refusalOf(sut.create(LEARNER, { products: ['teas_math_qbank'] }))).toEqual({
    status: 503,
    code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
    message: CHECKOUT_FAILED,
  });
  expect(Date.now() - t0).toBeLessThan(10_000);
  expect(await onlyOrder()).toMatchObject({
    status: 'failed',
    sessionId: null,
    failureReason: expect.stringMatching(/^StripeConnectionError/),
  });
});

it('Stripe answering 500 (after the SDK’s 2 retries): 502, the order marked failed', async () => {
  let calls = 0;
  const url = await fakeStripe((_, res) => {
    calls++;
    res
      .writeHead(500, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong.' } }));
  });
  const sut = await checkoutAgainst(url);
  expect(await refusalOf(sut.create(LEARNER, { products: ['teas_math_qbank'] }))).toEqual({
    status: 502,
    code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
    message: CHECKOUT_FAILED,
  });
  expect(calls).toBe(3);
  expect(await onlyOrder()).toMatchObject({ status: 'failed', sessionId: null });
});

it('Stripe never answering: 503 before the gateway’s 10 s time-out, the order marked failed', async () => {
  const url = await fakeStripe(() => {
    /* accepts the request and says nothing */
  });
  const sut = await checkoutAgainst(url);
  const t0 = Date.now();
  expect(await refusalOf(sut.create(LEARNER, { products: ['teas_math_qbank'] }))).toMatchObject({
    status: 503,
    message: CHECKOUT_FAILED,
  });
  expect(Date.now() - t0).toBeLessThan(10_000);
  expect(await onlyOrder()).toMatchObject({ status: 'failed', sessionId: null });
});
