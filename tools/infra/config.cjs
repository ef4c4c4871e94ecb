#!/usr/bin/env node
// Reads tools/infra/infra.config.json for bash (infra.sh) and node helpers.
//
//   node tools/infra/config.cjs shell <profile>      KEY='value' lines for `eval` in bash
//   node tools/infra/config.cjs get <dotted.path> [<profile>]
//
// Ports, versions and paths live ONLY in infra.config.json; this file only resolves them
// (cacheDir's "~", the profile's dataDir relative to the repo root, credential env overrides).
// Env overrides: EXAMPREP_CACHE_DIR (another cache dir), EXAMPREP_INFRA_NO_REUSE=1 (do not copy
// binaries from reuseCacheDirs), and the credential variables named in devCredentials.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const CONFIG_FILE = path.join(__dirname, 'infra.config.json');
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const PROFILES = ['dev', 'test', 'fault'];

function loadConfig() {
  return JSON.parse(fs.readFileSync(CONFIG_FILE, 'utf8'));
}

function expandHome(p) {
  if (p === '~') return os.homedir();
  if (p.startsWith('~/')) return path.join(os.homedir(), p.slice(2));
  return p;
}

function resolveProfile(cfg, profile) {
  if (!PROFILES.includes(profile)) {
    throw new Error(`unknown profile "${profile}" (expected one of: ${PROFILES.join(', ')})`);
  }
  const p = cfg.profiles[profile];
  if (!p) throw new Error(`profile "${profile}" missing from ${CONFIG_FILE}`);
  return { ...p, name: profile, dataDir: path.resolve(REPO_ROOT, p.dataDir) };
}

/** Credentials of the local servers: env var if set, else the documented dev default. */
function devCredentials(cfg, env = process.env) {
  const kc = cfg.devCredentials.keycloakAdmin;
  const s3 = cfg.devCredentials.s3;
  return {
    keycloakAdminUser: env[kc.usernameEnv] || kc.username,
    keycloakAdminPassword: env[kc.passwordEnv] || kc.password,
    s3AccessKey: env[s3.accessKeyEnv] || s3.accessKey,
    s3SecretKey: env[s3.secretKeyEnv] || s3.secretKey,
  };
}

const upperSnake = (s) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toUpperCase();
const shq = (v) => `'${String(v).replace(/'/g, `'\\''`)}'`;

/** Flat variables for bash: CFG_*, V_<COMPONENT>, PORT_<NAME>. */
function shellVars(cfg, profileName) {
  const profile = resolveProfile(cfg, profileName);
  const creds = devCredentials(cfg);
  const vars = {
    CFG_FILE: CONFIG_FILE,
    REPO_ROOT,
    PROFILE: profile.name,
    CACHE_DIR: expandHome(process.env.EXAMPREP_CACHE_DIR || cfg.cacheDir),
    DATA_DIR: profile.dataDir,
    REALM: cfg.realm,
    API_AUDIENCE: cfg.apiAudience,
    WEB_CLIENT_ID: cfg.webClientId,
    BUCKETS: cfg.buckets.join(' '),
    REUSE_DIRS:
      process.env.EXAMPREP_INFRA_NO_REUSE === '1'
        ? ''
        : (cfg.reuseCacheDirs || []).map(expandHome).join(':'),
    KC_JAVA_HEAP_OPTS: cfg.keycloak.javaHeapOpts,
    KC_JAVA_OPTS_APPEND: cfg.keycloak.javaOptsAppend || '',
    KC_START_TIMEOUT: cfg.keycloak.startTimeoutSeconds,
    KC_FEATURES: cfg.keycloak.features || '',
    KC_ADMIN_USER: creds.keycloakAdminUser,
    KC_ADMIN_PASSWORD: creds.keycloakAdminPassword,
    S3_ACCESS_KEY: creds.s3AccessKey,
    S3_SECRET_KEY: creds.s3SecretKey,
    S3_REGION: cfg.s3Region,
    S3_HEALTH_PATH: cfg.s3HealthPath,
  };
  for (const [k, v] of Object.entries(cfg.versions)) vars[`V_${upperSnake(k)}`] = v;
  for (const [k, v] of Object.entries(profile.ports)) vars[`PORT_${upperSnake(k)}`] = v;
  return vars;
}

function get(obj, dotted) {
  return dotted.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

module.exports = {
  CONFIG_FILE,
  REPO_ROOT,
  PROFILES,
  loadConfig,
  expandHome,
  resolveProfile,
  devCredentials,
  shellVars,
};

if (require.main === module) {
  const [cmd, arg, profile] = process.argv.slice(2);
  try {
    const cfg = loadConfig();
    if (cmd === 'shell') {
      const vars = shellVars(cfg, arg || 'dev');
      for (const [k, v] of Object.entries(vars)) process.stdout.write(`${k}=${shq(v)}\n`);
    } else if (cmd === 'get' && arg) {
      const root = profile ? { ...cfg, profile: resolveProfile(cfg, profile) } : cfg;
      const v = get(root, arg);
      if (v === undefined) throw new Error(`no such key: ${arg}`);
      process.stdout.write(typeof v === 'object' ? JSON.stringify(v) : `${v}\n`);
    } else {
      process.stderr.write('usage: config.cjs shell <profile> | get <dotted.path> [<profile>]\n');
      process.exit(2);
    }
  } catch (e) {
    process.stderr.write(`config.cjs: ${e.message}\n`);
    process.exit(1);
  }
}
