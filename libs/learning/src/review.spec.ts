import {
  generate,
  generatorKeys,
  isPumpTopic,
  itemId,
  parseItemId,
  UnknownTopicError,
} from '@examprep/generators';
import fc from 'fast-check';
import {
  cardFromMiss,
  dueCards,
  fromStored,
  intervalDays,
  isDue,
  isRetired,
  RETIREMENT_DAYS,
  reviewCard,
  serveFor,
  siblingSeed,
  toStored,
  type MissInput,
} from './review';
import type { ReviewCard } from './types';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const AT = '2026-11-28T10:00:00.000Z';
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** A single-choice ratio item (seed 3) and the first misconception it names. */
const MISSED = generate('teas_ratio_proportion', 3);
const MISCONCEPTION = MISSED.distractors[0].misconception;
const MISS: MissInput = {
  itemId: MISSED.id,
  topicKey: MISSED.topicKey,
  course: MISSED.course,
  objective: MISSED.objective,
  misconception: MISCONCEPTION,
};

/** Answers the card right on each due date, `times` times. */
function goods(card: ReviewCard, times: number): ReviewCard {
  let next = card;
  for (let i = 0; i < times; i++) next = reviewCard(next, true, next.due);
  return next;
}

describe('cardFromMiss', () => {
  it('makes a card for the missed item, graded Again at the miss, due 12 hours later', () => {
    const card = cardFromMiss(MISS, AT);
    expect(card).toMatchObject({
      ...MISS,
      due: '2026-11-28T22:00:00.000Z',
      reviews: 0,
      lapses: 0,
    });
    expect(card.fsrs).toMatchObject({ reps: 1, last_review: AT, due: card.due, state: 1 });
  });

  it('brings a missed item back the next day, and never in the same sitting (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        (date) => {
          const at = date.toISOString();
          const card = cardFromMiss(MISS, at);
          const wait = Date.parse(card.due) - Date.parse(at);
          expect(wait).toBeGreaterThanOrEqual(12 * HOUR);
          expect(wait).toBeLessThanOrEqual(DAY);
          // The journey: the clock moved a day, the missed item is due.
          expect(isDue(card, later(at, DAY))).toBe(true);
          expect(isDue(card, later(at, HOUR))).toBe(false);
        },
      ),
    );
  });

  it('refuses a time that is not a date', () => {
    expect(() => cardFromMiss(MISS, 'yesterday')).toThrow(RangeError);
  });
});

describe('reviewCard', () => {
  it('after the miss, right answers give growing intervals: 1, 2, 6, 18, 45 then 105 days', () => {
    let card = cardFromMiss(MISS, AT);
    const intervals: number[] = [];
    for (let i = 0; i < 6; i++) {
      card = reviewCard(card, true, card.due);
      intervals.push(intervalDays(card));
    }
    expect(intervals).toEqual([1, 2, 6, 18, 45, 105]);
    expect(card).toMatchObject({ reviews: 6, lapses: 0 });
  });

  it('a miss on review is a lapse: back in 12 hours, and the next interval is shorter', () => {
    const learned = goods(cardFromMiss(MISS, AT), 4); // 18 days
    const missed = reviewCard(learned, false, learned.due);
    expect(missed).toMatchObject({ reviews: 5, lapses: 1 });
    expect(Date.parse(missed.due) - Date.parse(learned.due)).toBe(12 * HOUR);
    const relearned = reviewCard(missed, true, missed.due);
    expect(intervalDays(relearned)).toBeGreaterThanOrEqual(1);
    expect(intervalDays(relearned)).toBeLessThan(intervalDays(learned));
  });

  it('is deterministic (no fuzz): the same answers give the same dates', () => {
    const answers = [true, false, true, true];
    const run = () =>
      answers.reduce(
        (card, correct) => reviewCard(card, correct, card.due),
        cardFromMiss(MISS, AT),
      );
    expect(run()).toEqual(run());
  });

  it('a card stored as JSON and read back schedules the same (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { maxLength: 8 }),
        fc.integer({ min: 0, max: 48 }),
        (answers, lateHours) => {
          let direct = cardFromMiss(MISS, AT);
          let stored = JSON.parse(JSON.stringify(direct)) as ReviewCard;
          for (const correct of answers) {
            const at = later(direct.due, lateHours * HOUR);
            direct = reviewCard(direct, correct, at);
            stored = JSON.parse(JSON.stringify(reviewCard(stored, correct, at))) as ReviewCard;
          }
          expect(stored).toEqual(direct);
          expect(toStored(fromStored(direct.fsrs))).toEqual(direct.fsrs);
        },
      ),
    );
  });
});

describe('isRetired', () => {
  it(`retires a card once its next interval passes ${RETIREMENT_DAYS} days`, () => {
    const card = cardFromMiss(MISS, AT);
    expect(isRetired(card)).toBe(false);
    expect(isRetired(goods(card, 5))).toBe(false); // 45 days
    expect(isRetired(goods(card, 6))).toBe(true); // 105 days
  });
});

describe('dueCards', () => {
  it('lists the cards due by the time given, longest overdue first, without retired cards', () => {
    const a = cardFromMiss({ ...MISS, itemId: 'AB12' }, '2026-11-27T09:00:00.000Z');
    const b = cardFromMiss({ ...MISS, itemId: 'AB13' }, '2026-11-26T09:00:00.000Z');
    const c = cardFromMiss({ ...MISS, itemId: 'AB14' }, '2026-11-28T09:00:00.000Z'); // due 21:00
    const retired = goods(cardFromMiss({ ...MISS, itemId: 'AB15' }, '2026-01-01T09:00:00.000Z'), 6);
    const now = '2026-11-28T12:00:00.000Z';
    expect(dueCards([a, b, c, { ...retired, due: now }], now).map((card) => card.itemId)).toEqual([
      'AB13',
      'AB12',
    ]);
    expect(dueCards([a, c], '2026-11-28T23:59:59.999Z').map((card) => card.itemId)).toEqual([
      'AB12',
      'AB14',
    ]);
  });
});

describe('serveFor', () => {
  it('serves the same item by its id on its first return', () => {
    expect(serveFor(cardFromMiss(MISS, AT))).toEqual({ kind: 'same', itemId: MISSED.id });
  });

  it('serves a sibling once the learner has seen the item again: same topic and misconception, new numbers', () => {
    const card = reviewCard(cardFromMiss(MISS, AT), true, later(AT, DAY));
    const serve = serveFor(card);
    expect(serve).toMatchObject({ kind: 'sibling', topicKey: MISSED.topicKey });
    if (serve.kind !== 'sibling') return;
    expect(serve.seed).not.toBe(MISSED.seed);
    const sibling = generate(serve.topicKey, serve.seed);
    expect(sibling.distractors.map((d) => d.misconception)).toContain(MISCONCEPTION);
    // The same card serves the same sibling on a reload; the next return a different one.
    expect(serveFor(card)).toEqual(serve);
    expect(serveFor(reviewCard(card, true, card.due))).not.toEqual(serve);
  });

  it('always serves a sibling for a stored question whose topic has a generator', () => {
    const card = cardFromMiss({ ...MISS, itemId: 'AB12' }, AT);
    expect(serveFor(card)).toMatchObject({ kind: 'sibling', topicKey: MISSED.topicKey });
  });

  it('serves a hand-made question, or one whose topic has no generator, as itself', () => {
    const handMade = cardFromMiss({ ...MISS, itemId: 'AB12', topicKey: null }, AT);
    expect(serveFor(reviewCard(handMade, true, handMade.due))).toEqual({
      kind: 'same',
      itemId: 'AB12',
    });
    const noGenerator = cardFromMiss(
      { ...MISS, itemId: 'AB13', topicKey: 'teas_scientific_notation' },
      AT,
    );
    expect(serveFor(goods(noGenerator, 2))).toEqual({ kind: 'same', itemId: 'AB13' });
  });

  it('serves a pump item again, then a new seed of the same pump topic', () => {
    const pump = generate('md_pump_rate_single', 7);
    const card = cardFromMiss(
      { ...MISS, itemId: pump.id, topicKey: pump.topicKey, misconception: null },
      AT,
    );
    expect(serveFor(card)).toEqual({ kind: 'same', itemId: pump.id });
    const serve = serveFor(reviewCard(card, false, card.due));
    expect(serve).toMatchObject({ kind: 'sibling', topicKey: 'md_pump_rate_single' });
    if (serve.kind === 'sibling')
      expect(parseItemId(itemId(serve.topicKey, serve.seed))).not.toBeNull();
  });
});

describe('siblingSeed', () => {
  it('never returns the original seed (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 0xffffffff }), (salt, seed) => {
        expect(siblingSeed('md_pump_time_single', null, salt, seed)).not.toBe(seed);
        const first = siblingSeed('md_pump_time_single', null, salt);
        expect(siblingSeed('md_pump_time_single', null, salt, first)).not.toBe(first);
      }),
    );
  });

  it('finds, in every topic, an item naming each misconception that one item in twenty names', () => {
    const missing: string[] = [];
    for (const topicKey of generatorKeys().filter((key) => !isPumpTopic(key))) {
      const counts = new Map<string, number>();
      for (let seed = 0; seed < 400; seed++) {
        for (const { misconception } of generate(topicKey, seed).distractors) {
          counts.set(misconception, (counts.get(misconception) ?? 0) + 1);
        }
      }
      for (const [misconception, count] of counts) {
        if (count < 20) continue;
        const seed = siblingSeed(topicKey, misconception, `${topicKey}~0#1`, 0);
        const named = generate(topicKey, seed).distractors.some(
          (d) => d.misconception === misconception,
        );
        if (!named) missing.push(`${topicKey}: ${misconception}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('falls back to another seed of the topic for a misconception no item names', () => {
    const seed = siblingSeed('teas_percents', 'no such misconception', 'salt', 5);
    expect(seed).not.toBe(5);
    expect(siblingSeed('teas_percents', 'no such misconception', 'salt', 5)).toBe(seed);
  });

  it('refuses a topic without a generator', () => {
    expect(() => siblingSeed('teas_scientific_notation', null, 'salt')).toThrow(UnknownTopicError);
  });
});
