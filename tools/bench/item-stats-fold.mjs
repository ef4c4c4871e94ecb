#!/usr/bin/env node
// The item statistics' fold (ADR 0037, "Folding in batches"): the same synthetic graded tests
// folded through the built testing code against the test profile's store, in a scratch
// database, three ways, in one run (ratios, not absolute figures, are what carries):
//   per-write  the fold as it was before batches: per test a marker claim, per question a
//              findOneAndUpdate and a compare-and-set, per error rate an upsert, the marker
//              (the repository's single-write methods, in the order the old fold called them)
//   one-by-one ItemStatsFold.fold(fact): the batched fold with batches of one
//   batched    ItemStatsFold.foldBatch of --batch facts at a time
// For each: wall time, tests/s, and the CPU (user + system, from /proc/<pid>/stat) the FerretDB
// and PostgreSQL processes spent per test (PostgreSQL: the postmaster, its backends, and the
// backends that exited meanwhile). Those processes serve the whole test system: other traffic
// during the run counts too.
//
//   NX_DAEMON=false npx nx run testing:build && node tools/bench/item-stats-fold.mjs
//     [--tests 600] [--questions 38] [--pool 200] [--batch 64] [--profile test]
//     [--sizes 5,24,64]   (only the batched fold, at each size)
// @ts-check
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';

const require = createRequire(import.meta.url);
const { infraModel } = require('../infra/environment.cjs');
const dist = path.resolve('apps/testing/dist/item-stats');
const schema = require(path.join(dist, 'item-stats.schema.js'));
const { MongoItemStatsRepository } = require(path.join(dist, 'mongo-item-stats.repository.js'));
const { ItemStatsFold, foldWrites, derivedOf } = require(path.join(dist, 'item-stats.fold.js'));

const { values: args } = parseArgs({
  options: {
    tests: { type: 'string', default: '600' },
    questions: { type: 'string', default: '38' },
    pool: { type: 'string', default: '200' },
    batch: { type: 'string', default: '64' },
    profile: { type: 'string', default: 'test' },
    /** Only the batched fold, at each of these batch sizes (e.g. 5,24,64): the wait to choose. */
    sizes: { type: 'string', default: '' },
  },
});
const TESTS = Number(args.tests);
const QUESTIONS = Number(args.questions);
const POOL = Number(args.pool);
const BATCH = Number(args.batch);
const model = infraModel(/** @type {any} */ (args.profile));
const DB = 'bench_item_stats_fold';

/** mulberry32: the same facts every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** TESTS facts of QUESTIONS distinct questions each, drawn from POOL qids (4 courses, 3 topics). */
function facts() {
  const r = rng(37);
  const start = Date.parse('2026-03-01T10:00:00.000Z');
  return Array.from({ length: TESTS }, (_, t) => {
    const qids = new Set();
    while (qids.size < QUESTIONS) qids.add(Math.floor(r() * POOL));
    const items = [...qids].map((q) => {
      const roll = r();
      const outcome = roll < 0.6 ? 'correct' : roll < 0.95 ? 'incorrect' : 'unanswered';
      const misconception = `misconception ${q % 7}`;
      return {
        qid: `Q${String(q).padStart(4, '0')}`,
        type: 'single',
        course: `C${q % 4}`,
        objective: `O${q % 5}`,
        topic: `topic ${q % 3}`,
        stem: `Question ${q}: what is the dose?`,
        outcome,
        options: ['A', 'B', 'C', 'D'].map((label, i) => ({
          key: `h${label}`,
          label,
          correct: i === 0,
          misconception: i === 1 ? misconception : null,
        })),
        chosen: outcome === 'correct' ? ['hA'] : outcome === 'incorrect' ? ['hB'] : ['none'],
        misconception: outcome === 'incorrect' ? misconception : null,
        misconceptions: [misconception],
        flagged: r() < 0.05,
        seconds: outcome === 'unanswered' ? null : 5 + Math.floor(r() * 120),
      };
    });
    const correct = items.filter((i) => i.outcome === 'correct').length;
    return {
      testId: `bench-t${t}`,
      uid: `bench-learner-${t % 100}`,
      mode: 'full',
      submittedAt: new Date(start + t * 1000).toISOString(),
      total: items.length,
      correct,
      finalScore: Math.round((100 * correct) / items.length),
      items,
    };
  });
}

/** The fold before batches (ADR 0037 as first written), on the repository's single writes. */
async function perWriteFold(repo, fact, now) {
  const marker = await repo.claimFact(fact.testId, now);
  if (marker.complete) return;
  const done = new Set(marker.done);
  const todo = foldWrites(fact).filter((w) => !done.has(w.name));
  await Promise.all(
    todo.map(async (w) => {
      if ('rate' in w) return repo.applyErrorRate(w.rate);
      const doc = await repo.applyItem(w.item);
      await repo.setDerived(doc.qid, doc.n, derivedOf(doc));
    }),
  );
  await repo.markFact(fact.testId, [...done, ...todo.map((w) => w.name)], true);
}

const TICK = 100; // USER_HZ on Linux
const statOf = (pid) => {
  const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  // fields 14-17 of stat (utime stime cutime cstime) are 11-14 after the command
  return { self: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
};
const childrenOf = (pid) =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const s = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
const pidFile = (name) =>
  Number(fs.readFileSync(path.join(model.dataDir, 'run', `${name}.pid`), 'utf8'));
const FERRET = pidFile('ferretdb');
const POSTGRES = pidFile('postgres');
/** CPU seconds so far of FerretDB, and of PostgreSQL with its backends (live and reaped). */
function cpu() {
  const ferret = statOf(FERRET).self / TICK;
  const pm = statOf(POSTGRES);
  let pg = pm.self + pm.children;
  for (const c of childrenOf(POSTGRES)) {
    try {
      pg += statOf(c).self;
    } catch {
      // exited between the listing and the read: counted in the postmaster's children next time
    }
  }
  return { ferret, pg: pg / TICK };
}

const conn = await mongoose.createConnection(model.mongoUrl(DB)).asPromise();
const models = [
  ['ItemStatsRecord', schema.ItemStatsSchema],
  ['ItemErrorRateRecord', schema.ItemErrorRateSchema],
  ['ItemStatsFactRecord', schema.ItemStatsFactSchema],
  ['ItemStatsOutboxRecord', schema.ItemStatsOutboxSchema],
].map(([name, s]) => conn.model(name, s));
const repo = new MongoItemStatsRepository(...models);
const fold = new ItemStatsFold(repo);
const all = facts();
const now = new Date();

const batched = (size) => async () => {
  for (let i = 0; i < all.length; i += size) {
    const results = await fold.foldBatch(all.slice(i, i + size), now);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
};
const sizes = args.sizes ? args.sizes.split(',').map(Number) : [];
const modes = sizes.length
  ? Object.fromEntries(sizes.map((n) => [`batched (${n})`, batched(n)]))
  : {
      'per-write': async () => {
        for (const f of all) await perWriteFold(repo, f, now);
      },
      'one-by-one': async () => {
        for (const f of all) await fold.fold(f, now);
      },
      [`batched (${BATCH})`]: batched(BATCH),
    };

const rows = [];
const docsOf = {};
try {
  for (const [name, run] of Object.entries(modes)) {
    await conn.dropDatabase();
    for (const m of models) await m.createIndexes();
    const c0 = cpu();
    const t0 = performance.now();
    await run();
    const wall = (performance.now() - t0) / 1000;
    const c1 = cpu();
    docsOf[name] = await models[0].countDocuments({});
    const n = /** @type {{ n?: number } | null} */ (
      await models[0].findOne({ _id: 'Q0000' }).lean()
    );
    rows.push({
      mode: name,
      'wall s': wall.toFixed(2),
      'tests/s': (TESTS / wall).toFixed(1),
      'FerretDB CPU ms/test': (((c1.ferret - c0.ferret) * 1000) / TESTS).toFixed(1),
      'PostgreSQL CPU ms/test': (((c1.pg - c0.pg) * 1000) / TESTS).toFixed(1),
      'Q0000 n': n?.n,
    });
  }
} finally {
  await conn.dropDatabase();
  await conn.close();
}
console.log(
  `${TESTS} tests of ${QUESTIONS} questions from a pool of ${POOL}, on ${model.mongoUrl(DB)}`,
);
console.table(rows);
const base = rows[0];
for (const r of sizes.length ? [] : rows.slice(1))
  console.log(
    `${r.mode} vs per-write: ${(Number(r['tests/s']) / Number(base['tests/s'])).toFixed(1)}x tests/s, ` +
      `store CPU per test ${(
        (Number(r['FerretDB CPU ms/test']) + Number(r['PostgreSQL CPU ms/test'])) /
        (Number(base['FerretDB CPU ms/test']) + Number(base['PostgreSQL CPU ms/test']))
      ).toFixed(3)} of it`,
  );
