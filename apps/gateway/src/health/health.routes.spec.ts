// The gateway's probes in process (NATS stubbed at the RPC client), as k8s/README.md ("What
// every pod gets", "Known limits") and ADR 0029 describe them: /healthz answers while the
// process does; /readyz is 200 while the NATS connection is up and 503 when it is not, and
// reports each DOWNSTREAM_SERVICES service's health subject without failing on it (one service
// down is a 503 for its area only, never every gateway replica out of the Service).
import 'reflect-metadata';
import { type ServiceName, Subjects } from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  callerVerifier,
  inProcessEnv,
  type InjectServer,
  startInProcessGateway,
} from '../../test/support/in-process';

jest.spyOn(NatsRpcClient.prototype, 'connect').mockResolvedValue(undefined);
const connected = jest.spyOn(NatsRpcClient.prototype, 'isConnected', 'get');
const rpc = jest.spyOn(NatsRpcClient.prototype, 'request');
process.env.LOG_LEVEL ??= 'warn';

let app: NestFastifyApplication;
let server: InjectServer;

beforeAll(async () => {
  const env = Object.assign(inProcessEnv(), {
    DOWNSTREAM_SERVICES: ['announcements', 'catalog'] as ServiceName[],
  });
  ({ app, server } = await startInProcessGateway(callerVerifier({}), env));
});
afterAll(async () => {
  await app?.close();
});

/** The services answering their health subject: up ones 'ok', down ones not at all. */
function services(up: ServiceName[]) {
  rpc.mockReset();
  const answer = async (subject: string) => {
    if (up.some((s) => subject === Subjects.health(s))) return { status: 'ok' };
    throw Object.assign(new Error('no responders'), { status: 503 });
  };
  rpc.mockImplementation(answer as never);
}

const probe = async (url: string) => {
  // no token: the probes are public, and outside /api
  const res = await server.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<unknown>() };
};

describe('gateway probes', () => {
  it('/healthz: 200 {"status":"ok"} whatever NATS does', async () => {
    connected.mockReturnValue(false);
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('/readyz: 200 "ok" with NATS up and every downstream service answering', async () => {
    connected.mockReturnValue(true);
    services(['announcements', 'catalog']);
    expect(await probe('/readyz')).toEqual({
      status: 200,
      body: {
        status: 'ok',
        checks: { nats: true },
        downstream: { announcements: true, catalog: true },
      },
    });
    // each asked on its health subject with an empty message and a short time-out
    expect(rpc).toHaveBeenCalledWith(Subjects.health('catalog'), {}, { timeoutMs: 1_500 });
    expect(rpc).toHaveBeenCalledTimes(2);
  });

  it('/readyz: still 200 but "degraded", naming the service that does not answer', async () => {
    connected.mockReturnValue(true);
    services(['announcements']);
    expect(await probe('/readyz')).toEqual({
      status: 200,
      body: {
        status: 'degraded',
        checks: { nats: true },
        downstream: { announcements: true, catalog: false },
      },
    });
  });

  it('/readyz: 503 "unavailable" when the NATS connection is down', async () => {
    connected.mockReturnValue(false);
    services([]);
    expect(await probe('/readyz')).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        checks: { nats: false },
        downstream: { announcements: false, catalog: false },
      },
    });
  });

  it('are not under /api (the ingress routes only /api: never exposed)', async () => {
    connected.mockReturnValue(true);
    for (const url of ['/api/healthz', '/api/readyz'])
      expect((await server.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
