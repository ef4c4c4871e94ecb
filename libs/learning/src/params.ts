/**
 * Every parameter of the learning engine's model, in one place (issue 29: "a documented model
 * with its parameters in one place"). Abilities and difficulties are on the logit scale; a
 * variance is in logits². Each value says why it is what it is; the offline evaluation
 * (`simulate.ts`, `tools/bench/mastery-eval.mjs`) is how a change to one of them is judged.
 */
export const PARAMS = Object.freeze({
  /**
   * Prior mean of a learner's ability on a skill. 0 is the population's mean ability (the same
   * Rasch centring that makes a difficulty-0 item one the population answers half the time), so
   * a new learner is assumed average until the answers say otherwise.
   */
  PRIOR_MEAN: 0,

  /**
   * Prior variance of the ability (sd ≈ 1.22 logits): a learner is somewhere between "answers a
   * typical item 1 time in 10" and "9 times in 10" (±1.8 logits ≈ 1.5 sd). Item-response studies
   * put the population's ability sd near 1; a bit wider keeps the first answers informative
   * without letting one answer swing the estimate far.
   */
  PRIOR_VARIANCE: 1.5,

  /**
   * Growth of the variance per day without answers (logits² per day): abilities move, by
   * forgetting or by learning elsewhere, so an old estimate is held less surely. 0.02 makes a
   * well-measured skill (v ≈ 0.1) fall back to the 'not enough' uncertainty (sd 0.8) after about
   * four weeks, and to the prior after about ten weeks. The variance never exceeds the prior's.
   */
  DRIFT_PER_DAY: 0.02,

  /**
   * Growth of the variance per answer (logits²): a learner learns while practising, inside one
   * day too, so the belief is kept from freezing after many answers (without it the variance
   * shrinks like 1/n and a learner who improves in a session would be followed ever more
   * slowly). 0.01 is small beside the information of one answer (0.15..0.25).
   */
  DRIFT_PER_ANSWER: 0.01,

  /**
   * Bounds on the predicted probability inside the update, so the gradient and the information
   * stay finite when an item is far too easy or too hard for the current estimate.
   */
  P_EPSILON: 1e-6,

  /**
   * Fewest answers on a skill before the model says anything but 'not enough answers yet'. Five
   * is the least that can tell 60 % from 90 % apart at all; the sd bound below does the rest.
   */
  MIN_ANSWERS: 5,

  /**
   * Largest posterior sd (logits) at which a level is shown. At 0.8 the 80 % interval of p on a
   * typical item is about ±0.24 wide around 0.5: wider than that the levels would be a guess.
   * Four-choice items carry less information (guessing), so they need more answers to get here.
   */
  MAX_SD: 0.8,

  /**
   * Level thresholds on p (the predictive P(correct) on a typical item). Below 0.6: needs work;
   * 0.6..0.75: developing; 0.75..0.9: proficient; 0.9 and above: mastered. 0.75 is near the
   * usual TEAS program cut-off for Math (about 26 of 34); 0.9 is the mastery bar common in
   * mastery-learning practice.
   */
  LEVELS: Object.freeze({ developing: 0.6, proficient: 0.75, mastered: 0.9 }),

  /** Credible mass of every interval shown: 80 % (the 10th to the 90th percentile). */
  INTERVAL: 0.8,

  /** The standard-normal quantile of the interval's upper end: Φ⁻¹(0.9). */
  INTERVAL_Z: 1.2815515655446004,

  /**
   * Pseudo-answers of the prior when an item's difficulty is read from its item-analysis facility:
   * with 10, an item answered 10 times sits halfway between its own facility and the prior's,
   * so a handful of answers cannot make an item look impossibly easy or hard.
   */
  DIFFICULTY_PRIOR_WEIGHT: 10,

  /** Bounds of a difficulty read from a facility (logits): p between 2 % and 98 %. */
  DIFFICULTY_LIMIT: 4,

  /**
   * Expected gain (weak-spot picker) = INFORMATION_WEIGHT × expected variance reduction of the
   * next answer + expected error rate. The two terms are on comparable scales (0..~0.5 and 0..1);
   * 1 weights "we do not know this yet" as much as "the learner gets this wrong".
   */
  INFORMATION_WEIGHT: 1,

  /**
   * Least share of the expected gain any candidate keeps in the weak-spot draw: a mastered topic
   * still comes back now and then (no topic starves), at about 1 draw in 20 beside a weak one.
   */
  GAIN_FLOOR: 0.05,

  /** The TEAS 7 Math test: 38 items, of which 34 scored (18 Numbers and Algebra, 16 Measurement and Data). */
  TEAS_TOTAL_ITEMS: 38,
  TEAS_SCORED_ITEMS: 34,
  TEAS_SECTION_ITEMS: Object.freeze({
    'Numbers and Algebra': 18,
    'Measurement and Data': 16,
  } as Record<string, number>),

  /** TEAS Math items are mostly four-choice single answer: the chance of a right guess. */
  TEAS_GUESS: 0.25,

  /** Typical difficulty of a TEAS item for the readiness prediction (the population's centre). */
  TEAS_ITEM_DIFFICULTY: 0,

  /**
   * Fewest answers per TEAS section before a score is predicted: with fewer, the section's
   * interval is mostly the prior's and a number would look more certain than it is. Ten is two
   * MIN_ANSWERS, about one or two per objective of the section.
   */
  TEAS_SECTION_MIN_ANSWERS: 10,

  /** Monte Carlo draws of the TEAS score: the 10th/90th percentiles move by < 1 item between seeds. */
  TEAS_DRAWS: 4000,

  /** Seed of the TEAS Monte Carlo: the same states give the same prediction on every screen. */
  TEAS_SEED: 29,
});

export type Params = typeof PARAMS;
