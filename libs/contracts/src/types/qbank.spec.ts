import { roundingInstruction, statesRounding } from './qbank';

describe('roundingInstruction: one wording per rounding rule (issue 24 #10)', () => {
  it.each([
    [0, 'Round to the nearest whole number.'],
    [1, 'Round to the nearest tenth.'],
    [2, 'Round to the nearest hundredth.'],
    [3, 'Round to the nearest thousandth.'],
    [4, 'Round to 4 decimal places.'],
  ])('%i places: %s', (places, text) => {
    expect(roundingInstruction(places)).toBe(text);
  });

  it('refuses what is no number of places', () => {
    for (const bad of [-1, 1.5, Number.NaN])
      expect(() => roundingInstruction(bad)).toThrow(RangeError);
  });

  it('statesRounding: the question says its rule already, in the same words', () => {
    expect(statesRounding('Convert 2 lb. Round to the nearest tenth.', { places: 1 })).toBe(true);
    expect(statesRounding('Convert 2 lb. Round to the nearest tenth.', { places: 2 })).toBe(false);
    expect(statesRounding('Convert 2 lb.', { places: 1 })).toBe(false);
  });
});
