import fc from 'fast-check';
import { checkAnswer } from './check-answer';
import { parseNumber, roundTo, roundToReference } from './numbers';

describe('checkAnswer', () => {
  describe('single choice', () => {
    const q = { type: 'single' as const, correctAnswer: ['250 mL/hr'] };
    it('compares trimmed and case-insensitively', () => {
      expect(checkAnswer(q, ['  250 ML/HR '])).toBe(true);
      expect(checkAnswer(q, ['25 mL/hr'])).toBe(false);
    });
    it('needs exactly one chosen answer', () => {
      expect(checkAnswer(q, [])).toBe(false);
      expect(checkAnswer(q, ['250 mL/hr', 'other'])).toBe(false);
    });
  });

  describe('select all that apply', () => {
    const q = { type: 'sata' as const, correctAnswer: ['A', 'C', 'D'] };
    it('is order-independent, trimmed and case-insensitive', () => {
      expect(checkAnswer(q, ['d', ' a', 'C '])).toBe(true);
    });
    it('refuses a missing or an extra choice', () => {
      expect(checkAnswer(q, ['A', 'C'])).toBe(false);
      expect(checkAnswer(q, ['A', 'B', 'C', 'D'])).toBe(false);
    });
    it('property: any order of the correct set passes', () => {
      fc.assert(
        fc.property(
          fc.uniqueArray(
            fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s.trim() !== ''),
            {
              minLength: 1,
              maxLength: 6,
              selector: (s) => s.trim().toLowerCase(),
            },
          ),
          fc.nat(),
          (correct, shift) => {
            const shuffled = correct.map((_, i) => correct[(i + shift) % correct.length]);
            return checkAnswer(
              { type: 'sata', correctAnswer: correct },
              shuffled.map((s) => ` ${s.toUpperCase()} `),
            );
          },
        ),
      );
    });
  });

  describe('fill in the blank', () => {
    it('agrees on 0.5, .5 and 0.50', () => {
      const q = { type: 'blank' as const, correctAnswer: ['0.5'] };
      for (const a of ['0.5', '.5', '0.50', ' 0.5 ', '1/2']) expect(checkAnswer(q, [a])).toBe(true);
      expect(checkAnswer(q, ['5'])).toBe(false);
    });
    it('applies the rounding rule of the item', () => {
      const q = { type: 'blank' as const, correctAnswer: ['12.5'], rounding: { places: 1 } };
      expect(checkAnswer(q, ['12.5'])).toBe(true);
      expect(checkAnswer(q, ['12.46'])).toBe(true);
      expect(checkAnswer(q, ['12.4'])).toBe(false);
      const whole = { type: 'blank' as const, correctAnswer: ['83'], rounding: { places: 0 } };
      expect(checkAnswer(whole, ['83.3'])).toBe(true);
      expect(checkAnswer(whole, ['84'])).toBe(false);
    });
    it('compares text answers case-insensitively and never passes a rejected input', () => {
      expect(checkAnswer({ type: 'blank', correctAnswer: ['x > 3'] }, ['X  >  3'])).toBe(true);
      expect(checkAnswer({ type: 'blank', correctAnswer: ['3'] }, ['<script>3</script>'])).toBe(
        false,
      );
      expect(checkAnswer({ type: 'blank', correctAnswer: ['3'] }, [''])).toBe(false);
    });
    it('property: a number and its re-writings agree under any rounding', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: -10_000_000, max: 10_000_000 }),
          fc.integer({ min: 0, max: 3 }),
          (n, places) => {
            const value = n / 1000;
            const correct = String(roundTo(value, places));
            const variants = [
              correct,
              `${correct}0`,
              correct.replace(/^0\./, '.').replace(/^-0\./, '-.'),
            ];
            const q = { type: 'blank' as const, correctAnswer: [correct], rounding: { places } };
            return variants.every((v) =>
              v.includes('.') || !v.endsWith('0') || v === correct ? checkAnswer(q, [v]) : true,
            );
          },
        ),
      );
    });
  });
});

describe('numbers', () => {
  it('rounds half away from zero on decimal ties', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(0.125, 2)).toBe(0.13);
  });
  it('property: the fast rounding equals the exact decimal rounding', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000 + 0.0005),
          fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n / 200),
        ),
        fc.integer({ min: 0, max: 4 }),
        (value, places) => roundTo(value, places) === roundToReference(value, places),
      ),
      { numRuns: 20_000 },
    );
  });

  it('parses plain numbers, thousands and simple fractions only', () => {
    expect(parseNumber('1,250')).toBe(1250);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('-3/4')).toBe(-0.75);
    expect(parseNumber('5 mg')).toBeNull();
    expect(parseNumber('1/0')).toBeNull();
    expect(parseNumber('2+3')).toBeNull();
  });
});
