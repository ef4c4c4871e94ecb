#!/usr/bin/env node
// Starts, stops and reports the platform's own processes (services, gateway, web) for a
// profile, in the background, with pid and log files under <dataDir>/run and <dataDir>/logs.
//
//   node tools/system/system.cjs start  [--profile dev|test|fault|cluster] [--only a,b] [--no-web]
//                                       [--env K=V ...] [--node-arg ARG ...]
//     (--node-arg passes an option to the apps' node, e.g. --node-arg --cpu-prof
//      --node-arg --cpu-prof-dir=/tmp/prof: options Node refuses in NODE_OPTIONS)
//   node tools/system/system.cjs stop   [--profile dev|test|fault|cluster] [--only a,b]
//   node tools/system/system.cjs status [--profile dev|test|fault|cluster]
//
// On the cluster profile every app runs as `cluster.replicas` processes (ADR 0029): replica 1
// named after the app, replica r > 1 `<app>-<r>` (its pid and log files), each on its own port
// (a service's health port, the gateway's HTTP port behind the balancer). `--only testing` means
// every replica of testing, `--only testing-2` that one.
//
// The apps must be built first (npm run build). Infrastructure: tools/infra/infra.sh.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const net = require('node:net');
const { serverApps, appEnv, infraModel, REPO_ROOT } = require('../infra/environment.cjs');
const { tracingEnv } = require('../infra/tracing.cjs');

function parseArgs(argv) {
  const args = { cmd: argv[0], profile: 'dev', only: null, web: true, env: {}, nodeArgs: [] };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--profile') args.profile = argv[++i];
    else if (a === '--only') args.only = argv[++i].split(',');
    else if (a === '--no-web') args.web = false;
    else if (a === '--node-arg') args.nodeArgs.push(argv[++i]);
    else if (a === '--env') {
      const [k, ...v] = argv[++i].split('=');
      args.env[k] = v.join('=');
    } else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function dirs(profile) {
  const model = infraModel(profile);
  const run = path.join(model.appsDataDir, 'run');
  const logs = path.join(model.appsDataDir, 'logs');
  fs.mkdirSync(run, { recursive: true });
  fs.mkdirSync(logs, { recursive: true });
  return { run, logs, model };
}

function pidOf(run, name) {
  try {
    const pid = Number(fs.readFileSync(path.join(run, `${name}.pid`), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * The processes of the profile, in start order (services, the gateway, the web app), filtered
 * by `only` (app or process names).
 * @param {ReturnType<typeof infraModel>} model
 * @param {{ web?: boolean, only?: string[] | null }} o
 */
function instancesOf(model, o) {
  return [...serverApps(), ...(o.web === false ? [] : ['web'])]
    .flatMap((app) => model.appInstances(app))
    .filter((i) => !o.only || o.only.includes(i.app) || o.only.includes(i.name));
}

function healthUrl(instance) {
  const base = `http://127.0.0.1:${instance.port}`;
  return instance.app === 'web' ? `${base}/` : `${base}/readyz`;
}

async function waitHealthy(name, url, pid, logFile, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      throw new Error(`${name} exited during start-up. Last log lines:\n${tail(logFile, 30)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error(
    `${name} did not become healthy at ${url} within ${timeoutMs / 1000}s. Last log lines:\n${tail(logFile, 30)}`,
  );
}

function tail(file, n) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '(no log)';
  }
}

function commandFor(instance, profile, nodeArgs = []) {
  const name = instance.app;
  if (name === 'web') {
    return {
      cmd: process.execPath,
      args: [
        ...nodeArgs,
        path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'preview',
      ],
      cwd: path.join(REPO_ROOT, 'apps', 'web'),
      env: { EXAMPREP_PROFILE: profile },
    };
  }
  const main = path.join(REPO_ROOT, 'apps', name, 'dist', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  return {
    cmd: process.execPath,
    args: ['--enable-source-maps', ...nodeArgs, main],
    cwd: REPO_ROOT,
    // while the profile's Jaeger runs (`infra.sh start --with tracing`), the apps export their
    // traces to it (ADR 0035)
    env: { ...tracingEnv(profile), ...appEnv(name, profile, {}, { replica: instance.replica }) },
  };
}

/** True when something already listens on the port (an app started outside this runner). */
function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function start(args) {
  const { run, logs, model } = dirs(args.profile);
  const started = [];
  for (const instance of instancesOf(model, args)) {
    const name = instance.name;
    if (pidOf(run, name)) {
      console.log(`[system] ${name} already running`);
      continue;
    }
    const port = instance.port;
    if (await portInUse(port)) {
      throw new Error(
        `port ${port} of ${name} is in use by a process this runner did not start (\`ss -ltnp 'sport = :${port}'\` shows it); stop it first`,
      );
    }
    const c = commandFor(instance, args.profile, args.nodeArgs);
    const logFile = path.join(logs, `${name}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(c.cmd, c.args, {
      cwd: c.cwd,
      env: { ...process.env, ...c.env, ...args.env },
      detached: true,
      stdio: ['ignore', out, out],
    });
    fs.writeFileSync(path.join(run, `${name}.pid`), String(child.pid));
    child.unref();
    started.push({ name, instance, pid: child.pid, logFile });
  }
  // services first, then the gateway, then the web app
  for (const s of started) {
    const t0 = Date.now();
    await waitHealthy(s.name, healthUrl(s.instance), s.pid, s.logFile);
    console.log(
      `[system] ${s.name} healthy (pid ${s.pid}, ${((Date.now() - t0) / 1000).toFixed(1)}s)`,
    );
  }
}

async function stop(args) {
  const { run, model } = dirs(args.profile);
  const names = instancesOf(model, { only: args.only })
    .map((i) => i.name)
    .reverse();
  for (const name of names) {
    const pid = pidOf(run, name);
    if (!pid) continue;
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      process.kill(pid, 'SIGTERM');
    }
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && pidOf(run, name)) await sleep(100);
    if (pidOf(run, name)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    fs.rmSync(path.join(run, `${name}.pid`), { force: true });
    console.log(`[system] ${name} stopped`);
  }
}

async function status(args) {
  const { run, model } = dirs(args.profile);
  for (const instance of instancesOf(model, {})) {
    const name = instance.name;
    const pid = pidOf(run, name);
    let health = 'down';
    if (pid) {
      try {
        const res = await fetch(healthUrl(instance), { signal: AbortSignal.timeout(2_000) });
        health = res.ok ? 'healthy' : `unhealthy (${res.status})`;
      } catch {
        health = 'not answering';
      }
    }
    console.log(
      `${name.padEnd(14)} ${pid ? `pid ${pid}`.padEnd(12) : 'stopped'.padEnd(12)} ${health}`,
    );
  }
}

const commands = { start, stop, status };

if (require.main === module) {
  const args = parseArgs(process.argv.slice(2));
  const fn = commands[args.cmd];
  if (!fn) {
    console.error(
      'usage: system.cjs start|stop|status [--profile dev|test|fault|cluster] [--only a,b] [--no-web]',
    );
    process.exit(2);
  }
  fn(args).catch((e) => {
    console.error(`[system] ${e.message}`);
    process.exit(1);
  });
}

module.exports = { start, stop, status, parseArgs, instancesOf };
