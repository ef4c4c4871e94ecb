import Stripe from 'stripe';
import { CATALOG_MESSAGES, ErrorCodes } from '@examprep/contracts';
import { payloadOfRefusal, ServiceError } from '@examprep/nest-kit';
import {
  isStripeAlreadyExists,
  isStripeNotFound,
  isStripeUnreachable,
  toCheckoutError,
  withinDeadline,
} from './stripe-errors';

const { StripeAPIError, StripeConnectionError, StripeInvalidRequestError, StripeRateLimitError } =
  Stripe.errors;

describe('toCheckoutError (learner spec §8 Checkout messages)', () => {
  it('Stripe unreachable or too slow -> 503 PAYMENT_PROVIDER_UNAVAILABLE', () => {
    const timeout = new StripeConnectionError({
      message: 'Request aborted due to timeout being reached (8000ms)',
    });
    expect(payloadOfRefusal(toCheckoutError(timeout))).toEqual({
      status: 503,
      code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
      message: 'Unable to process checkout. Please try again or contact support.',
    });
    expect(isStripeUnreachable(timeout)).toBe(true);
  });

  it.each([
    ['an invalid request', new StripeInvalidRequestError({ message: 'bad', statusCode: 400 })],
    ['a Stripe 500', new StripeAPIError({ message: 'oops', statusCode: 500 })],
    ['a rate limit', new StripeRateLimitError({ message: 'slow down', statusCode: 429 })],
  ])('Stripe answered with %s -> 502, same message', (_, err) => {
    expect(payloadOfRefusal(toCheckoutError(err))).toEqual({
      status: 502,
      code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
      message: CATALOG_MESSAGES.checkoutFailed,
    });
    expect(isStripeUnreachable(err)).toBe(false);
  });

  it('leaves other errors alone (a bug stays a 500)', () => {
    const bug = new TypeError('x is undefined');
    expect(toCheckoutError(bug)).toBe(bug);
    const domain = ServiceError.badRequest('no');
    expect(toCheckoutError(domain)).toBe(domain);
  });

  it('tells a missing object and an existing id apart', () => {
    expect(
      isStripeNotFound(
        new StripeInvalidRequestError({ message: 'No such coupon', statusCode: 404 }),
      ),
    ).toBe(true);
    expect(
      isStripeNotFound(new StripeInvalidRequestError({ message: 'bad', statusCode: 400 })),
    ).toBe(false);
    expect(
      isStripeAlreadyExists(
        new StripeInvalidRequestError({
          message: 'Coupon already exists.',
          statusCode: 400,
          code: 'resource_already_exists',
        }),
      ),
    ).toBe(true);
    expect(isStripeNotFound(new Error('404'))).toBe(false);
  });
});

describe('withinDeadline', () => {
  it('a Stripe call slower than the deadline is answered 503 (unreachable)', async () => {
    const never = new Promise<never>(() => undefined);
    const err = await withinDeadline(never, 20).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isStripeUnreachable(err)).toBe(true);
    expect(payloadOfRefusal(toCheckoutError(err)).status).toBe(503);
  });

  it('a call within it answers (or fails) as itself', async () => {
    await expect(withinDeadline(Promise.resolve('ok'), 1_000)).resolves.toBe('ok');
    const refused = new StripeInvalidRequestError({ message: 'bad', statusCode: 400 });
    await expect(withinDeadline(Promise.reject(refused), 1_000)).rejects.toBe(refused);
  });
});
