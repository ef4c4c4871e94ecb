import {
  simulatorEnabled,
  STRIPE_CHECKOUT_DEADLINE_MS,
  STRIPE_MAX_NETWORK_RETRIES,
  STRIPE_TIMEOUT_MS,
  stripeClientOptions,
} from './stripe.options';

describe('stripeClientOptions', () => {
  it('talks to Stripe itself when STRIPE_API_URL is unset, retrying twice within 8 s', () => {
    const sut = stripeClientOptions({ NODE_ENV: 'production' });
    expect(sut).toMatchObject({ maxNetworkRetries: 2, timeout: 8_000 });
    expect(sut).not.toHaveProperty('host');
    expect(sut).not.toHaveProperty('port');
    expect(sut).not.toHaveProperty('protocol');
  });

  it('points at STRIPE_API_URL (stripe-mock) by host, port and protocol', () => {
    expect(
      stripeClientOptions({ NODE_ENV: 'test', STRIPE_API_URL: 'http://127.0.0.1:22111' }),
    ).toMatchObject({ host: '127.0.0.1', port: 22111, protocol: 'http' });
    expect(
      stripeClientOptions({ NODE_ENV: 'test', STRIPE_API_URL: 'https://stripe-mock.internal' }),
    ).toMatchObject({ host: 'stripe-mock.internal', port: 443, protocol: 'https' });
  });

  it('gives up below the gateway’s 10 s RPC time-out', () => {
    expect(STRIPE_TIMEOUT_MS).toBeLessThan(10_000);
    expect(STRIPE_CHECKOUT_DEADLINE_MS).toBeLessThan(10_000);
    expect(STRIPE_MAX_NETWORK_RETRIES).toBe(2);
  });
});

describe('simulatorEnabled (the local test checkout)', () => {
  it.each([
    [{ NODE_ENV: 'test', STRIPE_API_URL: 'http://127.0.0.1:22111' }, true],
    [{ NODE_ENV: 'development', STRIPE_API_URL: 'http://127.0.0.1:12111' }, true],
    [{ NODE_ENV: 'production', STRIPE_API_URL: 'http://127.0.0.1:12111' }, false],
    [{ NODE_ENV: 'development' }, false],
    [{ NODE_ENV: 'test', STRIPE_API_URL: '' }, false],
  ] as const)('%j -> %s', (env, expected) => {
    expect(simulatorEnabled(env)).toBe(expected);
  });
});
