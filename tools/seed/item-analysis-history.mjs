// @ts-check
// A seeded history of graded tests for the item analysis (issue 28 part 4, ADR 0037): learners
// made for the run (real Keycloak accounts, as the load tools make them) take the free tests of
// the catalogue through the gateway, as the web app does: create the test, answer each question
// after a pause, flag some, submit. Every submit publishes its events.test.submitted fact and the
// testing service folds it, so /item-analysis shows these tests and nothing is written around
// the services.
//
// Who answers what is simulated with a two-parameter item response model: learner ability
// θ ~ N(0, 1); each question has a difficulty b and a discrimination a drawn from its qid (a few
// questions get a negative a: stronger learners miss them more often, the case the analysis is
// there to find); P(correct) = 1 / (1 + e^(-a(θ - b))). A wrong single choice prefers the first
// wrong choice (a "popular distractor"). The pause before an answer is the seconds a learner of
// that ability would take on that question (log-normal, median 20-60 s) times --time-scale, so a
// run takes minutes, not hours; the time histogram shows the scaled seconds the seed really waited.
//
//   node tools/seed/item-analysis-history.mjs --profile test --learners 40 --time-scale 0.2
//
// Options: --profile (test|dev, default test), --learners (default 40), --time-scale (default
// 0.2), --seed (default 28), --parallel (learners at a time, default 40), --keep (keep the
// accounts; by default they are deleted at the end, their graded tests and the statistics stay).
import { createHash } from 'node:crypto';
import {
  arg,
  call,
  createLearners,
  deleteLearners,
  kitProfile,
  learnerToken,
} from '../load/common.mjs';
import { infraModel } from '../infra/environment.cjs';

const profile = kitProfile(arg('profile', 'test'));
const learnersWanted = Number(arg('learners', '40'));
const timeScale = Number(arg('time-scale', '0.2'));
const parallel = Number(arg('parallel', '40'));
const seedText = arg('seed', '28');
const keep = process.argv.includes('--keep');
const u = infraModel(profile);
const base = u.gatewayUrl;

/** The free tests of the catalogue (full mode): every learner takes each once. */
const TESTS = [
  { productId: 'teas_math_sample_qbank', includeId: 'teas_math_sample_qbank', mode: 'full' },
  { productId: 'med_dosage_sample_qbank', includeId: 'med_dosage_sample_qbank', mode: 'full' },
  { productId: 'med_dosage_conversions', includeId: 'med_dosage_conversions', mode: 'full' },
];

/** A number in [0, 1) from the seed and a key (same seed, same run). */
function unit(...key) {
  const h = createHash('sha256')
    .update([seedText, ...key].join('|'))
    .digest();
  return h.readUInt32BE(0) / 2 ** 32;
}
/** A standard normal draw (Box-Muller) from the seed and a key. */
function normal(...key) {
  const u1 = Math.max(unit(...key, 'n1'), 1e-12);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * unit(...key, 'n2'));
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The item parameters of a question: difficulty b, discrimination a (a few negative). */
function itemOf(qid) {
  const b = -1.5 + 3 * unit(qid, 'b');
  const a = unit(qid, 'bad') < 0.12 ? -0.8 : 0.4 + 1.8 * unit(qid, 'a');
  return { a, b };
}

/** @param {any} body */
const fail = (what, answer) => {
  throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
};

async function main() {
  const started = Date.now();
  // the admin's token (it reads the questions' keys) is renewed every minute: a run outlasts it
  let admin = { token: await learnerToken(u, 'admin'), at: Date.now() };
  const adminToken = async () => {
    if (Date.now() - admin.at > 60_000)
      admin = { token: await learnerToken(u, 'admin'), at: Date.now() };
    return admin.token;
  };
  /** @type {Map<string, any>} */
  const questions = new Map();
  const questionOf = async (qid) => {
    if (!questions.has(qid)) {
      const q = await call(base, await adminToken(), 'GET', `/api/questions/${qid}`);
      if (q.status !== 200) fail(`question ${qid}`, q);
      questions.set(qid, q.body);
    }
    return questions.get(qid);
  };

  console.log(`[item-analysis seed] making ${learnersWanted} learners on ${profile}…`);
  const learners = await createLearners({
    profile,
    base,
    count: learnersWanted,
    label: 'itemstats',
  });
  let graded = 0;
  let answered = 0;
  const progress = setInterval(
    () =>
      console.log(
        `[item-analysis seed] ${graded} tests graded, ${answered} answers, ${Math.round((Date.now() - started) / 1000)} s`,
      ),
    10_000,
  );

  /** One learner takes every free test. */
  async function take(learner, i) {
    const theta = normal('learner', String(i));
    for (const input of TESTS) {
      const token = await learner.token();
      const made = await call(base, token, 'POST', '/api/create-test', input);
      if (made.status !== 200 && made.status !== 201) fail('create-test', made);
      const testId = made.body.testId;
      const view = await call(base, token, 'GET', `/api/tests/${testId}`);
      if (view.status !== 200) fail('get test', view);
      for (const shown of view.body.questions) {
        const key = [String(i), testId, shown.qid];
        const q = await questionOf(shown.qid);
        const { a, b } = itemOf(shown.qid);
        const p = 1 / (1 + Math.exp(-a * (theta - b)));
        // seconds this learner would take: slower on harder questions, log-normal spread
        const median = 20 + 40 * unit(shown.qid, 't') + 10 * Math.max(0, b - theta);
        const seconds = Math.min(600, median * Math.exp(0.5 * normal(...key, 'time')));
        await sleep(seconds * timeScale * 1000);
        const flag = unit(...key, 'flag') < 0.03 + 0.2 * (1 - p);
        if (flag) {
          const f = await call(base, await learner.token(), 'POST', '/api/flag-question', {
            testId,
            questionId: shown.qid,
            flagged: true,
          });
          if (f.status !== 200 && f.status !== 201) fail('flag-question', f);
        }
        if (unit(...key, 'skip') < 0.05) continue; // left unanswered
        const right = unit(...key, 'right') < p;
        const submittedAnswer = answerOf(q, shown, right, key);
        const r = await call(base, await learner.token(), 'POST', '/api/submit-quiz-answer', {
          testId,
          questionId: shown.qid,
          submittedAnswer,
        });
        if (r.status !== 200 && r.status !== 201) fail(`submit-quiz-answer ${shown.qid}`, r);
        answered++;
      }
      const s = await call(base, await learner.token(), 'POST', '/api/submit-test', { testId });
      if (s.status !== 200 && s.status !== 201) fail('submit-test', s);
      graded++;
    }
  }

  /** The answer a learner gives: the key, or a wrong one (the first wrong choice most often). */
  function answerOf(q, shown, right, key) {
    const correct = q.correctAnswer;
    if (q.type === 'blank') {
      if (right) return correct[0];
      const v = Number(correct[0]);
      if (!Number.isFinite(v)) return 'unknown';
      // a decimal slip (×10), or an off value
      return unit(...key, 'slip') < 0.5 ? String(v * 10) : String(Math.round(v * 1.5 * 100) / 100);
    }
    const choices = shown.answerOrder.length > 0 ? shown.answerOrder : q.choices;
    const wrong = q.choices.filter((c) => !correct.includes(c));
    if (q.type === 'sata') {
      if (right || wrong.length === 0) return correct;
      return [...correct.slice(0, Math.max(1, correct.length - 1)), wrong[0]];
    }
    if (right || wrong.length === 0) return correct[0];
    const popular = unit(...key, 'popular') < 0.6;
    const pick = popular ? wrong[0] : wrong[Math.floor(unit(...key, 'wrong') * wrong.length)];
    return choices.includes(pick) ? pick : wrong[0];
  }

  try {
    for (let i = 0; i < learners.length; i += parallel) {
      await Promise.all(learners.slice(i, i + parallel).map((l, k) => take(l, i + k)));
    }
  } finally {
    clearInterval(progress);
    if (!keep) await deleteLearners(profile, learners);
  }
  console.log(
    `[item-analysis seed] done: ${graded} graded tests, ${answered} answers, ${questions.size} questions, ${Math.round((Date.now() - started) / 1000)} s${keep ? '' : ' (accounts deleted; tests and statistics stay)'}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
