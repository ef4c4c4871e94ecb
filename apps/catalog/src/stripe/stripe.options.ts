import type Stripe from 'stripe';
import type { CatalogEnv } from '../config/catalog.env';

/**
 * Every Stripe call gives up after this long (the SDK retries twice within it), well below the
 * gateway's 10 s RPC time-out, so a slow Stripe is answered 503 and never a gateway 504.
 */
export const STRIPE_TIMEOUT_MS = 8_000;
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/**
 * The SDK's retries can take a timed-out call past the gateway's 10 s (three attempts of 8 s):
 * a checkout gives Stripe this long in all, then answers 503 itself.
 */
export const STRIPE_CHECKOUT_DEADLINE_MS = 9_000;

/** The SDK's constructor options (its StripeConfig, which the package does not export by name). */
export type StripeOptions = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

type StripeEnv = Pick<CatalogEnv, 'STRIPE_API_URL' | 'NODE_ENV'>;

/**
 * The SDK's options: Stripe itself when STRIPE_API_URL is unset; otherwise that server
 * (stripe-mock locally and in tests) by host, port and protocol.
 */
export function stripeClientOptions(env: StripeEnv): StripeOptions {
  const options: StripeOptions = {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'examprep-catalog' },
  };
  if (!env.STRIPE_API_URL) return options;
  const url = new URL(env.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...options,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * The local test checkout (ADR 0018): only against a Stripe stand-in (STRIPE_API_URL set) and
 * never in production, so a real deployment can neither offer it nor be paid through it.
 */
export function simulatorEnabled(env: StripeEnv): boolean {
  return !!env.STRIPE_API_URL && env.NODE_ENV !== 'production';
}
