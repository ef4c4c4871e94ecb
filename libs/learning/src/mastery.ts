/**
 * The mastery model (issue 29, deliver 1): a Gaussian belief N(mu, v) about a learner's ability
 * on one skill (logit scale), updated by one Laplace (Newton) step per graded answer, with a
 * three-parameter-logistic observation model
 *
 *   P(correct | θ) = c + (1 − c)·σ(θ − b)
 *
 * where b is the item's difficulty and c its guess chance (1/choices, 0 for typed answers). This
 * is the Glicko / Elo-with-uncertainty family: cheap (a few flops per answer, no history read),
 * order-aware (recent answers count as much as old ones because the variance drifts up between
 * them) and honest about what it does not know (the variance). All parameters are in `params.ts`.
 */
import { PARAMS } from './params';
import { clamp, daysBetween, laterOf, logit, sigmoid } from './math';
import type { Mastery, MasteryLevel, Observation, SkillState } from './types';

/** Floor of a combined stored variance (see combineSkills): positive, far below any real one. */
const MIN_STORED_VARIANCE = 1e-6;

/** The prior: a learner with no answers on the skill is assumed average, with wide uncertainty. */
export const NEW_SKILL: SkillState = Object.freeze({
  mu: PARAMS.PRIOR_MEAN,
  v: PARAMS.PRIOR_VARIANCE,
  n: 0,
  correct: 0,
  lastAt: null,
});

/**
 * The variance of the ability at `now`: the stored variance grown by DRIFT_PER_DAY for every day
 * since the latest answer (abilities move: forgetting, or learning elsewhere), never above the
 * prior's (after long enough, the learner is as unknown as a new one, but no more).
 */
export function driftedVariance(s: SkillState, now: string | null | undefined): number {
  const grown = s.v + PARAMS.DRIFT_PER_DAY * daysBetween(s.lastAt, now);
  return Math.min(Math.max(s.v, grown), Math.max(s.v, PARAMS.PRIOR_VARIANCE));
}

/**
 * Folds one graded answer into the belief:
 *   1. drift: v ← min(v + DRIFT_PER_DAY·days since lastAt + DRIFT_PER_ANSWER, prior variance);
 *   2. one Newton step on the log-posterior at mu (the Laplace approximation), with
 *      p = σ(mu − b), P = c + (1 − c)p (kept in [ε, 1 − ε]),
 *      gradient   g = (y − P)·(1 − c)p(1 − p) / (P(1 − P)),
 *      information I = ((1 − c)p(1 − p))² / (P(1 − P)),
 *      v' = 1 / (1/v + I),  mu' = mu + v'·g.
 * With c = 0 this is g = y − p, I = p(1 − p): the Glicko / logistic-regression update. A right
 * guess on a four-choice item moves the estimate less than a right typed answer (I is smaller),
 * and a miss on an easy item moves it down more than a miss on a hard one. Answers arriving out
 * of order are folded with no drift and keep the later `lastAt`.
 */
export function updateSkill(s: SkillState, o: Observation): SkillState {
  const c = clamp(o.guess, 0, 1 - PARAMS.P_EPSILON);
  const y = o.correct ? 1 : 0;
  const v = Math.min(
    driftedVariance(s, o.at) + PARAMS.DRIFT_PER_ANSWER,
    Math.max(s.v, PARAMS.PRIOR_VARIANCE),
  );
  const p = sigmoid(s.mu - o.difficulty);
  const slope = (1 - c) * p * (1 - p);
  const P = clamp(c + (1 - c) * p, PARAMS.P_EPSILON, 1 - PARAMS.P_EPSILON);
  const g = ((y - P) * slope) / (P * (1 - P));
  const info = (slope * slope) / (P * (1 - P));
  const vNext = 1 / (1 / v + info);
  return {
    mu: s.mu + vNext * g,
    v: vNext,
    n: s.n + 1,
    correct: s.correct + y,
    lastAt: laterOf(s.lastAt, o.at),
  };
}

/** Folds answers in the order given (a learner's history replayed). */
export function foldSkill(s: SkillState, observations: readonly Observation[]): SkillState {
  return observations.reduce(updateSkill, s);
}

/**
 * The probability that the learner answers an item of difficulty `difficulty` (guess chance
 * `guess`) right, integrating the uncertainty of the ability: E[σ(θ − b)] for θ ~ N(mu, v) by
 * the probit approximation σ((mu − b) / sqrt(1 + πv/8)), then c + (1 − c)·that. The variance is
 * drifted to `now` when given, so an old estimate predicts closer to one half.
 */
export function predictCorrect(s: SkillState, difficulty: number, guess = 0, now?: string): number {
  const v = driftedVariance(s, now);
  const q = sigmoid((s.mu - difficulty) / Math.sqrt(1 + (Math.PI * v) / 8));
  return guess + (1 - guess) * q;
}

/** Whether a belief rests on enough evidence to show a level: answers and posterior sd. */
export function isEnough(answers: number, variance: number): boolean {
  return answers >= PARAMS.MIN_ANSWERS && Math.sqrt(variance) <= PARAMS.MAX_SD;
}

/** The level of a predictive p on a typical item (thresholds of PARAMS.LEVELS). */
export function levelOf(p: number): Exclude<MasteryLevel, 'not-enough'> {
  if (p >= PARAMS.LEVELS.mastered) return 'mastered';
  if (p >= PARAMS.LEVELS.proficient) return 'proficient';
  if (p >= PARAMS.LEVELS.developing) return 'developing';
  return 'needs-work';
}

/**
 * Where a learner stands on a skill at `now` (null = no answers yet: the prior):
 *   p     = predictCorrect on a typical item (b = 0, no guessing), drifted to `now`;
 *   low, high = σ(mu ∓ z·sqrt(v)), the 80 % credible interval of σ(θ) (z = Φ⁻¹(0.9));
 *   level = 'not-enough' below MIN_ANSWERS or above MAX_SD, else by the thresholds on p.
 * p is held inside [low, high]: the predictive mean lies between σ(mu) and ½ and only leaves the
 * interval for abilities far beyond any item (|mu| ≫ 5), where the interval is the better answer.
 */
export function masteryOf(s: SkillState | null, now: string): Mastery {
  const state = s ?? NEW_SKILL;
  const v = driftedVariance(state, now);
  const half = PARAMS.INTERVAL_Z * Math.sqrt(v);
  const low = sigmoid(state.mu - half);
  const high = sigmoid(state.mu + half);
  const p = clamp(predictCorrect(state, 0, 0, now), low, high);
  const enough = isEnough(state.n, v);
  return {
    level: enough ? levelOf(p) : 'not-enough',
    p,
    low,
    high,
    enough,
    answers: state.n,
    lastAt: state.lastAt,
  };
}

/**
 * An item's difficulty from its item analysis (n answers, `correct` right), shrunk toward a prior
 * difficulty by `weight` pseudo-answers:
 *
 *   f = (correct + w·(c + (1 − c)σ(−b₀))) / (n + w)      (the shrunk facility)
 *   b = −logit((f − c) / (1 − c))                         (the guessing removed)
 *
 * It rests on the Rasch centring: the population answering the item has mean ability 0, so the
 * item's facility before guessing is σ(0 − b) and b = −logit(facility). (Averaging σ over the
 * population's spread pulls facilities toward ½, so extreme difficulties are read a little less
 * extreme than they are; the prior and the ±DIFFICULTY_LIMIT bound matter more in practice.)
 * With n = 0 the prior difficulty comes back unchanged.
 */
export function difficultyFromFacility(
  n: number,
  correct: number,
  prior: { difficulty: number; weight: number } = {
    difficulty: 0,
    weight: PARAMS.DIFFICULTY_PRIOR_WEIGHT,
  },
  guess = 0,
): number {
  const c = clamp(guess, 0, 0.99);
  const w = Math.max(0, prior.weight);
  const answers = Math.max(0, n);
  const right = clamp(correct, 0, answers);
  if (answers + w === 0)
    return clamp(prior.difficulty, -PARAMS.DIFFICULTY_LIMIT, PARAMS.DIFFICULTY_LIMIT);
  const priorFacility = c + (1 - c) * sigmoid(-prior.difficulty);
  const facility = (right + w * priorFacility) / (answers + w);
  const bound = sigmoid(PARAMS.DIFFICULTY_LIMIT);
  const beforeGuessing = clamp((facility - c) / (1 - c), 1 - bound, bound);
  return -logit(beforeGuessing);
}

/**
 * One belief for a group of skills (an objective's topics, a course section's objectives), so an
 * aggregate is shown with the same rules as a skill. The group's ability is the mean of its
 * members' (each member counts once, answered or not: an unanswered member is the prior), and its
 * variance at `now` is the mean of theirs, each drifted to `now`: the members' errors are treated
 * as fully correlated (a learner's skills move together), which never claims more certainty than
 * the average member has (the independent Σv/k² would, and would call a section known when one
 * objective of four was). Answers and correct add up; `lastAt` is the latest member's. The stored
 * `v` is the variance at `now` less the drift from `lastAt` to `now`, so that `masteryOf(group,
 * now)` and `predictCorrect(group, b, c, now)`, which drift from `lastAt`, see the mean above.
 * Without `now` the members' stored variances are averaged as they are.
 */
export function combineSkills(states: readonly (SkillState | null)[], now?: string): SkillState {
  if (states.length === 0) return NEW_SKILL;
  let mu = 0;
  let v = 0;
  let n = 0;
  let correct = 0;
  let lastAt: string | null = null;
  for (const member of states) {
    const s = member ?? NEW_SKILL;
    mu += s.mu;
    v += driftedVariance(s, now);
    n += s.n;
    correct += s.correct;
    lastAt = laterOf(lastAt, s.lastAt);
  }
  const k = states.length;
  const stored = v / k - PARAMS.DRIFT_PER_DAY * daysBetween(lastAt, now);
  return { mu: mu / k, v: Math.max(stored, MIN_STORED_VARIANCE), n, correct, lastAt };
}
