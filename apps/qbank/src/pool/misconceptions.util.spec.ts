import { bankableGeneratorKeys, generate, itemId } from '@examprep/generators';
import { checkAnswer } from '@examprep/validation';
import fc from 'fast-check';
import { MisconceptionCache, namedMisconceptions, type ReplaySource } from './misconceptions.util';

/** A stored question exactly as the seed writes it from a generator item. */
function seeded(topicKey: string, seed: number): ReplaySource {
  const item = generate(topicKey, seed);
  if (item.type === 'pump') throw new Error(`${item.id}: pump items are never stored questions`);
  return {
    type: item.type,
    choices: item.choices,
    correctAnswer: item.correctAnswer,
    rounding: item.rounding,
    generatedFrom: item.id,
  };
}

describe('namedMisconceptions: the replayed distractors of a generator-built question', () => {
  it("names each wrong choice of a seeded question ('you added numerators and denominators')", () => {
    const q = seeded('teas_fraction_ops', 7);
    expect(namedMisconceptions(q)).toEqual(generate('teas_fraction_ops', 7).distractors);
    expect(namedMisconceptions(q)).toContainEqual({
      value: '1 7/8',
      misconception: 'added numerators and denominators',
    });
  });

  it('for every topic and seed: only choices of the question, never a correct answer, each value once', () => {
    fc.assert(
      fc.property(
        // stored questions come from bankable topics only (pump items are never stored)
        fc.constantFrom(...bankableGeneratorKeys()),
        fc.integer({ min: 0, max: 0xffffffff }),
        (topicKey, seed) => {
          const q = seeded(topicKey, seed);
          const found = namedMisconceptions(q);
          for (const m of found) {
            if (q.type !== 'blank') expect(q.choices).toContain(m.value);
            expect(checkAnswer(q, [m.value])).toBe(false);
            expect(m.misconception.trim()).not.toBe('');
          }
          expect(new Set(found.map((m) => m.value)).size).toBe(found.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a choice an admin changed since loses its misconception; the others keep theirs', () => {
    const q = seeded('md_drip_rate', 7);
    const changed = { ...q, choices: q.choices.map((c) => (c === '100' ? '101' : c)) };
    const values = namedMisconceptions(changed).map((m) => m.value);
    expect(values).not.toContain('100');
    expect(values.sort()).toEqual(['1,000', '2']);
  });

  it('matches a question stored before the thousands separators (1000) to the replayed 1,000', () => {
    const q = seeded('md_drip_rate', 7);
    const older = { ...q, choices: q.choices.map((c) => c.replace(/,/g, '')) };
    expect(namedMisconceptions(older).map((m) => m.value)).toContain('1000');
  });

  it('keeps the stored text of a choice that differs only in spacing or case', () => {
    const q = seeded('md_infusion_time', 7);
    const spaced = { ...q, choices: q.choices.map((c) => (c === '5 hr' ? ' 5  HR ' : c)) };
    expect(namedMisconceptions(spaced)).toContainEqual({
      value: ' 5  HR ',
      misconception: 'rounded to whole hours before converting',
    });
  });

  it('drops a distractor that is now a correct answer (an admin made it correct)', () => {
    const q = seeded('teas_linear_equations', 7);
    const madeCorrect = { ...q, type: 'sata' as const, correctAnswer: ['-11', '11'] };
    const values = namedMisconceptions(madeCorrect).map((m) => m.value);
    expect(values).not.toContain('11');
    expect(values.sort()).toEqual(['-10', '-108']);
  });

  it('a typed-answer question keeps every distractor that is not correct', () => {
    const base = seeded('teas_fraction_ops', 7);
    const blank: ReplaySource = { ...base, type: 'blank', choices: [] };
    expect(
      namedMisconceptions(blank)
        .map((m) => m.value)
        .sort(),
    ).toEqual(['1', '1 1/15', '1 7/8']);
    // under a rounding rule, a distractor within the rounding of the answer is correct
    const numeric: ReplaySource = {
      ...seeded('teas_linear_equations', 7),
      type: 'blank',
      choices: [],
      correctAnswer: ['-10.4'],
      rounding: { places: 0 },
    };
    expect(
      namedMisconceptions(numeric)
        .map((m) => m.value)
        .sort(),
    ).toEqual(['-108', '11']);
  });

  it.each([
    ['hand-made (no generatedFrom)', undefined],
    ['null', null],
    ['empty', ''],
    ['an unknown topic', itemId('no_such_topic', 1)],
    ['a seed out of range', 'teas_fraction_ops~99999999999'],
    ['not an item id', 'teas_fraction_ops'],
    ['an operator-looking text', '{"$gt":""}'],
  ])('%s: none', (_label, generatedFrom) => {
    const q = { ...seeded('teas_fraction_ops', 7), generatedFrom };
    expect(namedMisconceptions(q)).toEqual([]);
  });
});

describe('MisconceptionCache', () => {
  it('replays once per question content; an edit replays again; answers are copies', () => {
    const sut = new MisconceptionCache();
    const q = seeded('md_drip_rate', 7);
    const first = sut.of('AB12', q);
    first[0]!.misconception = 'tampered';
    expect(sut.of('AB12', q)).toEqual(namedMisconceptions(q));
    expect(sut.size).toBe(1);
    sut.of('AB12', { ...q, choices: q.choices.map((c) => (c === '100' ? '101' : c)) });
    expect(sut.size).toBe(2);
    expect(sut.of('AB13', { ...q, generatedFrom: null })).toEqual([]);
    expect(sut.size).toBe(2);
  });

  it('stays bounded', () => {
    const sut = new MisconceptionCache(3);
    for (let seed = 0; seed < 10; seed++) sut.of('AB12', seeded('md_drip_rate', seed));
    expect(sut.size).toBeLessThanOrEqual(3);
  });
});
