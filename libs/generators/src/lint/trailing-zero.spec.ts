import { trailingZeroRule } from './trailing-zero';
import { findings } from './test-helpers';

describe('trailing zero rule', () => {
  it.each([
    'Give 5 mg, 2.5 mL, 0.05 mg and 100 mL.',
    'A box costs $4.50 and a bag $12.',
    '\\(\\$4.50\\) per hour',
    'Round 3.96 to the nearest tenth: 4.',
  ])('passes %s', (text) => {
    expect(findings(trailingZeroRule, text)).toEqual([]);
  });

  it.each([
    ['Give 5.0 mg.', "drop the trailing zero of '5.0'"],
    ['Give 2.50 mL.', "drop the trailing zero of '2.50'"],
    ['\\(1{,}000.0\\,\\text{mL}\\)', "drop the trailing zero of '1,000.0'"],
    ['It costs $4.5000.', "drop the trailing zero of '$4.5000'"],
  ])('flags %s', (text, message) => {
    expect(findings(trailingZeroRule, text)).toEqual([message]);
  });
});
