import { leadingZeroRule } from './leading-zero';
import { findings } from './test-helpers';

describe('leading zero rule', () => {
  it.each([
    'Give 0.5 mg.',
    'Wait... then give 0.25 mL.',
    'The dose is 5. Then 0.5.',
    '\\(0.125\\,\\text{mg}\\)',
  ])('passes %s', (text) => {
    expect(findings(leadingZeroRule, text)).toEqual([]);
  });

  it.each([
    ['Give .5 mg.', "write a zero before the decimal point ('0.5')"],
    ['\\(.25\\,\\text{mL}\\)', "write a zero before the decimal point ('0.2')"],
  ])('flags %s', (text, message) => {
    expect(findings(leadingZeroRule, text)).toEqual([message]);
  });
});
