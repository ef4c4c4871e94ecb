import fc from 'fast-check';
import { generateMathChallenge, MAX_ANSWER } from './math-challenge.generator';

const QUESTION = /^What is (\d{1,2}) ([+\-×]) (\d{1,2})\?$/;

/** Evaluates a question independently of the generator. */
function evaluate(question: string): number {
  const m = QUESTION.exec(question);
  if (!m) throw new Error(`not a challenge question: ${question}`);
  const [a, b] = [Number(m[1]), Number(m[3])];
  switch (m[2]) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    default:
      return a * b;
  }
}

const seeds = fc.integer({ min: 0, max: 0xffffffff });

describe('math challenge generator', () => {
  it('stores the answer the question evaluates to, for any seed', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const sut = generateMathChallenge(seed);
        expect(sut.answer).toBe(evaluate(sut.question));
      }),
      { numRuns: 5_000 },
    );
  });

  it(`answers with a non-negative integer of at most ${MAX_ANSWER}, which the numeric validator accepts`, () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const { answer } = generateMathChallenge(seed);
        expect(Number.isInteger(answer)).toBe(true);
        expect(answer).toBeGreaterThanOrEqual(0);
        expect(answer).toBeLessThanOrEqual(MAX_ANSWER);
        expect(String(answer)).toMatch(/^\d{1,10}$/);
      }),
      { numRuns: 5_000 },
    );
  });

  it('replays the same question from the same seed', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        expect(generateMathChallenge(seed)).toEqual(generateMathChallenge(seed));
      }),
    );
  });

  it('asks additions, subtractions and multiplications with small operands', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 500; seed += 1) {
      const m = QUESTION.exec(generateMathChallenge(seed).question)!;
      seen.add(m[2]!);
      expect(Number(m[1])).toBeLessThanOrEqual(20);
      expect(Number(m[3])).toBeLessThanOrEqual(20);
      expect(Number(m[1])).toBeGreaterThanOrEqual(1);
      expect(Number(m[3])).toBeGreaterThanOrEqual(1);
    }
    expect([...seen].sort()).toEqual(['+', '-', '×']);
  });

  it("reads like 'What is 7 + 5?'", () => {
    expect(generateMathChallenge(42).question).toMatch(QUESTION);
  });
});
