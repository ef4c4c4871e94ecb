import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  findRepoRoot,
  infraConfig,
  infraEnv,
  readInfraConfigFile,
  type InfraConfigFile,
} from './config';

const file: InfraConfigFile = {
  cacheDir: '~/.cache/x',
  versions: { nats: 'v1' },
  realm: 'r1',
  apiAudience: 'aud-1',
  webClientId: 'web',
  buckets: ['b1', 'b2'],
  s3Region: 'eu-1',
  s3HealthPath: '/hz',
  devCredentials: {
    keycloakAdmin: {
      username: 'ka',
      password: 'kp',
      usernameEnv: 'KA_USER',
      passwordEnv: 'KA_PASS',
    },
    s3: { accessKey: 'mk', secretKey: 'ms', accessKeyEnv: 'M_USER', secretKeyEnv: 'M_PASS' },
    stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x' },
  },
  profiles: {
    dev: {
      dataDir: '.infra/dev',
      ports: {
        nats: 1,
        natsMonitor: 2,
        ferretdb: 3,
        ferretdbDebug: 4,
        keycloak: 5,
        keycloakManagement: 6,
        s3: 7,
        smtp: 9,
        maildev: 10,
        stripeMock: 11,
        stripeMockHttps: 12,
        gateway: 13,
        web: 14,
      },
    },
    test: {
      dataDir: '.infra/test',
      ports: {
        nats: 101,
        natsMonitor: 102,
        ferretdb: 103,
        ferretdbDebug: 104,
        keycloak: 105,
        keycloakManagement: 106,
        s3: 107,
        smtp: 109,
        maildev: 110,
        stripeMock: 111,
        stripeMockHttps: 112,
        gateway: 113,
        web: 114,
      },
    },
    fault: {
      dataDir: '.infra/fault',
      ports: {
        nats: 201,
        natsMonitor: 202,
        ferretdb: 203,
        ferretdbDebug: 204,
        keycloak: 205,
        keycloakManagement: 206,
        s3: 207,
        smtp: 209,
        maildev: 210,
        stripeMock: 211,
        stripeMockHttps: 212,
        gateway: 213,
        web: 214,
      },
    },
  },
};

describe('infraConfig (the environment model, tools/infra/environment.cjs)', () => {
  const opts = { file, repoRoot: '/repo', env: {}, home: '/home/u' };

  it('derives every URL from the profile ports', () => {
    const c = infraConfig('test', opts);
    expect(c.dataDir).toBe('/repo/.infra/test');
    expect(c.appsDataDir).toBe('/repo/.infra/test-apps');
    expect(c.cacheDir).toBe('/home/u/.cache/x');
    expect(c.natsUrl).toBe('nats://127.0.0.1:101');
    expect(c.mongoUrl('svc')).toBe('mongodb://127.0.0.1:103/svc');
    expect(c.mongoUrl()).toBe('mongodb://127.0.0.1:103/');
    expect(c.keycloakUrl).toBe('http://localhost:105');
    expect(c.keycloakInternalUrl).toBe('http://127.0.0.1:105');
    expect(c.issuer).toBe('http://localhost:105/realms/r1');
    expect(c.jwksUrl).toBe('http://127.0.0.1:105/realms/r1/protocol/openid-connect/certs');
    expect(c.tokenUrl).toBe('http://localhost:105/realms/r1/protocol/openid-connect/token');
    expect(c.keycloakManagementUrl).toBe('http://127.0.0.1:106');
    expect(c.s3).toMatchObject({
      endpoint: 'http://127.0.0.1:107',
      publicEndpoint: 'http://127.0.0.1:107',
      healthUrl: 'http://127.0.0.1:107/hz',
      region: 'eu-1',
      buckets: ['b1', 'b2'],
    });
    expect(c.smtp).toEqual({ host: '127.0.0.1', port: 109 });
    expect(c.maildevUrl).toBe('http://127.0.0.1:110');
    expect(c.stripeUrl).toBe('http://127.0.0.1:111');
    expect(c.webUrl).toBe('http://localhost:114');
    expect(c.gatewayUrl).toBe('http://127.0.0.1:113');
    expect(c.appUrl('gateway')).toBe(c.gatewayUrl);
    expect(() => c.appUrl('nope')).toThrow(/no port for app "nope"/);
    expect(c.apiAudience).toBe('aud-1');
  });

  it('uses the dev default credentials unless their env vars are set', () => {
    expect(infraConfig('dev', { ...opts, env: {} }).keycloakAdmin).toEqual({
      username: 'ka',
      password: 'kp',
    });
    const c = infraConfig('dev', {
      ...opts,
      env: { KA_USER: 'x', KA_PASS: 'y', M_USER: 'mu', M_PASS: 'mp' },
    });
    expect(c.keycloakAdmin).toEqual({ username: 'x', password: 'y' });
    expect(c.s3).toMatchObject({ accessKey: 'mu', secretKey: 'mp' });
  });

  it('honours EXAMPREP_CACHE_DIR', () => {
    expect(infraConfig('dev', { ...opts, env: { EXAMPREP_CACHE_DIR: '~/c2' } }).cacheDir).toBe(
      '/home/u/c2',
    );
  });

  it('rejects an unknown profile', () => {
    expect(() => infraConfig('prod' as never, opts)).toThrow(/unknown infra profile/);
  });

  it('exports the servers under the names the apps read, none other', () => {
    const env = infraEnv(infraConfig('test', opts), ['catalog', 'media']);
    expect(env).toMatchObject({
      NATS_URL: 'nats://127.0.0.1:101',
      CATALOG_MONGODB_URI: 'mongodb://127.0.0.1:103/catalog',
      MEDIA_MONGODB_URI: 'mongodb://127.0.0.1:103/media',
      OIDC_AUDIENCE: 'aud-1',
      OIDC_JWKS_URL: 'http://127.0.0.1:105/realms/r1/protocol/openid-connect/certs',
      STRIPE_API_URL: 'http://127.0.0.1:111',
    });
    for (const gone of ['MONGO_URL', 'KEYCLOAK_JWKS_URL', 'STRIPE_API_BASE', 'MAILDEV_URL']) {
      expect(env).not.toHaveProperty(gone);
    }
  });
});

describe('findRepoRoot', () => {
  it('is the workspace root', () => {
    const root = findRepoRoot();
    expect(fs.existsSync(path.join(root, 'tools', 'infra', 'infra.sh'))).toBe(true);
    expect(path.relative(root, __dirname)).toBe(path.join('libs', 'test-kit', 'src'));
  });
});

describe('the real infra.config.json', () => {
  const real = readInfraConfigFile();

  it('gives the dev and test profiles disjoint ports and data dirs, so both can run at once', () => {
    const dev = Object.values(real.profiles.dev.ports);
    const test = Object.values(real.profiles.test.ports);
    expect(new Set(dev).size).toBe(dev.length);
    expect(new Set(test).size).toBe(test.length);
    expect(dev.filter((p) => test.includes(p))).toEqual([]);
    expect(real.profiles.dev.dataDir).not.toBe(real.profiles.test.dataDir);
  });

  it('names the same ports in both profiles', () => {
    expect(Object.keys(real.profiles.dev.ports).sort()).toEqual(
      Object.keys(real.profiles.test.ports).sort(),
    );
  });

  it('gives the fault suite its own profile: every port and the data dir its own, below the ephemeral range', () => {
    const fault = Object.values(real.profiles.fault.ports);
    const others = [
      ...Object.values(real.profiles.dev.ports),
      ...Object.values(real.profiles.test.ports),
    ];
    expect(Object.keys(real.profiles.fault.ports).sort()).toEqual(
      Object.keys(real.profiles.test.ports).sort(),
    );
    expect(new Set(fault).size).toBe(fault.length);
    expect(fault.filter((p) => others.includes(p))).toEqual([]);
    // Linux hands out 32768-60999 to outgoing connections: a fixed port there may be taken
    expect(fault.filter((p) => p >= 32768)).toEqual([]);
    expect(real.profiles.fault.dataDir).not.toBe(real.profiles.test.dataDir);
    expect(infraConfig('fault').profile).toBe('fault');
  });

  it('resolves the test profile by default', () => {
    expect(infraConfig().profile).toBe('test');
    expect(infraConfig('dev').ports.keycloak).toBe(real.profiles.dev.ports.keycloak);
  });
});
