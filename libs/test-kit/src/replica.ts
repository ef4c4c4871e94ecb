// A second (third, ...) process of a built service of a profile beside the one tools/system
// runs (ADR 0027): the same database, NATS and queue group, its own health port. Integration
// specs start one to race two replicas of a service against the running test system.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { appEnv, findRepoRoot } from './config';
import type { InfraProfile } from './config';

/** A replica started by startReplica. */
export interface Replica {
  readonly app: string;
  readonly pid: number;
  /** Its port's base URL (http://127.0.0.1:<port>): the health port, the gateway's HTTP port. */
  readonly url: string;
  /** Its log file. */
  readonly logFile: string;
  /** Its /metrics text (Prometheus). */
  metrics(): Promise<string>;
  /** SIGTERM, awaited (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/** A TCP port nothing listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts apps/<app>/dist/main.js (build it first) with the environment tools/system gives the
 * app on `profile`, `env` on top and its port (`portVar`: HEALTH_PORT of a service, PORT of the
 * gateway) set to `port` or a free one; answers once its /readyz is 200. Not the web app.
 */
export async function startReplica(
  app: string,
  options: {
    profile?: InfraProfile;
    port?: number;
    portVar?: 'HEALTH_PORT' | 'PORT';
    env?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Replica> {
  const root = findRepoRoot();
  const main = path.join(root, 'apps', app, 'dist', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: build ${app} first`);
  const port = options.port ?? (await freePort());
  const env = appEnv(app, options.profile ?? 'test', {
    LOG_LEVEL: 'info',
    ...options.env,
    [options.portVar ?? 'HEALTH_PORT']: String(port),
  });
  const logFile = path.join(os.tmpdir(), `examprep-replica-${app}-${port}.log`);
  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (graceMs = 20_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(killed);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${app} replica exited during start-up; log: ${tail(logFile)}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      await stop(2_000);
      throw new Error(`${app} replica not ready at ${url}/readyz; log: ${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    app,
    pid: child.pid!,
    url,
    logFile,
    metrics: async () => (await fetch(`${url}/metrics`)).text(),
    stop,
  };
}

/**
 * The sum of a counter's (or a histogram's `_count`) samples whose labels include `labels`, in
 * a Prometheus text (0 when none).
 */
export function metricValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[3] ?? '';
    if (Object.entries(labels).every(([k, v]) => have.includes(`${k}="${v}"`)))
      sum += Number(match[4]);
  }
  return sum;
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}
