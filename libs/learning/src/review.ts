/**
 * Missed items brought back at growing intervals (issue 29, deliverable 2): a card per missed
 * item, scheduled by FSRS (`ts-fsrs`, FSRS-6 default weights), and what to serve when it is due:
 * the same item by its id, or a sibling with the same misconception once the learner has seen
 * those numbers again.
 */
import {
  hasGenerator,
  isPumpTopic,
  MAX_SEED,
  parseItemId,
  generate,
  Rng,
  UnknownTopicError,
} from '@examprep/generators';
import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  Rating,
  type Card,
  type Grade,
  type State,
} from 'ts-fsrs';
import type { ReviewCard, ReviewServe, StoredFsrsCard } from './types';

/**
 * The chance of recall FSRS schedules for: the next review falls when the learner would
 * still answer right nine times in ten (ts-fsrs's default, the value FSRS is tuned for).
 */
export const REQUEST_RETENTION = 0.9;

/**
 * The (re)learning step after a miss: 12 hours. ts-fsrs's default steps (1 and 10 minutes)
 * would put a missed item back in the same sitting, before the explanation has faded, and
 * fill the daily review queue with items just seen; a step of a day or more is taken as a
 * review interval and would miss a sitting held earlier in the day than the miss. Twelve hours
 * never comes back in the same sitting and is due by the next day's sitting whenever in the
 * day it is held (up to 12 hours earlier than the miss): "a missed item back the next day".
 * The same step after a lapse of a learned card.
 */
export const MISS_STEP = '12h';

/**
 * A card whose next interval is longer than this many days is learned: it leaves the review
 * queue (`isRetired`). Sixty days is longer than most learners' time to their exam, so a card
 * scheduled beyond it would seldom come back before the exam anyway; with FSRS-6's defaults a
 * card missed once gets there after six right answers in a row (1, 2, 6, 18, 45, then 105 days).
 */
export const RETIREMENT_DAYS = 60;

/**
 * How many candidate seeds `siblingSeed` tries for an item that names the misconception. A
 * single-choice item names three of its topic's misconceptions, and about half the items of
 * most topics are fill-in-the-blank naming none: 128 candidates find any misconception named by
 * one item in twenty or more (the spec checks every topic); rarer ones (mostly the generic
 * 'arithmetic slip' fallbacks) may fall back to another item of the topic. Worst case (nothing
 * found) 128 generations, about 10 ms in the specs' runtime; served once per due card.
 */
export const SIBLING_CANDIDATES = 128;

/**
 * The scheduler: FSRS-6 default weights, fuzz off (ts-fsrs's default) so the same answers give
 * the same dates in the service and in the specs (the queue is per learner: no clumping of many
 * cards made the same day for fuzz to spread).
 */
const scheduler = fsrs(
  generatorParameters({
    request_retention: REQUEST_RETENTION,
    enable_fuzz: false,
    enable_short_term: true,
    learning_steps: [MISS_STEP],
    relearning_steps: [MISS_STEP],
  }),
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a miss is about: the item and where it belongs. */
export interface MissInput {
  itemId: string;
  topicKey: string | null;
  course: string;
  objective: string;
  misconception: string | null;
}

/** A new card for a missed item: its first grading is the miss ('Again' at `at`), due 12 hours later. */
export function cardFromMiss(input: MissInput, at: string): ReviewCard {
  const when = instant(at);
  const { card } = scheduler.next(createEmptyCard(when), when, Rating.Again);
  return {
    itemId: input.itemId,
    topicKey: input.topicKey,
    course: input.course,
    objective: input.objective,
    misconception: input.misconception,
    due: card.due.toISOString(),
    reviews: 0,
    lapses: 0,
    fsrs: toStored(card),
  };
}

/** The card after a review: 'Good' on a right answer, 'Again' on a miss (a lapse). */
export function reviewCard(card: ReviewCard, correct: boolean, at: string): ReviewCard {
  const grade: Grade = correct ? Rating.Good : Rating.Again;
  const next = scheduler.next(fromStored(card.fsrs), instant(at), grade).card;
  return {
    ...card,
    due: next.due.toISOString(),
    reviews: card.reviews + 1,
    lapses: card.lapses + (correct ? 0 : 1),
    fsrs: toStored(next),
  };
}

/** The interval the card was last scheduled for, in days (fractions for a 12-hour step). */
export function intervalDays(card: ReviewCard): number {
  const last = card.fsrs.last_review;
  if (last === null) return 0;
  return (Date.parse(card.fsrs.due) - Date.parse(last)) / DAY_MS;
}

/** Learned: the next interval is beyond `RETIREMENT_DAYS`, so the card leaves the queue. */
export function isRetired(card: ReviewCard): boolean {
  return intervalDays(card) > RETIREMENT_DAYS;
}

/**
 * Whether the card is to be served by `until` (an ISO time): the service passes now, or the end
 * of the learner's day to count "due today". A retired card is never due.
 */
export function isDue(card: ReviewCard, until: string): boolean {
  return !isRetired(card) && Date.parse(card.due) <= instant(until).getTime();
}

/** The cards due by `until`, the longest overdue first (ties by item id, so the order is stable). */
export function dueCards(cards: readonly ReviewCard[], until: string): ReviewCard[] {
  return cards
    .filter((card) => isDue(card, until))
    .sort((a, b) => Date.parse(a.due) - Date.parse(b.due) || compare(a.itemId, b.itemId));
}

/** The scheduler's card as stored: dates as ISO strings, `state` as its number. */
export function toStored(card: Card): StoredFsrsCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** The stored card back as the scheduler's. */
export function fromStored(stored: StoredFsrsCard): Card {
  const card: Card = {
    due: instant(stored.due),
    stability: stored.stability,
    difficulty: stored.difficulty,
    elapsed_days: stored.elapsed_days,
    scheduled_days: stored.scheduled_days,
    learning_steps: stored.learning_steps,
    reps: stored.reps,
    lapses: stored.lapses,
    state: stored.state as State,
  };
  if (stored.last_review !== null) card.last_review = instant(stored.last_review);
  return card;
}

/**
 * What to serve for a due card:
 * - a generated item (`topic~seed`): the same item on its first return (`reviews` 0), where
 *   the learner meets the numbers they missed; from then on a sibling (same topic, new seed,
 *   naming the same misconception when one can be found), since the learner has now seen those
 *   numbers twice and could answer from memory;
 * - a stored question (qid) whose topic has a generator: always a sibling. The learner met the
 *   stored numbers in a test, so they are the ones memorised, and a stored question may be drawn
 *   into a later test: practising it would leak that test's item;
 * - a stored question whose topic has no generator, or a hand-made question with no topic:
 *   itself, the only item there is.
 * The sibling is a pure function of the card (salt: item id and reviews), so a reload serves
 * the same sibling and each later return a different one.
 */
export function serveFor(card: ReviewCard): ReviewServe {
  const generated = parseItemId(card.itemId);
  if (generated) {
    if (card.reviews === 0) return { kind: 'same', itemId: card.itemId };
    return sibling(generated.topicKey, card, generated.seed);
  }
  if (card.topicKey !== null && hasGenerator(card.topicKey)) {
    return sibling(card.topicKey, card, null);
  }
  return { kind: 'same', itemId: card.itemId };
}

function sibling(topicKey: string, card: ReviewCard, exclude: number | null): ReviewServe {
  const seed = siblingSeed(topicKey, card.misconception, `${card.itemId}#${card.reviews}`, exclude);
  return { kind: 'sibling', topicKey, seed };
}

/**
 * A seed of `topicKey` for a sibling item, chosen deterministically from `salt`: the first of
 * `SIBLING_CANDIDATES` candidate seeds (drawn from a hash of the salt) whose item names
 * `misconception` among its distractors; when none does, when the misconception is null, or
 * for a pump topic (pump items name none), the first candidate. Never `exclude` (the original
 * item's seed). Throws `UnknownTopicError` for a topic without a generator.
 */
export function siblingSeed(
  topicKey: string,
  misconception: string | null,
  salt: string,
  exclude: number | null = null,
): number {
  if (!hasGenerator(topicKey)) throw new UnknownTopicError(topicKey);
  const rng = new Rng(fnv1a(`${topicKey}|${salt}`));
  const candidates: number[] = [];
  while (candidates.length < SIBLING_CANDIDATES) {
    const seed = rng.int(0, MAX_SEED);
    if (seed !== exclude) candidates.push(seed);
  }
  if (misconception === null || isPumpTopic(topicKey)) return candidates[0];
  const named = candidates.find((seed) =>
    generate(topicKey, seed).distractors.some((d) => d.misconception === misconception),
  );
  return named ?? candidates[0];
}

/** FNV-1a, 32 bits: a small, stable string hash (the same salt gives the same seeds everywhere). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function instant(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date and time: '${iso}'`);
  return date;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
