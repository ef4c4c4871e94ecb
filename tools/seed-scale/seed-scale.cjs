#!/usr/bin/env node
// A school network's data set (issue 26 part 4), written straight into each service's database
// and into Keycloak (its dev-file database, keycloak-file.cjs, or partialImport), reproducible
// from a seed and removable. README.md beside.
//
//   npm run seed:scale -- [--learners N] [--tests N] [--questions N] [--orders N] [--seed S]
//                         [--tag HHHH] [--profile dev|test] [--keycloak auto|api|file]
//                         [--no-copy] [--remove] [--count]
//
// Documents come from generate.cjs (pure, per learner); this file writes them in batches with a
// few batches in flight, prints per-collection counts and rates, and removes exactly the records
// of a tag (--remove). On FerretDB over PostgreSQL the batches go in with PostgreSQL's COPY
// straight into FerretDB's tables (ferretdb-pg.cjs), after the collections and their indexes
// were made through FerretDB; elsewhere (MongoDB, --no-copy) with insertMany (ordered: false).
'use strict';

const { randomUUID } = require('node:crypto');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { MongoClient } = require('mongodb');
const { connect } = require('@nats-io/transport-node');
const { infraModel } = require('../infra/environment.cjs');
const gen = require('./generate.cjs');
const fpg = require('./ferretdb-pg.cjs');
const kcFile = require('./keycloak-file.cjs');

/** Learners built and written together (their tests, orders, ledgers). */
const LEARNER_BATCH = 500;
/** Learner batches in flight at once. */
const IN_FLIGHT = 3;
/** Documents per insertMany. */
const INSERT_CHUNK = 1000;
/** Documents per COPY (one statement, one transaction) on the fast path. */
const COPY_CHUNK = 500;
/** PostgreSQL connections of the fast path (COPYs in flight at most). */
const COPY_CONNECTIONS = 6;
/**
 * Users per Keycloak partialImport call, and calls in flight per learner batch. One import is
 * one transaction whose cost grows faster than its size (dev-file store: 500 users took 15.7 s
 * in one call, 2.5 s as 10 calls of 50 at once).
 */
const KEYCLOAK_CHUNK = 50;
const KEYCLOAK_IN_FLIGHT = Number(process.env.SEED_SCALE_KC_IMPORTS ?? 12);
/** Users queued for Keycloak at most before the database writes wait for it (memory). */
const KEYCLOAK_QUEUE = 20_000;
/** Keycloak user deletes in flight at once (--remove). */
const DELETE_CONCURRENCY = Number(process.env.SEED_SCALE_KC_DELETES ?? 8);

/** Where each kind of document goes: database and collection. */
const COLLECTIONS = {
  questions: ['qbank', 'questions'],
  users: ['identity', 'users'],
  purchaseViews: ['identity', 'purchase_views'],
  directory: ['identity', 'user_directory'],
  orders: ['catalog', 'orders'],
  snapshots: ['catalog', 'ledger_snapshots'],
  holdings: ['catalog', 'holdings'],
  contents: ['testing', 'test_contents'],
  sheets: ['testing', 'test_answers'],
  tests: ['testing', 'tests'],
  testCounts: ['testing', 'test_counts'],
};

/**
 * The indexes each service's mongoose schema declares on the collections seeded here (key,
 * options), as `schema.indexes()` gives them (generate.spec.ts holds them to the schemas). The
 * seed makes each collection and these indexes through the driver before writing, as the
 * service does at its start, so that FerretDB's metadata and its index form (ADR 0028) are
 * FerretDB's own whichever way the rows then go in.
 */
const INDEXES = {
  questions: [
    [{ course: 1, objective: 1, _id: 1 }, { background: true }],
    [{ type: 1, course: 1, objective: 1, _id: 1 }, { background: true }],
  ],
  users: [[{ email: 1 }, { unique: true, background: true }]],
  purchaseViews: [],
  directory: [
    [{ adminRank: 1, email: 1, _id: 1 }, { background: true }],
    [{ duplicate: 1, adminRank: 1, email: 1, _id: 1 }, { background: true }],
    [{ emailDomain: 1, adminRank: 1, email: 1, _id: 1 }, { background: true }],
    [{ email: 1 }, { background: true }],
  ],
  orders: [
    [{ sessionId: 1 }, { background: true }],
    [{ paymentIntentId: 1 }, { background: true }],
    [{ fulfilment: 1 }, { background: true }],
    [{ revocation: 1 }, { background: true }],
    [{ refund: 1 }, { background: true }],
    [{ uid: 1, status: 1 }, { background: true }],
  ],
  snapshots: [[{ uid: 1 }, { background: true }]],
  holdings: [],
  contents: [],
  sheets: [],
  tests: [
    [{ userId: 1, completed: 1, lastUpdated: -1 }, { background: true }],
    [{ userId: 1, completed: 1, timerEndsAt: 1 }, { background: true }],
    [{ userId: 1, createdAt: -1, _id: -1 }, { background: true }],
  ],
  testCounts: [],
};

/** --remove's order: what the services list first, the big snapshots last. */
const REMOVE_ORDER = [
  'tests',
  'testCounts',
  'users',
  'purchaseViews',
  'directory',
  'orders',
  'snapshots',
  'holdings',
  'questions',
  'sheets',
  'contents',
];

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Strings that start with `prefix`, as a range on the field's index: an anchored `$regex` is not
 * pushed down by FerretDB (a findOne for a missing tag read all 100,000 tests, 26 s). The ids are
 * ASCII, so U+FFFF sorts after every character that may follow the prefix.
 */
const startsWith = (prefix) => ({ $gte: prefix, $lt: `${prefix}\uffff` });

/** The filter of a tag's records in each collection (what --remove deletes). */
function removalFilters(tag) {
  const p = gen.prefixes(tag);
  return {
    questions: { course: { $regex: `${escapeRegex(p.courseSuffix)}$` } },
    users: { _id: startsWith(p.uid) },
    purchaseViews: { _id: startsWith(p.uid) },
    directory: { _id: startsWith(p.uid) },
    orders: { _id: startsWith(p.orderId) },
    snapshots: { _id: startsWith(p.uid) },
    holdings: { _id: startsWith(p.uid) },
    contents: { _id: startsWith(p.testId) },
    sheets: { _id: startsWith(p.testId) },
    tests: { _id: startsWith(p.testId) },
    testCounts: { _id: startsWith(p.uid) },
  };
}

/**
 * The same records as removalFilters, as PostgreSQL conditions of the fast path (tagWhere of
 * ferretdb-pg.cjs): id prefixes on the `_id` index, the questions by their course's suffix.
 */
function tagMatches(tag) {
  const p = gen.prefixes(tag);
  return {
    questions: { field: 'course', suffix: p.courseSuffix },
    users: { idPrefix: p.uid },
    purchaseViews: { idPrefix: p.uid },
    directory: { idPrefix: p.uid },
    orders: { idPrefix: p.orderId },
    snapshots: { idPrefix: p.uid },
    holdings: { idPrefix: p.uid },
    contents: { idPrefix: p.testId },
    sheets: { idPrefix: p.testId },
    tests: { idPrefix: p.testId },
    testCounts: { idPrefix: p.uid },
  };
}

// ---------------------------------------------------------------- progress

function progress(log) {
  const t0 = Date.now();
  const rows = new Map();
  const row = (name) => {
    if (!rows.has(name))
      rows.set(name, { count: 0, skipped: 0, first: Date.now(), last: 0, busyMs: 0 });
    return rows.get(name);
  };
  const fmt = (n) => n.toLocaleString('en-US');
  // the rate over the wall time since the collection's first write, and over the time its own
  // calls took (summed: several in flight count several times, so that rate is a floor)
  const line = (name, r) => {
    const secs = Math.max(0.001, ((r.last || Date.now()) - r.first) / 1000);
    const busy = Math.max(0.001, r.busyMs / 1000);
    const skipped = r.skipped ? `, ${fmt(r.skipped)} skipped` : '';
    return (
      `${name.padEnd(26)} ${fmt(r.count).padStart(10)}  ${fmt(Math.round(r.count / secs)).padStart(7)}/s` +
      `  (${fmt(Math.round(r.count / busy)).padStart(7)}/s while writing)${skipped}`
    );
  };
  return {
    /** A collection's writes begin (its rate counts from here). */
    begin(name) {
      row(name);
    },
    add(name, count, skipped = 0, ms = 0) {
      const r = row(name);
      r.busyMs += ms;
      r.count += count;
      r.skipped += skipped;
      r.last = Date.now();
    },
    print(title) {
      log(`${title} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
      for (const [name, r] of rows) log(`  ${line(name, r)}`);
    },
    summary() {
      return Object.fromEntries(
        [...rows].map(([name, r]) => [
          name,
          {
            count: r.count,
            skipped: r.skipped,
            seconds: Math.max(0.001, ((r.last || Date.now()) - r.first) / 1000),
            busySeconds: r.busyMs / 1000,
          },
        ]),
      );
    },
    elapsed: () => (Date.now() - t0) / 1000,
  };
}

// ---------------------------------------------------------------- identity's user directory

/**
 * The admin user list is the identity service's read model (ADR 0030), rebuilt from Keycloak
 * and its database at start, every hour (USER_DIRECTORY_REBUILD_MS) and on request: after the bulk writes it is asked
 * now (over NATS, as the gateway's Refresh does), so the list shows the data set at once. A
 * stopped identity service rebuilds at its start: that is only logged.
 */
async function refreshUserDirectory(model, log) {
  let nc;
  try {
    nc = await connect({ servers: model.natsUrls, timeout: 5_000 });
    const actor = {
      uid: 'seed-scale',
      email: 'seed-scale@local',
      isAdmin: true,
      emailVerified: true,
    };
    const msg = await nc.request(
      'identity.admin.refreshUsers',
      JSON.stringify({ pattern: 'identity.admin.refreshUsers', data: { actor }, id: randomUUID() }),
      { timeout: 30 * 60_000 },
    );
    const reply = msg.json();
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    log(`user directory rebuilt: ${JSON.stringify(reply.response)}`);
  } catch (err) {
    log(
      `user directory not rebuilt now (${err.message}): the identity service does it at its start and every hour`,
    );
  } finally {
    await nc?.close();
  }
}

// ---------------------------------------------------------------- Keycloak

function keycloakAdmin(model) {
  let token = null;
  const base = model.keycloakInternalUrl;
  async function accessToken() {
    if (token && token.until > Date.now()) return token.value;
    const res = await fetch(`${base}/realms/master/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'admin-cli',
        username: model.keycloakAdmin.username,
        password: model.keycloakAdmin.password,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`Keycloak admin sign-in answered ${res.status}`);
    const body = await res.json();
    token = { value: body.access_token, until: Date.now() + (body.expires_in - 15) * 1000 };
    return token.value;
  }
  /**
   * An admin call; a network error or a 5xx is tried again (3 more times, 1, 2, 4 s apart): a
   * busy Keycloak drops requests now and then. Every call here may be repeated (partialImport
   * skips what exists, a delete of a deleted user is 404).
   */
  async function call(path, init = {}, attempt = 0) {
    let res;
    try {
      res = await fetch(`${base}/admin/realms/${model.realm}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        signal: AbortSignal.timeout(300_000),
      });
    } catch (err) {
      if (attempt >= 3) throw err;
    }
    if (res && (res.status < 500 || attempt >= 3)) return res;
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    return call(path, init, attempt + 1);
  }
  return {
    /** partialImport of users, existing ones skipped: { added, skipped }. */
    async importUsers(users) {
      const res = await call('/partialImport', {
        method: 'POST',
        body: JSON.stringify({ ifResourceExists: 'SKIP', users }),
      });
      if (!res.ok)
        throw new Error(`Keycloak partialImport answered ${res.status}: ${await res.text()}`);
      const body = await res.json();
      return { added: body.added ?? 0, skipped: body.skipped ?? 0 };
    },
    /** Users whose email contains `text` (a page, brief). */
    async findUsers(text, max) {
      const q = new URLSearchParams({
        email: text,
        briefRepresentation: 'true',
        first: '0',
        max: String(max),
      });
      const res = await call(`/users?${q}`);
      if (!res.ok) throw new Error(`Keycloak user search answered ${res.status}`);
      return res.json();
    },
    async deleteUser(id) {
      const res = await call(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (!res.ok && res.status !== 404)
        throw new Error(`Keycloak user delete answered ${res.status}`);
    },
    async countUsers(text) {
      const res = await call(`/users/count?${new URLSearchParams({ email: text })}`);
      if (!res.ok) throw new Error(`Keycloak user count answered ${res.status}`);
      return Number(await res.text());
    },
  };
}

// ---------------------------------------------------------------- writes

/**
 * Keycloak's partialImport as a queue of its own: KEYCLOAK_CHUNK users a call, KEYCLOAK_IN_FLIGHT
 * calls at once, fed by the learner batches, which wait only when KEYCLOAK_QUEUE users are
 * waiting (Keycloak is the slowest writer: the databases go on meanwhile).
 */
function keycloakQueue(kc, prog) {
  const chunks = [];
  let queued = 0;
  let running = 0;
  let failed = null;
  let wake = [];
  const settle = () => {
    const w = wake;
    wake = [];
    for (const f of w) f();
  };
  const next = () => {
    while (!failed && running < KEYCLOAK_IN_FLIGHT && chunks.length > 0) {
      const users = chunks.shift();
      running++;
      const t0 = Date.now();
      kc.importUsers(users).then(
        (r) => {
          prog.add('keycloak.users', r.added, r.skipped, Date.now() - t0);
          running--;
          queued -= users.length;
          next();
          settle();
        },
        (err) => {
          failed = err;
          running--;
          settle();
        },
      );
    }
  };
  const until = async (done) => {
    while (!done()) {
      if (failed) throw failed;
      await new Promise((resolve) => wake.push(resolve));
    }
    if (failed) throw failed;
  };
  return {
    async push(users) {
      prog.begin('keycloak.users');
      for (let i = 0; i < users.length; i += KEYCLOAK_CHUNK)
        chunks.push(users.slice(i, i + KEYCLOAK_CHUNK));
      queued += users.length;
      next();
      await until(() => queued <= KEYCLOAK_QUEUE);
    },
    drain: () => until(() => queued === 0),
  };
}

/** Answers within 3 s when the profile's Keycloak is up. */
async function keycloakUp(model) {
  try {
    await fetch(`${model.keycloakManagementUrl}/health/ready`, {
      signal: AbortSignal.timeout(3_000),
    });
    return true;
  } catch {
    return false;
  }
}

/** `tools/infra/infra.sh <args>`, its output logged; throws when it fails. */
function infraSh(args, log) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [path.join(__dirname, '..', 'infra', 'infra.sh'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const take = (d) => {
      for (const line of String(d).split('\n')) {
        if (!line.trim()) continue;
        log(`  ${line}`);
        tail = line;
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`infra.sh ${args.join(' ')}: ${tail}`)),
    );
  });
}

/**
 * `work()` with the profile's Keycloak stopped (H2 lets one process at a time open its file),
 * Keycloak started again afterwards if it was running, whatever `work` did.
 */
async function withKeycloakStopped(model, log, work) {
  const running = await keycloakUp(model);
  if (running) {
    log(
      'Keycloak stops while its database is written (H2 takes one process); it starts again after',
    );
    await infraSh(['stop', '--profile', model.profile, 'keycloak'], log);
  }
  try {
    return await work();
  } finally {
    if (running) await infraSh(['start', '--profile', model.profile], log);
  }
}

/**
 * How Keycloak's users are written: `file` (the profile's dev-file database, keycloak-file.cjs),
 * or `api` (partialImport). `auto` (the default) takes `file` when the profile's Keycloak keeps
 * its data in a dev-file database this machine can open, and says why not otherwise.
 */
function keycloakMode(model, options, log) {
  const asked = options.keycloak ?? 'auto';
  if (!['auto', 'api', 'file'].includes(asked))
    throw new Error('--keycloak must be auto, api or file');
  if (asked === 'api') return { mode: 'api' };
  const store = kcFile.keycloakFileStore(model);
  if (store.reason) {
    if (asked === 'file') throw new Error(`--keycloak file: ${store.reason}`);
    log(`Keycloak users through the admin API: ${store.reason}`);
    return { mode: 'api' };
  }
  return { mode: 'file', store };
}

/**
 * The learners' Keycloak users: `{ push(users), finish(), describe }`. On the admin API they go
 * on keycloakQueue as the batches come; into the dev-file database they are kept (a few hundred
 * bytes each) and written at the end in one transaction, Keycloak stopped for it.
 */
function keycloakWriter(model, kc, prog, options, log) {
  const how = keycloakMode(model, options, log);
  if (how.mode === 'api') {
    const queue = keycloakQueue(kc, prog);
    return {
      mode: 'api',
      describe: 'the admin API (partialImport)',
      push: queue.push,
      finish: queue.drain,
    };
  }
  const users = [];
  return {
    mode: 'file',
    describe: "Keycloak's dev-file database (H2, Keycloak stopped meanwhile)",
    async push(batch) {
      users.push(...batch);
    },
    async finish() {
      prog.begin('keycloak.users');
      const t0 = Date.now();
      const r = await withKeycloakStopped(model, log, () =>
        kcFile.importUsers(how.store, users, model.realm),
      );
      prog.add('keycloak.users', r.added, r.skipped, Date.now() - t0);
      users.length = 0;
    },
  };
}

/** insertMany in chunks, unordered; duplicates (a record already there) counted as skipped. */
async function insertAll(db, kind, docs, prog) {
  const [dbName, name] = COLLECTIONS[kind];
  const col = db(dbName).collection(name);
  prog.begin(`${dbName}.${name}`);
  for (let i = 0; i < docs.length; i += INSERT_CHUNK) {
    const chunk = docs.slice(i, i + INSERT_CHUNK);
    let inserted = chunk.length;
    const t0 = Date.now();
    try {
      await col.insertMany(chunk, { ordered: false });
    } catch (err) {
      const errors = err.writeErrors ? [].concat(err.writeErrors) : null;
      if (!errors || errors.some((e) => (e.code ?? e.err?.code) !== 11000)) throw err;
      inserted = chunk.length - errors.length;
    }
    prog.add(`${dbName}.${name}`, inserted, chunk.length - inserted, Date.now() - t0);
  }
}

/**
 * Each seeded collection and the indexes its service declares (INDEXES), made through the
 * driver: FerretDB records the collection in its metadata and builds its index form (ADR 0028),
 * as when the service makes them at its start. Existing ones are left as they are.
 */
async function ensureCollections(db, log) {
  for (const [kind, [dbName, name]] of Object.entries(COLLECTIONS)) {
    const d = db(dbName);
    const [found] = await d.listCollections({ name }, { nameOnly: true }).toArray();
    if (!found)
      await d.createCollection(name).catch((err) => {
        if (err.code !== 48) throw err; // NamespaceExists: made meanwhile
      });
    if (INDEXES[kind].length > 0)
      await d
        .collection(name)
        .createIndexes(INDEXES[kind].map(([key, options]) => ({ key, ...options })))
        .catch((err) => log(`indexes of ${dbName}.${name} not made: ${err.message}`));
  }
}

/**
 * The fast path's writer: COPY into the collection's table of rows in FerretDB's form. A chunk
 * that hits a unique index (a record there already: a run cut short) goes through insertAll
 * instead, which counts those as skipped.
 */
function copyWriter(db, store) {
  return async function copyAll(kind, docs, prog) {
    const [dbName, name] = COLLECTIONS[kind];
    const label = `${dbName}.${name}`;
    const table = await store.tableOf(dbName, name);
    prog.begin(label);
    for (let i = 0; i < docs.length; i += COPY_CHUNK) {
      const chunk = docs.slice(i, i + COPY_CHUNK);
      const t0 = Date.now();
      const rows = chunk.map((d) => fpg.copyRow(fpg.toSjson(d)));
      try {
        const n = await store.copy(table, rows);
        prog.add(label, n, 0, Date.now() - t0);
      } catch (err) {
        if (err.code !== fpg.UNIQUE_VIOLATION) throw err;
        await insertAll(db, kind, chunk, prog);
      }
    }
  };
}

/**
 * How this run writes: `{ write(kind, docs, prog), mode, close }`. COPY when the store is
 * FerretDB on PostgreSQL and PostgreSQL is reachable (SEED_SCALE_PG_URL, else the profile's
 * PostgreSQL and FerretDB's database `ferretdb`), insertMany otherwise or with `copy: false`.
 */
async function chooseWriter(client, db, model, options, log) {
  const driver = {
    mode: 'insertMany',
    write: (kind, docs, prog) => insertAll(db, kind, docs, prog),
    close: async () => {},
  };
  const store = await postgresStore(client, model, options, log, 'writing with insertMany');
  if (!store) return driver;
  try {
    for (const [dbName, name] of Object.values(COLLECTIONS)) await store.tableOf(dbName, name);
  } catch (err) {
    await store.close();
    log(`writing with insertMany: ${err.message}`);
    return driver;
  }
  return { mode: 'COPY', write: copyWriter(db, store), close: () => store.close() };
}

/**
 * FerretDB's PostgreSQL database when the store is FerretDB on PostgreSQL and it is reachable
 * (SEED_SCALE_PG_URL, else the profile's PostgreSQL and FerretDB's database `ferretdb`), else
 * null (and why, logged after `fallback`); null too with `copy: false`.
 */
async function postgresStore(client, model, options, log, fallback) {
  if (options.copy === false) return null;
  const pgUrl =
    options.pgUrl ??
    process.env.SEED_SCALE_PG_URL ??
    (model.ports.postgres
      ? `postgres://postgres@127.0.0.1:${model.ports.postgres}/ferretdb`
      : null);
  if (!pgUrl) return null;
  const store = await fpg.ferretdbPostgres(client, pgUrl, { poolSize: COPY_CONNECTIONS });
  if (store.reason) {
    log(`${fallback}: ${store.reason}`);
    return null;
  }
  return store;
}

/**
 * The table of a collection on the fast path, or null when FerretDB has no such collection
 * (nothing of any tag there); other failures throw.
 */
async function taggedTable(store, dbName, name) {
  try {
    return await store.tableOf(dbName, name);
  } catch (err) {
    if (/does not exist in FerretDB/.test(err.message)) return null;
    throw err;
  }
}

/**
 * Statistics for the planner right after the bulk writes (ADR 0028): FerretDB's `compact` is
 * VACUUM ANALYZE on PostgreSQL; without it the first minute's ordered queries may be planned on
 * an empty table's figures. On MongoDB compact needs privileges a service user may lack: a
 * refusal there is only logged.
 */
async function analyse(db, log) {
  for (const [dbName, name] of Object.values(COLLECTIONS)) {
    await db(dbName)
      .command({ compact: name })
      .catch((err) => log(`compact ${dbName}.${name} skipped: ${err.message}`));
  }
}

/** A few promises at a time: `work(i)` for i in [0, n). */
async function pool(n, limit, work) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, n) }, async () => {
    while (next < n) await work(next++);
  });
  await Promise.all(runners);
}

/** What is there already of this tag (a previous run not removed). */
async function existing(db, tag) {
  const filters = removalFilters(tag);
  const found = [];
  for (const kind of ['users', 'tests', 'orders', 'questions']) {
    const [dbName, name] = COLLECTIONS[kind];
    if (
      await db(dbName)
        .collection(name)
        .findOne(filters[kind], { projection: { _id: 1 } })
    )
      found.push(`${dbName}.${name}`);
  }
  return found;
}

/**
 * Seeds the data set. Options: those of generate.normaliseOptions plus profile (default dev),
 * copy (false: insertMany even on FerretDB over PostgreSQL), pgUrl (FerretDB's PostgreSQL
 * database) and log. Answers the per-collection figures, the total seconds and the write mode.
 */
async function seedScale(options = {}) {
  const log = options.log ?? ((m) => console.log(`[seed-scale] ${m}`));
  const model = infraModel(options.profile ?? 'dev');
  const opts = gen.normaliseOptions(options);
  const client = new MongoClient(model.mongoUrl(), { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  const db = (name) => client.db(name);
  const kc = keycloakAdmin(model);
  const prog = progress(log);
  const ticker = setInterval(() => prog.print('progress'), options.progressMs ?? 10_000);
  ticker.unref();
  let writer = null;
  try {
    const found = await existing(db, opts.tag);
    if (found.length > 0)
      throw new Error(
        `records of tag ${opts.tag} exist already (${found.join(', ')}): remove them first ` +
          `(npm run seed:scale -- --remove --tag ${opts.tag} --profile ${model.profile})`,
      );
    const taken = new Set(
      (
        await db('qbank')
          .collection('questions')
          .find({}, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => d._id),
    );
    const p = gen.plan(opts, taken);
    await ensureCollections(db, log);
    writer = await chooseWriter(client, db, model, options, log);
    const accounts = keycloakWriter(model, kc, prog, options, log);
    log(
      `${model.profile}: ${opts.learners} learners, ${opts.tests} graded tests, ` +
        `${opts.questions} questions, ${opts.orders} orders (seed "${opts.seed}", tag ${opts.tag}), ` +
        `written with ${writer.mode}, Keycloak users into ${accounts.describe}`,
    );

    // questions first: the tests' snapshots are drawn from them
    const byCourse = p.courses.map(() => ({ questions: [], wrong: [] }));
    let n = 0;
    for (const batch of gen.questionBatches(p, INSERT_CHUNK)) {
      for (const q of batch) {
        const c = p.courses.findIndex((c) => n >= c.start && n < c.start + c.size);
        byCourse[c].questions.push(q.pool);
        byCourse[c].wrong.push(q.wrong);
        n++;
      }
      await writer.write(
        'questions',
        batch.map((q) => q.doc),
        prog,
      );
    }

    const batches = Math.ceil(opts.learners / LEARNER_BATCH);
    await pool(batches, IN_FLIGHT, async (b) => {
      const learners = [];
      for (let i = b * LEARNER_BATCH; i < Math.min(opts.learners, (b + 1) * LEARNER_BATCH); i++)
        learners.push(gen.learnerAt(p, i, (c) => byCourse[c], model.realm));
      // Keycloak's users go on their own queue (or wait for the end): the databases go on
      await accounts.push(learners.map((l) => l.keycloak));
      const identity = (async () => {
        await writer.write(
          'users',
          learners.map((l) => l.user),
          prog,
        );
        await writer.write(
          'purchaseViews',
          learners.flatMap((l) => l.purchaseView ?? []),
          prog,
        );
        // the admin list's entries (ADR 0030), as the directory's rebuild would make them: the
        // rebuild asked for at the end then has nothing to write (it sets the facet counts)
        await writer.write(
          'directory',
          learners.map((l) => l.directory),
          prog,
        );
      })();
      const catalog = (async () => {
        await writer.write(
          'orders',
          learners.flatMap((l) => l.orders),
          prog,
        );
        await writer.write(
          'snapshots',
          learners.flatMap((l) => l.snapshots),
          prog,
        );
        await writer.write(
          'holdings',
          learners.flatMap((l) => l.holdings ?? []),
          prog,
        );
      })();
      const testing = (async () => {
        const tests = learners.flatMap((l) => l.tests);
        // as the service: the snapshot and the answer sheet before the tests document
        await writer.write(
          'contents',
          tests.map((t) => t.content),
          prog,
        );
        await writer.write(
          'sheets',
          tests.map((t) => t.sheet),
          prog,
        );
        await writer.write(
          'tests',
          tests.map((t) => t.test),
          prog,
        );
        // the per-user counts the testing service keeps with its tests (test_counts, issue 26)
        await writer.write(
          'testCounts',
          learners.flatMap((l) => l.testCount ?? []),
          prog,
        );
      })();
      await Promise.all([identity, catalog, testing]);
    });
    await accounts.finish();
    clearInterval(ticker);
    const written = prog.elapsed();
    prog.print('written');
    await analyse(db, log);
    const analysed = prog.elapsed();
    log(`compact (VACUUM ANALYZE) ${(analysed - written).toFixed(1)}s`);
    await refreshUserDirectory(model, log);
    log(`user directory refresh ${(prog.elapsed() - analysed).toFixed(1)}s`);
    prog.print('done');
    log(`total ${prog.elapsed().toFixed(1)}s (writes ${written.toFixed(1)}s)`);
    return {
      seconds: prog.elapsed(),
      writeSeconds: written,
      collections: prog.summary(),
      plan: p,
      mode: writer.mode,
      keycloak: accounts.mode,
    };
  } finally {
    clearInterval(ticker);
    await writer?.close();
    await client.close();
  }
}

/** Removes every record of the tag: Keycloak users, then each database's documents. */
async function removeScale(options = {}) {
  const log = options.log ?? ((m) => console.log(`[seed-scale] ${m}`));
  const model = infraModel(options.profile ?? 'dev');
  const tag = options.tag ?? gen.DEFAULT_TAG;
  if (!gen.TAG_PATTERN.test(tag)) throw new Error('--tag must be 4 lowercase hex digits');
  const p = gen.prefixes(tag);
  const kc = keycloakAdmin(model);
  const prog = progress(log);
  log(`${model.profile}: removing the records of tag ${tag}`);
  const ticker = setInterval(() => prog.print('progress'), options.progressMs ?? 10_000);
  ticker.unref();
  const client = new MongoClient(model.mongoUrl(), { serverSelectionTimeoutMS: 10_000 });
  try {
    // the databases first, `tests` (what the services list) before the big snapshots; then
    // Keycloak (slow: a run cut short there leaves users that a second --remove finds by email)
    await client.connect();
    const filters = removalFilters(tag);
    // on FerretDB over PostgreSQL the rows go in one DELETE each, on the `_id` index (deleteMany
    // through FerretDB deletes a few hundred snapshots a second)
    const store = await postgresStore(client, model, options, log, 'removing with deleteMany');
    const matches = tagMatches(tag);
    try {
      for (const kind of REMOVE_ORDER) {
        const [dbName, name] = COLLECTIONS[kind];
        const t0 = Date.now();
        prog.begin(`${dbName}.${name}`);
        let deleted;
        if (store) {
          const table = await taggedTable(store, dbName, name);
          deleted = table ? await store.deleteTagged(table, matches[kind]) : 0;
        } else
          deleted = (await client.db(dbName).collection(name).deleteMany(filters[kind]))
            .deletedCount;
        prog.add(`${dbName}.${name}`, deleted, 0, Date.now() - t0);
        if (deleted > 0)
          log(
            `  ${dbName}.${name}: ${deleted} deleted in ${((Date.now() - t0) / 1000).toFixed(1)}s`,
          );
      }
    } finally {
      await store?.close();
    }
    prog.begin('keycloak.users');
    const how = keycloakMode(model, options, log);
    if (how.mode === 'file') {
      const t0 = Date.now();
      const removed = await withKeycloakStopped(model, log, () =>
        kcFile.removeUsers(how.store, {
          realm: model.realm,
          idPrefix: p.uid,
          emailSuffix: p.emailSuffix,
        }),
      );
      prog.add('keycloak.users', removed, 0, Date.now() - t0);
    }
    // the tag's emails, page after page (each page deleted before the next is read)
    while (how.mode === 'api') {
      const page = (await kc.findUsers(p.emailSuffix, 500)).filter(
        (u) => u.id.startsWith(p.uid) && (u.email ?? '').endsWith(p.emailSuffix),
      );
      if (page.length === 0) break;
      await pool(page.length, DELETE_CONCURRENCY, async (i) => {
        const t0 = Date.now();
        await kc.deleteUser(page[i].id);
        prog.add('keycloak.users', 1, 0, Date.now() - t0);
      });
    }
  } finally {
    clearInterval(ticker);
    await client.close();
  }
  await refreshUserDirectory(model, log);
  prog.print('removed');
  log(`total ${prog.elapsed().toFixed(1)}s`);
  return { seconds: prog.elapsed(), collections: prog.summary() };
}

/** What is left of a tag: documents per collection and Keycloak users (0 everywhere = clean). */
async function countScale(options = {}) {
  const model = infraModel(options.profile ?? 'dev');
  const tag = options.tag ?? gen.DEFAULT_TAG;
  const client = new MongoClient(model.mongoUrl(), { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  const out = {};
  const store = await postgresStore(client, model, options, () => {}, '');
  try {
    const filters = removalFilters(tag);
    const matches = tagMatches(tag);
    for (const [kind, [dbName, name]] of Object.entries(COLLECTIONS)) {
      const table = store ? await taggedTable(store, dbName, name) : null;
      out[`${dbName}.${name}`] = store
        ? table
          ? await store.countTagged(table, matches[kind])
          : 0
        : await client.db(dbName).collection(name).countDocuments(filters[kind]);
    }
  } finally {
    await store?.close();
    await client.close();
  }
  out['keycloak.users'] = await keycloakAdmin(model).countUsers(gen.prefixes(tag).emailSuffix);
  return out;
}

// ---------------------------------------------------------------- CLI

const USAGE =
  'usage: npm run seed:scale -- [--learners N] [--tests N] [--questions N] [--orders N] ' +
  '[--seed S] [--tag HHHH] [--profile dev|test] [--keycloak auto|api|file] [--no-copy] ' +
  '[--remove] [--count]';

function parseArgs(argv) {
  const out = { profile: 'dev' };
  const numbers = ['learners', 'tests', 'questions', 'orders'];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--remove') out.remove = true;
    else if (a === '--no-copy') out.copy = false;
    else if (a === '--count') out.count = true;
    else if (a === '--help' || a === '-h') out.help = true;
    else if (a.startsWith('--')) {
      const [key, inline] = a.slice(2).split('=', 2);
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`${a} needs a value\n${USAGE}`);
      if (numbers.includes(key)) {
        const n = Number(value.replace(/_/g, ''));
        if (!Number.isInteger(n) || n < 0) throw new Error(`--${key} must be a whole number`);
        out[key] = n;
      } else if (['seed', 'tag', 'profile', 'keycloak'].includes(key)) out[key] = value;
      else throw new Error(`unknown option ${a}\n${USAGE}`);
    } else throw new Error(`unexpected argument ${a}\n${USAGE}`);
  }
  if (!['dev', 'test'].includes(out.profile)) throw new Error('--profile must be dev or test');
  if (out.keycloak !== undefined && !['auto', 'api', 'file'].includes(out.keycloak))
    throw new Error('--keycloak must be auto, api or file');
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) return console.log(USAGE);
  if (args.count) return console.log(JSON.stringify(await countScale(args), null, 2));
  if (args.remove) return void (await removeScale(args));
  await seedScale(args);
}

if (require.main === module)
  main().catch((e) => {
    console.error(`[seed-scale] failed: ${e.message}`);
    process.exit(1);
  });

module.exports = {
  seedScale,
  removeScale,
  countScale,
  removalFilters,
  tagMatches,
  parseArgs,
  COLLECTIONS,
  INDEXES,
  REMOVE_ORDER,
};
