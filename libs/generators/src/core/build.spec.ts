import { blankOrSingle } from './build';
import { Rng } from './rng';

const parts = { question: 'What is 2 + 2?', answer: '4', explanation: 'So 4.', params: {} };
const wrong = [
  { value: '3', misconception: 'one too few' },
  { value: '5', misconception: 'one too many' },
  { value: '22', misconception: 'wrote the digits side by side' },
];

describe('blankOrSingle', () => {
  it('draws once from rng to choose, and works out wrong choices only for single choice', () => {
    const types = new Set<string>();
    for (let seed = 0; seed < 50; seed++) {
      const candidates = jest.fn(() => wrong);
      const item = blankOrSingle(new Rng(seed), parts, candidates);
      const first = new Rng(seed).chance(0.5);
      expect(item.type).toBe(first ? 'blank' : 'single');
      expect(candidates).toHaveBeenCalledTimes(first ? 0 : 1);
      types.add(item.type);
    }
    expect(types).toEqual(new Set(['blank', 'single']));
  });

  it('gives a single-choice item the answer and the three wrong choices', () => {
    let seed = 0;
    while (new Rng(seed).chance(0.5)) seed++;
    const item = blankOrSingle(new Rng(seed), parts, () => wrong);
    expect([...item.choices].sort()).toEqual(['22', '3', '4', '5']);
    expect(item.distractors).toEqual(wrong);
  });
});
