#!/usr/bin/env node
// The admin user list against the number of users (issue 26, ADR 0030): the identity service's
// own directory repository (its built code, apps/identity/dist) on a scratch database of the
// test profile's store, filled with N synthetic entries, then each page the list asks for timed.
// The figure to read is the ratio between sizes (flat = the same cost at 1k and at 100k).
//
//   npx nx run identity:build && node tools/bench/user-directory.mjs [--sizes 1000,10000,100000]
//                                                                     [--profile test] [--runs 15]
//
// Entries: 1 in 200 admins, 90 % verified, 95 % in auth, 97 % in the database, 30 % premium,
// 60 % with tests, 40 % with QBank generations, 1 in 100 sharing an email, emails spread over
// 50 domains. Queries: the first page, a page from the middle (a cursor), the yes/no filters
// (common and rare), duplicates, an email prefix, one domain, and the counts.
// @ts-check
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';

const require = createRequire(import.meta.url);
const { infraModel } = require('../infra/environment.cjs');
const { Rng } = require('@examprep/generators');
const {
  MongoDirectoryRepository,
} = require('../../apps/identity/dist/directory/mongo-directory.repository.js');
const {
  DirectorySchema,
  DirectoryCountSchema,
} = require('../../apps/identity/dist/directory/directory.schema.js');
const entry = require('../../apps/identity/dist/directory/directory-entry.js');

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    profile: { type: 'string', default: 'test' },
    runs: { type: 'string', default: '15' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const RUNS = Number(args.runs);
const model = infraModel(args.profile);
const DB = 'bench_user_directory';

/** A seeded generator (the generators' mulberry32): the same entries every run. */
function rng(seed) {
  const r = new Rng(seed);
  return () => r.next();
}

function entryOf(i, r) {
  const uid = `u${String(i).padStart(7, '0')}-${Math.floor(r() * 1e9).toString(36)}`;
  const dup = i % 100 === 1 ? i - 1 : i;
  const email = `user${String(dup).padStart(7, '0')}@school${dup % 50}.edu`;
  const account = r() < 0.95;
  const doc = r() < 0.97 || !account;
  let e = entry.emptyEntry(uid);
  if (account)
    e = entry.withAccount(e, { email, emailVerified: r() < 0.9, isAdmin: i % 200 === 0 });
  e = entry.withStored(e, {
    doc: doc
      ? {
          email,
          purchases: r() < 0.3 ? { teas_math_qbank: true } : {},
          infiniteQbankGenerations: r() < 0.4 ? 1 + Math.floor(r() * 20) : 0,
        }
      : null,
    view: null,
  });
  e = entry.withTests(e, r() < 0.6 ? 1 + Math.floor(r() * 20) : 0, 1);
  return { ...e, duplicate: dup !== i || i % 100 === 0 };
}

async function timed(fn) {
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

const conn = await mongoose.createConnection(model.mongoUrl(DB)).asPromise();
const Entries = conn.model('DirectoryRecord', DirectorySchema);
const Counts = conn.model('DirectoryCountRecord', DirectoryCountSchema);
const repo = new MongoDirectoryRepository(Entries, Counts);
const results = {};
try {
  for (const size of SIZES) {
    await conn.dropDatabase();
    await Entries.createIndexes();
    await Counts.createIndexes();
    const r = rng(size);
    const counts = new Map();
    const t0 = performance.now();
    for (let i = 0; i < size; i += 1000) {
      const batch = [];
      for (let j = i; j < Math.min(size, i + 1000); j++) {
        const e = entryOf(j, r);
        batch.push(e);
        const f = entry.facetsOf(e);
        counts.set(f, (counts.get(f) ?? 0) + 1);
      }
      await Entries.insertMany(batch, { ordered: false, lean: true });
    }
    await repo.setCounts(counts);
    await conn.db.command({ compact: 'user_directory' }).catch(() => undefined);
    const fillS = (performance.now() - t0) / 1000;
    // a cursor from the middle of the list
    const middle = await Entries.find({ adminRank: 1 })
      .sort({ adminRank: 1, email: 1, _id: 1 })
      .skip(Math.floor(size / 2))
      .limit(1)
      .lean();
    const cursor = entry.DIRECTORY_ORDER.cursorOf(middle[0]);
    const page = (filters, c) =>
      repo.page(
        { equalities: entry.facetEqualities(filters), email: entry.emailFilterOf(filters.email) },
        c,
        50,
      );
    const queries = {
      'first page': () => page({}),
      'middle page (cursor)': () => page({}, cursor),
      'premium = yes': () => page({ premium: 'yes' }),
      'in auth = no (~5 %)': () => page({ inAuth: 'no' }),
      'admin = yes (0.5 %)': () => page({ isAdmin: 'yes' }),
      'verified = no, tests = yes, qbank = 0': () =>
        page({ emailVerified: 'no', tests: 'yes', qbank: 'eq0' }),
      duplicates: () => page({ duplicates: true }),
      'email prefix user00012': () => page({ email: 'user00012' }),
      '@school7.edu': () => page({ email: '@school7.edu' }),
      counts: () => repo.counts(),
    };
    results[size] = { fillS: Number(fillS.toFixed(1)) };
    for (const [name, fn] of Object.entries(queries)) results[size][name] = await timed(fn);
    console.log(`[bench] ${size} entries filled in ${fillS.toFixed(1)} s`);
  }
} finally {
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
}

const names = Object.keys(results[SIZES[0]]).filter((k) => k !== 'fillS');
const fmt = (x) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)}`;
console.log(`\n| query (p50 / p95 ms) | ${SIZES.map((s) => s.toLocaleString('en')).join(' | ')} |`);
console.log(`|---|${SIZES.map(() => '---').join('|')}|`);
for (const n of names)
  console.log(`| ${n} | ${SIZES.map((s) => fmt(results[s][n])).join(' | ')} |`);
console.log(JSON.stringify(results));
