import { aOrAn } from '../core/words';
import { articleRule } from './article';
import { findings } from './test-helpers';

describe('article rule', () => {
  it.each([
    'An amiodarone infusion of 450 mg runs at 0.5 mg/min.',
    'An esmolol infusion and an epinephrine infusion.',
    'Give an 8-hour infusion, an 11-year-old, an 18 kg child, an 80 mL bolus.',
    'It holds a unit of blood; the dose is a one-time dose.',
    'The pump gives an hour of fluid at a rate of 100 mL/hr.',
    'Start an IV line; an NPO client; a US label.',
    'Give a 1.5 mL dose, a 100 mL bag, a 25 mg tablet and a 1,000 mL bag.',
    'Pump A is programmed. Type A blood. Vitamin A is fat soluble.',
    'A \\(2\\,\\text{mL}\\) dose. A nurse gives an \\(8\\,\\text{mg}\\) dose.',
    'time-and-a-half for every hour over 40',
    'a mL is a milliliter; an hr is an hour',
  ])('passes %s', (text) => {
    expect(findings(articleRule, text)).toEqual([]);
  });

  it.each([
    ['A amiodarone infusion is ordered.', "'A amiodarone' should be 'An amiodarone'"],
    ['Order: give a esmolol bolus.', "'a esmolol' should be 'an esmolol'"],
    ['The client weighs 60 kg. A epinephrine drip.', "'A epinephrine' should be 'An epinephrine'"],
    ['Infuse over a 8-hour period.', "'a 8-hour' should be 'an 8-hour'"],
    ['a 11 kg child', "'a 11' should be 'an 11'"],
    ['an unit of blood', "'an unit' should be 'a unit'"],
    ['a hour later', "'a hour' should be 'an hour'"],
    ['a IV antibiotic', "'a IV' should be 'an IV'"],
    ['an 25 mg tablet', "'an 25' should be 'a 25'"],
  ])('flags %s', (text, message) => {
    expect(findings(articleRule, text)).toEqual([message]);
  });

  it('aOrAn decides by sound', () => {
    expect(['8', '80', '800', '8,000', '11', '18', '11,500', '1800'].map(aOrAn)).toEqual(
      Array(8).fill('an'),
    );
    expect(
      ['1', '100', '1,100', '110', '0.5', '25', 'unit', 'one', 'euro', 'mL', 'US'].map(aOrAn),
    ).toEqual(Array(11).fill('a'));
    expect(['hour', 'honest', 'IV', 'MRI', 'oz', 'hr', 'apple', 'epinephrine'].map(aOrAn)).toEqual(
      Array(8).fill('an'),
    );
  });
});
