import fc from 'fast-check';
import { BLOCKED_TAGS } from '../security/security-check';
import {
  keepMathCharacters,
  MATH_ANSWER_MESSAGES,
  validateMathAnswer,
} from './math-answer.validator';

const sut = validateMathAnswer;
const MATH_CHARACTERS = [...'abcxyzABCXYZ0123456789,.-+*/()^=<>≤≥±∞√π', ' ', '\t', '\n'];

describe('validateMathAnswer (learner spec §5 "Math answer")', () => {
  it('quotes the spec messages', () => {
    expect(MATH_ANSWER_MESSAGES.tooLong()).toBe('Answer too long. Maximum 500 characters allowed.');
    expect(MATH_ANSWER_MESSAGES.invalidCharacters).toBe(
      'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
    );
    expect(MATH_ANSWER_MESSAGES.security).toBe(
      'Invalid characters detected. Please enter valid mathematical expressions only.',
    );
  });

  it('passes empty input', () => {
    expect(sut('')).toEqual({ isValid: true, error: null });
  });

  it.each([
    '42',
    '-3.5',
    '1,000',
    'x = 5 ± 2',
    'x ≤ 10, y ≥ 2',
    '3 < x > 1',
    'x<y',
    '2^3 * (4 + 1) / 5',
    '√16 = 4',
    '2π',
    '∞',
    'x >= 3',
    'sqrt(2)',
    '12 mL/hr',
    'a'.repeat(500),
  ])('accepts %p', (answer) => {
    expect(sut(answer)).toEqual({ isValid: true, error: null });
  });

  it.each([
    ['a'.repeat(501), 'Answer too long. Maximum 500 characters allowed.'],
    [
      '5%',
      'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
    ],
    [
      'x := 5',
      'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
    ],
    [
      '$20',
      'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
    ],
    [
      'é',
      'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
    ],
    [
      '<script>alert(1)</script>',
      'Invalid characters detected. Please enter valid mathematical expressions only.',
    ],
    ['<br/>', 'Invalid characters detected. Please enter valid mathematical expressions only.'],
    [
      '<div onclick=x>',
      'Invalid characters detected. Please enter valid mathematical expressions only.',
    ],
    [
      'x onload = 5',
      'Invalid characters detected. Please enter valid mathematical expressions only.',
    ],
  ])('rejects %p with %p', (answer, error) => {
    expect(sut(answer)).toEqual({ isValid: false, error });
  });

  it('the security hit wins over the length and character rules', () => {
    expect(sut(`<script>${'1'.repeat(600)}%`).error).toBe(MATH_ANSWER_MESSAGES.security);
  });

  it('the length rule comes before the character rule', () => {
    expect(sut('%'.repeat(501)).error).toBe('Answer too long. Maximum 500 characters allowed.');
  });

  it('takes another limit, named in the message', () => {
    expect(sut('12345', 4).error).toBe('Answer too long. Maximum 4 characters allowed.');
  });

  it('keepMathCharacters drops everything else', () => {
    expect(keepMathCharacters('x := 5% of $20 ≤ π')).toBe('x = 5 of 20 ≤ π');
  });

  describe('properties', () => {
    it('any string of only allowed math characters without tags or handlers passes', () => {
      // tokens cannot spell a blocked tag, a handler (`on…=`) or a URL scheme
      const token = fc.constantFrom(
        'x',
        'y',
        '2',
        '10',
        '+',
        '-',
        '*',
        '/',
        '^',
        '(',
        ')',
        '=',
        '<',
        '>',
        '≤',
        '≥',
        '±',
        '√',
        'π',
        '∞',
        '.',
        ',',
        ' ',
        '\n',
      );
      fc.assert(
        fc.property(fc.array(token, { maxLength: 200 }), (tokens) => {
          expect(sut(tokens.join(''))).toEqual({ isValid: true, error: null });
        }),
      );
    });

    it('any string over the full math alphabet passes unless the security check flags it', () => {
      fc.assert(
        fc.property(
          fc.string({ unit: fc.constantFrom(...MATH_CHARACTERS), maxLength: 500 }),
          (s) => {
            const result = sut(s);
            expect([null, MATH_ANSWER_MESSAGES.security]).toContain(result.error);
          },
        ),
      );
    });

    it('any blocked tag wrapped in allowed text fails with the security message', () => {
      const text = fc.string({
        unit: fc.constantFrom('1', '2', 'x', '+', ' ', '='),
        maxLength: 30,
      });
      const tag = fc
        .tuple(
          fc.constantFrom(...BLOCKED_TAGS),
          fc.constantFrom('<', '</'),
          fc.constantFrom('>', '/>', ' >'),
        )
        .map(([name, open, close]) => `${open}${name}${close}`);
      fc.assert(
        fc.property(text, tag, text, (before, t, after) => {
          expect(sut(before + t + after)).toEqual({
            isValid: false,
            error: 'Invalid characters detected. Please enter valid mathematical expressions only.',
          });
        }),
      );
    });

    it('any safe answer longer than 500 characters fails with the length message', () => {
      fc.assert(
        fc.property(fc.integer({ min: 501, max: 2000 }), (n) => {
          expect(sut('7'.repeat(n)).error).toBe('Answer too long. Maximum 500 characters allowed.');
        }),
      );
    });
  });
});
