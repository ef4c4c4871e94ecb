#!/usr/bin/env node
// The local store against data size (ADR 0028): the same queries on FerretDB on SQLite, on
// PostgreSQL without our pushdown patch, and on PostgreSQL with it, at growing collection sizes,
// in one run (ratios, not absolute figures, are what carries between machines).
//
//   node tools/bench/store-scale.mjs [--sizes 2000,20000,100000] [--stores sqlite,pg-plain,pg-ordered]
//                                    [--unpatched <ferretdb binary>] [--budget-ms 4000]
//
// Each store is a FerretDB process of its own on a scratch PostgreSQL cluster (or SQLite folder)
// under a temporary directory, removed at the end. `pg-plain` needs a FerretDB 1.24 binary built
// without ferretdb-postgresql-ordered-indexes.patch (--unpatched; see ADR 0028 for how it was
// built); without one that store is skipped. Per size and query: p50 and p95 over repeated runs,
// each query repeated until --budget-ms is spent (at least 3, at most 25 runs).
//
// Queries (the shapes the services send):
//   gradebook  find({userId, completed: true}).sort({lastUpdated: -1}).limit(10)
//   byId       findOne({_id})
//   keyset     a deep admin page: {createdAt: {$lte: c}, $or: [{createdAt: {$lt: c}}, {_id: {$lt: id}}]}
//              sorted {createdAt: -1, _id: -1}, limit 51
//   userCount  countDocuments({userId})
// @ts-check
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { MongoClient, ObjectId } from 'mongodb';

const require = createRequire(import.meta.url);
const { infraModel } = require('../infra/environment.cjs');

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,20000,100000' },
    stores: { type: 'string', default: 'sqlite,pg-plain,pg-ordered' },
    unpatched: { type: 'string', default: process.env.FERRETDB_UNPATCHED ?? '' },
    'budget-ms': { type: 'string', default: '4000' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const BUDGET_MS = Number(args['budget-ms']);
const model = infraModel('dev');
const BIN = path.join(model.cacheDir, 'bin', 'ferretdb');
const PG = path.join(model.cacheDir, `postgres-${model.versions.postgres}`, 'bin');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-scale-'));
const children = [];
const cleanup = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('exit', () => {
  cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses root: as root, run it in a user namespace (as tools/infra/infra.sh does). */
const asPostgres = (cmd, argv) =>
  process.getuid?.() === 0
    ? ['unshare', ['--user', '--map-user=1000', '--map-group=1000', cmd, ...argv]]
    : [cmd, argv];

async function startPostgres() {
  const data = path.join(tmp, 'pg');
  const [c1, a1] = asPostgres(path.join(PG, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-locale',
    '-E',
    'UTF8',
  ]);
  const init = spawnSync(c1, a1, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  for (const db of ['plain', 'ordered']) {
    const [c2, a2] = asPostgres(path.join(PG, 'postgres'), ['--single', '-D', data, 'postgres']);
    const r = spawnSync(c2, a2, { input: `CREATE DATABASE ${db}\n`, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`CREATE DATABASE failed: ${r.stderr}`);
  }
  const port = await freePort();
  const [c3, a3] = asPostgres(path.join(PG, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    tmp,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'shared_buffers=256MB',
  ]);
  children.push(spawn(c3, a3, { stdio: 'ignore' }));
  return port;
}

async function startFerret(bin, handlerArgs) {
  const port = await freePort();
  const child = spawn(
    bin,
    [
      ...handlerArgs,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
      `--state-dir=${tmp}`,
    ],
    { stdio: 'ignore' },
  );
  children.push(child);
  const url = `mongodb://127.0.0.1:${port}/`;
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 1000 });
      await client.db('admin').command({ ping: 1 });
      return client;
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

const BASE = 1_700_000_000_000;
/** Document i of the collection: about ten tests per learner (1M tests, 100k learners). */
const doc = (i, users) => ({
  _id: new ObjectId(i.toString(16).padStart(24, '0')),
  userId: `u${(i * 7919) % users}`,
  completed: i % 4 !== 0,
  lastUpdated: new Date(BASE + i * 1000),
  createdAt: new Date(BASE + i * 1000),
  score: i % 100,
  answers: [
    { q: 1, a: 'A' },
    { q: 2, a: 'C' },
  ],
});

async function fill(coll, from, to, users) {
  for (let i = from; i < to; i += 5000) {
    const batch = [];
    for (let j = i; j < Math.min(to, i + 5000); j++) batch.push(doc(j, users));
    await coll.insertMany(batch, { ordered: false });
  }
}

async function time(fn) {
  const samples = [];
  const start = Date.now();
  while (samples.length < 3 || (Date.now() - start < BUDGET_MS && samples.length < 25)) {
    const t = process.hrtime.bigint();
    await fn(samples.length);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const q = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))];
  return { p50: q(0.5), p95: q(0.95), runs: samples.length };
}

async function measureStore(name, client) {
  const coll = client.db('bench').collection('tests');
  await coll.drop().catch(() => undefined);
  await coll.createIndexes([
    { key: { userId: 1, completed: 1, lastUpdated: -1 } },
    { key: { createdAt: -1, _id: -1 } },
  ]);
  const rows = [];
  let have = 0;
  for (const size of SIZES) {
    const users = Math.max(100, Math.floor(size / 10));
    const t0 = Date.now();
    await fill(coll, have, size, users);
    const insertMs = Date.now() - t0;
    // statistics for the planner (autovacuum would take them within a minute): FerretDB's
    // compact is VACUUM ANALYZE on PostgreSQL
    await client.db('bench').command({ compact: 'tests' });
    const insertRate = Math.round(((size - have) * 1000) / Math.max(1, insertMs));
    have = size;
    const user = (k) => `u${(k * 104729) % users}`;
    const mid = Math.floor(size / 2);
    const r = {
      gradebook: await time((k) =>
        coll
          .find({ userId: user(k), completed: true })
          .sort({ lastUpdated: -1 })
          .limit(10)
          .toArray(),
      ),
      byId: await time((k) => coll.findOne({ _id: doc((k * 7907) % size, users)._id })),
      keyset: await time((k) => {
        const c = new Date(BASE + (mid - k) * 1000);
        const id = doc(mid - k, users)._id;
        return coll
          .find({ createdAt: { $lte: c }, $or: [{ createdAt: { $lt: c } }, { _id: { $lt: id } }] })
          .sort({ createdAt: -1, _id: -1 })
          .limit(51)
          .toArray();
      }),
      userCount: await time((k) => coll.countDocuments({ userId: user(k) })),
    };
    rows.push({ store: name, size, insertRate, ...r });
    console.log(
      `${name.padEnd(11)} ${String(size).padStart(8)} docs  insert ${String(insertRate).padStart(6)}/s  ` +
        Object.entries(r)
          .map(([k, v]) => `${k} p50 ${v.p50.toFixed(1)} p95 ${v.p95.toFixed(1)} ms`)
          .join('  '),
    );
  }
  await client
    .db('bench')
    .dropDatabase()
    .catch(() => undefined);
  await client.close();
  return rows;
}

const stores = args.stores.split(',');
const results = [];
let pgPort;
for (const store of stores) {
  if (store === 'sqlite') {
    fs.mkdirSync(path.join(tmp, 'sqlite'));
    results.push(
      ...(await measureStore(
        store,
        await startFerret(BIN, ['--handler=sqlite', `--sqlite-url=file:${tmp}/sqlite/`]),
      )),
    );
  } else if (store === 'pg-plain' || store === 'pg-ordered') {
    const bin = store === 'pg-plain' ? args.unpatched : BIN;
    if (!bin || !fs.existsSync(bin)) {
      console.log(`${store}: skipped (no --unpatched FerretDB binary)`);
      continue;
    }
    pgPort ??= await startPostgres();
    const db = store === 'pg-plain' ? 'plain' : 'ordered';
    results.push(
      ...(await measureStore(
        store,
        await startFerret(bin, [
          '--handler=postgresql',
          `--postgresql-url=postgres://postgres@127.0.0.1:${pgPort}/${db}`,
        ]),
      )),
    );
  } else throw new Error(`unknown store ${store}`);
}

// the curve against size: the largest size's p95 over the smallest's, per store and query
console.log('\nflatness (p95 at the largest size / p95 at the smallest):');
for (const store of stores) {
  const rs = results.filter((r) => r.store === store);
  if (rs.length < 2) continue;
  const [first, last] = [rs[0], rs[rs.length - 1]];
  console.log(
    `  ${store.padEnd(11)} ` +
      ['gradebook', 'byId', 'keyset', 'userCount']
        .map((q) => `${q} x${(last[q].p95 / first[q].p95).toFixed(1)}`)
        .join('  '),
  );
}
fs.mkdirSync(path.join(process.cwd(), '.infra'), { recursive: true });
fs.writeFileSync(
  path.join(process.cwd(), '.infra', 'store-scale.json'),
  JSON.stringify(results, null, 2),
);
console.log('\nresults: .infra/store-scale.json');
process.exit(0);
