// The environment model (environment.cjs, ADR 0024) gives every profile the same servers, ports,
// data dirs, URLs and app environments as the three derivations it replaced. Their values were
// captured into environment.golden.json before the change (tools/system/env.cjs appEnv/urls,
// tools/infra/config.cjs shellVars, libs/test-kit infraConfig/infraEnv, with an empty
// environment); what differs is listed here, each with its reason.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { infraConfig, infraEnv } from '@examprep/test-kit';
import { shellVars } from './config.cjs';
import {
  appEnv,
  infraModel,
  PROFILES,
  REPO_ROOT,
  serverApps,
  type InfraModel,
  type InfraProfile,
} from './environment.cjs';

interface GoldenProfile {
  apps: Record<string, Record<string, string>>;
  systemUrls: {
    nats: string;
    mongo: string;
    keycloakPublic: string;
    issuer: string;
    jwks: string;
    gateway: string;
    web: string;
    s3Public: string;
    dataDir: string;
    ports: Record<string, number>;
  };
  testKit: Record<string, unknown> & { mongoUrl: string; mongoUrlDb: string };
  testKitEnv: Record<string, string>;
  shell: Record<string, string | number>;
}
interface Golden {
  serverApps: string[];
  profiles: Record<InfraProfile, GoldenProfile>;
}

const golden = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'environment.golden.json'), 'utf8'),
) as Golden;

/** The captured values name the repository and the home directory by placeholder. */
const placeholders = <T>(value: T): T =>
  JSON.parse(
    JSON.stringify(value).split(REPO_ROOT).join('<repo>').split(os.homedir()).join('<home>'),
  ) as T;

/** The capture ran with an empty environment: no LOG_LEVEL, no credential or cache override. */
const clean = { env: {} };

/**
 * test-kit's own derivation handed out `localhost` for these two; the gateway (OIDC_JWKS_URL)
 * and every tool used 127.0.0.1. The model has one value: the one the running system uses.
 */
const UNIFIED_IN_TEST_KIT: Record<string, (u: GoldenProfile['systemUrls']) => string> = {
  jwksUrl: (u) => u.jwks,
  gatewayUrl: (u) => u.gateway,
};

/**
 * What the jest global setup exported that no app reads (issue 25), and the app's name that
 * replaces it where there is one.
 */
const REMOVED_FROM_TEST_ENV: Record<string, string | null> = {
  MONGO_URL: 'ANNOUNCEMENTS_MONGODB_URI', // one <APP>_MONGODB_URI per service
  KEYCLOAK_ISSUER: 'OIDC_ISSUER',
  KEYCLOAK_JWKS_URL: 'OIDC_JWKS_URL',
  KEYCLOAK_AUDIENCE: 'OIDC_AUDIENCE',
  STRIPE_API_BASE: 'STRIPE_API_URL',
  MAILDEV_URL: null, // tests use infraConfig().maildevUrl
  SMTP_HOST: null, // tests use infraConfig().smtp
  SMTP_PORT: null,
  EXAMPREP_INFRA_PROFILE: null, // nothing read it
};

/**
 * What apps read that did not exist when the values were captured, with the value every profile
 * gives them.
 */
const ADDED_TO_APP_ENV: Record<string, Record<string, string>> = {
  // the admin user list's periodic rebuild from Keycloak and the database (ADR 0030)
  identity: { USER_DIRECTORY_REBUILD_MS: '3600000' },
  // the OpenAPI document, off by default where NODE_ENV is production (apps/gateway/src/http/openapi-document.ts)
  gateway: { OPENAPI_ENABLED: 'true' },
};

/**
 * What apps read that did not exist when the values were captured, with a value per profile: the
 * study reminders of the learning engine (issue 29) mail through the profile's maildev with links
 * to its web app; the test profiles send them at any hour, within seconds.
 */
const ADDED_PER_PROFILE: Record<string, (m: InfraModel) => Record<string, string>> = {
  // schools (issue 30, ADR 0040): the tool's URLs under the web app, Keycloak's broker endpoint,
  // the bridge's secret (the realm file's dev default) and plain http for the local LMS stand-in
  schools: (m) => ({
    WEB_URL: m.webUrl,
    KEYCLOAK_PUBLIC_URL: m.keycloakUrl,
    KEYCLOAK_REALM: m.realm,
    LTI_BRIDGE_CLIENT_SECRET: 'dev-lti-bridge-secret',
    LTI_ALLOW_HTTP: 'true',
  }),
  testing: (m) => ({
    WEB_URL: m.webUrl,
    SMTP_URL: `smtp://${m.smtp.host}:${m.smtp.port}`,
    ...(m.profile === 'test' || m.profile === 'fault' || m.profile === 'cluster'
      ? { REMINDER_HOUR_UTC: '0', REMINDER_SWEEP_MS: '5000' }
      : {}),
  }),
};

/**
 * Versions added to infra.config.json since the capture: the project's own Node (ADR 0031) and
 * Jaeger of `infra.sh start --with tracing` (ADR 0035), as test-kit's `versions` and infra.sh's
 * `V_` variables carry every version of the file.
 */
const written = JSON.parse(fs.readFileSync(path.join(__dirname, 'infra.config.json'), 'utf8')) as {
  versions: Record<string, string>;
  profiles: Record<InfraProfile, { ports: Record<string, number> }>;
};
const writtenVersions = written.versions;
const ADDED_VERSIONS: Record<string, string> = {
  node: writtenVersions.node,
  jaeger: writtenVersions.jaeger,
};
const ADDED_SHELL_VARS: Record<string, string> = {
  V_NODE: ADDED_VERSIONS.node!,
  V_JAEGER: ADDED_VERSIONS.jaeger!,
  // the secret of the realm's identity provider lti, which infra.sh gives Keycloak (ADR 0040)
  LTI_BRIDGE_SECRET: 'dev-lti-bridge-secret',
};

/**
 * Services that did not exist when the values were captured (issue 30: schools). Each has the
 * announcements service's shape: NATS, its HEALTH_PORT and its own <APP>_MONGODB_URI, nothing
 * else; the gateway's DOWNSTREAM_SERVICES names it too.
 */
const ADDED_SERVICES = ['schools'];
/**
 * Ports added to infra.config.json since the capture, by name: the added services' (and
 * `<name>2`, a service's second replica on the cluster profile), and the local LTI 1.3
 * platform's that the schools service is tried against (tools/lms, issue 30).
 */
const ADDED_PORTS = [...ADDED_SERVICES, 'lms'];

const addedPorts = (profile: InfraProfile): Record<string, number> =>
  Object.fromEntries(
    Object.entries(written.profiles[profile].ports).filter(([name]) =>
      ADDED_PORTS.some((added) => name === added || name === `${added}2`),
    ),
  );
/** infra.sh's names of those ports (config.cjs: PORT_<NAME in upper snake case>). */
const addedShellPorts = (profile: InfraProfile): Record<string, number> =>
  Object.fromEntries(
    Object.entries(addedPorts(profile)).map(([name, port]) => [
      `PORT_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`,
      port,
    ]),
  );

/** The golden's server apps and the added services, as serverApps orders them (the gateway last). */
const withAddedServices = (apps: string[]) => [
  ...[...apps.filter((app) => app !== 'gateway'), ...ADDED_SERVICES].sort(),
  'gateway',
];

/**
 * Each app's captured environment as it would have been with the added services: an added
 * service gets the announcements service's under its own database name and health port, the
 * gateway names it in DOWNSTREAM_SERVICES.
 */
function appsBefore(
  before: GoldenProfile,
  profile: InfraProfile,
): Record<string, Record<string, string>> {
  const { ANNOUNCEMENTS_MONGODB_URI: uri, ...like } = before.apps.announcements!;
  const apps = { ...before.apps };
  for (const service of ADDED_SERVICES) {
    apps[service] = {
      ...like,
      HEALTH_PORT: String(written.profiles[profile].ports[service]),
      [`${service.toUpperCase()}_MONGODB_URI`]: uri!.replace(/\/announcements$/, `/${service}`),
    };
  }
  const gateway = before.apps.gateway!;
  apps.gateway = {
    ...gateway,
    DOWNSTREAM_SERVICES: [...gateway.DOWNSTREAM_SERVICES!.split(','), ...ADDED_SERVICES]
      .sort()
      .join(','),
  };
  return apps;
}

/** An app's environment without what was added since the capture, and the added part. */
const splitAdded = (app: string, env: Record<string, string>, model: InfraModel) => {
  const added: Record<string, string> = {};
  const rest = { ...env };
  const names = [
    ...Object.keys(ADDED_TO_APP_ENV[app] ?? {}),
    ...Object.keys(ADDED_PER_PROFILE[app]?.(model) ?? {}),
  ];
  for (const name of names) {
    if (name in rest) added[name] = rest[name];
    delete rest[name];
  }
  return { rest, added };
};

it('lists the same server apps, and the added services', () => {
  expect(serverApps()).toEqual(withAddedServices(golden.serverApps));
});

describe.each(PROFILES)('the %s profile', (profile) => {
  const before = golden.profiles[profile];
  let model: InfraModel;
  beforeAll(() => {
    model = infraModel(profile, clean);
  });

  it('gives every app the same environment as before', () => {
    const apps = appsBefore(before, profile);
    for (const app of serverApps()) {
      const { rest, added } = splitAdded(app, placeholders(appEnv(app, profile, {}, clean)), model);
      expect([app, rest]).toEqual([app, apps[app]]);
      expect([app, added]).toEqual([
        app,
        placeholders({ ...ADDED_TO_APP_ENV[app], ...ADDED_PER_PROFILE[app]?.(model) }),
      ]);
    }
  });

  it('gives the tools, the start scripts and the Vite config the same URLs, ports and data dir', () => {
    const u = before.systemUrls;
    const ports = { ...u.ports, ...addedPorts(profile) };
    expect(
      placeholders({
        nats: model.natsUrl,
        mongo: model.mongoUrl('DB'),
        keycloakPublic: model.keycloakUrl,
        issuer: model.issuer,
        jwks: model.jwksUrl,
        gateway: model.gatewayUrl,
        web: model.webUrl,
        s3Public: model.s3.publicEndpoint,
        dataDir: model.dataDir,
        ports: model.ports,
      }),
    ).toEqual({ ...u, ports });
    // the runner's pid and log folder, and its health checks (tools/system/system.cjs)
    expect(placeholders(model.appsDataDir)).toBe(`${u.dataDir}-apps`);
    for (const app of [...withAddedServices(golden.serverApps), 'web']) {
      expect(model.appUrl(app)).toBe(`http://127.0.0.1:${ports[app]}`);
    }
  });

  it('gives test-kit the same settings, the two unified URLs aside', () => {
    const { mongoUrl, mongoUrlDb, ...kit } = before.testKit;
    const now = placeholders(infraConfig(profile, clean)) as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(kit)) {
      const unified = UNIFIED_IN_TEST_KIT[key];
      const expected = unified
        ? unified(before.systemUrls)
        : key === 'versions'
          ? { ...(value as Record<string, string>), ...ADDED_VERSIONS }
          : key === 'ports'
            ? { ...(value as Record<string, number>), ...addedPorts(profile) }
            : value;
      if (key === 's3') expect([key, now[key]]).toEqual([key, expect.objectContaining(value)]);
      else expect([key, now[key]]).toEqual([key, expected]);
    }
    expect(model.mongoUrl()).toBe(mongoUrl);
    expect(model.mongoUrl('DB')).toBe(mongoUrlDb);
  });

  it('hands infra.sh the same variables', () => {
    expect(placeholders(shellVars(profile, undefined, {}))).toEqual({
      ...before.shell,
      ...ADDED_SHELL_VARS,
      ...addedShellPorts(profile),
    });
  });

  it('exports to integration tests the names the apps read, with the values the apps get', () => {
    const env = infraEnv(model);
    const apps = appsBefore(before, profile);
    for (const [name, value] of Object.entries(env)) {
      const readers = serverApps().filter((app) => name in apps[app]!);
      expect([name, readers.length > 0]).toEqual([name, true]);
      for (const app of readers) expect([name, app, value]).toEqual([name, app, apps[app]![name]]);
    }
    for (const [name, value] of Object.entries(before.testKitEnv)) {
      if (name in REMOVED_FROM_TEST_ENV) {
        expect(env).not.toHaveProperty(name);
        const replacement = REMOVED_FROM_TEST_ENV[name];
        if (replacement) expect(env).toHaveProperty(replacement);
      } else if (name === 'KEYCLOAK_URL') {
        // was Keycloak's browser address; the identity service, its one reader, gets 127.0.0.1
        expect(value).toBe(before.systemUrls.keycloakPublic);
        expect(env[name]).toBe(before.apps.identity[name]);
      } else {
        expect([name, env[name]]).toEqual([name, value]);
      }
    }
  });
});

describe('overrides', () => {
  it('takes LOG_LEVEL, the identity client secret and the credentials from the environment', () => {
    const env = {
      LOG_LEVEL: 'debug',
      KC_IDENTITY_CLIENT_SECRET: 'from-env',
      EXAMPREP_S3_ROOT_ACCESS_KEY: 'ak',
      EXAMPREP_S3_ROOT_SECRET_KEY: 'sk-from-env',
    };
    expect(appEnv('identity', 'test', {}, { env })).toMatchObject({
      LOG_LEVEL: 'debug',
      KEYCLOAK_CLIENT_SECRET: 'from-env',
    });
    expect(appEnv('media', 'test', {}, { env })).toMatchObject({
      S3_ACCESS_KEY: 'ak',
      S3_SECRET_KEY: 'sk-from-env',
    });
    expect(
      shellVars('test', undefined, { EXAMPREP_LTI_BRIDGE_SECRET: 'bridge-from-env' })
        .LTI_BRIDGE_SECRET,
    ).toBe('bridge-from-env');
  });

  it('lets the caller override any variable', () => {
    expect(appEnv('gateway', 'test', { PORT: '0' }, clean).PORT).toBe('0');
  });

  it('refuses an unknown profile or app', () => {
    expect(() => infraModel('prod' as InfraProfile)).toThrow(/unknown infra profile "prod"/);
    expect(() => appEnv('nope', 'dev')).toThrow(/no port for app "nope"/);
  });
});

describe('the cluster profile (ADR 0029)', () => {
  const model = infraModel('cluster', clean);
  const file = JSON.parse(fs.readFileSync(model.configFile, 'utf8')) as {
    profiles: Record<string, { dataDir: string; ports: Record<string, number> }>;
  };

  it('runs 3 NATS servers clustered on loopback, each with its client, monitor and route port', () => {
    expect(model.cluster).toEqual({ name: 'examprep-local', natsNodes: 3, replicas: 2 });
    expect(model.natsNodes.map((n) => [n.server, n.url, n.monitorUrl, n.routeUrl])).toEqual([
      ['nats', 'nats://127.0.0.1:30222', 'http://127.0.0.1:31222', 'nats-route://127.0.0.1:32222'],
      [
        'nats-2',
        'nats://127.0.0.1:30223',
        'http://127.0.0.1:31223',
        'nats-route://127.0.0.1:32223',
      ],
      [
        'nats-3',
        'nats://127.0.0.1:30224',
        'http://127.0.0.1:31224',
        'nats-route://127.0.0.1:32224',
      ],
    ]);
    expect(model.natsUrl).toBe(model.natsUrls.join(','));
    expect(model.streamReplicas).toBe(3);
  });

  it('runs 2 processes of every app on ports of their own, the gateway behind the balancer', () => {
    for (const app of serverApps())
      expect(model.appInstances(app).map((i) => [i.name, i.replica])).toEqual([
        [app, 1],
        [`${app}-2`, 2],
      ]);
    expect(model.appInstances('gateway').map((i) => i.port)).toEqual([30001, 30002]);
    expect(model.appInstances('testing').map((i) => i.port)).toEqual([30104, 30204]);
    expect(model.appInstances('web')).toEqual([
      { name: 'web', app: 'web', replica: 1, port: 30173 },
    ]);
    expect(model.gatewayUrl).toBe('http://127.0.0.1:30000');
    expect(model.balancer).toEqual({
      url: model.gatewayUrl,
      adminUrl: 'http://127.0.0.1:30019',
      healthPath: '/.balancer/healthz',
      healthUrl: 'http://127.0.0.1:30000/.balancer/healthz',
      upstreams: ['127.0.0.1:30001', '127.0.0.1:30002'],
    });
  });

  it("gives each replica its own port, and every app every NATS node and the streams' replicas", () => {
    expect(appEnv('gateway', 'cluster', {}, { ...clean, replica: 2 })).toMatchObject({
      PORT: '30002',
      NATS_URL: 'nats://127.0.0.1:30222,nats://127.0.0.1:30223,nats://127.0.0.1:30224',
      NATS_STREAM_REPLICAS: '3',
    });
    expect(appEnv('catalog', 'cluster', {}, { ...clean, replica: 2 })).toMatchObject({
      HEALTH_PORT: '30203',
      CATALOG_MONGODB_URI: 'mongodb://127.0.0.1:30017/catalog',
      // the webhook comes through the balancer, to either gateway
      CHECKOUT_WEBHOOK_URL: 'http://127.0.0.1:30000/api/stripe/webhook',
      NODE_ENV: 'test',
    });
    expect(() => appEnv('catalog', 'cluster', {}, { ...clean, replica: 3 })).toThrow(
      /no replica 3/,
    );
    expect(() => appEnv('catalog', 'test', {}, { ...clean, replica: 2 })).toThrow(/no replica 2/);
  });

  it('keeps the single-server profiles as they were: one NATS, one process per app, no balancer', () => {
    for (const profile of PROFILES.filter((p) => p !== 'cluster')) {
      const m = infraModel(profile, clean);
      expect([profile, m.cluster, m.natsNodes.length, m.streamReplicas, m.balancer]).toEqual([
        profile,
        null,
        1,
        1,
        null,
      ]);
      expect(m.natsNodes[0].routeUrl).toBeNull();
      expect(m.appInstances('gateway')).toEqual([
        { name: 'gateway', app: 'gateway', replica: 1, port: m.ports.gateway },
      ]);
    }
  });

  it('has every port and its data dir of its own, below the ephemeral range, and the same names as test plus its own', () => {
    const own = Object.values(file.profiles.cluster.ports);
    const others = ['dev', 'test', 'fault'].flatMap((p) => Object.values(file.profiles[p].ports));
    expect(new Set(own).size).toBe(own.length);
    expect(own.filter((p) => others.includes(p))).toEqual([]);
    expect(own.filter((p) => p >= 32768)).toEqual([]);
    expect(
      Object.keys(file.profiles.test.ports).filter((k) => !(k in file.profiles.cluster.ports)),
    ).toEqual([]);
    expect(['dev', 'test', 'fault'].map((p) => file.profiles[p].dataDir)).not.toContain(
      file.profiles.cluster.dataDir,
    );
  });

  it('refuses a cluster section with a missing port or a bad count, naming it', () => {
    const base = JSON.parse(fs.readFileSync(model.configFile, 'utf8'));
    const broken = (
      edit: (p: { cluster: Record<string, unknown>; ports: Record<string, number> }) => void,
    ) => {
      const f = structuredClone(base);
      edit(f.profiles.cluster);
      return () => infraModel('cluster', { ...clean, file: f }).appInstances('qbank');
    };
    expect(broken((p) => delete p.ports.natsRoute2)).toThrow(/no port "natsRoute2"/);
    expect(broken((p) => delete p.ports.qbank2)).toThrow(/no port for app "qbank2"/);
    expect(broken((p) => (p.cluster.natsNodes = 0))).toThrow(/cluster.natsNodes must be 1..5/);
    expect(broken((p) => (p.cluster.replicas = 'two' as never))).toThrow(
      /cluster.replicas must be 1..9/,
    );
    expect(broken((p) => (p.cluster.name = 'a b'))).toThrow(/cluster.name must be a word/);
  });
});
