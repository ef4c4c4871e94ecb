import Stripe from 'stripe';
import { refusalOf } from '@examprep/nest-kit';
import { ErrorCodes } from '@examprep/contracts';
import { FakeOrdersRepository } from '../../test/support/fake-orders.repository';
import type { CatalogEnv } from '../config/catalog.env';
import { DevCheckoutService } from './dev-checkout.service';
import { OrderLocks } from './order-locks';
import type { Order } from './order.schema';
import type { WebhookService } from './webhook.service';

const SECRET = 'whsec_unit_dev_checkout';
const SESSION = 'cs_test_local_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const stripe = new Stripe('sk_test_unit', { telemetry: false });
const env = {
  NODE_ENV: 'test',
  STRIPE_API_URL: 'http://127.0.0.1:22111',
  STRIPE_WEBHOOK_SECRET: SECRET,
  WEB_URL: 'http://localhost:15173',
} as CatalogEnv;

let orders: FakeOrdersRepository;
let handle: jest.Mock;

function sut(over: Partial<CatalogEnv> = {}) {
  return new DevCheckoutService(
    { ...env, ...over } as CatalogEnv,
    stripe,
    orders,
    { handle } as unknown as WebhookService,
    new OrderLocks(),
  );
}

beforeEach(() => {
  orders = new FakeOrdersRepository();
  handle = jest.fn(async () => ({ received: true, duplicate: false }));
  orders.byId.set('ord_1', {
    _id: 'ord_1',
    uid: 'learner-1',
    email: 'learner@examprep.test',
    productIds: ['teas_math_qbank'],
    lines: [{ productId: 'teas_math_qbank', name: 'TEAS Math QBank', amountCents: 2_000 }],
    subtotalCents: 2_000,
    discountCents: 0,
    totalCents: 2_000,
    discountLabel: null,
    couponCode: null,
    intendedProductType: 'math',
    currency: 'usd',
    status: 'open',
    sessionId: SESSION,
    fulfilment: 'none',
    revocation: 'none',
  } as unknown as Order);
});

describe('the local test checkout', () => {
  it('shows the order', async () => {
    await expect(sut().view(SESSION)).resolves.toEqual({
      sessionId: SESSION,
      email: 'learner@examprep.test',
      lines: [{ productId: 'teas_math_qbank', name: 'TEAS Math QBank', amountCents: 2_000 }],
      subtotalCents: 2_000,
      discountCents: 0,
      discountLabel: null,
      totalCents: 2_000,
      currency: 'usd',
      status: 'open',
      successUrl: `http://localhost:15173/checkout-success?session_id=${SESSION}`,
      cancelUrl: 'http://localhost:15173/checkout-cancel',
    });
  });

  it.each([
    ['production', { NODE_ENV: 'production' as const }],
    ['real Stripe (no STRIPE_API_URL)', { STRIPE_API_URL: undefined }],
  ])('%s: 404 "The test checkout is not available."', async (_, over) => {
    for (const call of [sut(over).view(SESSION), sut(over).complete(SESSION, 'pay')]) {
      expect(await refusalOf(call)).toEqual({
        status: 404,
        code: ErrorCodes.NOT_FOUND,
        message: 'The test checkout is not available.',
      });
    }
    expect(handle).not.toHaveBeenCalled();
  });

  it('an unknown session: 404; a malformed one: 400', async () => {
    expect(await refusalOf(sut().view('cs_test_local_nope0000000000'))).toMatchObject({
      status: 404,
    });
    expect(await refusalOf(sut().view('../../etc'))).toMatchObject({ status: 400 });
  });

  it('Pay sends a completed event Stripe’s own check accepts, then the success page', async () => {
    const answer = await sut({ CHECKOUT_WEBHOOK_URL: undefined }).complete(SESSION, 'pay');
    expect(answer).toEqual({
      redirectUrl: `http://localhost:15173/checkout-success?session_id=${SESSION}`,
    });
    const [payload, signature] = handle.mock.calls[0] as [string, string];
    const event = stripe.webhooks.constructEvent(payload, signature, SECRET, 300);
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { id: SESSION, client_reference_id: 'ord_1', payment_status: 'paid' } },
    });
  });

  it('Cancel cancels the open order and goes to the cancel page; a paid one goes to success', async () => {
    await expect(sut().complete(SESSION, 'cancel')).resolves.toEqual({
      redirectUrl: 'http://localhost:15173/checkout-cancel',
    });
    expect(orders.byId.get('ord_1')?.status).toBe('canceled');
    // Pay after Cancel: nothing is sent
    await expect(sut().complete(SESSION, 'pay')).resolves.toEqual({
      redirectUrl: 'http://localhost:15173/checkout-cancel',
    });
    expect(handle).not.toHaveBeenCalled();
    orders.byId.get('ord_1')!.status = 'paid';
    await expect(sut().complete(SESSION, 'cancel')).resolves.toEqual({
      redirectUrl: `http://localhost:15173/checkout-success?session_id=${SESSION}`,
    });
  });

  it('an outcome other than pay or cancel: 400 naming outcome', async () => {
    expect(await refusalOf(sut().complete(SESSION, 'steal'))).toMatchObject({
      status: 400,
      fields: { outcome: ["The outcome field must be 'pay' or 'cancel'."] },
    });
  });

  it('the webhook route refusing the delivery: 502, the order stays open', async () => {
    const server = await import('node:http').then(({ createServer }) =>
      createServer((_, res) => res.writeHead(400).end('{}')),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      expect(
        await refusalOf(
          sut({ CHECKOUT_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook` }).complete(
            SESSION,
            'pay',
          ),
        ),
      ).toEqual({
        status: 502,
        code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
        message: 'Unable to process checkout. Please try again or contact support.',
      });
      expect(orders.byId.get('ord_1')?.status).toBe('open');
    } finally {
      server.close();
    }
  });

  it('the webhook route not answering (gateway down): 503, the order stays open', async () => {
    const server = await import('node:http').then(({ createServer }) => createServer());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    await new Promise<void>((r) => server.close(() => r()));
    expect(
      await refusalOf(
        sut({ CHECKOUT_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook` }).complete(
          SESSION,
          'pay',
        ),
      ),
    ).toEqual({
      status: 503,
      code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
      message: 'Unable to process checkout. Please try again or contact support.',
    });
    expect(orders.byId.get('ord_1')?.status).toBe('open');
  });
});
