import { assertTextRules } from './properties';

describe('assertTextRules: numbers agree with their unit (issue 24 #10)', () => {
  it.each([
    'Enter 1 hours and 15 minutes.',
    'Give 1 tablets every 6 hours.',
    'Give 2 tablet now.',
    'It runs for 30 minute.',
  ])('refuses %j', (text) => {
    expect(() => assertTextRules(text)).toThrow(/should be (singular|plural)/);
  });

  it.each([
    'Give 1 tablet every 6 hours for 1 day.',
    'It runs for 1 hour 30 minutes, 0.5 hours or 1.5 hours.',
    'Infuse over 90 minutes; 1 minute later, check.',
  ])('takes %j', (text) => {
    expect(() => assertTextRules(text)).not.toThrow();
  });
});
