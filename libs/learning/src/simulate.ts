/**
 * Offline evaluation of the mastery model (issue 29, deliver 1): simulated learners of KNOWN skill
 * answer items of KNOWN difficulty; before each answer the model predicts P(correct), then folds
 * the answer in. Comparing the predictions with the outcomes gives the calibration curve and the
 * Brier score; comparing the model's mastery with the learner's true skill shows what 'not
 * enough answers yet' protects against. Pure and seeded (the runner is
 * tools/bench/mastery-eval.mjs; a small run is in simulate.spec.ts).
 */
import { NEW_SKILL, masteryOf, predictCorrect, updateSkill } from './mastery';
import { normalDraw, seededRandom, sigmoid } from './math';
import type { MasteryLevel, SkillState } from './types';

/** The simulated population and practice (every field has a default in DEFAULT_SIMULATION). */
export interface SimulationOptions {
  seed: number;
  learners: number;
  /** Topics per learner (each with its own true ability). */
  topics: number;
  /** Practice days per learner, and answers per day (spread over the topics at random). */
  days: number;
  answersPerDay: number;
  /** Days between two practice days: 1 to maxGapDays, uniformly. */
  maxGapDays: number;
  /** Spread of the true ability on a topic across learners (logits, mean 0). */
  abilitySd: number;
  /** Spread of the topics' typical difficulty, and of the items' difficulty around it. */
  topicDifficultySd: number;
  itemDifficultySd: number;
  /** Error of the difficulty the model is given (the item analysis's estimate), logits sd. */
  difficultyNoiseSd: number;
  /** Share of four-choice items (guess 0.25); the rest are typed answers (guess 0). */
  fourChoiceShare: number;
  /** True ability gained per answer on the topic (learning by practice), logits. */
  learnPerAnswer: number;
  /** True ability lost per day without practice (forgetting), logits. */
  forgetPerDay: number;
}

export const DEFAULT_SIMULATION: SimulationOptions = Object.freeze({
  seed: 1,
  learners: 300,
  topics: 4,
  days: 8,
  answersPerDay: 16,
  maxGapDays: 4,
  abilitySd: 1.2,
  topicDifficultySd: 0.7,
  itemDifficultySd: 0.8,
  difficultyNoiseSd: 0.3,
  fourChoiceShare: 0.6,
  learnPerAnswer: 0.03,
  forgetPerDay: 0.03,
});

/** One simulated answer, with what each predictor said before it. */
export interface SimulatedAnswer {
  correct: boolean;
  /** The model's predictive P(correct) for this item, before the answer. */
  model: number;
  /** The learner's running share correct on the topic with a Laplace prior: (k + 1)/(n + 2). */
  runningShare: number;
  /** The true P(correct) of this item for this learner now (known only to the simulation). */
  truth: number;
  /** Answers on the topic before this one. */
  answersBefore: number;
  /** The model's mastery before the answer, and the true p on a typical item (b = 0, no guess). */
  masteryP: number;
  masteryLow: number;
  masteryHigh: number;
  level: MasteryLevel;
  trueTypicalP: number;
}

/** Runs the simulation: learners × topics × days × answers, every answer recorded in order. */
export function simulate(options: Partial<SimulationOptions> = {}): SimulatedAnswer[] {
  const o: SimulationOptions = { ...DEFAULT_SIMULATION, ...options };
  const random = seededRandom(o.seed);
  const out: SimulatedAnswer[] = [];
  const start = Date.parse('2026-01-05T08:00:00.000Z');
  for (let l = 0; l < o.learners; l++) {
    const theta = Array.from({ length: o.topics }, () => o.abilitySd * normalDraw(random));
    const topicB = Array.from({ length: o.topics }, () => o.topicDifficultySd * normalDraw(random));
    const states: SkillState[] = theta.map(() => NEW_SKILL);
    let day = 0;
    for (let d = 0; d < o.days; d++) {
      if (d > 0) {
        const gap = 1 + Math.floor(random() * o.maxGapDays);
        day += gap;
        for (let t = 0; t < o.topics; t++) theta[t] -= o.forgetPerDay * gap;
      }
      for (let a = 0; a < o.answersPerDay; a++) {
        const at = new Date(start + day * 86_400_000 + a * 90_000).toISOString();
        const t = Math.floor(random() * o.topics);
        const b = topicB[t] + o.itemDifficultySd * normalDraw(random);
        const guess = random() < o.fourChoiceShare ? 0.25 : 0;
        const truth = guess + (1 - guess) * sigmoid(theta[t] - b);
        const correct = random() < truth;
        const s = states[t];
        const seenDifficulty = b + o.difficultyNoiseSd * normalDraw(random);
        const m = masteryOf(s, at);
        out.push({
          correct,
          model: predictCorrect(s, seenDifficulty, guess, at),
          runningShare: (s.correct + 1) / (s.n + 2),
          truth,
          answersBefore: s.n,
          masteryP: m.p,
          masteryLow: m.low,
          masteryHigh: m.high,
          level: m.level,
          trueTypicalP: sigmoid(theta[t]),
        });
        states[t] = updateSkill(s, { correct, difficulty: seenDifficulty, guess, at });
        theta[t] += o.learnPerAnswer;
      }
    }
  }
  return out;
}

/** One bin of the calibration curve. */
export interface CalibrationBin {
  /** The bin's range of predicted probability [from, to). */
  from: number;
  to: number;
  count: number;
  meanPredicted: number;
  observed: number;
}

/** The calibration curve of a predictor: `bins` equal-width bins of the prediction. */
export function calibration(
  answers: readonly SimulatedAnswer[],
  predict: (a: SimulatedAnswer) => number = (a) => a.model,
  bins = 10,
): CalibrationBin[] {
  const acc = Array.from({ length: bins }, () => ({ n: 0, p: 0, y: 0 }));
  for (const a of answers) {
    const p = predict(a);
    const bin = acc[Math.min(bins - 1, Math.floor(p * bins))];
    bin.n++;
    bin.p += p;
    bin.y += a.correct ? 1 : 0;
  }
  return acc.map((b, i) => ({
    from: i / bins,
    to: (i + 1) / bins,
    count: b.n,
    meanPredicted: b.n ? b.p / b.n : NaN,
    observed: b.n ? b.y / b.n : NaN,
  }));
}

/** Expected calibration error: the count-weighted mean |mean predicted − observed| over bins. */
export function calibrationError(bins: readonly CalibrationBin[]): number {
  const total = bins.reduce((s, b) => s + b.count, 0);
  return bins.reduce(
    (s, b) => (b.count ? s + (b.count / total) * Math.abs(b.meanPredicted - b.observed) : s),
    0,
  );
}

/** The Brier score of a predictor: mean (p − y)². Lower is better; 0.25 is a coin flip. */
export function brier(
  answers: readonly SimulatedAnswer[],
  predict: (a: SimulatedAnswer) => number,
): number {
  let sum = 0;
  for (const a of answers) sum += (predict(a) - (a.correct ? 1 : 0)) ** 2;
  return sum / answers.length;
}

/** The Brier scores of the model and its baselines on the same answers. */
export interface BrierReport {
  model: number;
  /** The constant base rate: the share correct over all the answers (fitted in hindsight). */
  baseRate: number;
  /** The learner's running share correct on the topic, (k + 1)/(n + 2). */
  runningShare: number;
  /** The truth itself: the floor no predictor can beat (the outcomes' own noise). */
  truth: number;
}

export function brierReport(answers: readonly SimulatedAnswer[]): BrierReport {
  const rate = answers.reduce((s, a) => s + (a.correct ? 1 : 0), 0) / answers.length;
  return {
    model: brier(answers, (a) => a.model),
    baseRate: brier(answers, () => rate),
    runningShare: brier(answers, (a) => a.runningShare),
    truth: brier(answers, (a) => a.truth),
  };
}

/** What 'not enough answers yet' protects against: the model's mastery vs the true skill. */
export interface EnoughReport {
  /** Share of the moments (before an answer) at which the model said 'not enough'. */
  notEnoughShare: number;
  /** Mean |p − true p| on a typical item, when the model said 'not enough' and when it did not. */
  errorWhenNotEnough: number;
  errorWhenEnough: number;
  /** Share of moments whose level (from p) matched the level of the true p, in each case. */
  levelRightWhenNotEnough: number;
  levelRightWhenEnough: number;
  /** Share of moments whose 80 % interval held the true p (should be near 0.8). */
  intervalCoverage: number;
}

export function enoughReport(
  answers: readonly SimulatedAnswer[],
  levelOf: (p: number) => MasteryLevel,
): EnoughReport {
  const sum = { notEnough: 0, errNo: 0, errYes: 0, rightNo: 0, rightYes: 0, covered: 0 };
  for (const a of answers) {
    const err = Math.abs(a.masteryP - a.trueTypicalP);
    const right = levelOf(a.masteryP) === levelOf(a.trueTypicalP) ? 1 : 0;
    if (a.level === 'not-enough') {
      sum.notEnough++;
      sum.errNo += err;
      sum.rightNo += right;
    } else {
      sum.errYes += err;
      sum.rightYes += right;
    }
    if (a.masteryLow <= a.trueTypicalP && a.trueTypicalP <= a.masteryHigh) sum.covered++;
  }
  const n = answers.length;
  const enough = n - sum.notEnough;
  return {
    notEnoughShare: sum.notEnough / n,
    errorWhenNotEnough: sum.notEnough ? sum.errNo / sum.notEnough : NaN,
    errorWhenEnough: enough ? sum.errYes / enough : NaN,
    levelRightWhenNotEnough: sum.notEnough ? sum.rightNo / sum.notEnough : NaN,
    levelRightWhenEnough: enough ? sum.rightYes / enough : NaN,
    intervalCoverage: sum.covered / n,
  };
}
