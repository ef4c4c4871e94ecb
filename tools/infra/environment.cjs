// The environment model (ADR 0024): tools/infra/infra.config.json + a profile name -> every
// port, URL and path of the local system, and each app's environment under the names its
// config class reads (apps/<app>/src/config/<app>.env.ts). The ONE derivation: the infra and
// system scripts, the seed, the load/fault/security/bench tools, libs/test-kit (which re-exports
// it) and apps/web/vite.config.ts ask this module instead of building URLs from ports.
// Plain CommonJS so that bash (via node), .cjs/.mjs tools, the Vite config and TypeScript all
// load the same file without a build. Types: environment.d.cts.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const CONFIG_FILE = path.join(__dirname, 'infra.config.json');
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const PROFILES = Object.freeze(['dev', 'test', 'fault', 'cluster']);

/** Processes reach every server here; servers bind it. */
const LOOPBACK = '127.0.0.1';
/**
 * Browsers reach the web app and Keycloak here: the web origin, and Keycloak's hostname (so
 * the `iss` of its tokens) are `http://localhost:<port>`.
 */
const BROWSER_HOST = 'localhost';
/** The cluster profile's balancer answers this path itself (infra.sh's health check of it). */
const BALANCER_HEALTH_PATH = '/.balancer/healthz';

function readConfigFile(file = CONFIG_FILE) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const isProfile = (value) => typeof value === 'string' && PROFILES.includes(value);

/**
 * Profiles for tests (test: the shared one; fault and cluster: the fault suite's own), not for
 * people: their data is recreated at will.
 */
const isTestProfile = (name) => name === 'test' || name === 'fault' || name === 'cluster';

/**
 * The layout of a profile (ADR 0029): one NATS server and one process per app, or, with a
 * `cluster` section, `natsNodes` NATS servers clustered on loopback and `replicas` processes of
 * every app (the gateway's behind the local balancer on `ports.gateway`). Ports of node n > 1:
 * nats<n>, natsMonitor<n>, natsRoute<n> (node 1: nats, natsMonitor, natsRoute); of replica r > 1
 * of a service: <service><r>; of gateway replica r: gateway<r>. Throws on a missing port.
 */
function layoutOf(profile, p) {
  const c = p.cluster;
  if (!c) return { cluster: null, natsNodes: 1, replicas: 1 };
  const natsNodes = Number(c.natsNodes);
  const replicas = Number(c.replicas);
  if (!Number.isInteger(natsNodes) || natsNodes < 1 || natsNodes > 5)
    throw new Error(`profile ${profile}: cluster.natsNodes must be 1..5 (got ${c.natsNodes})`);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 9)
    throw new Error(`profile ${profile}: cluster.replicas must be 1..9 (got ${c.replicas})`);
  if (typeof c.name !== 'string' || !/^[A-Za-z0-9_-]+$/.test(c.name))
    throw new Error(`profile ${profile}: cluster.name must be a word (got ${String(c.name)})`);
  return { cluster: { name: c.name, natsNodes, replicas }, natsNodes, replicas };
}

/** The port named `name` of a profile, or an error naming it. */
function portOf(ports, name, profile) {
  const port = ports[name];
  if (!Number.isInteger(port))
    throw new Error(`profile ${profile}: no port "${name}" in ${CONFIG_FILE}`);
  return port;
}

function expandHome(p, home = os.homedir()) {
  if (p === '~') return home;
  return p.startsWith('~/') ? path.join(home, p.slice(2)) : p;
}

/** Server apps: apps/* whose package.json carries the Nx tag scope:server (gateway last). */
function serverApps(repoRoot = REPO_ROOT) {
  const dir = path.join(repoRoot, 'apps');
  const names = fs
    .readdirSync(dir)
    .filter((name) => {
      const pkg = path.join(dir, name, 'package.json');
      if (!fs.existsSync(pkg)) return false;
      const tags = (JSON.parse(fs.readFileSync(pkg, 'utf8')).nx || {}).tags || [];
      return tags.includes('scope:server');
    })
    .sort();
  return [...names.filter((n) => n !== 'gateway'), ...names.filter((n) => n === 'gateway')];
}

/** The install cache of the local servers: $EXAMPREP_CACHE_DIR, else cacheDir of the file. */
function cacheDir(options = {}) {
  const file = options.file || readConfigFile();
  const env = options.env || process.env;
  return expandHome(env.EXAMPREP_CACHE_DIR || file.cacheDir, options.home);
}

/**
 * The local system of one profile. Options (for specs): file (the parsed config), repoRoot,
 * env (credential and cache overrides; default process.env), home (for "~").
 */
function infraModel(profile, options = {}) {
  if (!isProfile(profile)) {
    throw new Error(
      `unknown infra profile "${String(profile)}" (expected one of: ${PROFILES.join(', ')})`,
    );
  }
  const file = options.file || readConfigFile();
  const repoRoot = options.repoRoot || REPO_ROOT;
  const env = options.env || process.env;
  const home = options.home || os.homedir();
  const p = file.profiles[profile];
  if (!p) throw new Error(`profile "${profile}" missing from ${CONFIG_FILE}`);
  const ports = p.ports;
  const layout = layoutOf(profile, p);
  const nodeSuffix = (n) => (n === 1 ? '' : String(n));
  const natsNodes = Array.from({ length: layout.natsNodes }, (_, i) => {
    const n = i + 1;
    const client = portOf(ports, `nats${nodeSuffix(n)}`, profile);
    const monitor = portOf(ports, `natsMonitor${nodeSuffix(n)}`, profile);
    const route = layout.cluster ? portOf(ports, `natsRoute${nodeSuffix(n)}`, profile) : null;
    return {
      node: n,
      // infra.sh's server name (pid and log files) and the NATS server_name's suffix
      server: n === 1 ? 'nats' : `nats-${n}`,
      ports: { client, monitor, route },
      url: `nats://${LOOPBACK}:${client}`,
      monitorUrl: `http://${LOOPBACK}:${monitor}`,
      routeUrl: route === null ? null : `nats-route://${LOOPBACK}:${route}`,
    };
  });
  /** The processes of one app: name (pid/log files), replica number, port, health URL. */
  const appInstances = (app) => {
    if (app === 'web')
      return [{ name: 'web', app, replica: 1, port: portOf(ports, 'web', profile) }];
    return Array.from({ length: layout.replicas }, (_, i) => {
      const r = i + 1;
      const key =
        app === 'gateway' && layout.cluster ? `gateway${r}` : r === 1 ? app : `${app}${r}`;
      if (ports[key] === undefined) throw new Error(`no port for app "${key}" in ${CONFIG_FILE}`);
      return { name: r === 1 ? app : `${app}-${r}`, app, replica: r, port: ports[key] };
    });
  };
  const kcAdmin = file.devCredentials.keycloakAdmin;
  const s3 = file.devCredentials.s3;
  const dataDir = path.resolve(repoRoot, p.dataDir);
  const loopback = (port) => `http://${LOOPBACK}:${port}`;
  const keycloakUrl = `http://${BROWSER_HOST}:${ports.keycloak}`;
  const keycloakInternalUrl = loopback(ports.keycloak);
  const issuer = `${keycloakUrl}/realms/${file.realm}`;
  const s3Endpoint = loopback(ports.s3);
  return {
    profile,
    repoRoot,
    configFile: path.join(repoRoot, 'tools', 'infra', 'infra.config.json'),
    dataDir,
    // beside, not inside, the infra data dir: `infra.sh reset` wipes that, and pid files lost
    // there would leave app processes running unseen
    appsDataDir: `${dataDir}-apps`,
    cacheDir: cacheDir({ file, env, home }),
    reuseCacheDirs:
      env.EXAMPREP_INFRA_NO_REUSE === '1'
        ? []
        : (file.reuseCacheDirs || []).map((d) => expandHome(d, home)),
    ports,
    versions: file.versions,
    // every node's client URL, comma-separated: what the apps' NATS_URL holds
    natsUrl: natsNodes.map((n) => n.url).join(','),
    natsUrls: natsNodes.map((n) => n.url),
    // node 1's monitor
    natsMonitorUrl: loopback(ports.natsMonitor),
    cluster: layout.cluster,
    natsNodes,
    // JetStream streams get one replica per NATS server, at most 3 (what the apps' NATS_STREAM_REPLICAS holds)
    streamReplicas: Math.min(3, layout.natsNodes),
    appInstances,
    mongoUrl: (dbName = '') => `mongodb://${LOOPBACK}:${ports.ferretdb}/${dbName}`,
    realm: file.realm,
    apiAudience: file.apiAudience,
    webClientId: file.webClientId,
    keycloakUrl,
    keycloakInternalUrl,
    keycloakManagementUrl: loopback(ports.keycloakManagement),
    keycloakAdmin: {
      username: env[kcAdmin.usernameEnv] || kcAdmin.username,
      password: env[kcAdmin.passwordEnv] || kcAdmin.password,
    },
    issuer,
    jwksUrl: `${keycloakInternalUrl}/realms/${file.realm}/protocol/openid-connect/certs`,
    tokenUrl: `${issuer}/protocol/openid-connect/token`,
    s3: {
      endpoint: s3Endpoint,
      // one address for the services and for browsers locally (presigned URLs are signed for
      // it, the web CSP allows it); behind a proxy or in a cluster the two differ
      publicEndpoint: s3Endpoint,
      healthPath: file.s3HealthPath,
      healthUrl: `${s3Endpoint}${file.s3HealthPath}`,
      accessKey: env[s3.accessKeyEnv] || s3.accessKey,
      secretKey: env[s3.secretKeyEnv] || s3.secretKey,
      region: file.s3Region,
      buckets: [...file.buckets],
    },
    smtp: { host: LOOPBACK, port: ports.smtp },
    maildevUrl: loopback(ports.maildev),
    stripeUrl: loopback(ports.stripeMock),
    // the local LTI 1.3 platform (tools/lms): its issuer is this browser URL, so one value
    // serves the browser, the tool's launches and its service calls
    lmsUrl: `http://${BROWSER_HOST}:${ports.lms}`,
    stripeApiKey: file.devCredentials.stripe.secretKey,
    stripeWebhookSecret: file.devCredentials.stripe.webhookSecret,
    webUrl: `http://${BROWSER_HOST}:${ports.web}`,
    // the gateway, or the balancer in front of its replicas
    gatewayUrl: loopback(ports.gateway),
    // read from the realm file when asked (infra.sh's Keycloak), not for every model
    get ltiBridgeSecret() {
      return ltiBridgeSecret(repoRoot, env);
    },
    balancer: layout.cluster
      ? {
          url: loopback(ports.gateway),
          adminUrl: loopback(portOf(ports, 'balancerAdmin', profile)),
          // answered by the balancer itself (its health check); the gateway has no such path
          healthPath: BALANCER_HEALTH_PATH,
          healthUrl: `${loopback(ports.gateway)}${BALANCER_HEALTH_PATH}`,
          upstreams: appInstances('gateway').map((g) => `${LOOPBACK}:${g.port}`),
        }
      : null,
    appUrl: (app) => {
      if (ports[app] === undefined) throw new Error(`no port for app "${app}" in ${CONFIG_FILE}`);
      return loopback(ports[app]);
    },
  };
}

const mongoUriName = (service) => `${service.toUpperCase()}_MONGODB_URI`;

/**
 * Where the servers are, under the names the apps read: one value per name, the same for
 * every app that reads it. The jest global setup of libs/test-kit exports exactly these.
 */
function sharedEnv(model, services = serverApps(model.repoRoot).filter((n) => n !== 'gateway')) {
  const [mediaBucket, workbooksBucket] = model.s3.buckets;
  return {
    NATS_URL: model.natsUrl,
    ...Object.fromEntries(services.map((s) => [mongoUriName(s), model.mongoUrl(s)])),
    OIDC_ISSUER: model.issuer,
    OIDC_JWKS_URL: model.jwksUrl,
    OIDC_AUDIENCE: model.apiAudience,
    KEYCLOAK_URL: model.keycloakInternalUrl,
    KEYCLOAK_PUBLIC_URL: model.keycloakUrl,
    KEYCLOAK_REALM: model.realm,
    KEYCLOAK_WEB_CLIENT_ID: model.webClientId,
    WEB_URL: model.webUrl,
    STRIPE_SECRET_KEY: model.stripeApiKey,
    STRIPE_API_URL: model.stripeUrl,
    STRIPE_WEBHOOK_SECRET: model.stripeWebhookSecret,
    CHECKOUT_WEBHOOK_URL: `${model.gatewayUrl}/api/stripe/webhook`,
    S3_ENDPOINT: model.s3.endpoint,
    S3_PUBLIC_ENDPOINT: model.s3.publicEndpoint,
    S3_REGION: model.s3.region,
    S3_ACCESS_KEY: model.s3.accessKey,
    S3_SECRET_KEY: model.s3.secretKey,
    S3_MEDIA_BUCKET: mediaBucket,
    S3_WORKBOOKS_BUCKET: workbooksBucket,
    S3_ADDRESSING: 'path',
  };
}

/** The identity-service client secret: env override, else the realm file's dev default. */
function identityClientSecret(repoRoot, env) {
  if (env.KC_IDENTITY_CLIENT_SECRET) return env.KC_IDENTITY_CLIENT_SECRET;
  const realm = JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'deploy/keycloak/realm/examprep-realm.json'), 'utf8'),
  );
  const secret = realm.clients.find((c) => c.clientId === 'identity-service').secret;
  const m = /^\$\{[A-Z_]+:(.*)\}$/.exec(secret);
  return m ? m[1] : secret;
}

/**
 * The secret Keycloak's identity provider `lti` sends to the schools bridge's token endpoint
 * (ADR 0040): env override, else the realm file's dev default.
 */
function ltiBridgeSecret(repoRoot, env) {
  if (env.EXAMPREP_LTI_BRIDGE_SECRET) return env.EXAMPREP_LTI_BRIDGE_SECRET;
  const realm = JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'deploy/keycloak/realm/examprep-realm.json'), 'utf8'),
  );
  const secret = realm.identityProviders.find((p) => p.alias === 'lti').config.clientSecret;
  const m = /^\$\{[A-Z_]+:(.*)\}$/.exec(secret);
  return m ? m[1] : secret;
}

/**
 * What each app reads beyond NATS_URL (all) and, for a service, HEALTH_PORT and its
 * <APP>_MONGODB_URI: `shared` names taken from sharedEnv, `own` values of this app alone.
 */
const APPS = {
  gateway: {
    shared: [
      'OIDC_ISSUER',
      'OIDC_JWKS_URL',
      'OIDC_AUDIENCE',
      'KEYCLOAK_PUBLIC_URL',
      'KEYCLOAK_REALM',
      'KEYCLOAK_WEB_CLIENT_ID',
    ],
    own: (model, services) => ({
      PORT: String(model.ports.gateway),
      HOST: LOOPBACK,
      DOWNSTREAM_SERVICES: services.join(','),
      // NODE_ENV is production here too: the OpenAPI document on explicitly (the web client's
      // generated types, schemathesis and the specs read it); deployments leave it off
      OPENAPI_ENABLED: 'true',
      // every test tier calls from 127.0.0.1: the test systems allow 20x the per-route limits
      ...(isTestProfile(model.profile) ? { RATE_LIMIT_SCALE: '20' } : {}),
    }),
  },
  identity: {
    shared: ['KEYCLOAK_URL', 'KEYCLOAK_REALM', 'KEYCLOAK_WEB_CLIENT_ID', 'WEB_URL'],
    own: (model, _services, env) => ({
      KEYCLOAK_CLIENT_ID: 'identity-service',
      KEYCLOAK_CLIENT_SECRET: identityClientSecret(model.repoRoot, env),
      // fictional (555-01xx); production sets the real one
      CONTACT_BUSINESS_NUMBER: '+1-555-010-0199',
      // the admin user list's rebuild from Keycloak and the database (ADR 0030)
      USER_DIRECTORY_REBUILD_MS: '3600000',
    }),
  },
  catalog: {
    shared: [
      'STRIPE_SECRET_KEY',
      'STRIPE_API_URL',
      'STRIPE_WEBHOOK_SECRET',
      'WEB_URL',
      'CHECKOUT_WEBHOOK_URL',
    ],
    own: (model) => ({
      // the local test checkout and the fault hook need a non-production NODE_ENV; the prod
      // k8s overlay runs production (real Stripe), compose and the dev overlay development
      NODE_ENV: isTestProfile(model.profile) ? 'test' : 'development',
    }),
  },
  testing: {
    shared: ['WEB_URL'],
    own: (model) => ({
      // the study reminders (issue 29) go to this profile's maildev
      SMTP_URL: `smtp://${model.smtp.host}:${model.smtp.port}`,
      // the test systems send the day's reminders at any hour, within seconds
      ...(isTestProfile(model.profile)
        ? { REMINDER_HOUR_UTC: '0', REMINDER_SWEEP_MS: '5000' }
        : {}),
    }),
  },
  schools: {
    shared: ['WEB_URL', 'KEYCLOAK_PUBLIC_URL', 'KEYCLOAK_REALM'],
    own: (model, _services, env) => ({
      LTI_BRIDGE_CLIENT_SECRET: ltiBridgeSecret(model.repoRoot, env),
      // the local LMS stand-in (tools/lms) speaks plain http on loopback; deployments leave it off
      LTI_ALLOW_HTTP: 'true',
    }),
  },
  media: {
    shared: [
      'S3_ENDPOINT',
      'S3_PUBLIC_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'S3_MEDIA_BUCKET',
      'S3_WORKBOOKS_BUCKET',
      'S3_ADDRESSING',
    ],
  },
};

/**
 * Names an app's config class reads that the local profiles leave at the class's default
 * (tunables and production-only switches). environment.spec.ts fails on a name a config class
 * reads that is neither set by appEnv nor listed here.
 */
const LEFT_AT_DEFAULT = Object.freeze({
  gateway: [
    'RPC_TIMEOUT_MS',
    'STORAGE_TIMEOUT_MS',
    'OIDC_ALGORITHMS',
    'PRODUCT_NAME',
    'SUPPORT_EMAIL',
    'STAGING',
    'MAINTENANCE_ENABLED',
    'MAINTENANCE_MESSAGE',
    'MAINTENANCE_EXPECTED_COMPLETION',
    'RATE_LIMIT_PER_MINUTE',
    'RATE_LIMIT_SCALE',
    'TRUST_PROXY',
    'TRUST_PROXY_HOPS',
    'CORS_ORIGINS',
  ],
  catalog: ['PEER_TIMEOUT_MS', 'CATALOG_FAULT'],
  media: ['PEER_TIMEOUT_MS'],
  schools: ['PEER_TIMEOUT_MS'],
  qbank: ['PEER_TIMEOUT_MS', 'LEARNING_FACTS'],
  testing: ['PEER_TIMEOUT_MS', 'MAIL_FROM', 'REMINDER_HOUR_UTC', 'REMINDER_SWEEP_MS'],
});

/**
 * The JetStream streams' and durable consumers' settings, read by nest-kit's JetStream module in
 * every app that declares them (libs/nest-kit/src/jetstream/jetstream-settings.ts, ADR 0033).
 * The local profiles leave them at nest-kit's defaults (the values production runs: 30 days /
 * 1 GiB of facts, 1 day / 256 MiB of hints, ...) except NATS_STREAM_REPLICAS on a NATS cluster.
 * Whoever sets one sets it alike for every app: each brings the streams to its own at start.
 */
const JETSTREAM_ENV = Object.freeze([
  'NATS_STREAM_REPLICAS',
  'NATS_STREAM_MAX_MSG_SIZE',
  'NATS_STREAM_DUPLICATE_WINDOW',
  'NATS_STREAM_EVENTS_MAX_AGE',
  'NATS_STREAM_EVENTS_MAX_BYTES',
  'NATS_STREAM_HINTS_MAX_AGE',
  'NATS_STREAM_HINTS_MAX_BYTES',
  'NATS_CONSUMER_ACK_WAIT',
  'NATS_CONSUMER_MAX_DELIVER',
  'NATS_CONSUMER_BACKOFF',
  'NATS_CONSUMER_MAX_ACK_PENDING',
]);

/**
 * Names apps get that are read outside their config class: LOG_LEVEL by the logger of
 * libs/nest-kit, NODE_ENV by Node and the libraries (the catalog's class reads it too), the
 * JetStream settings (JETSTREAM_ENV; only NATS_STREAM_REPLICAS is set, on the cluster profile)
 * by nest-kit's JetStream module.
 */
const RUNTIME_ENV = Object.freeze(['LOG_LEVEL', 'NODE_ENV', ...JETSTREAM_ENV]);

/**
 * KEY -> value for one server app of a profile. `overrides` win; options as infraModel's, plus
 * `replica` (1..replicas of the profile, default 1): that process's PORT / HEALTH_PORT.
 */
function appEnv(app, profile, overrides = {}, options = {}) {
  const model = infraModel(profile, options);
  const env = options.env || process.env;
  const services = serverApps(model.repoRoot).filter((n) => n !== 'gateway');
  const shared = sharedEnv(model, services);
  const spec = APPS[app] || { shared: [] };
  const base = {
    NATS_URL: shared.NATS_URL,
    LOG_LEVEL: env.LOG_LEVEL || 'info',
    NODE_ENV: 'production',
    // read by nest-kit's JetStream module (default 1): R3 streams on a NATS cluster
    ...(model.streamReplicas > 1 ? { NATS_STREAM_REPLICAS: String(model.streamReplicas) } : {}),
  };
  if (app !== 'gateway' && model.ports[app] === undefined) {
    throw new Error(`no port for app "${app}" in infra.config.json`);
  }
  const replica = options.replica ?? 1;
  const instance = model.appInstances(app).find((i) => i.replica === replica);
  if (!instance) throw new Error(`app "${app}" has no replica ${replica} in profile ${profile}`);
  const service =
    app === 'gateway'
      ? {}
      : { HEALTH_PORT: String(instance.port), [mongoUriName(app)]: model.mongoUrl(app) };
  const picked = Object.fromEntries(spec.shared.map((name) => [name, shared[name]]));
  const own = spec.own ? spec.own(model, services, env) : {};
  const port = app === 'gateway' ? { PORT: String(instance.port) } : {};
  return { ...base, ...service, ...picked, ...own, ...port, ...overrides };
}

module.exports = {
  CONFIG_FILE,
  REPO_ROOT,
  PROFILES,
  LEFT_AT_DEFAULT,
  JETSTREAM_ENV,
  RUNTIME_ENV,
  readConfigFile,
  isProfile,
  isTestProfile,
  expandHome,
  serverApps,
  cacheDir,
  infraModel,
  sharedEnv,
  appEnv,
};
