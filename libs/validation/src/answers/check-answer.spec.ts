import fc from 'fast-check';
import { ANSWER_RULE_MESSAGES, ANSWER_RULES_VERSION } from '@examprep/contracts/types';
import { checkAnswer, judgeAnswer, sameBlankValue, writingSlip } from './check-answer';
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

  describe('fill in the blank, rules v1 (tests made before v2 keep them)', () => {
    it('agrees on 0.5, .5 and 0.50', () => {
      const q = { type: 'blank' as const, correctAnswer: ['0.5'] };
      for (const a of ['0.5', '.5', '0.50', ' 0.5 ', '1/2'])
        expect(checkAnswer(q, [a], 1)).toBe(true);
      expect(checkAnswer(q, ['5'], 1)).toBe(false);
    });
    it('rounds what was typed to the places of the item before comparing', () => {
      const q = { type: 'blank' as const, correctAnswer: ['12.5'], rounding: { places: 1 } };
      expect(checkAnswer(q, ['12.5'], 1)).toBe(true);
      expect(checkAnswer(q, ['12.46'], 1)).toBe(true);
      expect(checkAnswer(q, ['12.4'], 1)).toBe(false);
      const whole = { type: 'blank' as const, correctAnswer: ['83'], rounding: { places: 0 } };
      expect(checkAnswer(whole, ['83.3'], 1)).toBe(true);
      expect(checkAnswer(whole, ['84'], 1)).toBe(false);
    });
    it('never gives feedback', () => {
      const q = { type: 'blank' as const, correctAnswer: ['0.7'], rounding: { places: 1 } };
      expect(judgeAnswer(q, ['.7'], 1)).toEqual({ correct: true, feedback: null });
      expect(judgeAnswer(q, ['0.70'], 1)).toEqual({ correct: true, feedback: null });
    });
    it('compares text answers case-insensitively and never passes a rejected input', () => {
      for (const rules of [1, 2] as const) {
        expect(checkAnswer({ type: 'blank', correctAnswer: ['x > 3'] }, ['X  >  3'], rules)).toBe(
          true,
        );
        expect(
          checkAnswer({ type: 'blank', correctAnswer: ['3'] }, ['<script>3</script>'], rules),
        ).toBe(false);
        expect(checkAnswer({ type: 'blank', correctAnswer: ['3'] }, [''], rules)).toBe(false);
      }
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
              v.includes('.') || !v.endsWith('0') || v === correct ? checkAnswer(q, [v], 1) : true,
            );
          },
        ),
      );
    });
  });

  describe('fill in the blank, rules v2 (NCLEX style, ADR 0036)', () => {
    const tenth = { type: 'blank' as const, correctAnswer: ['6.3'], rounding: { places: 1 } };
    const whole = { type: 'blank' as const, correctAnswer: ['13'], rounding: { places: 0 } };
    const ml = { type: 'blank' as const, correctAnswer: ['0.7'], rounding: { places: 1 } };
    const LZ = ANSWER_RULE_MESSAGES.leadingZero;
    const TZ = ANSWER_RULE_MESSAGES.trailingZero;

    it('is the version of every new check', () => {
      expect(ANSWER_RULES_VERSION).toBe(2);
      expect(checkAnswer(tenth, ['6.25'])).toBe(false);
    });

    it.each([
      // the cases: only the correctly rounded value, in equal numeric forms
      ['key 6.3, nearest tenth', '6.3', true, tenth, null],
      ['key 6.3, nearest tenth', '6.30', true, tenth, TZ],
      ['key 6.3, nearest tenth', ' 6.3 ', true, tenth, null],
      ['key 6.3, nearest tenth', '6.25', false, tenth, null],
      ['key 6.3, nearest tenth', '6.3333', false, tenth, null],
      ['key 6.3, nearest tenth', '6.3499', false, tenth, null],
      ['key 6.3, nearest tenth', '6.35', false, tenth, null],
      ['key 6.3, nearest tenth', '6.2', false, tenth, null],
      ['key 6.3, nearest tenth', '63', false, tenth, null],
      ['key 13, whole number', '13', true, whole, null],
      ['key 13, whole number', '13.0', true, whole, TZ],
      ['key 13, whole number', '12.96', false, whole, null],
      ['key 13, whole number', '13.4', false, whole, null],
      // the leading zero: right value, marked incorrect with the rule
      ['key 0.7 (mL), nearest tenth', '0.7', true, ml, null],
      ['key 0.7 (mL), nearest tenth', '.7', false, ml, LZ],
      ['key 0.7 (mL), nearest tenth', '.70', false, ml, LZ],
      ['key 0.7 (mL), nearest tenth', '0.70', true, ml, TZ],
      // a wrong value is only wrong (the note never suggests the zero was the only slip)
      ['key 0.7 (mL), nearest tenth', '.8', false, ml, null],
      ['key 0.7 (mL), nearest tenth', '.65', false, ml, null],
      ['key 0.7 (mL), nearest tenth', '0.65', false, ml, null],
      ['key 0.7 (mL), nearest tenth', '7', false, ml, null],
    ] as const)('%s: %s -> correct %s', (_key, typed, correct, q, feedback) => {
      expect(judgeAnswer(q, [typed])).toEqual({ correct, feedback });
    });

    it('rounds a key stated with more places than the item asks for', () => {
      const q = { type: 'blank' as const, correctAnswer: ['6.3333'], rounding: { places: 1 } };
      expect(checkAnswer(q, ['6.3'])).toBe(true);
      expect(checkAnswer(q, ['6.3333'])).toBe(false);
    });

    it('without a stated rounding: the value, the leading-zero rule, thousands and fractions', () => {
      const half = { type: 'blank' as const, correctAnswer: ['0.5'] };
      expect(judgeAnswer(half, ['0.5'])).toEqual({ correct: true, feedback: null });
      expect(judgeAnswer(half, ['.5'])).toEqual({ correct: false, feedback: LZ });
      expect(judgeAnswer(half, ['1/2'])).toEqual({ correct: true, feedback: null });
      expect(judgeAnswer(half, ['0.49'])).toEqual({ correct: false, feedback: null });
      const units = { type: 'blank' as const, correctAnswer: ['1250'] };
      expect(judgeAnswer(units, ['1,250'])).toEqual({ correct: true, feedback: null });
      const negative = { type: 'blank' as const, correctAnswer: ['-0.25'] };
      expect(judgeAnswer(negative, ['-.25'])).toEqual({ correct: false, feedback: LZ });
      expect(judgeAnswer(negative, ['-0.25'])).toEqual({ correct: true, feedback: null });
    });

    it('leaves choice questions as they were', () => {
      const q = { type: 'single' as const, correctAnswer: ['.5 mL'] };
      expect(judgeAnswer(q, ['.5 mL'])).toEqual({ correct: true, feedback: null });
    });

    it('sameBlankValue matches the value alone, however it is written', () => {
      expect(sameBlankValue(ml, '.7')).toBe(true);
      expect(sameBlankValue(ml, '0.70')).toBe(true);
      expect(sameBlankValue(tenth, '6.25')).toBe(false);
      expect(sameBlankValue(tenth, '6.25', 1)).toBe(true);
    });

    it('writingSlip names the ISMP slips only', () => {
      expect(writingSlip('.7')).toBe('leadingZero');
      expect(writingSlip('-.5')).toBe('leadingZero');
      expect(writingSlip('6.30')).toBe('trailingZero');
      expect(writingSlip('1,250.0')).toBe('trailingZero');
      for (const fine of ['0.7', '6.3', '10', '100', '1/2', '0', 'x > 3'])
        expect(writingSlip(fine)).toBeNull();
    });

    it('property: exactly the rounded value and its trailing-zero forms pass; every neighbour fails', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 50_000_000 }),
          fc.integer({ min: 0, max: 3 }),
          fc.integer({ min: 1, max: 3 }),
          fc.integer({ min: -30, max: 30 }).filter((k) => k !== 0),
          (n, places, extra, k) => {
            // a key with more decimals than the item keeps, as a calculation gives it
            const key = (n / 10 ** (places + extra)).toFixed(places + extra);
            const q = { type: 'blank' as const, correctAnswer: [key], rounding: { places } };
            const rounded = roundTo(Number(key), places);
            const pass = [String(rounded), rounded.toFixed(places), rounded.toFixed(places + 1)];
            if (!pass.every((v) => checkAnswer(q, [v]))) return false;
            // neighbours at the item's places and finer ones: all wrong, however written
            for (const finer of [0, 1, 2]) {
              const scale = 10 ** (places + finer);
              const neighbour = (Math.round(rounded * scale) + k) / scale;
              if (neighbour <= 0) continue;
              const text = neighbour.toFixed(places + finer);
              if (checkAnswer(q, [text])) return false;
              if (checkAnswer(q, [text.replace(/^0\./, '.')])) return false;
            }
            // the right value without its leading zero is wrong, and says why
            if (rounded < 1 && rounded > 0) {
              const verdict = judgeAnswer(q, [String(rounded).replace(/^0\./, '.')]);
              if (verdict.correct || verdict.feedback !== ANSWER_RULE_MESSAGES.leadingZero)
                return false;
            }
            return true;
          },
        ),
        { numRuns: 5_000 },
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
