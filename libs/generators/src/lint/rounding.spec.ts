import { roundingRule } from './rounding';
import { subject } from './test-helpers';

const messages = (fields: Parameters<typeof subject>[0]) =>
  roundingRule(subject(fields)).map((p) => p.message);

describe('rounding rule', () => {
  it('passes one instruction of the item rule, and none without a rule', () => {
    expect(
      messages({ question: 'How many mL? Round to the nearest tenth.', rounding: { places: 1 } }),
    ).toEqual([]);
    expect(messages({ question: 'How many mL?', rounding: null })).toEqual([]);
    expect(
      messages({ question: 'How many mL? Round to 4 decimal places.', rounding: { places: 4 } }),
    ).toEqual([]);
  });

  it('counts only the instruction, not when to round or an estimation task', () => {
    expect(
      messages({
        question: 'How many kg? Do not round until the final answer. Round to the nearest tenth.',
        rounding: { places: 1 },
      }),
    ).toEqual([]);
    expect(
      messages({
        question: 'Estimate 16.4 + 14.4 by first rounding each number to the nearest whole number.',
      }),
    ).toEqual([]);
  });

  it('flags a missing, doubled, wrong or stray instruction', () => {
    expect(messages({ question: 'How many mL?', rounding: { places: 1 } })).toEqual([
      "exactly one rounding instruction expected: 'Round to the nearest tenth.'",
    ]);
    expect(
      messages({
        question: 'Round to the nearest tenth. How many mL? Round to the nearest tenth.',
        rounding: { places: 1 },
      }),
    ).toEqual(["exactly one rounding instruction expected: 'Round to the nearest tenth.'"]);
    expect(
      messages({
        question: 'How many mL? Round to the nearest hundredth.',
        rounding: { places: 1 },
      }),
    ).toEqual(["the rounding instruction should be 'Round to the nearest tenth.'"]);
    expect(messages({ question: 'How many mL? Round to the nearest tenth.' })).toEqual([
      'a rounding instruction in an item without rounding',
    ]);
  });
});
