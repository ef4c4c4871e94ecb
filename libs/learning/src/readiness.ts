/**
 * Readiness (issue 29, deliver 3): the predicted TEAS Math score with its uncertainty, and Med
 * Dosage readiness per topic family, each in words a learner understands with its evidence.
 * Pure and seeded: the same states and time give the same prediction on every screen.
 */
import { COURSE_DEFINITIONS, TEAS_COURSE, type CourseDefinition } from '@examprep/generators';
import { combineSkills, driftedVariance, masteryOf, NEW_SKILL } from './mastery';
import { laterOf, logit, normalDraw, seededRandom } from './math';
import { PARAMS } from './params';
import type {
  FamilyReadiness,
  Mastery,
  SectionPrediction,
  SkillState,
  TeasPrediction,
} from './types';

const MS_PER_DAY = 86_400_000;

/** The sections of a course in course order (the order of their first objective). */
export function sectionsOf(course: CourseDefinition): { section: string; codes: string[] }[] {
  const sections: { section: string; codes: string[] }[] = [];
  for (const objective of course.objectives) {
    const found = sections.find((s) => s.section === objective.section);
    if (found) found.codes.push(objective.code);
    else sections.push({ section: objective.section, codes: [objective.code] });
  }
  return sections;
}

/**
 * How many of `total` items fall on each of `k` objectives: as equal as whole items allow, the
 * first objectives taking the remainder (16 over 6 objectives: 3, 3, 3, 3, 2, 2).
 */
export function spreadItems(total: number, k: number): number[] {
  const base = Math.floor(total / k);
  return Array.from({ length: k }, (_, i) => base + (i < total - base * k ? 1 : 0));
}

/**
 * How long ago `lastAt` was, in calendar days (UTC) before `now`: "today", "yesterday",
 * "3 days ago", "2 weeks ago", "4 months ago".
 */
export function agoWords(lastAt: string, now: string): string {
  const day = (t: string): number => Math.floor(Date.parse(t) / MS_PER_DAY);
  const days = Math.max(0, day(now) - day(lastAt));
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  return `${Math.floor(days / 30)} months ago`;
}

/** The evidence in words: "Based on 84 answers, the latest today." */
export function evidenceWords(answers: number, lastAt: string | null, now: string): string {
  if (answers === 0 || lastAt === null) return 'No answers yet.';
  const noun = answers === 1 ? 'answer' : 'answers';
  return `Based on ${answers} ${noun}, the latest ${agoWords(lastAt, now)}.`;
}

/** The q-quantile of ascending `sorted` (nearest rank, q in [0, 1]). */
function quantile(sorted: Int32Array, q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

const percentOf = (items: number, of: number): number => Math.round((100 * items) / of);
const lowQ = (1 - PARAMS.INTERVAL) / 2;
const highQ = 1 - lowQ;

let teasRandomnessCache: { normals: Float64Array; thresholds: Float64Array } | null = null;

/**
 * The Monte Carlo's random numbers, drawn once from TEAS_SEED and reused by every prediction: a
 * standard normal per objective and draw, and per scored item and draw the ability above which
 * that item is answered right. An item with uniform u is right when u < c + (1 − c)σ(θ − b),
 * that is always when u < c (a right guess), else when θ > b + logit((u − c)/(1 − c)): so a call
 * needs no logistic at all, one multiply-add per objective and one comparison per item.
 * Reusing the numbers (common random numbers) keeps the prediction deterministic and makes it
 * move monotonically with a learner's states (a better state never draws a lower score).
 */
function teasRandomness(): { normals: Float64Array; thresholds: Float64Array } {
  if (teasRandomnessCache) return teasRandomnessCache;
  const random = seededRandom(PARAMS.TEAS_SEED);
  const draws = PARAMS.TEAS_DRAWS;
  const c = PARAMS.TEAS_GUESS;
  const normals = new Float64Array(draws * TEAS_COURSE.objectives.length);
  for (let i = 0; i < normals.length; i++) normals[i] = normalDraw(random);
  const thresholds = new Float64Array(draws * PARAMS.TEAS_SCORED_ITEMS);
  for (let i = 0; i < thresholds.length; i++) {
    const u = random();
    thresholds[i] =
      u < c ? -Infinity : PARAMS.TEAS_ITEM_DIFFICULTY + logit(Math.max((u - c) / (1 - c), 1e-12));
  }
  teasRandomnessCache = { normals, thresholds };
  return teasRandomnessCache;
}

/**
 * The TEAS Math prediction from the learner's objective states (keyed by TEAS_COURSE objective
 * code; a missing or null state is the prior, so its share of the interval stays wide). Model:
 * - each section's scored items (18 Numbers and Algebra, 16 Measurement and Data) are spread over
 *   its objectives as equally as whole items allow (spreadItems);
 * - an item is answered right with P = c + (1 − c)σ(θ − b), b = TEAS_ITEM_DIFFICULTY, c =
 *   TEAS_GUESS (four-choice items), θ the objective's ability;
 * - the score's distribution is a seeded Monte Carlo of TEAS_DRAWS draws: each objective's θ from
 *   its posterior N(mu, v) (v drifted to `now`), then each item as a Bernoulli draw (the random
 *   numbers drawn once, see teasRandomness). Drawing θ per objective (not per item) keeps the
 *   learner's uncertainty about a skill shared by its items.
 * `predicted` is the mean (one decimal), low/high the 10th and 90th percentiles (whole items).
 * `enough` only when every section has TEAS_SECTION_MIN_ANSWERS answers.
 */
export function teasPrediction(
  objectives: Readonly<Record<string, SkillState | null>>,
  now: string,
): TeasPrediction {
  const sections = sectionsOf(TEAS_COURSE);
  const plan = sections.map(({ section, codes }) => {
    const scoredItems = PARAMS.TEAS_SECTION_ITEMS[section] ?? 0;
    const items = spreadItems(scoredItems, codes.length);
    const states = codes.map((code) => objectives[code] ?? NEW_SKILL);
    return {
      section,
      scoredItems,
      items,
      mus: states.map((s) => s.mu),
      sds: states.map((s) => Math.sqrt(driftedVariance(s, now))),
      answers: states.reduce((sum, s) => sum + s.n, 0),
      lastAt: states.reduce<string | null>((t, s) => laterOf(t, s.lastAt), null),
    };
  });

  const { normals, thresholds } = teasRandomness();
  const draws = PARAMS.TEAS_DRAWS;
  const sectionScores = plan.map(() => new Int32Array(draws));
  const totals = new Int32Array(draws);
  let z = 0;
  let u = 0;
  for (let d = 0; d < draws; d++) {
    let total = 0;
    for (let s = 0; s < plan.length; s++) {
      const { items, mus, sds } = plan[s];
      let score = 0;
      for (let o = 0; o < items.length; o++) {
        const theta = mus[o] + sds[o] * normals[z++];
        for (let i = 0; i < items[o]; i++) if (theta > thresholds[u++]) score++;
      }
      sectionScores[s][d] = score;
      total += score;
    }
    totals[d] = total;
  }

  const summarise = (scores: Int32Array, of: number) => {
    let sum = 0;
    for (const x of scores) sum += x;
    const mean = sum / scores.length;
    const sorted = scores.slice().sort();
    const low = quantile(sorted, lowQ);
    const high = quantile(sorted, highQ);
    return {
      predicted: Math.round(mean * 10) / 10,
      low,
      high,
      percent: percentOf(mean, of),
      percentLow: percentOf(low, of),
      percentHigh: percentOf(high, of),
    };
  };

  const sectionPredictions: SectionPrediction[] = plan.map((p, s) => ({
    section: p.section,
    scoredItems: p.scoredItems,
    ...summarise(sectionScores[s], p.scoredItems),
    enough: p.answers >= PARAMS.TEAS_SECTION_MIN_ANSWERS,
    answers: p.answers,
    lastAt: p.lastAt,
  }));
  const scoredItems = PARAMS.TEAS_SCORED_ITEMS;
  const total = summarise(totals, scoredItems);
  const answers = plan.reduce((sum, p) => sum + p.answers, 0);
  const lastAt = plan.reduce<string | null>((t, p) => laterOf(t, p.lastAt), null);
  const enough = sectionPredictions.every((s) => s.enough);
  const summary = enough
    ? `We expect about ${Math.round(total.predicted)} of ${scoredItems} (${total.percent} %), ` +
      `likely between ${total.low} and ${total.high} (8 chances in 10). ` +
      evidenceWords(answers, lastAt, now)
    : notEnoughWords(sectionPredictions);
  return {
    enough,
    scoredItems,
    ...total,
    sections: sectionPredictions,
    answers,
    lastAt,
    summary,
  };
}

/** "Not enough answers yet: answer at least 4 more Measurement and Data questions for a prediction." */
function notEnoughWords(sections: readonly SectionPrediction[]): string {
  const missing = sections
    .filter((s) => !s.enough)
    .map((s) => `${PARAMS.TEAS_SECTION_MIN_ANSWERS - s.answers} more ${s.section}`);
  const list =
    missing.length <= 1
      ? missing.join('')
      : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return `Not enough answers yet: answer at least ${list} questions for a prediction.`;
}

const LEVEL_WORDS: Record<Exclude<Mastery['level'], 'not-enough'>, string> = {
  'needs-work': 'Needs work',
  developing: 'Developing',
  proficient: 'Proficient',
  mastered: 'Mastered',
};

/** A family's readiness in words: level, the 80 % interval as percent, and the evidence. */
function familyWords(m: Mastery, now: string): string {
  const pct = (x: number): number => Math.round(100 * x);
  const range = `likely between ${pct(m.low)} % and ${pct(m.high)} % right on a typical question`;
  const evidence = evidenceWords(m.answers, m.lastAt, now);
  if (m.level === 'not-enough') {
    return `Not enough answers yet to tell: ${range} for now. ${evidence}`;
  }
  return `${LEVEL_WORDS[m.level]}: about ${pct(m.p)} %, ${range}. ${evidence}`;
}

/**
 * Readiness per topic family (the course's sections, in course order) for any course of
 * COURSE_DEFINITIONS (Med Dosage: Conversions, Oral Medications, Weight-Based Dosing, IV Therapy,
 * Solutions, Critical Care). Each family combines its objectives' states with combineSkills (an
 * objective without answers counts as the prior) and is shown with masteryOf's rules.
 * An unknown course id is a programming error and throws.
 */
export function familyReadiness(
  courseId: string,
  objectives: Readonly<Record<string, SkillState | null>>,
  now: string,
): FamilyReadiness[] {
  const course = COURSE_DEFINITIONS.find((c) => c.id === courseId);
  if (!course) throw new RangeError(`familyReadiness: unknown course '${courseId}'`);
  return sectionsOf(course).map(({ section, codes }) => {
    const mastery = masteryOf(
      combineSkills(
        codes.map((code) => objectives[code] ?? null),
        now,
      ),
      now,
    );
    return { section, mastery, summary: familyWords(mastery, now) };
  });
}
