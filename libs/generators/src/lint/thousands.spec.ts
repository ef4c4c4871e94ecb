import { thousandsRule } from './thousands';
import { findings } from './test-helpers';

describe('thousands rule', () => {
  it.each([
    'Infuse 1,000 mL of D5W; 25,000 units of heparin; 1,234.5 mL; 999 mL.',
    'Available: heparin \\(25{,}000\\,\\text{units}\\) in \\(500\\,\\text{mL}\\).',
    'Infuse from 0645 to 1930 the next day, or from 2230 to 0600.',
    'From 2230 to 1500 the next day is 16 hours 30 minutes.',
    'In 2024 the clinic opened.',
    'D5W at 125 mL/hr; 0.0005 g; 3.14159',
    'Scores: 61, 74, 61, 63, 60.',
    'The pump reads RATE 125 and VTBI 1000.',
  ])('passes %s', (text) => {
    expect(findings(thousandsRule, text)).toEqual([]);
  });

  it.each([
    ['Infuse 3240 mL over 24 hours.', "'3240' needs thousands separators (3,240)"],
    ['13500', "'13500' needs thousands separators (13,500)"],
    ['\\(1000\\,\\text{mL}\\)', "'1000' needs thousands separators (1,000)"],
    ['The answer is 2352.24.', "'2352' needs thousands separators (2,352)"],
    ['Infuse 1,0000 mL.', "'1,0000' is grouped wrongly"],
    ['Infuse to 1200 mL.', "'1200' needs thousands separators (1,200)"],
  ])('flags %s', (text, message) => {
    expect(findings(thousandsRule, text)).toEqual([message]);
  });

  it('asks for {,} in LaTeX, where a bare comma is set as punctuation', () => {
    expect(findings(thousandsRule, '\\(1,000\\,\\text{mL}\\)')).toEqual([
      "write the thousands comma in LaTeX as {,} ('1{,}000')",
    ]);
  });
});
