#!/usr/bin/env node
// The learning engine's reads against data size (issue 29: "the dashboard's mastery and review
// queue load in < 50 ms p95 on the data set of the scale issue (100,000 learners)"): the built
// testing service's repository (apps/testing/dist/learning) on the profile's FerretDB, in a
// scratch database, grown to each size in turn (learners with TEAS Math and Med Dosage skills,
// one in five with review cards, 1 to 30 each, some due). At each size: the dashboard's reads of
// one learner (skillsOf, countDue, and the weak-spots batch's dueCards) timed for random
// learners, p50 / p95 / p99, and the whole summary (LearningService.summary's reads and its
// mastery maths) once per learner. The database is dropped at the end.
//
//   NX_DAEMON=false npx nx run testing:build && node tools/bench/learning-scale.mjs
//     [--sizes 1000,10000,100000] [--samples 300] [--profile test] [--keep]
// --keep leaves the database for the next run, which then seeds only what is missing (100,000
// learners take some 15 minutes to seed on the shared 2-core machine).
// @ts-check
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';

const require = createRequire(import.meta.url);
const { infraModel } = require('../infra/environment.cjs');
const dist = path.resolve('apps/testing/dist/learning');
const schema = require(path.join(dist, 'learning.schema.js'));
const { MongoLearningRepository } = require(path.join(dist, 'mongo-learning.repository.js'));
const { LearningService } = require(path.join(dist, 'learning.service.js'));
const { COURSE_DEFINITIONS, Rng } = require('@examprep/generators');

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    samples: { type: 'string', default: '300' },
    profile: { type: 'string', default: 'test' },
    keep: { type: 'boolean', default: false },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const SAMPLES = Number(args.samples);
const model = infraModel(/** @type {any} */ (args.profile));
const DB = 'bench_learning_scale';
const NOW = new Date('2026-11-28T12:00:00.000Z');

/** The generators' seeded generator: the same data every run. */
const rng29 = new Rng(29);
const r = () => rng29.next();

const skill = () => ({
  mu: r() * 4 - 2,
  v: 0.1 + r(),
  n: Math.floor(r() * 60),
  correct: Math.floor(r() * 30),
  lastAt: new Date(NOW.getTime() - r() * 30 * 86_400_000).toISOString(),
});

/** A learner's skills documents (both courses) and cards. */
function learnerDocs(i) {
  const uid = `bench-${String(i).padStart(7, '0')}`;
  const skills = COURSE_DEFINITIONS.map((def) => ({
    _id: `${uid}:${def.id}`,
    uid,
    course: def.id,
    topics: Object.fromEntries(
      def.objectives.flatMap((o) =>
        o.topics.filter((t) => t.generate).map((t) => [t.key, skill()]),
      ),
    ),
    objectives: Object.fromEntries(def.objectives.map((o) => [o.code, skill()])),
    estimates: Array.from({ length: 20 }, (_, d) => ({
      day: new Date(NOW.getTime() - d * 86_400_000).toISOString().slice(0, 10),
      at: NOW.toISOString(),
      percent: 60,
      low: 50,
      high: 70,
    })),
    tests: [],
    seen: [],
    rev: 1,
    updatedAt: NOW,
  }));
  const cards =
    i % 5 === 0
      ? Array.from({ length: 1 + Math.floor(r() * 30) }, (_, k) => ({
          _id: `${uid}|teas_fraction_ops~${k}`,
          uid,
          itemId: `teas_fraction_ops~${k}`,
          topicKey: 'teas_fraction_ops',
          course: 'teas_math',
          objective: '1',
          misconception: null,
          due: new Date(NOW.getTime() + (r() - 0.3) * 10 * 86_400_000),
          reviews: 0,
          lapses: 0,
          fsrs: {
            due: NOW.toISOString(),
            stability: 1,
            difficulty: 5,
            elapsed_days: 0,
            scheduled_days: 1,
            learning_steps: 0,
            reps: 1,
            lapses: 0,
            state: 1,
            last_review: null,
          },
          served: null,
          createdAt: NOW,
        }))
      : [];
  return { uid, skills, cards };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
async function timed(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const conn = await mongoose.createConnection(model.mongoUrl(DB)).asPromise();
try {
  const models = [
    [schema.LearnerSkillsRecord.name, schema.LearnerSkillsSchema],
    [schema.ReviewCardRecord.name, schema.ReviewCardSchema],
    [schema.TopicPopulationRecord.name, schema.TopicPopulationSchema],
    [schema.StudyPlanRecord.name, schema.StudyPlanSchema],
  ].map(([name, s]) => conn.model(name, s));
  if (!args.keep) await conn.dropDatabase();
  for (const m of models) await m.createIndexes();
  const [Skills, Cards] = models;
  const repo = new MongoLearningRepository(...models);
  // the dashboard's call itself (its reads: skills, and the due count per course; its maths);
  // the summary needs neither the topics' difficulty nor the qbank
  const learning = new LearningService(repo, null, { now: () => NOW }, null);
  console.log(
    `[learning-scale] ${model.mongoUrl(DB)}; sizes ${SIZES.join(', ')}; ${SAMPLES} learners sampled per size`,
  );
  // learners seeded by an earlier --keep run (two skill documents each, in uid order)
  let have = Math.floor((await Skills.estimatedDocumentCount()) / COURSE_DEFINITIONS.length);
  const rows = [];
  for (const size of SIZES) {
    const started = Date.now();
    while (have < size) {
      const batch = Array.from({ length: Math.min(500, size - have) }, (_, k) =>
        learnerDocs(have + k),
      );
      await Skills.insertMany(
        batch.flatMap((b) => b.skills),
        { ordered: false },
      );
      const cards = batch.flatMap((b) => b.cards);
      if (cards.length) await Cards.insertMany(cards, { ordered: false });
      have += batch.length;
    }
    const seeded = Math.round((Date.now() - started) / 1000);
    const uids = Array.from(
      { length: SAMPLES },
      () => `bench-${String(Math.floor(r() * size)).padStart(7, '0')}`,
    );
    const withCards = uids.map(
      (u) => `bench-${String(Math.floor(Number(u.slice(6)) / 5) * 5).padStart(7, '0')}`,
    );
    const t = { skillsOf: [], countDue: [], dueCards: [], summary: [] };
    for (let i = 0; i < SAMPLES; i++) {
      t.skillsOf.push(await timed(() => repo.skillsOf(uids[i])));
      t.countDue.push(await timed(() => repo.countDue(withCards[i], NOW)));
      t.dueCards.push(await timed(() => repo.dueCards(withCards[i], NOW, 40)));
      const actor = { uid: withCards[i], email: 'x@x.test', isAdmin: false, emailVerified: true };
      t.summary.push(await timed(() => learning.summary(actor)));
    }
    const row = {
      size,
      seededSeconds: seeded,
      skillDocs: await Skills.estimatedDocumentCount(),
      cards: await Cards.estimatedDocumentCount(),
    };
    for (const [k, xs] of Object.entries(t))
      row[k] = { p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99) };
    rows.push(row);
    console.log(
      `[learning-scale] ${size} learners (${row.skillDocs} skill docs, ${row.cards} cards, seeded in ${seeded} s): ` +
        Object.entries(t)
          .map(([k]) => `${k} p50 ${row[k].p50.toFixed(1)} / p95 ${row[k].p95.toFixed(1)} ms`)
          .join('; '),
    );
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  console.log(
    `[learning-scale] summary p95 ${first.summary.p95.toFixed(1)} ms at ${first.size} -> ${last.summary.p95.toFixed(1)} ms at ${last.size} learners (${(last.summary.p95 / first.summary.p95).toFixed(2)}x); goal < 50 ms`,
  );
} finally {
  if (!args.keep) await conn.dropDatabase().catch(() => undefined);
  await conn.close();
}
