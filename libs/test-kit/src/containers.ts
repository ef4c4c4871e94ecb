// The same servers as tools/infra, started as containers (the images of docker-compose.yml) for
// developers who have Docker: `TEST_INFRA=containers`. Local processes stay the default and what
// CI uses on machines without a Docker engine. Each container publishes the PROFILE's own ports
// (tools/infra/infra.config.json) on 127.0.0.1, so `infraConfig()`, the apps started by
// tools/system and every test reach them exactly as they reach the local processes: the tests
// do not know which one started their servers (ensureInfra/stopInfra in ./infra choose).
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { StartedNetwork, StartedTestContainer } from 'testcontainers';
import type { InfraConfig } from './config';
import type { InfraServer } from './infra';
import { realmFiles } from './seeded';

export type InfraBackend = 'processes' | 'containers';

/** Which harness starts the servers: `TEST_INFRA=containers`, else local processes. */
export function infraBackend(env: NodeJS.ProcessEnv = process.env): InfraBackend {
  const v = (env.TEST_INFRA ?? '').trim().toLowerCase();
  if (v === '' || v === 'processes' || v === 'local') return 'processes';
  if (v === 'containers') return 'containers';
  throw new Error(`TEST_INFRA must be "containers" or "processes" (the default), got "${v}"`);
}

/** What to wait for before a container counts as started. */
export type ContainerWait =
  | { kind: 'http'; port: number; path: string; headers?: Record<string, string> }
  | { kind: 'ports' };

/** One server as a container: pure data, so it is unit-tested without Docker. */
export interface ContainerSpec {
  server: InfraServer;
  /** An image to pull, or a Dockerfile of the repo to build (Keycloak with our themes). */
  image: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  env: Record<string, string>;
  /** container port -> the profile's host port, published on 127.0.0.1 */
  ports: { container: number; host: number }[];
  /** the name other containers reach it by on the shared network */
  alias: string;
  files?: { content: string; target: string }[];
  wait: ContainerWait;
  startupTimeoutMs: number;
}

/**
 * Image tags: the versions of infra.config.json, written as docker-compose.yml writes them
 * (its spec checks the compose file names the same images, so they cannot drift apart).
 */
export function containerImages(cfg: InfraConfig): Record<InfraServer, string> {
  const plain = (v: string) => v.replace(/^v/, '');
  return {
    nats: `nats:${plain(cfg.versions.nats)}-alpine`,
    // docker-compose runs MongoDB itself where the local tooling runs FerretDB (its wire protocol)
    ferretdb: 'mongo:7.0',
    keycloak: 'examprep/keycloak:dev',
    s3: `versity/versitygw:${cfg.versions.versitygw}`,
    maildev: `maildev/maildev:${plain(cfg.versions.maildev)}`,
    'stripe-mock': `stripe/stripe-mock:${cfg.versions.stripeMock}`,
  };
}

/** In-container ports (the images' defaults, as docker-compose.yml uses them). */
const INNER = {
  nats: 4222,
  natsMonitor: 8222,
  mongo: 27017,
  keycloak: 8080,
  keycloakManagement: 9000,
  s3: 7070,
  smtp: 1025,
  maildev: 1080,
  stripe: 12111,
  stripeHttps: 12112,
} as const;

/**
 * Pure: every server of the profile as a container spec.
 * @param realmJson the merged realm (production realm + dev/test overlay) Keycloak imports
 * @param keycloakFeatures the feature list of infra.config.json (`keycloak.features`)
 */
export function containerSpecs(
  cfg: InfraConfig,
  realmJson: string,
  keycloakFeatures: string,
): ContainerSpec[] {
  const images = containerImages(cfg);
  const p = cfg.ports;
  const minute = 60_000;
  return [
    {
      server: 'nats',
      image: images.nats,
      command: ['-js', '-m', String(INNER.natsMonitor), '--name', `examprep-${cfg.profile}`],
      env: {},
      ports: [
        { container: INNER.nats, host: p.nats },
        { container: INNER.natsMonitor, host: p.natsMonitor },
      ],
      alias: 'nats',
      wait: { kind: 'http', port: INNER.natsMonitor, path: '/healthz?js-enabled-only=true' },
      startupTimeoutMs: minute,
    },
    {
      server: 'ferretdb',
      image: images.ferretdb,
      // no auth, as the local FerretDB: cfg.mongoUrl() has no credentials
      env: {},
      ports: [{ container: INNER.mongo, host: p.ferretdb }],
      alias: 'mongo',
      wait: { kind: 'ports' },
      startupTimeoutMs: 2 * minute,
    },
    {
      server: 'maildev',
      image: images.maildev,
      env: { MAILDEV_SMTP_PORT: String(INNER.smtp), MAILDEV_WEB_PORT: String(INNER.maildev) },
      ports: [
        { container: INNER.smtp, host: p.smtp },
        { container: INNER.maildev, host: p.maildev },
      ],
      alias: 'maildev',
      wait: { kind: 'http', port: INNER.maildev, path: '/healthz' },
      startupTimeoutMs: minute,
    },
    {
      server: 's3',
      image: images.s3,
      command: ['--port', `:${INNER.s3}`, '--health', '/health', '--quiet', 'posix', '/data'],
      env: {
        ROOT_ACCESS_KEY: cfg.s3.accessKey,
        ROOT_SECRET_KEY: cfg.s3.secretKey,
        VGW_REGION: cfg.s3.region,
      },
      ports: [{ container: INNER.s3, host: p.s3 }],
      alias: 's3',
      wait: { kind: 'http', port: INNER.s3, path: '/health' },
      startupTimeoutMs: minute,
    },
    {
      server: 'stripe-mock',
      image: images['stripe-mock'],
      env: {},
      ports: [
        { container: INNER.stripe, host: p.stripeMock },
        { container: INNER.stripeHttps, host: p.stripeMockHttps },
      ],
      alias: 'stripe-mock',
      wait: {
        kind: 'http',
        port: INNER.stripe,
        path: '/v1/customers',
        headers: { Authorization: `Bearer ${cfg.stripeApiKey}` },
      },
      startupTimeoutMs: minute,
    },
    {
      server: 'keycloak',
      image: images.keycloak,
      build: { context: cfg.repoRoot, dockerfile: 'deploy/docker/keycloak.Dockerfile' },
      command: ['start-dev', '--import-realm'],
      env: {
        KC_BOOTSTRAP_ADMIN_USERNAME: cfg.keycloakAdmin.username,
        KC_BOOTSTRAP_ADMIN_PASSWORD: cfg.keycloakAdmin.password,
        KC_DB: 'dev-file',
        KC_FEATURES: keycloakFeatures,
        KC_HEALTH_ENABLED: 'true',
        KC_HTTP_PORT: String(INNER.keycloak),
        // the URL tests and browsers use = the issuer of every token (cfg.issuer)
        KC_HOSTNAME: cfg.keycloakUrl,
        KC_HOSTNAME_BACKCHANNEL_DYNAMIC: 'true',
        EXAMPREP_WEB_URL: cfg.webUrl,
        EXAMPREP_SMTP_HOST: 'maildev',
        EXAMPREP_SMTP_PORT: String(INNER.smtp),
        JAVA_OPTS_KC_HEAP: '-Xms64m -Xmx512m',
      },
      ports: [
        { container: INNER.keycloak, host: p.keycloak },
        { container: INNER.keycloakManagement, host: p.keycloakManagement },
      ],
      alias: 'keycloak',
      files: [
        { content: realmJson, target: `/opt/keycloak/data/import/${cfg.realm}-realm.json` },
      ],
      wait: { kind: 'http', port: INNER.keycloakManagement, path: '/health/ready' },
      startupTimeoutMs: 4 * minute,
    },
  ];
}

interface Started {
  network: StartedNetwork;
  containers: Partial<Record<InfraServer, StartedTestContainer>>;
}
/** The containers this process started (jest's globalSetup and globalTeardown share it). */
let started: Started | null = null;

/** The merged realm infra.sh imports, rendered with tools/infra/merge-realm.cjs. */
function mergedRealm(cfg: InfraConfig): string {
  const req = createRequire(__filename);
  const { renderMergedRealm } = req(
    path.join(cfg.repoRoot, 'tools', 'infra', 'merge-realm.cjs'),
  ) as { renderMergedRealm: (realmFile: string, overlayFile: string) => string };
  const files = realmFiles(cfg.repoRoot);
  return renderMergedRealm(files.realm, files.overlay);
}

/**
 * Starts the given servers of the profile as containers on one network (Docker needed), makes
 * the buckets through the S3 API as infra.sh does, and returns the servers it started.
 */
export async function startContainers(
  cfg: InfraConfig,
  servers: readonly InfraServer[],
  keycloakFeatures: string,
): Promise<InfraServer[]> {
  // loaded only here: a machine without Docker never touches the module
  const tc = await import('testcontainers');
  const specs = containerSpecs(cfg, mergedRealm(cfg), keycloakFeatures).filter((s) =>
    servers.includes(s.server),
  );
  started ??= { network: await new tc.Network().start(), containers: {} };
  const state = started;
  const out: InfraServer[] = [];
  for (const spec of specs) {
    const base = spec.build
      ? await tc.GenericContainer.fromDockerfile(spec.build.context, spec.build.dockerfile).build(
          spec.image,
          { deleteOnExit: false },
        )
      : new tc.GenericContainer(spec.image);
    let c = base
      .withNetwork(state.network)
      .withNetworkAliases(spec.alias)
      .withEnvironment(spec.env)
      .withExposedPorts(...spec.ports)
      .withStartupTimeout(spec.startupTimeoutMs)
      .withWaitStrategy(
        spec.wait.kind === 'ports'
          ? tc.Wait.forListeningPorts()
          : tc.Wait.forHttp(spec.wait.path, spec.wait.port)
              .withHeaders(spec.wait.headers ?? {})
              .forStatusCode(200),
      );
    if (spec.command) c = c.withCommand(spec.command);
    if (spec.files) c = c.withCopyContentToContainer(spec.files);
    process.stderr.write(`[test-kit] container ${spec.server} (${spec.image}) starting\n`);
    state.containers[spec.server] = await c.start();
    out.push(spec.server);
  }
  if (out.includes('s3')) {
    const req = createRequire(__filename);
    const { ensureBuckets } = req(path.join(cfg.repoRoot, 'tools', 'infra', 's3-buckets.cjs')) as {
      ensureBuckets: (o: Record<string, unknown>) => Promise<string[]>;
    };
    await ensureBuckets({
      endpoint: cfg.s3.endpoint,
      region: cfg.s3.region,
      accessKey: cfg.s3.accessKey,
      secretKey: cfg.s3.secretKey,
      origins: [cfg.webUrl],
      buckets: cfg.s3.buckets,
    });
  }
  return out;
}

/** Stops the containers this process started: the given servers, or all (and the network). */
export async function stopContainers(servers: readonly InfraServer[] = []): Promise<void> {
  if (!started) return;
  const state = started;
  const names = (Object.keys(state.containers) as InfraServer[]).filter(
    (s) => servers.length === 0 || servers.includes(s),
  );
  await Promise.all(names.map((s) => state.containers[s]?.stop()));
  for (const s of names) delete state.containers[s];
  if (Object.keys(state.containers).length === 0) {
    await state.network.stop();
    started = null;
  }
}
