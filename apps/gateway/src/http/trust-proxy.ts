import type { GatewayEnv } from '../config/gateway.env';

/**
 * Fastify's `trustProxy` from the config: a number of proxies (TRUST_PROXY_HOPS: the client is
 * the address the outermost proxy saw, however many addresses the client put before it), else
 * all or none (TRUST_PROXY: all means the leftmost address, which a client chooses itself
 * unless the proxy overwrites X-Forwarded-For). request.ip, and so the per-address rate limits
 * of anonymous callers, follow it.
 */
export function trustProxyOf(
  env: Pick<GatewayEnv, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>,
): boolean | number {
  return env.TRUST_PROXY_HOPS ?? env.TRUST_PROXY;
}
