import { SANITIZE_MAX_LENGTH } from '../limits';
import { QUICK_TEST_CASES } from './quick-test-cases';
import {
  SANITIZE_TYPE_DESCRIPTIONS,
  SANITIZE_TYPE_LABELS,
  SANITIZER_MESSAGES,
} from './sanitize.constants';
import { isSanitizeType, SANITIZE_TYPES } from './sanitize.types';

describe('sanitizer constants (admin spec §2.2, §5, §9)', () => {
  it("quotes the tester's empty-input message", () => {
    expect(SANITIZER_MESSAGES.emptyInput).toBe('Please enter some input to test');
  });

  it('has the limits: math 500, contact 2,000, general 10,000', () => {
    expect(SANITIZE_MAX_LENGTH).toEqual({ math: 500, contact: 2000, email: 254, general: 10000 });
  });

  it('names each type as the type picker does', () => {
    expect(SANITIZE_TYPE_LABELS).toEqual({
      math: 'Math Answer',
      contact: 'Contact Message',
      email: 'Email Address',
      general: 'General Text',
    });
  });

  it.each([
    ['math', '500'],
    ['contact', '2,000'],
    ['email', '254'],
    ['general', '10,000'],
  ] as const)("describes %s for 'How It Works', with its limit %s", (type, limit) => {
    expect(SANITIZE_TYPE_DESCRIPTIONS[type]).toContain(`Maximum ${limit} characters.`);
  });

  it('recognizes the four types only', () => {
    expect(SANITIZE_TYPES.every(isSanitizeType)).toBe(true);
    expect(isSanitizeType('html')).toBe(false);
    expect(isSanitizeType(undefined)).toBe(false);
  });

  it('has the quick cases the spec lists', () => {
    const labels = QUICK_TEST_CASES.map((c) => c.label.toLowerCase()).join(' | ');
    for (const topic of [
      'inequalities',
      'plus-minus',
      'script tag',
      'onerror',
      'javascript url',
      'html in answer',
      'email: valid',
      'email: attack',
      'contact message',
      '1000 characters',
    ]) {
      expect(labels).toContain(topic);
    }
    const long = QUICK_TEST_CASES.find((c) => c.label.includes('1000'));
    expect(long?.input).toHaveLength(1000);
  });
});
