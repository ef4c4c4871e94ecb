import Stripe from 'stripe';
import { CATALOG_MESSAGES, ErrorCodes } from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';

/** What the SDK throws: StripeError subclasses carry `type` (and `statusCode` from the API). */
interface StripeLikeError {
  type?: unknown;
  statusCode?: unknown;
  code?: unknown;
}

function stripeErrorType(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const type = (err as StripeLikeError).type;
  return typeof type === 'string' && type.startsWith('Stripe') ? type : undefined;
}

/** Any error the Stripe SDK raised (connection, API, validation, rate limit, ...). */
export function isStripeError(err: unknown): boolean {
  return stripeErrorType(err) !== undefined;
}

/** Stripe could not be reached or did not answer in time (the SDK's own time-out included). */
export function isStripeUnreachable(err: unknown): boolean {
  return stripeErrorType(err) === 'StripeConnectionError';
}

/** A 404 from the Stripe API (e.g. retrieving a coupon that does not exist yet). */
export function isStripeNotFound(err: unknown): boolean {
  return isStripeError(err) && (err as StripeLikeError).statusCode === 404;
}

/** Stripe refused to create something because one with that id exists already. */
export function isStripeAlreadyExists(err: unknown): boolean {
  return isStripeError(err) && (err as StripeLikeError).code === 'resource_already_exists';
}

/**
 * The answer to a checkout that Stripe failed: 503 when Stripe is unreachable (connection
 * error, time-out), 502 when it answered with an error; both PAYMENT_PROVIDER_UNAVAILABLE with
 * the spec's 'Unable to process checkout. Please try again or contact support.' Anything that
 * is not a Stripe error is returned unchanged (a bug stays a 500 with its error id).
 */
export function toCheckoutError(err: unknown): unknown {
  if (!isStripeError(err)) return err;
  return new ServiceError({
    status: isStripeUnreachable(err) ? 503 : 502,
    code: ErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
    message: CATALOG_MESSAGES.checkoutFailed,
  });
}

/**
 * `work`, unless it takes longer than `ms`: then a StripeConnectionError (Stripe did not answer
 * in time), which toCheckoutError answers 503. The call itself is not cancelled; whatever it
 * makes at Stripe belongs to an order already marked failed and expires unused.
 */
export async function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Stripe.errors.StripeConnectionError({
            message: `Stripe did not answer within ${ms} ms.`,
          }),
        ),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
