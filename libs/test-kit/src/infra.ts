// Starting and checking the local servers (tools/infra/infra.sh) from tests.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { infraConfig, readInfraConfigFile, type InfraConfig, type InfraProfile } from './config';
import { infraBackend, startContainers, stopContainers } from './containers';
import { realmFiles } from './seeded';

export type InfraServer = 'nats' | 'ferretdb' | 'keycloak' | 's3' | 'maildev' | 'stripe-mock';
export const INFRA_SERVERS: readonly InfraServer[] = [
  'nats',
  'ferretdb',
  'keycloak',
  's3',
  'maildev',
  'stripe-mock',
];

export type InfraHealth = Record<InfraServer, boolean>;

const PROBE_TIMEOUT_MS = 2000;

async function httpOk(url: string, headers: Record<string, string> = {}): Promise<boolean> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function mongoOk(url: string): Promise<boolean> {
  const client = new MongoClient(url, {
    directConnection: true,
    serverSelectionTimeoutMS: PROBE_TIMEOUT_MS,
    connectTimeoutMS: PROBE_TIMEOUT_MS,
  });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Pure: the health endpoint of each HTTP server (the same checks as infra.sh). */
export function healthUrls(cfg: InfraConfig): Record<Exclude<InfraServer, 'ferretdb'>, string> {
  return {
    nats: `${cfg.natsMonitorUrl}/healthz?js-enabled-only=true`,
    keycloak: `${cfg.keycloakManagementUrl}/health/ready`,
    s3: cfg.s3.healthUrl,
    maildev: `${cfg.maildevUrl}/healthz`,
    'stripe-mock': `${cfg.stripeUrl}/v1/customers`,
  };
}

/** One probe of every server of `profile`. */
export async function checkInfra(profile: InfraProfile = 'test'): Promise<InfraHealth> {
  const cfg = infraConfig(profile);
  const urls = healthUrls(cfg);
  const [nats, ferretdb, keycloak, s3, maildevOk, stripe] = await Promise.all([
    httpOk(urls.nats),
    mongoOk(cfg.mongoUrl()),
    httpOk(urls.keycloak),
    httpOk(urls.s3),
    httpOk(urls.maildev),
    httpOk(urls['stripe-mock'], { Authorization: `Bearer ${cfg.stripeApiKey}` }),
  ]);
  return { nats, ferretdb, keycloak, s3, maildev: maildevOk, 'stripe-mock': stripe };
}

/**
 * Whether the running Keycloak imported an older version of the realm files (infra.sh records
 * the hash of the merged realm it imported). infra.sh start recreates the test realm then.
 */
export function realmImportIsStale(cfg: InfraConfig): boolean {
  const recorded = path.join(cfg.dataDir, 'keycloak', 'data', '.realm-import.sha256');
  if (!fs.existsSync(recorded)) return false;
  const files = realmFiles(cfg.repoRoot);
  const req = createRequire(__filename);
  const { renderMergedRealm } = req(
    path.join(cfg.repoRoot, 'tools', 'infra', 'merge-realm.cjs'),
  ) as {
    renderMergedRealm: (realmFile: string, overlayFile: string) => string;
  };
  const hash = createHash('sha256')
    .update(renderMergedRealm(files.realm, files.overlay))
    .digest('hex');
  return fs.readFileSync(recorded, 'utf8').trim() !== hash;
}

function runInfraScript(cfg: InfraConfig, command: string, args: string[] = []): Promise<string> {
  const script = path.join(cfg.repoRoot, 'tools', 'infra', 'infra.sh');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script, command, '--profile', cfg.profile, ...args], {
      cwd: cfg.repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const relay = (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    };
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(
            new Error(
              `infra.sh ${command} --profile ${cfg.profile} exited with ${code}\n${output.slice(-4000)}`,
            ),
          ),
    );
  });
}

export interface EnsureInfraResult {
  /** True when this call started at least one server. */
  started: boolean;
  /** The servers this call started (or restarted), so the caller can stop exactly those. */
  startedServers: InfraServer[];
  config: InfraConfig;
}

/**
 * Pure: the servers an `infra.sh start` output says it started from nothing. A server it
 * restarted (stopped first, e.g. Keycloak after a realm change) was up before, so it is not one.
 */
export function parseStartedServers(output: string): InfraServer[] {
  const said = (s: InfraServer, what: string) =>
    new RegExp(`^\\[infra\\] ${s}\\s+${what}`, 'm').test(output);
  return INFRA_SERVERS.filter((s) => said(s, 'starting \\(pid') && !said(s, 'stopped'));
}

/**
 * Makes sure every local server of `profile` (default: test) is up and healthy: when one is
 * not (or the realm files changed since the import), runs `tools/infra/infra.sh start`, which
 * installs what is missing and starts only what is not running. With `TEST_INFRA=containers`
 * the servers that are down start as containers on the same ports instead (./containers).
 */
export async function ensureInfra(profile: InfraProfile = 'test'): Promise<EnsureInfraResult> {
  const cfg = infraConfig(profile);
  const health = await checkInfra(profile);
  if (infraBackend() === 'containers') {
    // the servers that do not answer, as containers on the profile's ports (a port held by a
    // local process of the same profile makes Docker refuse the binding: stop that one first)
    const down = INFRA_SERVERS.filter((s) => !health[s]);
    if (down.length === 0) return { started: false, startedServers: [], config: cfg };
    const features = readInfraConfigFile().keycloak?.features ?? '';
    const startedServers = await startContainers(cfg, down, features);
    return { started: startedServers.length > 0, startedServers, config: cfg };
  }
  const allUp = INFRA_SERVERS.every((s) => health[s]);
  if (allUp && !realmImportIsStale(cfg)) return { started: false, startedServers: [], config: cfg };
  const startedServers = parseStartedServers(await runInfraScript(cfg, 'start'));
  return { started: startedServers.length > 0, startedServers, config: cfg };
}

/** Stops the local servers of `profile` (default: test): the given ones, or all. */
export async function stopInfra(
  profile: InfraProfile = 'test',
  servers: readonly InfraServer[] = [],
): Promise<void> {
  if (infraBackend() === 'containers') return stopContainers(servers);
  await runInfraScript(infraConfig(profile), 'stop', [...servers]);
}
