// seed:scale's fast path for Keycloak's users (issue 26): on the local profiles Keycloak keeps
// its data in its dev-file database (H2, <dataDir>/keycloak/data/h2/keycloakdb), and the seed
// writes the learners' rows into it with H2's own RunScript (the jar Keycloak ships), Keycloak
// stopped: 100,000 users in about 10 s, where the admin API's partialImport takes 40-60 users a
// second. Anything else (Keycloak on another database, in a container, no Java) goes through the
// admin API as before (seed-scale.cjs keycloakAdmin).
//
// The rows are the ones Keycloak 26 writes for a user made by partialImport with a pre-hashed
// password: USER_ENTITY, one CREDENTIAL, one USER_ROLE_MAPPING (the realm's default roles). The
// columns are checked against the database before anything is written (inspectSql), so a Keycloak
// whose schema moved is refused with the missing columns named, and the seed falls back to the
// API. Removal deletes the tag's users and every row that refers to them, in one transaction.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

/** The columns the fast path writes or reads, per table (inspectSql checks them). */
const COLUMNS = {
  USER_ENTITY: [
    'ID',
    'EMAIL',
    'EMAIL_CONSTRAINT',
    'EMAIL_VERIFIED',
    'ENABLED',
    'FIRST_NAME',
    'LAST_NAME',
    'REALM_ID',
    'USERNAME',
    'CREATED_TIMESTAMP',
    'NOT_BEFORE',
  ],
  CREDENTIAL: [
    'ID',
    'TYPE',
    'USER_ID',
    'CREATED_DATE',
    'SECRET_DATA',
    'CREDENTIAL_DATA',
    'PRIORITY',
  ],
  USER_ROLE_MAPPING: ['ROLE_ID', 'USER_ID'],
  REALM: ['ID', 'NAME'],
  KEYCLOAK_ROLE: ['ID', 'NAME', 'REALM_ID', 'CLIENT_ROLE'],
};

/**
 * The tables whose rows name a user (Keycloak 26.5: the foreign keys to USER_ENTITY, plus the
 * persistent sessions, which have none), children first: what a removal deletes.
 */
const USER_ROWS = [
  [
    'USER_CONSENT_CLIENT_SCOPE',
    'USER_CONSENT_ID IN (SELECT ID FROM USER_CONSENT WHERE USER_ID IN (SELECT ID FROM SEED_GONE))',
  ],
  ['USER_CONSENT', 'USER_ID IN (SELECT ID FROM SEED_GONE)'],
  ['CREDENTIAL', 'USER_ID IN (SELECT ID FROM SEED_GONE)'],
  ['USER_ROLE_MAPPING', 'USER_ID IN (SELECT ID FROM SEED_GONE)'],
  ['USER_REQUIRED_ACTION', 'USER_ID IN (SELECT ID FROM SEED_GONE)'],
  ['USER_ATTRIBUTE', 'USER_ID IN (SELECT ID FROM SEED_GONE)'],
  ['USER_GROUP_MEMBERSHIP', 'USER_ID IN (SELECT ID FROM SEED_GONE)'],
  ['FEDERATED_IDENTITY', 'USER_ID IN (SELECT ID FROM SEED_GONE)'],
  [
    'OFFLINE_CLIENT_SESSION',
    'USER_SESSION_ID IN (SELECT USER_SESSION_ID FROM OFFLINE_USER_SESSION WHERE USER_ID IN (SELECT ID FROM SEED_GONE))',
  ],
  ['OFFLINE_USER_SESSION', 'USER_ID IN (SELECT ID FROM SEED_GONE)'],
  ['USER_ENTITY', 'ID IN (SELECT ID FROM SEED_GONE)'],
];

/** A SQL string literal. */
const sqlString = (s) => `'${String(s).replace(/'/g, "''")}'`;

/** One CSV field, quoted (CSVREAD's default: `"` quotes, doubled inside). */
const csvField = (v) => {
  const s = String(v);
  if (/[\r\n]/.test(s)) throw new Error(`a Keycloak field has a line break: ${JSON.stringify(s)}`);
  return `"${s.replace(/"/g, '""')}"`;
};

/**
 * The learners' Keycloak users (as generate.cjs makes them for partialImport) as CSV for
 * CSVREAD, and the one credential they share. Refuses what the fast path does not write the way
 * partialImport would: another credential per user, required actions, other roles, a disabled or
 * unverified user, an id or email that is not lower case.
 */
function usersCsv(users, realm) {
  const lines = ['ID,EMAIL,FIRST_NAME,LAST_NAME,CREATED'];
  let credential = null;
  for (const u of users) {
    const [cred, ...more] = u.credentials ?? [];
    if (!cred || more.length > 0 || cred.type !== 'password' || !cred.secretData)
      throw new Error(`user ${u.id}: one pre-hashed password expected`);
    if (
      credential &&
      (cred.secretData !== credential.secretData ||
        cred.credentialData !== credential.credentialData)
    )
      throw new Error('the learners do not share one password');
    credential = cred;
    if ((u.requiredActions ?? []).length > 0) throw new Error(`user ${u.id}: required actions`);
    const roles = u.realmRoles ?? [];
    if (roles.length !== 1 || roles[0] !== `default-roles-${realm}`)
      throw new Error(`user ${u.id}: only the realm's default roles are written`);
    if (u.enabled !== true || u.emailVerified !== true)
      throw new Error(`user ${u.id}: enabled and verified users only`);
    if (u.username !== u.email || u.email !== u.email.toLowerCase() || u.id !== u.id.toLowerCase())
      throw new Error(`user ${u.id}: the username is the lower-case email`);
    lines.push(
      [u.id, u.email, u.firstName ?? '', u.lastName ?? '', u.createdTimestamp]
        .map(csvField)
        .join(','),
    );
  }
  return { csv: `${lines.join('\n')}\n`, credential };
}

/**
 * What the scripts need to know first: the columns the fast path uses that the database lacks
 * (`seed-scale:missing=TABLE.COLUMN`, one line each), the realm's id (`seed-scale:realm=`) and
 * its default roles' id (`seed-scale:role=`), `-` when there is none.
 */
function inspectSql(realm) {
  const wanted = Object.entries(COLUMNS)
    .flatMap(([table, cols]) => cols.map((c) => `(${sqlString(table)}, ${sqlString(c)})`))
    .join(', ');
  return [
    `SELECT 'seed-scale:missing=' || w.T || '.' || w.C FROM (VALUES ${wanted}) AS w(T, C) ` +
      `WHERE NOT EXISTS (SELECT 1 FROM INFORMATION_SCHEMA.COLUMNS i WHERE i.TABLE_SCHEMA = 'PUBLIC' ` +
      `AND i.TABLE_NAME = w.T AND i.COLUMN_NAME = w.C);`,
    `SELECT 'seed-scale:realm=' || COALESCE((SELECT ID FROM REALM WHERE NAME = ${sqlString(realm)}), '-');`,
    `SELECT 'seed-scale:role=' || COALESCE((SELECT r.ID FROM KEYCLOAK_ROLE r JOIN REALM m ON m.ID = r.REALM_ID ` +
      `WHERE m.NAME = ${sqlString(realm)} AND r.NAME = ${sqlString(`default-roles-${realm}`)} ` +
      `AND r.CLIENT_ROLE = FALSE), '-');`,
  ].join('\n');
}

/**
 * The import, one transaction: the CSV's users that are not there yet (by id or username; those
 * are counted as skipped, as partialImport's SKIP does), each with the shared password and the
 * realm's default roles. Prints `seed-scale:added=N` and `seed-scale:skipped=N`.
 */
function importSql({ csvPath, realmId, roleId, credential }) {
  return [
    'SET AUTOCOMMIT FALSE;',
    `SET @realm = ${sqlString(realmId)};`,
    `SET @role = ${sqlString(roleId)};`,
    `CREATE LOCAL TEMPORARY TABLE SEED_USERS AS SELECT * FROM CSVREAD(${sqlString(csvPath)}, NULL, 'charset=UTF-8');`,
    `SET @total = (SELECT COUNT(*) FROM SEED_USERS);`,
    `DELETE FROM SEED_USERS s WHERE EXISTS (SELECT 1 FROM USER_ENTITY u WHERE u.ID = s.ID) ` +
      `OR EXISTS (SELECT 1 FROM USER_ENTITY u WHERE u.REALM_ID = @realm AND u.USERNAME = s.EMAIL) ` +
      `OR EXISTS (SELECT 1 FROM USER_ENTITY u WHERE u.REALM_ID = @realm AND u.EMAIL_CONSTRAINT = s.EMAIL);`,
    `INSERT INTO USER_ENTITY (ID, EMAIL, EMAIL_CONSTRAINT, EMAIL_VERIFIED, ENABLED, FIRST_NAME, ` +
      `LAST_NAME, REALM_ID, USERNAME, CREATED_TIMESTAMP, NOT_BEFORE) ` +
      `SELECT ID, EMAIL, EMAIL, TRUE, TRUE, NULLIF(FIRST_NAME, ''), NULLIF(LAST_NAME, ''), @realm, EMAIL, ` +
      `CAST(CREATED AS BIGINT), 0 FROM SEED_USERS;`,
    `INSERT INTO CREDENTIAL (ID, TYPE, USER_ID, CREATED_DATE, SECRET_DATA, CREDENTIAL_DATA, PRIORITY) ` +
      `SELECT CAST(RANDOM_UUID() AS VARCHAR), 'password', ID, ${Number(credential.createdDate ?? 0)}, ` +
      `${sqlString(credential.secretData)}, ${sqlString(credential.credentialData)}, 10 FROM SEED_USERS;`,
    `INSERT INTO USER_ROLE_MAPPING (ROLE_ID, USER_ID) SELECT @role, ID FROM SEED_USERS;`,
    `SELECT 'seed-scale:added=' || COUNT(*) FROM SEED_USERS;`,
    `SELECT 'seed-scale:skipped=' || (@total - COUNT(*)) FROM SEED_USERS;`,
    'COMMIT;',
  ].join('\n');
}

/**
 * The removal, one transaction: the realm's users whose id starts with `idPrefix` and whose email
 * ends with `emailSuffix` (both, as the API path checks), and every row naming them. Prints
 * `seed-scale:removed=N`.
 */
function removeSql({ realmId, idPrefix, emailSuffix }) {
  return [
    'SET AUTOCOMMIT FALSE;',
    `SET @realm = ${sqlString(realmId)};`,
    `CREATE LOCAL TEMPORARY TABLE SEED_GONE AS SELECT ID FROM USER_ENTITY WHERE REALM_ID = @realm ` +
      `AND ID LIKE ${sqlString(`${idPrefix}%`)} AND EMAIL LIKE ${sqlString(`%${emailSuffix}`)};`,
    ...USER_ROWS.map(([table, where]) => `DELETE FROM ${table} WHERE ${where};`),
    `SELECT 'seed-scale:removed=' || COUNT(*) FROM SEED_GONE;`,
    'COMMIT;',
  ].join('\n');
}

/** `--> seed-scale:key=value` lines of RunScript's output as { key: value }. */
function parseResults(output) {
  const out = {};
  for (const m of output.matchAll(/^--> seed-scale:([a-z]+)=(\S+)\s*$/gm))
    out[m[1]] = out[m[1]] === undefined ? m[2] : `${out[m[1]]} ${m[2]}`;
  return out;
}

/**
 * The realm's and its default roles' ids, after checking the columns: throws naming what is
 * missing (the seed then says so and uses the admin API).
 */
async function inspect(store, realm) {
  const r = await runScript(store, inspectSql(realm));
  if (r.missing) throw new Error(`the Keycloak database has no column ${r.missing}`);
  if (!r.realm || r.realm === '-') throw new Error(`the Keycloak database has no realm ${realm}`);
  if (!r.role || r.role === '-')
    throw new Error(`the Keycloak database has no role default-roles-${realm}`);
  return { realmId: r.realm, roleId: r.role };
}

/** A `java` that runs (EXAMPREP_JAVA_HOME, JAVA_HOME, then PATH), or null. */
function findJava(env = process.env) {
  const candidates = [
    env.EXAMPREP_JAVA_HOME && path.join(env.EXAMPREP_JAVA_HOME, 'bin', 'java'),
    env.JAVA_HOME && path.join(env.JAVA_HOME, 'bin', 'java'),
    'java',
  ].filter(Boolean);
  for (const java of candidates) {
    const r = spawnSync(java, ['-version'], { stdio: 'ignore' });
    if (r.status === 0) return java;
  }
  return null;
}

/**
 * The profile's Keycloak dev-file database, or `{ reason }` why the fast path does not apply
 * (no such database: Keycloak runs elsewhere or not yet; no H2 jar; no Java).
 */
function keycloakFileStore(model, { home = path.join(model.dataDir, 'keycloak') } = {}) {
  const db = path.join(home, 'data', 'h2', 'keycloakdb');
  if (!fs.existsSync(`${db}.mv.db`))
    return { reason: `no Keycloak dev-file database at ${db}.mv.db` };
  const libs = path.join(home, 'lib', 'lib', 'main');
  const jar = fs.existsSync(libs)
    ? fs.readdirSync(libs).find((f) => /^com\.h2database\.h2-[\d.]+\.jar$/.test(f))
    : undefined;
  if (!jar) return { reason: `no H2 jar in ${libs}` };
  const java = findJava();
  if (!java) return { reason: 'no java on PATH, JAVA_HOME or EXAMPREP_JAVA_HOME' };
  return {
    home,
    java,
    jar: path.join(libs, jar),
    // Keycloak's own URL options for dev-file (NON_KEYWORDS: its VALUE columns); no user, no
    // password (its default)
    url: `jdbc:h2:file:${db};NON_KEYWORDS=VALUE`,
  };
}

/**
 * Runs a script with H2's RunScript on the store (Keycloak must be stopped: H2 locks its file),
 * answers the `seed-scale:` results. An H2 error throws with its message (the first lines).
 */
async function runScript(store, sql) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-scale-kc-'));
  const script = path.join(dir, 'script.sql');
  fs.writeFileSync(script, sql);
  try {
    const { code, stdout, stderr } = await new Promise((resolve, reject) => {
      const child = spawn(
        store.java,
        [
          '-cp',
          store.jar,
          'org.h2.tools.RunScript',
          '-url',
          store.url,
          '-user',
          '',
          '-password',
          '',
          '-script',
          script,
          '-showResults',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
      child.on('close', (c) => resolve({ code: c, stdout: out, stderr: err }));
    });
    if (code !== 0) {
      const first = stderr.split('\n').find((l) => l.trim()) ?? `exit ${code}`;
      throw new Error(`the Keycloak database (H2 RunScript): ${first}`);
    }
    return parseResults(stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the users (CSV in a temporary file) in one transaction: { added, skipped }. */
async function importUsers(store, users, realm) {
  if (users.length === 0) return { added: 0, skipped: 0 };
  const { csv, credential } = usersCsv(users, realm);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-scale-users-'));
  const csvPath = path.join(dir, 'users.csv');
  fs.writeFileSync(csvPath, csv);
  try {
    const ids = await inspect(store, realm);
    const r = await runScript(store, importSql({ csvPath, ...ids, credential }));
    return { added: Number(r.added ?? 0), skipped: Number(r.skipped ?? 0) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Deletes the tag's users and what names them: the number removed. */
async function removeUsers(store, { realm, idPrefix, emailSuffix }) {
  const ids = await inspect(store, realm);
  const r = await runScript(store, removeSql({ realmId: ids.realmId, idPrefix, emailSuffix }));
  return Number(r.removed ?? 0);
}

module.exports = {
  COLUMNS,
  USER_ROWS,
  csvField,
  usersCsv,
  inspectSql,
  inspect,
  importSql,
  removeSql,
  parseResults,
  keycloakFileStore,
  runScript,
  importUsers,
  removeUsers,
};
