// Typed view of tools/infra/infra.config.json: the ONE place for ports, versions and paths of
// the local servers. Nothing here repeats a port; everything is derived from that file.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export type InfraProfile = 'dev' | 'test' | 'fault';
export const INFRA_PROFILES: readonly InfraProfile[] = ['dev', 'test', 'fault'];

/** Ports of one profile, as named in infra.config.json. */
export interface InfraPorts {
  nats: number;
  natsMonitor: number;
  ferretdb: number;
  ferretdbDebug: number;
  keycloak: number;
  keycloakManagement: number;
  s3: number;
  smtp: number;
  maildev: number;
  stripeMock: number;
  stripeMockHttps: number;
  gateway: number;
  web: number;
  [service: string]: number;
}

/** The raw JSON file. */
export interface InfraConfigFile {
  cacheDir: string;
  versions: Record<string, string>;
  realm: string;
  apiAudience: string;
  webClientId: string;
  buckets: string[];
  s3Region: string;
  s3HealthPath: string;
  /** Keycloak's feature list (ADR 0008), the same for local processes and containers */
  keycloak?: { features?: string };
  devCredentials: {
    keycloakAdmin: { username: string; password: string; usernameEnv: string; passwordEnv: string };
    s3: { accessKey: string; secretKey: string; accessKeyEnv: string; secretKeyEnv: string };
    stripe: { secretKey: string; webhookSecret: string };
  };
  profiles: Record<InfraProfile, { dataDir: string; ports: InfraPorts }>;
}

/** Connection settings of the local servers of one profile. */
export interface InfraConfig {
  profile: InfraProfile;
  repoRoot: string;
  /** Absolute data dir of the profile (pid files in run/, logs in logs/). */
  dataDir: string;
  cacheDir: string;
  ports: InfraPorts;
  versions: Record<string, string>;
  natsUrl: string;
  natsMonitorUrl: string;
  /** MongoDB wire URL of FerretDB; every service uses its own database. */
  mongoUrl(dbName?: string): string;
  realm: string;
  apiAudience: string;
  webClientId: string;
  /** Public base URL of Keycloak (also its configured hostname, so the token issuer is stable). */
  keycloakUrl: string;
  keycloakManagementUrl: string;
  keycloakAdmin: { username: string; password: string };
  issuer: string;
  jwksUrl: string;
  tokenUrl: string;
  /** The local S3 server (versitygw, path-style addressing; ADR 0010). */
  s3: {
    endpoint: string;
    healthUrl: string;
    accessKey: string;
    secretKey: string;
    region: string;
    buckets: string[];
  };
  smtp: { host: string; port: number };
  maildevUrl: string;
  stripeUrl: string;
  /** The key stripe-mock accepts (any sk_test_ key works); the local catalog uses it. */
  stripeApiKey: string;
  /** The local catalog's webhook signing secret (tests sign deliveries with it). */
  stripeWebhookSecret: string;
  webUrl: string;
  gatewayUrl: string;
}

const CONFIG_RELATIVE = path.join('tools', 'infra', 'infra.config.json');
const LOOPBACK = '127.0.0.1';

/**
 * The repository root: $EXAMPREP_REPO_ROOT, else the first ancestor of `from` (this file's
 * folder, in src/ or dist/) that holds tools/infra/infra.config.json.
 */
export function findRepoRoot(
  from: string = __dirname,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.EXAMPREP_REPO_ROOT) return path.resolve(env.EXAMPREP_REPO_ROOT);
  let dir = path.resolve(from);
  for (;;) {
    if (fs.existsSync(path.join(dir, CONFIG_RELATIVE))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`no ${CONFIG_RELATIVE} above ${from}; set EXAMPREP_REPO_ROOT`);
    dir = parent;
  }
}

export function readInfraConfigFile(repoRoot: string = findRepoRoot()): InfraConfigFile {
  return JSON.parse(
    fs.readFileSync(path.join(repoRoot, CONFIG_RELATIVE), 'utf8'),
  ) as InfraConfigFile;
}

export function isInfraProfile(value: unknown): value is InfraProfile {
  return typeof value === 'string' && (INFRA_PROFILES as readonly string[]).includes(value);
}

function expandHome(p: string, home: string): string {
  if (p === '~') return home;
  return p.startsWith('~/') ? path.join(home, p.slice(2)) : p;
}

/** Pure: derives the connection settings of a profile from the config file's content. */
export function buildInfraConfig(
  file: InfraConfigFile,
  profile: InfraProfile,
  repoRoot: string,
  env: NodeJS.ProcessEnv = process.env,
  home: string = os.homedir(),
): InfraConfig {
  if (!isInfraProfile(profile)) throw new Error(`unknown infra profile "${String(profile)}"`);
  const p = file.profiles[profile];
  if (!p) throw new Error(`profile "${profile}" missing from ${CONFIG_RELATIVE}`);
  const ports = p.ports;
  const kcAdmin = file.devCredentials.keycloakAdmin;
  const s3 = file.devCredentials.s3;
  const keycloakUrl = `http://localhost:${ports.keycloak}`;
  const issuer = `${keycloakUrl}/realms/${file.realm}`;
  return {
    profile,
    repoRoot,
    dataDir: path.resolve(repoRoot, p.dataDir),
    cacheDir: expandHome(env.EXAMPREP_CACHE_DIR || file.cacheDir, home),
    ports,
    versions: file.versions,
    natsUrl: `nats://${LOOPBACK}:${ports.nats}`,
    natsMonitorUrl: `http://${LOOPBACK}:${ports.natsMonitor}`,
    mongoUrl: (dbName = '') => `mongodb://${LOOPBACK}:${ports.ferretdb}/${dbName}`,
    realm: file.realm,
    apiAudience: file.apiAudience,
    webClientId: file.webClientId,
    keycloakUrl,
    keycloakManagementUrl: `http://${LOOPBACK}:${ports.keycloakManagement}`,
    keycloakAdmin: {
      username: env[kcAdmin.usernameEnv] || kcAdmin.username,
      password: env[kcAdmin.passwordEnv] || kcAdmin.password,
    },
    issuer,
    jwksUrl: `${issuer}/protocol/openid-connect/certs`,
    tokenUrl: `${issuer}/protocol/openid-connect/token`,
    s3: {
      endpoint: `http://${LOOPBACK}:${ports.s3}`,
      healthUrl: `http://${LOOPBACK}:${ports.s3}${file.s3HealthPath}`,
      accessKey: env[s3.accessKeyEnv] || s3.accessKey,
      secretKey: env[s3.secretKeyEnv] || s3.secretKey,
      region: file.s3Region,
      buckets: [...file.buckets],
    },
    smtp: { host: LOOPBACK, port: ports.smtp },
    maildevUrl: `http://${LOOPBACK}:${ports.maildev}`,
    stripeUrl: `http://${LOOPBACK}:${ports.stripeMock}`,
    stripeApiKey: file.devCredentials.stripe.secretKey,
    stripeWebhookSecret: file.devCredentials.stripe.webhookSecret,
    webUrl: `http://localhost:${ports.web}`,
    gatewayUrl: `http://localhost:${ports.gateway}`,
  };
}

/** Connection settings of the local servers of `profile` (default: test). */
export function infraConfig(profile: InfraProfile = 'test'): InfraConfig {
  const repoRoot = findRepoRoot();
  return buildInfraConfig(readInfraConfigFile(repoRoot), profile, repoRoot);
}

/**
 * Environment variables for code under test (services, gateway) pointing at `profile`'s servers.
 * The jest global setup exports these for every integration test.
 */
export function infraEnv(cfg: InfraConfig): Record<string, string> {
  return {
    EXAMPREP_INFRA_PROFILE: cfg.profile,
    NATS_URL: cfg.natsUrl,
    MONGO_URL: cfg.mongoUrl(),
    KEYCLOAK_URL: cfg.keycloakUrl,
    KEYCLOAK_REALM: cfg.realm,
    KEYCLOAK_ISSUER: cfg.issuer,
    KEYCLOAK_JWKS_URL: cfg.jwksUrl,
    KEYCLOAK_AUDIENCE: cfg.apiAudience,
    S3_ENDPOINT: cfg.s3.endpoint,
    S3_REGION: cfg.s3.region,
    S3_ACCESS_KEY: cfg.s3.accessKey,
    S3_SECRET_KEY: cfg.s3.secretKey,
    SMTP_HOST: cfg.smtp.host,
    SMTP_PORT: String(cfg.smtp.port),
    MAILDEV_URL: cfg.maildevUrl,
    STRIPE_API_BASE: cfg.stripeUrl,
  };
}
