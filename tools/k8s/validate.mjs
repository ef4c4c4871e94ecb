#!/usr/bin/env node
// Offline validation of the Kubernetes manifests (no cluster, no Docker):
//
//   npm run k8s:validate                       k8s/overlays/* and k8s/<dir> (operators, monitoring,
//                                              nats, ferretdb, ferretdb/monitoring, gateway-api)
//   node tools/k8s/validate.mjs --dir k8s/overlays/prod [--dir ...]
//   node tools/k8s/validate.mjs --file rendered.yaml [--no-secrets]   an already rendered file
//
// Each kustomization is rendered with kustomize (installed by `tools/infra/infra.sh install
// kustomize`, version in tools/infra/infra.config.json) and piped to tools/k8s/validator (Go):
// strict decoding against the Kubernetes API types and the operators' CRD types, Gateway API
// objects also against the standard channel's CRD schemas (the module's config/crd/standard,
// found with `go list -m`), Pod Security `restricted` on every Pod template, the project's rules
// (Secrets, probes, preStop, grace period, HTTPRoute backends). Every render except the dev
// overlay must hold no Secret object.
// The validator is built once into the cache dir (<cacheDir>/bin/k8s-validate) and rebuilt
// when its sources change; a run then takes well under a second per overlay.
// Exit status: 0 all valid, 1 problems found, 2 a tool is missing or failed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, cacheDir, readConfigFile } from '../infra/environment.cjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const cfg = readConfigFile();
const CACHE_DIR = cacheDir({ file: cfg });
const BIN_DIR = path.join(CACHE_DIR, 'bin');
const STAMP_DIR = path.join(CACHE_DIR, 'stamps');
const VALIDATOR_SRC = path.join(HERE, 'validator');
const VALIDATOR_BIN = path.join(BIN_DIR, 'k8s-validate');
const KUSTOMIZE_BIN = path.join(BIN_DIR, 'kustomize');

class ToolError extends Error {}

function readStamp(name) {
  try {
    return fs.readFileSync(path.join(STAMP_DIR, name), 'utf8').trim();
  } catch {
    return '';
  }
}

function hasGo() {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
}

export function ensureKustomize() {
  if (readStamp('kustomize') === cfg.versions.kustomize && fs.existsSync(KUSTOMIZE_BIN))
    return KUSTOMIZE_BIN;
  if (!hasGo())
    throw new ToolError(
      'the Go toolchain is required to install kustomize (https://go.dev/doc/install)',
    );
  const r = spawnSync(
    'bash',
    [path.join(REPO_ROOT, 'tools/infra/infra.sh'), 'install', 'kustomize'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (r.status !== 0) throw new ToolError('tools/infra/infra.sh install kustomize failed');
  return KUSTOMIZE_BIN;
}

function validatorHash() {
  const h = createHash('sha256');
  for (const f of fs.readdirSync(VALIDATOR_SRC).sort()) {
    if (/\.go$|^go\.(mod|sum)$/.test(f))
      h.update(f).update(fs.readFileSync(path.join(VALIDATOR_SRC, f)));
  }
  return h.digest('hex').slice(0, 16);
}

export function ensureValidator() {
  const hash = validatorHash();
  if (readStamp('k8s-validate') === hash && fs.existsSync(VALIDATOR_BIN)) return VALIDATOR_BIN;
  if (!hasGo())
    throw new ToolError(
      'the Go toolchain is required to build tools/k8s/validator (https://go.dev/doc/install)',
    );
  console.error(
    '[k8s] building tools/k8s/validator (once; first build with an empty Go cache takes minutes)',
  );
  fs.mkdirSync(BIN_DIR, { recursive: true });
  const r = spawnSync('go', ['build', '-trimpath', '-o', VALIDATOR_BIN, '.'], {
    cwd: VALIDATOR_SRC,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new ToolError('go build of tools/k8s/validator failed');
  fs.mkdirSync(STAMP_DIR, { recursive: true });
  fs.writeFileSync(path.join(STAMP_DIR, 'k8s-validate'), `${hash}\n`);
  return VALIDATOR_BIN;
}

/**
 * The Gateway API standard-channel CRDs of the module version in validator/go.mod (the Go
 * module cache holds them once the validator is built); remembered in a stamp beside the binary.
 */
export function gatewayApiCrds() {
  const stamp = path.join(STAMP_DIR, 'k8s-validate-crds');
  const remembered = readStamp('k8s-validate-crds');
  if (remembered && readStamp('k8s-validate') === validatorHash() && fs.existsSync(remembered))
    return remembered;
  if (!hasGo()) throw new ToolError('the Go toolchain is required to find the Gateway API CRDs');
  const r = spawnSync('go', ['list', '-m', '-f', '{{.Dir}}', 'sigs.k8s.io/gateway-api'], {
    cwd: VALIDATOR_SRC,
    encoding: 'utf8',
  });
  const dir = path.join(r.stdout.trim(), 'config/crd/standard');
  if (r.status !== 0 || !fs.existsSync(dir))
    throw new ToolError(`the Gateway API CRDs were not found (go list -m: ${r.stderr.trim()})`);
  fs.mkdirSync(STAMP_DIR, { recursive: true });
  fs.writeFileSync(stamp, `${dir}\n`);
  return dir;
}

/**
 * The kustomizations validated by default: every overlay, every other k8s/<dir> with a
 * kustomization.yaml (operators, monitoring, nats, ferretdb), except base (rendered through the
 * overlays), and a k8s/<dir>/monitoring applied on its own (k8s/ferretdb/monitoring).
 */
export function defaultDirs() {
  const withKustomization = (dir) =>
    fs
      .readdirSync(dir)
      .filter((d) => fs.existsSync(path.join(dir, d, 'kustomization.yaml')))
      .sort()
      .map((d) => path.join(dir, d));
  const k8s = path.join(REPO_ROOT, 'k8s');
  return [
    ...withKustomization(path.join(k8s, 'overlays')),
    ...withKustomization(k8s)
      .filter((d) => !['base', 'overlays'].includes(path.basename(d)))
      .flatMap((d) => [
        d,
        ...withKustomization(d).filter((s) => path.basename(s) === 'monitoring'),
      ]),
  ];
}

/** Only the dev overlay may generate Secrets (published dev-only values); nothing else. */
const mayHoldSecrets = (dir) => path.resolve(dir) === path.join(REPO_ROOT, 'k8s/overlays/dev');

function validate(name, yaml, noSecrets) {
  const args = [
    '--name',
    name,
    '--crds',
    gatewayApiCrds(),
    ...(noSecrets ? ['--no-secrets'] : []),
    '-',
  ];
  const r = spawnSync(VALIDATOR_BIN, args, { input: yaml, encoding: 'utf8' });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  if (r.status === 2 || r.status === null) throw new ToolError(`k8s-validate failed on ${name}`);
  return r.status === 0;
}

export function main(argv) {
  const dirs = [];
  const files = [];
  let noSecrets = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dir') dirs.push(path.resolve(argv[++i]));
    else if (argv[i] === '--file') files.push(path.resolve(argv[++i]));
    else if (argv[i] === '--no-secrets') noSecrets = true;
    else throw new ToolError(`unknown argument ${argv[i]}`);
  }
  if (dirs.length === 0 && files.length === 0) dirs.push(...defaultDirs());
  ensureValidator();
  let ok = true;
  for (const file of files)
    ok = validate(path.relative(REPO_ROOT, file), fs.readFileSync(file), noSecrets) && ok;
  if (dirs.length > 0) ensureKustomize();
  for (const dir of dirs) {
    const name = path.relative(REPO_ROOT, dir);
    const r = spawnSync(KUSTOMIZE_BIN, ['build', dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0) {
      console.log(`${name}: kustomize build failed:\n${r.stderr}`);
      ok = false;
      continue;
    }
    ok = validate(name, r.stdout, !mayHoldSecrets(dir)) && ok;
  }
  return ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    console.error(`[k8s] ${e instanceof ToolError ? e.message : e.stack}`);
    process.exitCode = 2;
  }
}
