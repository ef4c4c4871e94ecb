/* eslint-disable @typescript-eslint/no-require-imports -- modules loaded after jest.doMock */
import type * as MainEntry from './index';
import type * as SanitizeEntry from './sanitize/index';

describe('entries', () => {
  afterEach(() => {
    jest.dontMock('sanitize-html');
    jest.resetModules();
  });

  it('the main entry never loads sanitize-html (it must stay light for the browser)', () => {
    jest.doMock('sanitize-html', () => {
      throw new Error('the main entry loaded sanitize-html');
    });
    const main = require('./index') as typeof MainEntry;
    expect(main.validateMathAnswer('x < 5').isValid).toBe(true);
    expect(main.whatChanged('<b>a</b>', 'a')).toEqual(['Length changed', 'HTML tags removed']);
  });

  it('the main entry exports the validators, forms, checks and tester data', () => {
    const main = require('./index') as typeof MainEntry;
    for (const name of [
      'checkSecurity',
      'isSecure',
      'validateMathAnswer',
      'validateNumeric',
      'validateEmail',
      'validateCoupon',
      'stripCouponCharacters',
      'normalizeEmail',
      'validateLoginForm',
      'validateSignUpForm',
      'validateResetForm',
      'isSignupAllowed',
      'validatePurchaseForm',
      'requireAnswer',
      'whatChanged',
      'QUICK_TEST_CASES',
      'SANITIZE_TYPE_DESCRIPTIONS',
      'SANITIZER_MESSAGES',
      'ANSWER_MAX_LENGTH',
      'SANITIZE_MAX_LENGTH',
    ]) {
      expect(main).toHaveProperty(name);
    }
    expect(main).not.toHaveProperty('sanitize');
  });

  it('the sanitize entry exports sanitize and the tester data', () => {
    const entry = require('./sanitize/index') as typeof SanitizeEntry;
    expect(entry.sanitize('<b>x</b>', 'general').result.sanitizedValue).toBe('x');
    expect(entry.QUICK_TEST_CASES.length).toBe(10);
    expect(typeof entry.whatChanged).toBe('function');
  });
});
