import Stripe from 'stripe';
import { type JetStreamBus, refusalOf } from '@examprep/nest-kit';
import {
  type Actor,
  CATALOG_MESSAGES,
  ErrorCodes,
  type Product,
  type Purchases,
} from '@examprep/contracts';
import { FakeCouponsRepository } from '../../test/support/fake-coupons.repository';
import { FakeEntitlementsRepository } from '../../test/support/fake-entitlements.repository';
import { FakeOrdersRepository } from '../../test/support/fake-orders.repository';
import type { CatalogEnv } from '../config/catalog.env';
import { EntitlementsService } from '../entitlements/entitlements.service';
import type { ProductsService } from '../products/products.service';
import { CheckoutService, intendedProductTypeOf } from './checkout.service';
import type { Coupon } from './coupon.rules';
import { CouponsService } from './coupons.service';

const product = (id: string, price: number, type: Product['type'] = 'math') =>
  ({ id, name: `Name of ${id}`, price, type }) as Product;
const CATALOGUE = new Map(
  [
    product('teas_math_qbank', 20),
    product('med_dosage_qbank', 20),
    product('teas_math_workbook', 20),
    product('med_dosage_workbook', 20),
    product('premium_3d_assets', 20, 'design'),
    product('premium_android_stuff', 20, 'design'),
    product('infinite_qbank', 0),
  ].map((p) => [p.id, p]),
);
const COUPONS: Record<string, Coupon> = {
  NURSE10: { code: 'NURSE10', percentOff: 10, amountOffCents: null, expiresAt: null, active: true },
};
const LEARNER: Actor = {
  uid: 'learner-1',
  email: 'learner@examprep.test',
  isAdmin: false,
  emailVerified: true,
};
const env = {
  NODE_ENV: 'test',
  STRIPE_API_URL: 'http://127.0.0.1:22111',
  WEB_URL: 'http://localhost:15173',
} as CatalogEnv;

let orders: FakeOrdersRepository;
let held: Purchases;
let stripe: {
  checkout: { sessions: { create: jest.Mock } };
  coupons: { retrieve: jest.Mock; create: jest.Mock };
};

function sut(
  overrides: Partial<CatalogEnv> = {},
  entitlements = { purchasesOf: async () => held } as unknown as EntitlementsService,
) {
  return new CheckoutService(
    { get: async (id: string) => CATALOGUE.get(id) } as unknown as ProductsService,
    entitlements,
    new CouponsService(new FakeCouponsRepository(COUPONS)),
    orders,
    stripe as unknown as Stripe,
    { ...env, ...overrides } as CatalogEnv,
  );
}

beforeEach(() => {
  orders = new FakeOrdersRepository();
  held = {};
  stripe = {
    checkout: {
      sessions: {
        create: jest.fn(async () => ({
          id: 'cs_test_fixture',
          url: 'https://checkout.stripe.com/c/pay/cs_test_fixture',
        })),
      },
    },
    coupons: {
      retrieve: jest.fn(async (id: string) => ({ id })),
      create: jest.fn(async (p: { id: string }) => p),
    },
  };
});

describe('CheckoutService.create', () => {
  it('records the order first, then asks Stripe with server prices, metadata and the Idempotency-Key', async () => {
    stripe.checkout.sessions.create.mockImplementation(async () => {
      // the order exists before Stripe is asked
      expect(orders.byId.size).toBe(1);
      return { id: 'cs_test_fixture', url: null };
    });
    const answer = await sut().create(LEARNER, {
      products: ['teas_math_qbank', 'med_dosage_qbank'],
    });

    const [order] = [...orders.byId.values()];
    expect(order).toMatchObject({
      uid: 'learner-1',
      email: 'learner@examprep.test',
      productIds: ['teas_math_qbank', 'med_dosage_qbank'],
      subtotalCents: 4_000,
      discountCents: 500,
      totalCents: 3_500,
      couponCode: null,
      intendedProductType: 'math',
      status: 'open',
      fulfilment: 'none',
      revocation: 'none',
      sessionId: answer.id,
    });
    expect(answer).toEqual({
      id: expect.stringMatching(/^cs_test_local_[A-Za-z0-9]{32}$/),
      intendedProductType: 'math',
      url: `http://localhost:15173/dev-checkout/${answer.id}`,
    });
    const [params, options] = stripe.checkout.sessions.create.mock.calls[0];
    expect(options).toEqual({ idempotencyKey: order._id });
    expect(params).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 2_000,
            product_data: {
              name: 'Name of teas_math_qbank',
              metadata: { productId: 'teas_math_qbank' },
            },
          },
        },
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 2_000,
            product_data: {
              name: 'Name of med_dosage_qbank',
              metadata: { productId: 'med_dosage_qbank' },
            },
          },
        },
      ],
      discounts: [{ coupon: 'examprep_bundle_usd500' }],
      client_reference_id: order._id,
      metadata: {
        orderId: order._id,
        uid: 'learner-1',
        productIds: 'teas_math_qbank,med_dosage_qbank',
      },
      customer_email: 'learner@examprep.test',
      success_url: 'http://localhost:15173/checkout-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:15173/checkout-cancel',
    });
    expect(stripe.coupons.retrieve).toHaveBeenCalledWith('examprep_bundle_usd500');
  });

  it('with a coupon: its Stripe coupon, no bundle discount; made on a 404', async () => {
    stripe.coupons.retrieve.mockRejectedValue(
      new Stripe.errors.StripeInvalidRequestError({ message: 'No such coupon', statusCode: 404 }),
    );
    await sut().create(LEARNER, {
      products: ['teas_math_qbank', 'med_dosage_qbank'],
      couponCode: 'nurse10',
    });
    const [order] = [...orders.byId.values()];
    expect(order).toMatchObject({ totalCents: 3_600, couponCode: 'NURSE10' });
    expect(stripe.coupons.create).toHaveBeenCalledWith(
      { id: 'examprep_NURSE10_pct10', name: 'NURSE10', duration: 'once', percent_off: 10 },
      { idempotencyKey: 'coupon:examprep_NURSE10_pct10' },
    );
    expect(stripe.checkout.sessions.create.mock.calls[0][0]).toMatchObject({
      discounts: [{ coupon: 'examprep_NURSE10_pct10' }],
      metadata: { couponCode: 'NURSE10' },
    });
  });

  it('one item: no discount sent; real Stripe: the session’s own id and url', async () => {
    const answer = await sut({ STRIPE_API_URL: undefined, NODE_ENV: 'production' }).create(
      LEARNER,
      { products: ['premium_3d_assets'] },
    );
    expect(answer).toEqual({
      id: 'cs_test_fixture',
      intendedProductType: 'design',
      url: 'https://checkout.stripe.com/c/pay/cs_test_fixture',
    });
    expect(stripe.checkout.sessions.create.mock.calls[0][0]).not.toHaveProperty('discounts');
    expect(stripe.coupons.retrieve).not.toHaveBeenCalled();
  });

  it.each([
    [['no_such_product'], 'There is no product "no_such_product".'],
    [['infinite_qbank'], 'Name of infinite_qbank is free: it needs no purchase.'],
    [['teas_math_qbank'], 'You already own Name of teas_math_qbank.'],
  ])('%j: 400 PRODUCT_PROBLEM naming the product; nothing recorded or sent', async (ids, text) => {
    held = { teas_math_qbank: true };
    expect(await refusalOf(sut().create(LEARNER, { products: ids }))).toEqual({
      status: 400,
      code: ErrorCodes.PRODUCT_PROBLEM,
      message: text,
      fields: { products: [text] },
    });
    expect(orders.insert).not.toHaveBeenCalled();
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
  });

  it('nobody pays twice (ADR 0023, 0040): a product held through a school licence seat is refused like one bought', async () => {
    const ledger = new EntitlementsService(new FakeEntitlementsRepository(), {
      publish: async () => ({ seq: 1, duplicate: false }),
    } as unknown as JetStreamBus);
    await ledger.grantSeat({ licenceId: 'lic_1', uid: LEARNER.uid, seat: 1 }, ['teas_math_qbank']);
    const text = 'You already own Name of teas_math_qbank.';
    expect(
      await refusalOf(
        sut({}, ledger).create(LEARNER, { products: ['teas_math_qbank', 'med_dosage_qbank'] }),
      ),
    ).toEqual({
      status: 400,
      code: ErrorCodes.PRODUCT_PROBLEM,
      message: text,
      fields: { products: [text] },
    });
    expect(orders.insert).not.toHaveBeenCalled();
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
  });

  it.each([
    [{ products: [] }, 'products', CATALOG_MESSAGES.selectAtLeastOne],
    [{ products: ['teas_math_qbank', 'teas_math_qbank'] }, 'products', undefined],
    [{ products: ['teas_math_qbank'], couponCode: 'A'.repeat(33) }, 'couponCode', undefined],
    [{ products: ['teas_math_qbank'], couponCode: 'NURSE-10' }, 'couponCode', undefined],
    [{ products: ['teas_math_qbank'], amount: 1 }, 'amount', 'Field "amount" is not allowed.'],
    [{ products: [{ $gt: '' }] }, 'products', undefined],
  ])('%j: 400 VALIDATION_FAILED naming %s; nothing sent', async (input, field, text) => {
    const payload = await refusalOf(sut().create(LEARNER, input as never));
    expect(payload).toMatchObject({ status: 400, code: ErrorCodes.VALIDATION_FAILED });
    expect(Object.keys(payload.fields ?? {})).toContain(field);
    if (text) expect(payload.fields?.[field]).toContain(text);
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
    expect(orders.insert).not.toHaveBeenCalled();
  });

  it('an unknown or expired coupon: 400 INVALID_COUPON, nothing sent', async () => {
    expect(
      await refusalOf(sut().create(LEARNER, { products: ['teas_math_qbank'], couponCode: 'NOPE' })),
    ).toMatchObject({ code: ErrorCodes.INVALID_COUPON, message: CATALOG_MESSAGES.invalidCoupon });
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
  });

  it.each([
    ['unreachable', 503, new Stripe.errors.StripeConnectionError({ message: 'ECONNREFUSED' })],
    [
      'refusing',
      502,
      new Stripe.errors.StripeInvalidRequestError({ message: 'bad', statusCode: 400 }),
    ],
  ])('Stripe %s: %i, and the order is marked failed (none left open)', async (_, status, err) => {
    stripe.checkout.sessions.create.mockRejectedValue(err);
    expect(await refusalOf(sut().create(LEARNER, { products: ['teas_math_qbank'] }))).toEqual({
      status,
      code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
      message: 'Unable to process checkout. Please try again or contact support.',
    });
    const [order] = [...orders.byId.values()];
    expect(order.status).toBe('failed');
    expect(order.failureReason).toMatch(/^Stripe/);
  });

  it('anonymous 401, unverified 403', async () => {
    expect(await refusalOf(sut().create(null, { products: ['teas_math_qbank'] }))).toMatchObject({
      status: 401,
    });
    expect(
      await refusalOf(
        sut().create({ ...LEARNER, emailVerified: false }, { products: ['teas_math_qbank'] }),
      ),
    ).toMatchObject({ status: 403 });
  });
});

describe('CheckoutService.result (the payment result page)', () => {
  it("the caller's own order; an unknown session and another learner's are the same 404", async () => {
    const { id } = await sut().create(LEARNER, { products: ['teas_math_qbank'] });
    await expect(sut().result(LEARNER, id)).resolves.toMatchObject({
      sessionId: id,
      status: 'pending',
      products: [{ id: 'teas_math_qbank', name: 'Name of teas_math_qbank' }],
    });
    const notFound = {
      status: 404,
      code: 'NOT_FOUND',
      message: 'There is no checkout with this id.',
    };
    const other: Actor = { ...LEARNER, uid: 'learner-2', email: 'other@examprep.test' };
    expect(await refusalOf(sut().result(other, id))).toEqual(notFound);
    expect(await refusalOf(sut().result(LEARNER, 'cs_test_local_unknown'))).toEqual(notFound);
    expect(orders.findOwnBySessionId).toHaveBeenCalledWith(id, 'learner-2');
  });
});

describe('intendedProductTypeOf', () => {
  it('design only when every product is design', () => {
    expect(intendedProductTypeOf([{ type: 'design' }, { type: 'design' }])).toBe('design');
    expect(intendedProductTypeOf([{ type: 'design' }, { type: 'math' }])).toBe('math');
    expect(intendedProductTypeOf([{ type: 'math' }])).toBe('math');
  });
});
