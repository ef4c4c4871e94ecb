#!/usr/bin/env node
// @ts-check
// The gateway and the announcements service as they run in their pods (issue 27): each started
// inside a memory cgroup with its Deployment's memory limit (k8s/base/<app>/deployment.yaml), so
// that Node sizes its heap from the limit as it does in a container, then measured by
// memory-rounds.mjs --as-running (throughput, RSS and heap per round; a process the kernel kills
// is reported). `--node-options` runs the same with NODE_OPTIONS, to compare one run with the
// other. Needs root and a cgroup memory controller (v1 or v2); the apps are restarted as they
// were at the end.
//   node tools/load/pod-memory.mjs [--profile dev|test] [--node-options "--max-semi-space-size=16"]
//        [--tracing on|off] [--rounds 3] [--duration 20s] [--idle 5]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { appsCtl, arg, LOAD_TEST_LIMITS, root, spanReceiver, tracingEnv } from './common.mjs';

const profile = arg('profile', 'test');
const nodeOptions = arg('node-options', '');
const tracingOn = arg('tracing', 'off') === 'on';
const APPS = ['announcements', 'gateway'];

/**
 * The memory limit of an app's container in its base Deployment, in bytes.
 * @param {string} app
 */
function podMemoryLimit(app) {
  const yaml = fs.readFileSync(path.join(root, 'k8s/base', app, 'deployment.yaml'), 'utf8');
  const m = /limits:\s*\n(?:\s+cpu:.*\n)?\s+memory:\s*'?(\d+)(Mi|Gi)'?/.exec(yaml);
  if (!m) throw new Error(`no memory limit in k8s/base/${app}/deployment.yaml`);
  return Number(m[1]) * (m[2] === 'Gi' ? 1024 ** 3 : 1024 ** 2);
}

/** Where a memory cgroup of this name goes (v2 unified, else v1's memory hierarchy). */
function cgroupDir(/** @type {string} */ name) {
  if (fs.existsSync('/sys/fs/cgroup/cgroup.controllers'))
    return { dir: path.join('/sys/fs/cgroup', name), limitFile: 'memory.max', v: 2 };
  if (fs.existsSync('/sys/fs/cgroup/memory'))
    return {
      dir: path.join('/sys/fs/cgroup/memory', name),
      limitFile: 'memory.limit_in_bytes',
      v: 1,
    };
  throw new Error('no cgroup memory controller here (/sys/fs/cgroup)');
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('needs root (it creates memory cgroups)');
  const groups = APPS.map((app) => {
    const limit = podMemoryLimit(app);
    const cg = cgroupDir(`examprep-pod-${app}`);
    fs.mkdirSync(cg.dir, { recursive: true });
    fs.writeFileSync(path.join(cg.dir, cg.limitFile), String(limit));
    return { app, limit, ...cg };
  });
  const receiver = tracingOn ? await spanReceiver(profile) : null;
  const env = {
    ...LOAD_TEST_LIMITS,
    ...tracingEnv(receiver?.url),
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
  console.log(
    `[pod] ${groups.map((g) => `${g.app} in a ${g.limit / 1048576} MiB cgroup (v${g.v})`).join(', ')}; ` +
      `tracing ${tracingOn ? 'on' : 'off'}; NODE_OPTIONS ${nodeOptions || '(none)'}`,
  );
  try {
    appsCtl(profile, 'stop', ['gateway', 'announcements']);
    for (const g of groups) {
      // the shell joins the cgroup, then the one harness it runs starts the app: the app inherits it
      const envArgs = Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
      const started = spawnSync(
        'bash',
        [
          '-c',
          `echo $$ > "$0/cgroup.procs" && exec "$1" "$2" up --profile "$3" --no-infra --no-seed --no-web --only "$4" "\${@:5}"`,
          g.dir,
          process.execPath,
          path.join(root, 'tools/system/harness.cjs'),
          profile,
          g.app,
          ...envArgs,
        ],
        { stdio: 'inherit' },
      );
      if (started.status !== 0) throw new Error(`${g.app} did not start in its cgroup`);
    }
    const rounds = spawnSync(
      process.execPath,
      [
        path.join(root, 'tools/load/memory-rounds.mjs'),
        '--as-running',
        '--profile',
        profile,
        '--rounds',
        arg('rounds', '3'),
        '--duration',
        arg('duration', '20s'),
        '--idle',
        arg('idle', '5'),
      ],
      { stdio: 'inherit' },
    );
    for (const g of groups) {
      const failcnt = path.join(g.dir, g.v === 2 ? 'memory.events' : 'memory.failcnt');
      const peak = path.join(g.dir, g.v === 2 ? 'memory.peak' : 'memory.max_usage_in_bytes');
      const read = (/** @type {string} */ f) =>
        fs.existsSync(f) ? fs.readFileSync(f, 'utf8').trim().replace(/\n/g, ', ') : '?';
      console.log(
        `[pod] ${g.app}: cgroup peak ${Math.round(Number(read(peak)) / 1048576)} MiB of ${g.limit / 1048576}; ` +
          `${g.v === 2 ? 'events' : 'failcnt'} ${read(failcnt)}`,
      );
    }
    process.exitCode = rounds.status ?? 1;
  } finally {
    receiver?.stop();
    appsCtl(profile, 'stop', ['gateway', 'announcements']);
    appsCtl(profile, 'start', ['announcements', 'gateway']);
    for (const g of groups) {
      try {
        fs.rmdirSync(g.dir);
      } catch {
        // a process still in it (or the kernel not done): left for the next run to reuse
      }
    }
  }
}

main().catch((e) => {
  console.error(`[pod] ${e.message}`);
  process.exit(1);
});
