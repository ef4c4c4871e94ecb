#!/usr/bin/env node
// Copies a data dir's former store (FerretDB on SQLite, <dataDir>/ferretdb/, before ADR 0028)
// into its store now (FerretDB on PostgreSQL), so a developer keeps the dev data of before:
//
//   bash tools/infra/infra.sh start --profile dev        # the new store, running
//   node tools/infra/move-sqlite-store.cjs [--profile dev] [--force]
//
// It starts our FerretDB build on the old SQLite folder on a free port (read only in effect),
// copies every database and collection with its indexes, in batches, and writes
// <dataDir>/ferretdb/.moved, after which infra.sh stops reminding. A database that already has
// data in the new store is refused unless --force (then documents whose _id exists are kept as
// they are in the new store). The old folder is left for the developer to delete.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { MongoClient } = require('mongodb');
const { infraModel } = require('./environment.cjs');

const BATCH = 1000;
const SYSTEM_DBS = new Set(['admin', 'local', 'config']);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function connect(url, deadlineMs = 30_000) {
  const until = Date.now() + deadlineMs;
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

async function copyCollection(from, to, name, log) {
  const source = from.collection(name);
  const target = to.collection(name);
  const indexes = (await source.listIndexes().toArray()).filter((i) => i.name !== '_id_');
  if (indexes.length > 0) {
    await target.createIndexes(
      indexes.map(({ key, name: indexName, unique }) => ({
        key,
        name: indexName,
        ...(unique ? { unique } : {}),
      })),
    );
  }
  let copied = 0;
  let batch = [];
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await target.insertMany(batch, { ordered: false });
    } catch (e) {
      // --force: documents already in the new store stay; anything else is an error
      const dupOnly = e?.writeErrors?.every?.((w) => w.code === 11000);
      if (!dupOnly) throw e;
    }
    copied += batch.length;
    batch = [];
  };
  for await (const doc of source.find({}).batchSize(BATCH)) {
    batch.push(doc);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  log(`  ${from.databaseName}.${name}: ${copied} document(s), ${indexes.length} index(es)`);
  return copied;
}

async function main() {
  const { values } = parseArgs({
    options: {
      profile: { type: 'string', default: 'dev' },
      force: { type: 'boolean', default: false },
    },
  });
  const model = infraModel(values.profile);
  const oldDir = path.join(model.dataDir, 'ferretdb');
  const log = (s) => process.stdout.write(`[move-store] ${s}\n`);
  if (!fs.existsSync(oldDir) || !fs.readdirSync(oldDir).some((f) => f.endsWith('.sqlite'))) {
    log(`nothing to move: no SQLite store in ${oldDir}`);
    return;
  }
  const target = await connect(model.mongoUrl(), 5000).catch(() => {
    throw new Error(
      `the ${values.profile} store is not running on ${model.mongoUrl()}: start it first (bash tools/infra/infra.sh start --profile ${values.profile})`,
    );
  });
  const port = await freePort();
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'move-store-'));
  const ferret = spawn(
    path.join(model.cacheDir, 'bin', 'ferretdb'),
    [
      '--handler=sqlite',
      `--sqlite-url=file:${oldDir}/`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
      `--state-dir=${state}`,
    ],
    { stdio: 'ignore' },
  );
  let source;
  try {
    source = await connect(`mongodb://127.0.0.1:${port}/`);
    const dbs = (await source.db('admin').command({ listDatabases: 1 })).databases
      .map((d) => d.name)
      .filter((n) => !SYSTEM_DBS.has(n));
    let total = 0;
    for (const name of dbs) {
      const to = target.db(name);
      const existing = await to.listCollections({}, { nameOnly: true }).toArray();
      if (existing.length > 0 && !values.force) {
        throw new Error(
          `database ${name} already has collections in the new store: add --force to copy into it anyway`,
        );
      }
      const from = source.db(name);
      for (const { name: coll } of await from.listCollections({}, { nameOnly: true }).toArray()) {
        total += await copyCollection(from, to, coll, log);
      }
    }
    fs.writeFileSync(
      path.join(oldDir, '.moved'),
      `${new Date().toISOString()} ${total} documents\n`,
    );
    log(`moved ${dbs.length} database(s), ${total} document(s); ${oldDir} can be deleted`);
  } finally {
    await source?.close().catch(() => undefined);
    await target.close().catch(() => undefined);
    ferret.kill('SIGTERM');
    fs.rmSync(state, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`[move-store] error: ${e.message}\n`);
  process.exit(1);
});
