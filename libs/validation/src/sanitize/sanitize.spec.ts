import fc from 'fast-check';
import { hasHtmlTag } from '../security/html-tags.util';
import { scriptUrlPattern } from '../security/script-url.util';
import { QUICK_TEST_CASES } from './quick-test-cases';
import { sanitize } from './sanitize';
import { SANITIZE_TYPES } from './sanitize.types';
import { whatChanged } from './what-changed';

const MATH_SECURITY =
  'Invalid characters detected. Please enter valid mathematical expressions only.';
const SCRIPT = 'Script content detected. Scripts are not allowed and were removed.';

describe('sanitize (admin spec §5 "Sanitization", §7 POST /api/sanitize)', () => {
  it('answers with the response shape of admin spec §7', () => {
    expect(sanitize('<b>Hi</b>', 'general')).toEqual({
      type: 'general',
      original: '<b>Hi</b>',
      wasModified: true,
      inputLength: 9,
      outputLength: 2,
      result: { isValid: true, error: null, sanitizedValue: 'Hi' },
    });
  });

  it.each(SANITIZE_TYPES)('passes empty input for %s', (type) => {
    expect(sanitize('', type)).toEqual({
      type,
      original: '',
      wasModified: false,
      inputLength: 0,
      outputLength: 0,
      result: { isValid: true, error: null, sanitizedValue: '' },
    });
  });

  describe('math: allows <, >, ±, ≤, ≥; blocks HTML tags and scripts; max 500', () => {
    it.each([
      ['x < 5', true, null, 'x < 5'],
      ['x<y', true, null, 'x<y'],
      ['5 ± 2 ≤ 7 ≥ 3 > 1', true, null, '5 ± 2 ≤ 7 ≥ 3 > 1'],
      ['<b>2</b>', false, MATH_SECURITY, '2'],
      ['1<x>3', false, MATH_SECURITY, '13'],
      ['<script>alert(1)</script>4', false, MATH_SECURITY, '4'],
      ['<img src=x onerror=alert(1)>', false, MATH_SECURITY, ''],
      ['javascript:alert(1)', false, MATH_SECURITY, 'alert(1)'],
      [
        '<&b>2',
        false,
        'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
        '2',
      ],
      [
        '5%',
        false,
        'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
        '5',
      ],
      ['9'.repeat(501), false, 'Answer too long. Maximum 500 characters allowed.', '9'.repeat(501)],
    ])('%p -> valid %p, error %p, value %p', (input, isValid, error, sanitizedValue) => {
      expect(sanitize(input, 'math').result).toEqual({ isValid, error, sanitizedValue });
    });
  });

  describe('contact: letters, numbers and punctuation; blocks HTML and scripts; max 2,000', () => {
    const SECURITY = 'Invalid characters detected. HTML and scripts are not allowed in messages.';
    it.each([
      ["Hi! I'm Zoë, can you call me at (555) 010-2030? Thanks.", true, null],
      ['Price: $20 + tax = €25; 100% great!', true, null],
      ['<b>Hello</b>', false, SECURITY],
      ['Hi <script>alert(1)</script>', false, SECURITY],
      ['See javascript:alert(1)', false, SECURITY],
      ['I scored <50', false, 'Messages can only contain letters, numbers and punctuation.'],
      ['Great 🎉', false, 'Messages can only contain letters, numbers and punctuation.'],
      ['a'.repeat(2001), false, 'Message too long. Maximum 2,000 characters allowed.'],
    ])('%p -> valid %p, error %p', (input, isValid, error) => {
      expect(sanitize(input, 'contact').result).toMatchObject({ isValid, error });
    });

    it('shows the message with HTML, scripts and other characters removed', () => {
      expect(
        sanitize('Hi <b>there</b><script>x()</script> 🎉 <50 javascript:go', 'contact').result
          .sanitizedValue,
      ).toBe('Hi there  50 go');
    });

    it('accepts exactly 2,000 characters', () => {
      expect(sanitize('a'.repeat(2000), 'contact').result.isValid).toBe(true);
    });
  });

  describe('email: valid format, normalized to lowercase', () => {
    it.each([
      [' Student@Example.COM ', true, null, 'student@example.com'],
      ['student@example', false, 'Please enter a valid email address.', 'student@example'],
      ['a@example.com<b>', false, 'Invalid characters detected in email address.', 'a@example.com'],
      [
        'a@example.com<script>x</script>',
        false,
        'Invalid characters detected in email address.',
        'a@example.com',
      ],
      [
        `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
        false,
        'Email too long. Maximum 254 characters allowed.',
        `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
      ],
    ])('%p -> valid %p, error %p, value %p', (input, isValid, error, sanitizedValue) => {
      expect(sanitize(input, 'email').result).toEqual({ isValid, error, sanitizedValue });
    });
  });

  describe('general: HTML removed, scripts blocked, max 10,000', () => {
    it.each([
      ['Plain text.', true, null, 'Plain text.'],
      ['<p>Hello <b>world</b></p>', true, null, 'Hello world'],
      ['x < y & z', true, null, 'x &lt; y &amp; z'],
      ['<div>hi</div>', true, null, 'hi'],
      ['<style>body{}</style>Hi', true, null, 'Hi'],
      ['<script>alert(1)</script>Hi', false, SCRIPT, 'Hi'],
      ['<img src=x onerror=alert(1)>', false, SCRIPT, ''],
      ['<a href="javascript:alert(1)">go</a>', false, SCRIPT, 'go'],
      ['javascript:alert(1)', false, SCRIPT, 'alert(1)'],
      ['&#106;avascript:alert(1)', false, SCRIPT, 'alert(1)'],
      [
        'a'.repeat(10001),
        false,
        'Text too long. Maximum 10,000 characters allowed.',
        'a'.repeat(10001),
      ],
    ])('%p -> valid %p, error %p, value %p', (input, isValid, error, sanitizedValue) => {
      expect(sanitize(input, 'general').result).toEqual({ isValid, error, sanitizedValue });
    });
  });

  describe('quick test cases (admin spec §2.2) have these outcomes', () => {
    const expected: Record<string, { isValid: boolean; error: string | null; changes: string[] }> =
      {
        'Math: inequalities': { isValid: true, error: null, changes: [] },
        'Math: plus-minus': { isValid: true, error: null, changes: [] },
        'Attack: script tag': {
          isValid: false,
          error: SCRIPT,
          changes: ['Length changed', 'HTML tags removed', 'Script content removed'],
        },
        'Attack: image onerror': {
          isValid: false,
          error: SCRIPT,
          changes: ['Length changed', 'HTML tags removed', 'Script content removed'],
        },
        'Attack: JavaScript URL': {
          isValid: false,
          error: SCRIPT,
          changes: ['Length changed', 'HTML tags removed', 'JavaScript URLs removed'],
        },
        'Math: HTML in answer': {
          isValid: false,
          error: MATH_SECURITY,
          changes: ['Length changed', 'HTML tags removed'],
        },
        'Email: valid': { isValid: true, error: null, changes: ['Length changed'] },
        'Email: attack': {
          isValid: false,
          error: 'Invalid characters detected in email address.',
          changes: ['Length changed', 'HTML tags removed', 'Script content removed'],
        },
        'Contact message': { isValid: true, error: null, changes: [] },
        'Long input (1000 characters)': {
          isValid: false,
          error: 'Answer too long. Maximum 500 characters allowed.',
          changes: [],
        },
      };

    it('covers every case', () => {
      expect(QUICK_TEST_CASES.map((c) => c.label)).toEqual(Object.keys(expected));
    });

    it.each(QUICK_TEST_CASES.map((c) => [c.label, c] as const))('%s', (label, c) => {
      const response = sanitize(c.input, c.type);
      expect(response.result).toMatchObject({
        isValid: expected[label]?.isValid,
        error: expected[label]?.error,
      });
      expect(whatChanged(c.input, response.result.sanitizedValue)).toEqual(
        expected[label]?.changes,
      );
    });
  });

  describe('properties', () => {
    const htmlish = fc
      .array(
        fc.oneof(
          fc.string({ maxLength: 8 }),
          fc.constantFrom(
            '<script>',
            '</script>',
            '<b>',
            '</b>',
            '<img src=x onerror=alert(1)>',
            'javascript:',
            'java',
            'script:',
            '<',
            '>',
            '&lt;',
            '&#106;',
            '&amp;',
            '"',
            "'",
            '<!--',
            '-->',
            '<style>',
            '</style>',
            '<a href="',
            '<svg onload=x>',
            '\t',
            '\n',
            '\u0000',
            ':',
          ),
        ),
        { maxLength: 30 },
      )
      .map((parts) => parts.join(''));

    it('general output never contains <script, javascript: or a tag', () => {
      fc.assert(
        fc.property(htmlish, (input) => {
          const value = sanitize(input, 'general').result.sanitizedValue;
          expect(value.toLowerCase()).not.toContain('<script');
          expect(scriptUrlPattern().test(value)).toBe(false);
          expect(value).not.toMatch(/<[a-z!/?]/i);
          expect(hasHtmlTag(value)).toBe(false);
        }),
        { numRuns: 500 },
      );
    });

    it('general is idempotent on its sanitized value', () => {
      fc.assert(
        fc.property(fc.oneof(htmlish, fc.string({ unit: 'binary', maxLength: 60 })), (input) => {
          const once = sanitize(input, 'general').result.sanitizedValue;
          const twice = sanitize(once, 'general');
          expect(twice.result.sanitizedValue).toBe(once);
          expect(twice.wasModified).toBe(false);
        }),
        { numRuns: 500 },
      );
    });

    it.each(['math', 'contact', 'email'] as const)(
      '%s output has no tag and no JavaScript URL',
      (type) => {
        fc.assert(
          fc.property(htmlish, (input) => {
            const value = sanitize(input, type).result.sanitizedValue;
            expect(hasHtmlTag(value)).toBe(false);
            expect(scriptUrlPattern().test(value)).toBe(false);
          }),
          { numRuns: 300 },
        );
      },
    );

    it('input with HTML or script is never valid for math, contact or email', () => {
      const attack = fc.constantFrom(
        '<b>x</b>',
        '<script>1</script>',
        'javascript:1',
        '<br>',
        ' onload=1',
      );
      fc.assert(
        fc.property(fc.constantFrom('math', 'contact', 'email' as const), attack, (type, a) => {
          expect(sanitize(`1${a}`, type).result.isValid).toBe(false);
        }),
      );
    });

    it('reports lengths and the modified flag consistently', () => {
      fc.assert(
        fc.property(htmlish, fc.constantFrom(...SANITIZE_TYPES), (input, type) => {
          const r = sanitize(input, type);
          expect(r.inputLength).toBe(input.length);
          expect(r.outputLength).toBe(r.result.sanitizedValue.length);
          expect(r.wasModified).toBe(r.result.sanitizedValue !== input);
          expect(r.result.isValid).toBe(r.result.error === null);
        }),
      );
    });
  });
});
