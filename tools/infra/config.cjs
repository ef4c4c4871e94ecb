#!/usr/bin/env node
// infra.sh's view of the environment model (environment.cjs, ADR 0024): flat KEY='value'
// lines for `eval` in bash. Nothing is derived here; ports, URLs and paths come from the model,
// versions and the Keycloak JVM settings are read from infra.config.json as written.
//
//   node tools/infra/config.cjs shell <profile>      KEY='value' lines for `eval` in bash
//   node tools/infra/config.cjs get <dotted.path> [<profile>]
//
// Env overrides (applied by the model): EXAMPREP_CACHE_DIR (another cache dir),
// EXAMPREP_INFRA_NO_REUSE=1 (do not copy binaries from reuseCacheDirs), and the credential
// variables named in devCredentials.
'use strict';

const { CONFIG_FILE, infraModel, readConfigFile } = require('./environment.cjs');

const upperSnake = (s) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toUpperCase();
const shq = (v) => `'${String(v).replace(/'/g, `'\\''`)}'`;

/** Flat variables for bash: CFG_*, V_<COMPONENT>, PORT_<NAME>. */
function shellVars(profile, file = readConfigFile(), env = process.env) {
  const m = infraModel(profile, { file, env });
  const kc = file.keycloak || {};
  const vars = {
    CFG_FILE: CONFIG_FILE,
    REPO_ROOT: m.repoRoot,
    PROFILE: m.profile,
    CACHE_DIR: m.cacheDir,
    DATA_DIR: m.dataDir,
    REALM: m.realm,
    API_AUDIENCE: m.apiAudience,
    WEB_CLIENT_ID: m.webClientId,
    BUCKETS: m.s3.buckets.join(' '),
    REUSE_DIRS: m.reuseCacheDirs.join(':'),
    KC_JAVA_HEAP_OPTS: kc.javaHeapOpts,
    KC_JAVA_OPTS_APPEND: kc.javaOptsAppend || '',
    KC_START_TIMEOUT: kc.startTimeoutSeconds,
    KC_FEATURES: kc.features || '',
    KC_ADMIN_USER: m.keycloakAdmin.username,
    KC_ADMIN_PASSWORD: m.keycloakAdmin.password,
    // the realm's identity provider `lti` presents it to the schools bridge (ADR 0040)
    LTI_BRIDGE_SECRET: m.ltiBridgeSecret,
    S3_ACCESS_KEY: m.s3.accessKey,
    S3_SECRET_KEY: m.s3.secretKey,
    S3_REGION: m.s3.region,
    S3_HEALTH_PATH: m.s3.healthPath,
  };
  if (m.cluster) {
    // a cluster profile (ADR 0029): the NATS nodes beyond the first and the local balancer
    vars.NATS_NODES = m.cluster.natsNodes;
    vars.NATS_CLUSTER_NAME = m.cluster.name;
    vars.BALANCER_HEALTH_PATH = /** @type {{ healthPath: string }} */ (m.balancer).healthPath;
    vars.BALANCER_UPSTREAMS = /** @type {{ upstreams: string[] }} */ (m.balancer).upstreams.join(
      ' ',
    );
  }
  for (const [k, v] of Object.entries(m.versions)) vars[`V_${upperSnake(k)}`] = v;
  for (const [k, v] of Object.entries(m.ports)) vars[`PORT_${upperSnake(k)}`] = v;
  return vars;
}

function get(obj, dotted) {
  return dotted.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

module.exports = { shellVars };

if (require.main === module) {
  const [cmd, arg, profile] = process.argv.slice(2);
  try {
    if (cmd === 'shell') {
      const vars = shellVars(arg || 'dev');
      for (const [k, v] of Object.entries(vars)) process.stdout.write(`${k}=${shq(v)}\n`);
    } else if (cmd === 'get' && arg) {
      const file = readConfigFile();
      const root = profile ? { ...file, profile: infraModel(profile, { file }) } : file;
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
