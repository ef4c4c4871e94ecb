// Types of environment.cjs, the environment model (ADR 0024). libs/test-kit re-exports them;
// apps/web/vite.config.ts and the // @ts-check tools import them with the module.

export type InfraProfile = 'dev' | 'test' | 'fault' | 'cluster';

/** Ports of one profile, as named in infra.config.json (services by their app name). */
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
  [app: string]: number;
}

/** tools/infra/infra.config.json as written. */
export interface InfraConfigFile {
  cacheDir: string;
  versions: Record<string, string>;
  realm: string;
  apiAudience: string;
  webClientId: string;
  buckets: string[];
  s3Region: string;
  s3HealthPath: string;
  reuseCacheDirs?: string[];
  /** Keycloak's feature list (ADR 0008) and JVM settings of the local Keycloak. */
  keycloak?: {
    features?: string;
    javaHeapOpts?: string;
    javaOptsAppend?: string;
    startTimeoutSeconds?: number;
  };
  devCredentials: {
    keycloakAdmin: { username: string; password: string; usernameEnv: string; passwordEnv: string };
    s3: { accessKey: string; secretKey: string; accessKeyEnv: string; secretKeyEnv: string };
    stripe: { secretKey: string; webhookSecret: string };
  };
  /** The cluster profile is optional (a file for specs may leave it out). */
  profiles: Record<Exclude<InfraProfile, 'cluster'>, InfraProfileFile> & {
    cluster?: InfraProfileFile;
  };
}

/** One profile as written in infra.config.json. */
export interface InfraProfileFile {
  dataDir: string;
  ports: InfraPorts;
  /**
   * The cluster layout (ADR 0029): natsNodes NATS servers clustered on loopback, `replicas`
   * processes of every app, the gateway's behind a local balancer on ports.gateway.
   */
  cluster?: { name: string; natsNodes: number; replicas: number };
}

/** One NATS server of a profile (node 1: the ports nats, natsMonitor, natsRoute). */
export interface NatsNode {
  node: number;
  /** infra.sh's server name: nats, nats-2, nats-3. */
  server: string;
  ports: { client: number; monitor: number; route: number | null };
  url: string;
  monitorUrl: string;
  /** null outside a cluster. */
  routeUrl: string | null;
}

/** One process of an app: replica 1 is named after the app, replica r > 1 `<app>-<r>`. */
export interface AppInstance {
  name: string;
  app: string;
  replica: number;
  /** The gateway's HTTP port, a service's health port, the web app's port. */
  port: number;
}

export interface ModelOptions {
  /** The parsed config file (default: read tools/infra/infra.config.json). */
  file?: InfraConfigFile;
  /** Default: the repository this module lives in. */
  repoRoot?: string;
  /** EXAMPREP_CACHE_DIR, EXAMPREP_INFRA_NO_REUSE, credential overrides, LOG_LEVEL, KC_IDENTITY_CLIENT_SECRET. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** What "~" stands for (default: os.homedir()). */
  home?: string;
  /** appEnv only: which replica's PORT / HEALTH_PORT (default 1). */
  replica?: number;
}

/** Every port, URL and path of the local system of one profile. */
export interface InfraModel {
  profile: InfraProfile;
  repoRoot: string;
  configFile: string;
  /** Absolute data dir of the servers (pid files in run/, logs in logs/). */
  dataDir: string;
  /** Absolute data dir of the apps (tools/system): `<dataDir>-apps`. */
  appsDataDir: string;
  cacheDir: string;
  /** Other caches whose binaries infra.sh may copy ([] with EXAMPREP_INFRA_NO_REUSE=1). */
  reuseCacheDirs: string[];
  ports: InfraPorts;
  versions: Record<string, string>;
  /** Every NATS node's client URL, comma-separated (the apps' NATS_URL). */
  natsUrl: string;
  natsUrls: string[];
  /** Node 1's monitor. */
  natsMonitorUrl: string;
  /** The cluster layout, null for a single-process profile. */
  cluster: { name: string; natsNodes: number; replicas: number } | null;
  natsNodes: NatsNode[];
  /** Replicas of the JetStream streams: one per NATS server, at most 3. */
  streamReplicas: number;
  /** The processes of an app on this profile (one, or `cluster.replicas`). */
  appInstances(app: string): AppInstance[];
  /** MongoDB wire URL of FerretDB; every service uses its own database. */
  mongoUrl(dbName?: string): string;
  realm: string;
  apiAudience: string;
  webClientId: string;
  /** Keycloak as browsers reach it: its configured hostname, so the token issuer is stable. */
  keycloakUrl: string;
  /** Keycloak as processes reach it (the identity service, the gateway's JWKS, tools). */
  keycloakInternalUrl: string;
  keycloakManagementUrl: string;
  keycloakAdmin: { username: string; password: string };
  issuer: string;
  /** Where the gateway fetches the realm's keys (OIDC_JWKS_URL). */
  jwksUrl: string;
  tokenUrl: string;
  /** The local S3 server (versitygw, path-style addressing; ADR 0010). */
  s3: {
    endpoint: string;
    /** The S3 address browsers reach (presigned URLs, the web CSP): the endpoint locally. */
    publicEndpoint: string;
    healthPath: string;
    healthUrl: string;
    accessKey: string;
    secretKey: string;
    region: string;
    buckets: string[];
  };
  smtp: { host: string; port: number };
  maildevUrl: string;
  /** stripe-mock (the catalog's STRIPE_API_URL). */
  stripeUrl: string;
  /** The local LTI 1.3 platform (tools/lms), also its issuer: `http://localhost:<ports.lms>`. */
  lmsUrl: string;
  /** The key stripe-mock accepts (any sk_test_ key works); the local catalog uses it. */
  stripeApiKey: string;
  /** The local catalog's webhook signing secret (tests sign deliveries with it). */
  stripeWebhookSecret: string;
  /** The web origin browsers open. */
  webUrl: string;
  /** The gateway, or on a cluster profile the balancer in front of its replicas. */
  gatewayUrl: string;
  /**
   * The secret of the realm's identity provider `lti` at the schools bridge (ADR 0040):
   * EXAMPREP_LTI_BRIDGE_SECRET, else the realm file's dev default.
   */
  ltiBridgeSecret: string;
  /** The local balancer of a cluster profile (Caddy): its URL, admin API and upstreams. */
  balancer: {
    url: string;
    adminUrl: string;
    /** Answered by the balancer itself: its health check. */
    healthPath: string;
    healthUrl: string;
    upstreams: string[];
  } | null;
  /** Loopback base URL of one of our processes by app name: gateway, a service's health server, web. */
  appUrl(app: string): string;
}

export type AppEnv = Record<string, string>;

export declare const CONFIG_FILE: string;
export declare const REPO_ROOT: string;
export declare const PROFILES: readonly InfraProfile[];
/** Per app: names its config class reads that the local profiles leave at the class default. */
export declare const LEFT_AT_DEFAULT: Readonly<Record<string, readonly string[]>>;
/** The JetStream settings nest-kit's JetStream module reads in every app (ADR 0033). */
export declare const JETSTREAM_ENV: readonly string[];
/** Names every app gets that are read outside the config classes (logger, runtime). */
export declare const RUNTIME_ENV: readonly string[];

export declare function readConfigFile(file?: string): InfraConfigFile;
export declare function isProfile(value: unknown): value is InfraProfile;
export declare function isTestProfile(name: string): boolean;
export declare function expandHome(p: string, home?: string): string;
/** apps/* tagged scope:server, services sorted, then the gateway. */
export declare function serverApps(repoRoot?: string): string[];
export declare function cacheDir(options?: ModelOptions): string;
export declare function infraModel(profile: InfraProfile, options?: ModelOptions): InfraModel;
/** The servers' addresses under the apps' names, one value per name (the jest global setup's env). */
export declare function sharedEnv(model: InfraModel, services?: string[]): AppEnv;
/** The environment of one server app of a profile; `overrides` win. */
export declare function appEnv(
  app: string,
  profile: InfraProfile,
  overrides?: AppEnv,
  options?: ModelOptions,
): AppEnv;
