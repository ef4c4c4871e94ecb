#!/usr/bin/env node
// Answer-save bench (ADR 0027): the time of one AnswersService.save (save-practice-answer)
// through the built testing service against the real store, with the per-test lock of one
// process only (before ADR 0027: an in-process KeyedMutex, no round trip) and with the lock
// shared by every replica (TestLocks: the lease taken in the NATS key-value bucket, the answer
// given, the lease given back), alternating the two in rounds within ONE run so the machine's
// load weighs on both alike. A third column saves through two replicas in turn (two TestLocks
// and two TestStores over the same store and leases), as a load balancer spreads one learner.
//
//   npx nx build testing && node tools/bench/answer-save.mjs [--tests 40] [--rounds 10]
//     [--concurrency 1] [--others 1000] [--dist apps/testing/dist] [--mongo mongodb://127.0.0.1:37017]
//     [--nats nats://127.0.0.1:14222]
//
// Uses a scratch database `testing_bench_<random>` (dropped after) on the test profile's
// FerretDB, with --others other tests in each collection, and the test profile's NATS. Each round saves once into each of
// --tests practice tests per column, --concurrency saves in flight at a time (1: one learner
// at a time, the latency; more: learners of different tests at once).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    tests: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '1' },
    others: { type: 'string', default: '1000' },
    dist: { type: 'string', default: 'apps/testing/dist' },
    mongo: { type: 'string', default: 'mongodb://127.0.0.1:37017' },
    nats: { type: 'string', default: 'nats://127.0.0.1:14222' },
  },
});
const require = createRequire(import.meta.url);
require('reflect-metadata');
const dist = path.resolve(args.dist);
const load = (file) => require(path.join(dist, 'exams', file));
const { Test } = require('@nestjs/testing');
const { MongooseModule, getConnectionToken, getModelToken } = require('@nestjs/mongoose');
const { MongoModule, KeyedMutex, JetStreamBus } = require('@examprep/nest-kit');
const { connect } = require('@nats-io/transport-node');
const schema = load('test.schema.js');
const { MongoTestsRepository } = load('mongo-tests.repository.js');
const { NatsTestLeasesRepository } = load('nats-test-leases.repository.js');
const { TestLocks } = load('test-locks.js');
const { TestStore } = load('test-store.js');
const { AnswersService } = load('answers.service.js');
const { Clock } = load('clock.js');

const db = `testing_bench_${randomUUID().slice(0, 8)}`;
const moduleRef = await Test.createTestingModule({
  imports: [
    MongoModule.forRoot(`${args.mongo}/${db}`),
    MongooseModule.forFeature([
      { name: schema.TestRecord.name, schema: schema.TestSchema },
      { name: schema.TestContentRecord.name, schema: schema.TestContentSchema },
      { name: schema.TestAnswerSheetRecord.name, schema: schema.TestAnswerSheetSchema },
    ]),
  ],
}).compile();
const app = await moduleRef.init();
const model = (record) => app.get(getModelToken(record.name));
const repo = new MongoTestsRepository(
  model(schema.TestRecord),
  model(schema.TestContentRecord),
  model(schema.TestAnswerSheetRecord),
);
const nc = await connect({ servers: args.nats, name: 'answer-save-bench' });
const leases = new NatsTestLeasesRepository(await JetStreamBus.create(nc));
const clock = new Clock();

/** The lock of one process only, as before ADR 0027 (TestLocks' shape, no store). */
function processLock() {
  const mutex = new KeyedMutex();
  const open = { closed: false, close: async () => undefined };
  return { run: (id, task) => mutex.run(id, () => task(open)) };
}
const service = (locks) => new AnswersService(new TestStore(repo, clock, locks));
const columns = {
  'one process lock (before)': [service(processLock())],
  'shared lease (after)': [service(new TestLocks(leases))],
  'shared lease, 2 replicas in turn': [
    service(new TestLocks(leases)),
    service(new TestLocks(leases)),
  ],
};

const QUESTIONS = 38;
const question = (i) => ({
  qid: `BQ${String(i + 1).padStart(2, '0')}`,
  type: 'single',
  question: `Question ${i + 1}`,
  choices: ['1', '2', '3', '4'],
  correctAnswer: ['2'],
  explanation: '',
  course: 'Bench',
  objective: 'Bench',
  rounding: null,
  media: { questionImage: null, explanationImage: null, video: null },
  misconceptions: [],
});
const questions = Array.from({ length: QUESTIONS }, (_, i) => question(i));
async function newTest(userId) {
  const now = new Date();
  const id = randomUUID().replace(/-/g, '').slice(0, 20);
  await repo.insert(
    {
      _id: id,
      userId,
      productId: 'teas_math_qbank',
      testProductId: 'teas_math_qbank_practice',
      includeId: 'teas_math_qbank_practice',
      productName: 'Bench',
      instructions: '',
      mode: 'practice',
      completed: false,
      createdAt: now,
      lastUpdated: now,
      submittedAt: null,
      totalQuestions: QUESTIONS,
      finalScore: null,
      correctCount: null,
      incorrectCount: null,
      unansweredCount: null,
      answeredCount: null,
      objectives: null,
      timer: null,
    },
    questions,
  );
  return id;
}

const others = Number(args.others);
process.stdout.write(`[bench] ${others} other tests ...`);
for (let i = 0; i < others; i++) {
  const id = await newTest(`other-${i % 100}`);
  await repo.writeAnswer(id, `other-${i % 100}`, 'BQ01', {
    submittedAnswer: ['2'],
    savedAt: new Date(),
  });
}
process.stdout.write(' done\n');

const actor = (uid) => ({
  uid,
  email: `${uid}@examprep.test`,
  isAdmin: false,
  emailVerified: true,
});
const tests = Number(args.tests);
const plan = {};
for (const name of Object.keys(columns)) {
  plan[name] = [];
  for (let i = 0; i < tests; i++) {
    const uid = `bench-${name.length}-${i}`;
    plan[name].push({ actor: actor(uid), testId: await newTest(uid) });
  }
}

const samples = Object.fromEntries(Object.keys(columns).map((n) => [n, []]));
const concurrency = Number(args.concurrency);
let turn = 0;
async function round(name, r) {
  const services = columns[name];
  const queue = plan[name].map((t, i) => ({ ...t, i }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const sut = services[turn++ % services.length];
      const input = {
        testId: next.testId,
        questionId: questions[(r + next.i) % QUESTIONS].qid,
        submittedAnswer: String(1 + ((r + next.i) % 4)),
      };
      const t0 = performance.now();
      await sut.save(next.actor, input);
      samples[name].push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
// one warm-up round per column, then the rounds alternating the columns' order
for (const name of Object.keys(columns)) await round(name, 0);
for (const name of Object.keys(samples)) samples[name].length = 0;
const rounds = Number(args.rounds);
for (let r = 1; r <= rounds; r++) {
  const names = Object.keys(columns);
  for (const name of r % 2 ? names : names.reverse()) await round(name, r);
}

const rank = (xs, p) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const summary = {};
for (const [name, xs] of Object.entries(samples)) {
  const sorted = [...xs].sort((a, b) => a - b);
  summary[name] = {
    n: xs.length,
    mean: xs.reduce((a, b) => a + b, 0) / xs.length,
    p50: rank(sorted, 50),
    p95: rank(sorted, 95),
    p99: rank(sorted, 99),
  };
}
const base = summary['one process lock (before)'];
console.log(
  `[bench] answer save, ${others} other tests, ${tests} tests x ${rounds} rounds per column, concurrency ${concurrency}`,
);
for (const [name, s] of Object.entries(summary))
  console.log(
    `  ${name.padEnd(34)} n ${s.n}  mean ${s.mean.toFixed(1)}  p50 ${s.p50.toFixed(1)}  p95 ${s.p95.toFixed(1)}  p99 ${s.p99.toFixed(1)} ms  (p50 x${(s.p50 / base.p50).toFixed(2)}, p95 x${(s.p95 / base.p95).toFixed(2)})`,
  );
await new Promise((r) => setTimeout(r, 500)); // the last leases given back
await app.get(getConnectionToken()).dropDatabase();
await app.close();
await nc.close();
