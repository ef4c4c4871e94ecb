// ensureInfra/stopInfra with TEST_INFRA=containers: the containers module starts what is down,
// on the same interface the tests already use (no Docker here: the module is mocked).
import { ensureInfra, stopInfra } from './infra';
import { startContainers, stopContainers } from './containers';

jest.mock('./containers', () => ({
  ...jest.requireActual('./containers'),
  startContainers: jest.fn(async (_cfg: unknown, servers: string[]) => servers),
  stopContainers: jest.fn(async () => undefined),
}));
// FerretDB answers the ping; of the HTTP servers only NATS and maildev answer
jest.mock('mongodb', () => ({
  MongoClient: jest.fn().mockImplementation(() => ({
    db: () => ({ command: async () => ({ ok: 1 }) }),
    close: async () => undefined,
  })),
}));

describe('ensureInfra with TEST_INFRA=containers', () => {
  const env = process.env.TEST_INFRA;
  const realFetch = global.fetch;
  beforeEach(() => {
    process.env.TEST_INFRA = 'containers';
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      const u = String(url);
      const up = u.includes('/healthz');
      return new Response('', { status: up ? 200 : 503 });
    }) as typeof fetch;
    jest.mocked(startContainers).mockClear();
    jest.mocked(stopContainers).mockClear();
  });
  afterEach(() => {
    global.fetch = realFetch;
    if (env === undefined) delete process.env.TEST_INFRA;
    else process.env.TEST_INFRA = env;
  });

  it('starts only the servers that do not answer, as containers, and says which', async () => {
    const r = await ensureInfra('test');
    expect(jest.mocked(startContainers)).toHaveBeenCalledTimes(1);
    const [cfg, servers, features] = jest.mocked(startContainers).mock.calls[0];
    expect(cfg.profile).toBe('test');
    expect(servers).toEqual(['keycloak', 's3', 'stripe-mock']);
    expect(features).toContain('token-exchange');
    expect(r).toMatchObject({ started: true, startedServers: ['keycloak', 's3', 'stripe-mock'] });
  });

  it('stops containers, not local processes', async () => {
    await stopInfra('test', ['keycloak']);
    expect(jest.mocked(stopContainers)).toHaveBeenCalledWith(['keycloak']);
  });
});
