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
): boolean | ((address: string, hop: number) => boolean) {
  const hops = env.TRUST_PROXY_HOPS;
  if (hops === undefined) return env.TRUST_PROXY;
  // The first `hops` addresses from the right are proxies. Fastify >= 5.12 no longer takes a
  // number for this (it trusts none then: "hop-count-only trust cannot validate the immediate
  // peer"), so the count is a trust function, as Fastify 5.11 made of the number; the gateway
  // is reachable only through its proxies (k8s/base/gateway/networkpolicy.yaml), which is what makes the count safe.
  return (_address, hop) => hop < hops;
}
