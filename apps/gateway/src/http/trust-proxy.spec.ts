// Which address the gateway takes for the client (request.ip: the per-address rate limits of
// anonymous callers) behind the proxies of k8s/README.md, "Ingress or Gateway API": a Fastify
// with the trustProxy the config gives, the request arriving from the proxy's address.
import Fastify from 'fastify';
import { loadConfig } from '@examprep/nest-kit';
import { GatewayEnv } from '../config/gateway.env';
import { trustProxyOf } from './trust-proxy';

const base = {
  NATS_URL: 'nats://127.0.0.1:4222',
  OIDC_ISSUER: 'http://127.0.0.1:8080/realms/examprep',
  KEYCLOAK_PUBLIC_URL: 'http://127.0.0.1:8080',
};
const PROXY = '10.0.0.5';

/** request.ip with the config `vars`, for a request from PROXY carrying X-Forwarded-For `xff`. */
async function clientOf(vars: Record<string, string>, xff?: string): Promise<string> {
  const app = Fastify({ trustProxy: trustProxyOf(loadConfig(GatewayEnv, { ...base, ...vars })) });
  app.get('/ip', async (req) => req.ip);
  try {
    const res = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: PROXY,
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    });
    return res.body;
  } finally {
    await app.close();
  }
}

describe('the client address behind proxies', () => {
  it('untrusted by default: the proxy itself', async () => {
    expect(await clientOf({}, '203.0.113.9')).toBe(PROXY);
  });

  it('behind a proxy that overwrites X-Forwarded-For (ingress-nginx): TRUST_PROXY=true or one hop', async () => {
    expect(await clientOf({ TRUST_PROXY: 'true' }, '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientOf({ TRUST_PROXY_HOPS: '1' }, '203.0.113.9')).toBe('203.0.113.9');
  });

  it('behind a proxy that appends (Envoy): TRUST_PROXY=true takes what the client sent, one hop the address the proxy saw', async () => {
    // the client sent "X-Forwarded-For: 198.51.100.1", the proxy appended the address it saw
    const xff = '198.51.100.1, 203.0.113.9';
    expect(await clientOf({ TRUST_PROXY: 'true' }, xff)).toBe('198.51.100.1');
    expect(await clientOf({ TRUST_PROXY_HOPS: '1' }, xff)).toBe('203.0.113.9');
    // the hop count wins over TRUST_PROXY
    expect(await clientOf({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1' }, xff)).toBe('203.0.113.9');
    // two proxies (a CDN in front of the Gateway): the address the outer one saw
    expect(await clientOf({ TRUST_PROXY_HOPS: '2' }, `${xff}, 192.0.2.7`)).toBe('203.0.113.9');
  });

  it('reads TRUST_PROXY_HOPS as a count of 1..10', () => {
    expect(loadConfig(GatewayEnv, base).TRUST_PROXY_HOPS).toBeUndefined();
    expect(
      loadConfig(GatewayEnv, { ...base, TRUST_PROXY_HOPS: '' }).TRUST_PROXY_HOPS,
    ).toBeUndefined();
    for (const bad of ['0', '11', 'one', '1.5'])
      expect(() => loadConfig(GatewayEnv, { ...base, TRUST_PROXY_HOPS: bad })).toThrow(
        /TRUST_PROXY_HOPS/,
      );
  });
});
