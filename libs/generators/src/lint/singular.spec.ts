import { countWord, pluralOf } from '../core/words';
import { singularRule } from './singular';
import { findings } from './test-helpers';

describe('singular rule', () => {
  it.each([
    'A circle has a radius of 1 foot and a square has sides of 1 inch and 1 meter.',
    'Give 1 tablet every 1 hour for 1 day.',
    'Infuse over 1.5 hours; give 0.5 tablets; 0 minutes left; 2 feet; 10 inches.',
    'Give 0.5 mL and 1 mL, 1.5 mL and 2 mL.',
    'The infusion runs \\(\\frac{1}{2}\\) hour; it took 1 1/2 hours.',
    'a 2-hour infusion, 1,000 units, 11 hours, 21 days',
    '\\(1\\,\\text{hour} = 60\\,\\text{minutes}\\)',
  ])('passes %s', (text) => {
    expect(findings(singularRule, text)).toEqual([]);
  });

  it.each([
    ['A circle has a radius of 1 feet.', "'1 feet' should be '1 foot'"],
    ['a radius of 1 inches', "'1 inches' should be '1 inch'"],
    ['a radius of 1 meters', "'1 meters' should be '1 meter'"],
    ['Enter 1 hours and 40 minutes.', "'1 hours' should be '1 hour'"],
    ['Give 1 tablets.', "'1 tablets' should be '1 tablet'"],
    ['Infuse over 1.5 hour.', "'1.5 hour' should be '1.5 hours'"],
    ['Give 3 tablet.', "'3 tablet' should be '3 tablets'"],
    ['regular insulin at \\(1\\,\\text{units/hr}\\)', "'1 units' should be '1 unit'"],
  ])('flags %s', (text, message) => {
    expect(findings(singularRule, text)).toEqual([message]);
  });

  it('countWord and pluralOf agree with the rule', () => {
    expect([countWord(1, 'foot'), countWord(2, 'foot'), countWord(0.5, 'inch')]).toEqual([
      'foot',
      'feet',
      'inches',
    ]);
    expect(pluralOf('hour')).toBe('hours');
  });
});
