import { Rng } from '../core';
import type { QuestionItem } from '../core';
import { numericBlank, numericItem, type NumericSpec } from './shared';

const spec: NumericSpec = {
  question: 'How many mL should the nurse give?',
  steps: ['Use desired over have times the quantity.', '\\[x = 1.25\\,\\text{mL}\\]'],
  answerIs: 'the nurse gives',
  exact: 1.25,
  places: 1,
  unit: 'mL',
  params: { dose: 1.25 },
  distractors: [
    false,
    { value: 12.5, misconception: 'decimal slip (x10), named' },
    false,
    { value: null, misconception: 'does not apply' },
    { value: 2.5, misconception: 'doubled the dose' },
  ],
};

/** Items of the first seeds until one of each type is found. */
function oneOfEach(make: (rng: Rng) => QuestionItem): Record<'blank' | 'single', QuestionItem> {
  const found: Partial<Record<'blank' | 'single', QuestionItem>> = {};
  for (let seed = 0; !(found.blank && found.single); seed++) {
    const item = make(new Rng(seed));
    found[item.type] ??= item;
  }
  return found as Record<'blank' | 'single', QuestionItem>;
}

describe('numericItem (the Med Dosage numeric item)', () => {
  const { blank, single } = oneOfEach((rng) => numericItem(rng, spec));

  it('ends the explanation with the closing sentence, rounded as the question says', () => {
    for (const item of [blank, single]) {
      expect(item.explanation).toBe(
        'Use desired over have times the quantity. \\[x = 1.25\\,\\text{mL}\\] ' +
          'Rounded to the nearest tenth, the nurse gives \\(1.3\\,\\text{mL}\\).',
      );
      expect(item.question).toBe('How many mL should the nurse give? Round to the nearest tenth.');
      expect(item.correctAnswer).toEqual(['1.3']);
      expect(item.rounding).toEqual({ places: 1 });
      expect(item.unit).toBe('mL');
    }
  });

  it('takes the named misconceptions first, skips the ones that do not apply, then the generic slips of the rounded answer', () => {
    expect(blank.choices).toEqual([]);
    expect(single.distractors).toEqual([
      { value: '12.5', misconception: 'decimal slip (x10), named' },
      { value: '2.5', misconception: 'doubled the dose' },
      { value: '13', misconception: 'decimal slip (x10)' },
    ]);
    expect([...single.choices].sort()).toEqual(['1.3', '12.5', '13', '2.5']);
  });

  it('says "So ..." when the answer needs no rounding, in the unit written for the sentence', () => {
    const item = numericItem(new Rng(1), {
      ...spec,
      exact: 2,
      unit: 'tablets',
      conclusionUnit: 'tab',
      after: '(Two whole tablets.)',
    });
    expect(item.explanation).toMatch(
      /\\\] So the nurse gives \\\(2\\,\\text\{tab\}\\\)\. \(Two whole tablets\.\)$/,
    );
    expect(item.unit).toBe('tablets');
  });
});

describe('numericBlank', () => {
  it('is always fill-in-the-blank and draws nothing from a generator', () => {
    const item = numericBlank({ ...spec, answerIs: undefined, after: '' });
    expect(item.type).toBe('blank');
    expect(
      item.explanation.endsWith(
        'Rounded to the nearest tenth, the answer is \\(1.3\\,\\text{mL}\\).',
      ),
    ).toBe(true);
  });
});
