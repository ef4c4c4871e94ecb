import { generate, generatorKeys } from '@examprep/generators';
import { mathTextAlternative as sut } from './math-text-alternative';
import { splitMath } from './math-segments';

describe('mathTextAlternative', () => {
  it.each([
    ['0.5', '0.5'],
    ['\\frac{1}{2}', '1 over 2'],
    ['\\dfrac{3}{4}\\,\\text{tab}', '3 over 4 tab'],
    ['25{,}000\\,\\text{units}', '25,000 units'],
    ['31.3\\,\\text{mL/hr}', '31.3 mL/hr'],
    ['x^2 \\le 4', 'x squared ≤ 4'],
    ['\\sqrt{16} = 4', 'square root of 16 = 4'],
    ['\\sqrt[3]{27}', 'cube root of 27'],
    ['98.6^\\circ\\text{F}', '98.6°F'],
    ['50\\%', '50%'],
    ['\\$5.25', '$5.25'],
    ['-3 + 2', '− 3 + 2'],
    ['2 \\times (3 - 1)', '2 × (3 − 1)'],
    ['\\left(\\frac{a}{b}\\right)', '(a over b)'],
    ['\\text{D5W, step-by-step}', 'D5W, step-by-step'],
    ['\\displaystyle 12 \\div 4 \\approx 3', '12 ÷ 4 ≈ 3'],
    ['\\unknowncommand{7}', 'unknowncommand 7'],
    ['a}b', 'ab'],
  ])('reads %p as %p', (latex, text) => {
    expect(sut(latex)).toBe(text);
  });

  it('reads the heparin chain of an explanation in words and symbols', () => {
    expect(
      sut(
        '\\frac{18\\,\\text{units}}{\\text{kg} \\cdot \\text{hr}} \\times 87\\,\\text{kg} \\times \\frac{500\\,\\text{mL}}{25{,}000\\,\\text{units}} = 31.32\\,\\text{mL/hr}',
      ),
    ).toBe('18 units over kg × hr × 87 kg × 500 mL over 25,000 units = 31.32 mL/hr');
  });

  it('gives every formula of every generator a text without LaTeX left in it', () => {
    for (const key of generatorKeys()) {
      for (let seed = 0; seed < 40; seed += 1) {
        const item = generate(key, seed);
        const texts = [item.question, item.explanation, ...item.choices, ...item.correctAnswer];
        for (const part of texts.flatMap((t) => splitMath(t))) {
          if (part.kind !== 'math') continue;
          const text = sut(part.latex);
          expect({ latex: part.latex, text }).toEqual({
            latex: part.latex,
            text: expect.stringMatching(/^[^\\{}^_]+$/),
          });
        }
      }
    }
  });
});
