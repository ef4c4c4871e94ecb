#!/usr/bin/env node
// Offline evaluation of the mastery model (issue 29, deliver 1; libs/learning/src/simulate.ts):
// simulated learners of known skill per topic answer items of known difficulty (four-choice items
// guessable, some learning per answer, some forgetting between practice days); before each answer
// the model predicts P(correct), then folds the answer in. Prints the calibration curve (10 bins:
// mean predicted vs observed frequency, count), the Brier score of the model against a constant
// base rate and the learner's running share correct ((k + 1)/(n + 2)), and what the model's
// 'not enough answers yet' protects against. Pure computation, seeded: the same figures each run.
//
//   NX_DAEMON=false npx nx run learning:build && node tools/bench/mastery-eval.mjs
//     [--learners 1000] [--seed 1] [--days 8] [--per-day 16] [--topics 4]
//     [--learn 0.03] [--forget 0.03]   (true logits gained per answer, lost per day)
// @ts-check
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const learning = require('@examprep/learning');
const { values } = parseArgs({
  options: {
    learners: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    days: { type: 'string', default: '8' },
    'per-day': { type: 'string', default: '16' },
    topics: { type: 'string', default: '4' },
    learn: { type: 'string', default: '0.03' },
    forget: { type: 'string', default: '0.03' },
  },
});
const options = {
  seed: Number(values.seed),
  learners: Number(values.learners),
  days: Number(values.days),
  answersPerDay: Number(values['per-day']),
  topics: Number(values.topics),
  learnPerAnswer: Number(values.learn),
  forgetPerDay: Number(values.forget),
};

const started = performance.now();
const answers = learning.simulate(options);
const ms = performance.now() - started;
const bins = learning.calibration(answers);
const runningBins = learning.calibration(answers, (a) => a.runningShare);
const ece = learning.calibrationError(bins);
const brier = learning.brierReport(answers);
const enough = learning.enoughReport(answers, learning.levelOf);
const sim = { ...learning.DEFAULT_SIMULATION, ...options };

const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '  -  ');
const pct = (x) => `${(100 * x).toFixed(1)} %`;
console.log(
  `${answers.length} answers: ${sim.learners} learners × ${sim.topics} topics, ${sim.days} days × ` +
    `${sim.answersPerDay} answers (gaps 1..${sim.maxGapDays} days), ability sd ${sim.abilitySd}, ` +
    `${pct(sim.fourChoiceShare)} four-choice, +${sim.learnPerAnswer}/answer, -${sim.forgetPerDay}/day; ` +
    `${ms.toFixed(0)} ms\n`,
);
console.log('Calibration (model)          predicted  observed   count');
for (const b of bins)
  console.log(
    `  ${b.from.toFixed(1)}-${b.to.toFixed(1)}                    ${f3(b.meanPredicted)}     ${f3(b.observed)}  ${String(b.count).padStart(7)}`,
  );
console.log(`  expected calibration error  ${f3(ece)}`);
console.log(`  (running share's ECE        ${f3(learning.calibrationError(runningBins))})\n`);
console.log('Brier score (lower is better)');
console.log(`  model                       ${f3(brier.model)}`);
console.log(`  running share (k+1)/(n+2)   ${f3(brier.runningShare)}`);
console.log(`  constant base rate          ${f3(brier.baseRate)}`);
console.log(`  the truth (noise floor)     ${f3(brier.truth)}\n`);
console.log(
  "'Not enough answers yet' (mastery before each answer vs the true p on a typical item)",
);
console.log(`  said 'not enough'           ${pct(enough.notEnoughShare)} of the moments`);
console.log(
  `  mean |p - true p|           ${f3(enough.errorWhenNotEnough)} when 'not enough', ${f3(enough.errorWhenEnough)} when shown`,
);
console.log(
  `  level would match the truth ${pct(enough.levelRightWhenNotEnough)} when 'not enough', ${pct(enough.levelRightWhenEnough)} when shown`,
);
console.log(`  80 % interval holds truth   ${pct(enough.intervalCoverage)}`);

const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../.infra/bench');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'mastery-eval.json'),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      options: sim,
      answers: answers.length,
      bins,
      ece,
      brier,
      enough,
    },
    null,
    2,
  ),
);
