/**
 * The study plan (issue 29, deliverable 4): the learner sets an exam date and minutes per day;
 * the plan spreads the objectives by weakness and time left. It is a pure function of the
 * current mastery, so it adapts by being recomputed: an objective that gets stronger loses
 * share the next time the plan is read.
 */
import { masteryOf } from './mastery';
import type {
  MasteryLevel,
  PlanBlock,
  PlanDay,
  PlanObjective,
  StudyPlan,
  StudyPlanInput,
} from './types';

/** Minutes per question: the TEAS Math pace, 57 minutes for 38 items. */
export const MINUTES_PER_QUESTION = 1.5;

/** The daily review block takes at most this share of the day; practice keeps the rest. */
export const REVIEW_SHARE_CAP = 1 / 3;

/** Bounds of the minutes per day a learner may set (the service validates before calling). */
export const MIN_MINUTES_PER_DAY = 5;
export const MAX_MINUTES_PER_DAY = 600;

/** Days the plan lays out: a week (fewer when the exam is sooner). */
export const PLAN_DAYS = 7;

/**
 * With this many days left or more the exam is far: every objective keeps at least an even
 * share of `FAR_FLOOR` of the practice time (half of it spread evenly, half by weakness), so
 * nothing is left unpractised while there is time to learn it.
 */
export const FAR_DAYS = 28;
export const FAR_FLOOR = 0.5;

/**
 * With this many days left or fewer the exam is close: practice goes only to the
 * `CLOSE_FOCUS` weakest objectives, where a last week of work gains the most. Between close
 * and far the even part shrinks linearly from `FAR_FLOOR` to nothing.
 */
export const CLOSE_DAYS = 7;
export const CLOSE_FOCUS = 3;

/**
 * The weakness given to an objective with too few answers to show a level: as weak as a coin
 * flip (p 0.5, inside 'needs-work'), since an objective never practised is more likely weak
 * than strong, and practising it is also how the model learns where the learner stands. Its
 * own estimate counts when that says weaker still.
 */
export const UNKNOWN_WEAKNESS = 0.5;

/** A practice block is at least this long (when the day allows), and a day has at most this many. */
export const MIN_BLOCK_MINUTES = 10;
export const MAX_BLOCKS_PER_DAY = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

interface Weighed {
  objective: PlanObjective;
  index: number;
  weakness: number;
  level: MasteryLevel;
  share: number;
}

/**
 * The plan for the next days:
 * - each objective's weakness is 1 − p (p: its mastery's chance of a right answer on a typical
 *   item, drifted to today, so an objective not practised for weeks grows weaker);
 *   'not-enough' counts at least `UNKNOWN_WEAKNESS`;
 * - its share of practice time = even part + weakness part: with d days left, the even part is
 *   `FAR_FLOOR` at `FAR_DAYS` or more, shrinking linearly to 0 at `CLOSE_DAYS`; the rest is
 *   spread in proportion to weakness. At `CLOSE_DAYS` or fewer only the `CLOSE_FOCUS` weakest
 *   objectives share the time, by weakness;
 * - each day starts with the review block (today only: the due reviews × `MINUTES_PER_QUESTION`,
 *   at most `REVIEW_SHARE_CAP` of the day; later days get theirs when the plan is read that
 *   day), then up to `MAX_BLOCKS_PER_DAY` practice blocks of equal length, each for the
 *   objective whose time so far lags its share the most, so a week matches the shares;
 * - days: today up to the day before the exam, at most `PLAN_DAYS`; none on the exam day or
 *   after it (`daysLeft` is then 0 and the summary says which).
 * Throws a RangeError on minutes outside 5..600, a date that is not a real 'YYYY-MM-DD', or a
 * negative or fractional review count.
 */
export function buildPlan(input: StudyPlanInput): StudyPlan {
  validate(input);
  const daysLeft = dayNumber(input.examDate) - dayNumber(input.today);
  const focus = weigh(input, Math.max(daysLeft, 0));
  const days = daysLeft > 0 ? layOut(input, focus, Math.min(daysLeft, PLAN_DAYS)) : [];
  return {
    examDate: input.examDate,
    daysLeft: Math.max(daysLeft, 0),
    minutesPerDay: input.minutesPerDay,
    focus: focus.map((w) => ({
      course: w.objective.course,
      objective: w.objective.objective,
      name: w.objective.name,
      share: w.share,
      level: w.level,
    })),
    days,
    summary: summarise(input, daysLeft, focus, days),
  };
}

/** The objectives with their weakness and share, weakest share first (ties in input order). */
function weigh(input: StudyPlanInput, daysLeft: number): Weighed[] {
  const now = `${input.today}T23:59:59.999Z`;
  const weighed: Weighed[] = input.objectives.map((objective, index) => {
    const mastery = masteryOf(objective.state, now);
    const weakness = mastery.enough ? 1 - mastery.p : Math.max(1 - mastery.p, UNKNOWN_WEAKNESS);
    return { objective, index, weakness, level: mastery.level, share: 0 };
  });
  const byWeakness = [...weighed].sort((a, b) => b.weakness - a.weakness || a.index - b.index);
  const included = daysLeft <= CLOSE_DAYS ? byWeakness.slice(0, CLOSE_FOCUS) : byWeakness;
  const even = daysLeft <= CLOSE_DAYS ? 0 : evenPart(daysLeft);
  const total = included.reduce((sum, w) => sum + w.weakness, 0);
  for (const w of included) {
    const byWeaknessShare = total > 0 ? w.weakness / total : 1 / included.length;
    w.share = even / included.length + (1 - even) * byWeaknessShare;
  }
  return weighed.sort((a, b) => b.share - a.share || b.weakness - a.weakness || a.index - b.index);
}

/** The even part of the shares at `daysLeft` (more than CLOSE_DAYS): linear up to FAR_FLOOR. */
function evenPart(daysLeft: number): number {
  if (daysLeft >= FAR_DAYS) return FAR_FLOOR;
  return (FAR_FLOOR * (daysLeft - CLOSE_DAYS)) / (FAR_DAYS - CLOSE_DAYS);
}

/** The review block of today: due reviews at the TEAS pace, capped at a share of the day. */
export function reviewBlock(minutesPerDay: number, dueReviews: number): PlanBlock | null {
  const capped = Math.floor((minutesPerDay * REVIEW_SHARE_CAP) / MINUTES_PER_QUESTION);
  const questions = Math.min(dueReviews, capped);
  if (questions <= 0) return null;
  return {
    kind: 'review',
    course: '',
    objective: null,
    name: 'Review missed items',
    minutes: Math.ceil(questions * MINUTES_PER_QUESTION),
    questions,
  };
}

function layOut(input: StudyPlanInput, focus: readonly Weighed[], count: number): PlanDay[] {
  const practised = focus.filter((w) => w.share > 0);
  const owed = new Map<Weighed, number>(practised.map((w) => [w, 0]));
  const days: PlanDay[] = [];
  for (let day = 0; day < count; day++) {
    const review = day === 0 ? reviewBlock(input.minutesPerDay, input.dueReviews) : null;
    const practice = input.minutesPerDay - (review?.minutes ?? 0);
    for (const w of practised) owed.set(w, (owed.get(w) ?? 0) + w.share * practice);
    const blocks = Math.min(
      practised.length,
      Math.max(1, Math.min(MAX_BLOCKS_PER_DAY, Math.floor(practice / MIN_BLOCK_MINUTES))),
    );
    const chosen = [...practised]
      .sort((a, b) => (owed.get(b) ?? 0) - (owed.get(a) ?? 0) || b.share - a.share)
      .slice(0, blocks)
      .sort((a, b) => practised.indexOf(a) - practised.indexOf(b)); // shown weakest first
    const lengths = evenSplit(practice, chosen.length);
    const practiceBlocks = chosen.map((w, i): PlanBlock => {
      owed.set(w, (owed.get(w) ?? 0) - lengths[i]);
      return {
        kind: 'practice',
        course: w.objective.course,
        objective: w.objective.objective,
        name: w.objective.name,
        minutes: lengths[i],
        questions: Math.floor(lengths[i] / MINUTES_PER_QUESTION),
      };
    });
    days.push({
      date: dateOf(dayNumber(input.today) + day),
      blocks: review ? [review, ...practiceBlocks] : practiceBlocks,
    });
  }
  return days;
}

/** `total` whole minutes in `parts` lengths differing by at most one, longer first. */
function evenSplit(total: number, parts: number): number[] {
  if (parts === 0) return [];
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total - base * parts ? 1 : 0));
}

function summarise(
  input: StudyPlanInput,
  daysLeft: number,
  focus: readonly Weighed[],
  days: readonly PlanDay[],
): string {
  if (daysLeft < 0) {
    return `Your exam date, ${input.examDate}, has passed. Set your next exam date to get a new plan.`;
  }
  if (daysLeft === 0) return 'Your exam is today, so there is nothing left to plan. Good luck!';
  const when = `Your exam is in ${plural(daysLeft, 'day')}.`;
  const today = days[0].blocks;
  const review = today.find((block) => block.kind === 'review');
  const practice = today
    .filter((block) => block.kind === 'practice')
    .reduce((sum, b) => sum + b.minutes, 0);
  const todayText = review
    ? `Today: ${plural(review.minutes, 'minute')} reviewing ${plural(review.questions, 'missed item')}, then ${plural(practice, 'minute')} of practice.`
    : `Today: ${plural(practice, 'minute')} of practice.`;
  const practised = focus.filter((w) => w.share > 0);
  if (practised.length === 0)
    return `${when} ${todayText} There are no objectives to practise yet.`;
  const top = practised.slice(0, 3);
  const spread =
    daysLeft <= CLOSE_DAYS
      ? `With the exam this close, practice goes only to your ${plural(top.length, 'weakest objective')}: ${list(top.map((w) => w.objective.name))}.`
      : `Most practice goes to your weakest objectives: ${list(top.map((w) => `${w.objective.name} (${Math.round(w.share * 100)} %)`))}${daysLeft >= FAR_DAYS ? '; every objective gets some time while the exam is weeks away' : ''}.`;
  const unknown = practised.some((w) => w.level === 'not-enough')
    ? ' Objectives with too few answers yet count as weak until your answers show otherwise.'
    : '';
  return `${when} ${todayText} ${spread}${unknown}`;
}

function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function validate(input: StudyPlanInput): void {
  const { minutesPerDay, dueReviews } = input;
  if (
    !Number.isInteger(minutesPerDay) ||
    minutesPerDay < MIN_MINUTES_PER_DAY ||
    minutesPerDay > MAX_MINUTES_PER_DAY
  ) {
    throw new RangeError(
      `minutesPerDay must be a whole number from ${MIN_MINUTES_PER_DAY} to ${MAX_MINUTES_PER_DAY}, got ${minutesPerDay}`,
    );
  }
  if (!Number.isInteger(dueReviews) || dueReviews < 0) {
    throw new RangeError(`dueReviews must be a whole number of 0 or more, got ${dueReviews}`);
  }
  dayNumber(input.examDate, 'examDate');
  dayNumber(input.today, 'today');
}

/** Days since 1970-01-01 of a real 'YYYY-MM-DD' date; a RangeError naming `field` otherwise. */
function dayNumber(date: string, field = 'date'): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(ms) || dateOf(ms / DAY_MS) !== date) {
    throw new RangeError(`${field} must be a real date as YYYY-MM-DD, got '${date}'`);
  }
  return ms / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
