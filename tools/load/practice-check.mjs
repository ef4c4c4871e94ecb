#!/usr/bin/env node
// @ts-check
// The learning engine's cost on an answer check (issue 29: "updating mastery adds < 5 ms p95
// to an answer check, measured, same run, with and without"). POST /api/infiniteqbank/check
// through gateway -> NATS -> qbank at a constant arrival rate as --learners learners, each
// request a different item (no fact is a duplicate), in rounds that alternate:
//   with     qbank publishes events.practice.answered for every check and the testing service
//            folds each into the learner's skills, review cards and topic counts, on the same
//            two cores (the fold's CPU is part of what the check pays on a shared machine);
//   without  qbank restarted with LEARNING_FACTS=false: nothing published, nothing folded.
// The rounds alternate (with, without, with, without, ...) so drift of the shared machine hits
// both; the figure is the median of each side's p95 and their difference. At the end qbank is
// restarted as it was, and the folded answers are checked to have reached the learners' skills.
//   node tools/load/practice-check.mjs [--profile test] [--rate 40] [--duration 15s]
//     [--rounds 2] [--learners 20]
// Needs the system running on the profile and the apps built (npm run build).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  appsCtl,
  arg,
  call,
  createLearners,
  deleteLearners,
  loadContext,
  until,
  withLoadTestGateway,
} from './common.mjs';
import {
  checkAnswerChecks,
  checkAnswerRequest,
  generateBatchRequest,
  questionsFrom,
} from './scenarios/infinite-qbank.js';
import { attack, durationSeconds, formatFigures } from './vegeta.mjs';

const profile = arg('profile', 'test');
const rate = Number(arg('rate', '40'));
const duration = arg('duration', '15s');
const rounds = Number(arg('rounds', '2'));
const learnersWanted = Number(arg('learners', '20'));
const { u, outDir } = loadContext(profile);
const base = u.gatewayUrl;

/** TEAS Math objectives with generated topics (every item a single or typed answer, no pump). */
const OBJECTIVES = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
];

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** @param {boolean} on */
function setFacts(on) {
  appsCtl(profile, 'stop', ['qbank']);
  appsCtl(profile, 'start', ['qbank'], on ? {} : { LEARNING_FACTS: 'false' });
}

async function main() {
  const perRound = Math.ceil(rate * durationSeconds(duration));
  const needed = perRound * rounds * 2 + rate * 3 * rounds * 2;
  console.log(
    `[load] ${learnersWanted} learners, ${needed} distinct items (${rounds} rounds each way, ${perRound} checks a round)`,
  );
  /** @type {Awaited<ReturnType<typeof createLearners>>} */
  let learners = [];
  try {
    await withLoadTestGateway(profile, async () => {
      // made after the gateway's restart: a keep-alive connection to the old process is dead
      learners = await createLearners({ profile, base, count: learnersWanted, label: 'practice' });
      /** @type {import('./scenarios/http.js').LoadRequest[]} */
      const checks = [];
      for (let i = 0; checks.length < needed; i++) {
        const learner = learners[i % learners.length];
        const token = await learner.token();
        const target = {
          course: 'teas_math',
          objective: OBJECTIVES[i % OBJECTIVES.length],
          count: 20,
        };
        const req = generateBatchRequest(base, token, target);
        const batch = await call(base, token, 'GET', req.url.slice(base.length));
        if (batch.status !== 200) throw new Error(`generate-batch: ${batch.status}`);
        for (const q of questionsFrom(batch.body)) checks.push(checkAnswerRequest(base, token, q));
      }
      let next = 0;
      const take = (/** @type {number} */ n) => checks.slice(next, (next += n));
      /** @type {Record<'with' | 'without', import('./vegeta.mjs').Figures[]>} */
      const runs = { with: [], without: [] };
      for (let r = 0; r < rounds; r++) {
        for (const side of /** @type {const} */ (['with', 'without'])) {
          setFacts(side === 'with');
          await attack({
            name: `practice-check-warmup-${side}-${r}`,
            rate,
            duration: '3s',
            outDir,
            requests: take(rate * 3),
            checks: checkAnswerChecks,
          });
          const f = await attack({
            name: `practice-check-${side}-${r}`,
            rate,
            duration,
            outDir,
            requests: take(perRound),
            checks: checkAnswerChecks,
          });
          runs[side].push(f);
          console.log(`[load] ${formatFigures(f)}`);
        }
      }
      setFacts(true);
      // the facts of the 'with' rounds reached the learners' mastery
      const answered = await until(
        'the folded answers',
        async () => {
          let n = 0;
          for (const l of learners) {
            const s = await call(base, await l.token(), 'GET', '/api/learning/summary');
            n += s.status === 200 ? s.body.answers : 0;
          }
          return n >= perRound * rounds ? n : null;
        },
        { timeoutMs: 120_000 },
      );
      const withP95 = median(runs.with.map((f) => f.p95));
      const withoutP95 = median(runs.without.map((f) => f.p95));
      const added = withP95 - withoutP95;
      console.log(
        `\n[load] answer check at ${rate}/s for ${duration} x ${rounds} rounds each way, vegeta, ${os.cpus().length} cores (shared machine)`,
      );
      console.log(
        `[load] p95 with the learning engine ${withP95.toFixed(2)} ms, without ${withoutP95.toFixed(2)} ms: adds ${added.toFixed(2)} ms (goal < 5 ms); ${answered} answers folded into the learners' mastery`,
      );
      fs.writeFileSync(
        path.join(outDir, 'practice-check.json'),
        JSON.stringify(
          {
            at: new Date().toISOString(),
            rate,
            duration,
            rounds,
            runs,
            withP95,
            withoutP95,
            added,
            answered,
          },
          null,
          2,
        ),
      );
      const clean = [...runs.with, ...runs.without].every(
        (f) => f.errors === 0 && f.checkedFailing === 0,
      );
      process.exitCode = added < 5 && clean ? 0 : 1;
    });
  } finally {
    await deleteLearners(profile, learners).catch((e) => console.error(`[load] ${e.message}`));
  }
}

main().catch((e) => {
  console.error(`[load] ${e.message}`);
  process.exit(1);
});
