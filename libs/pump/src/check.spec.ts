import { ANSWER_RULE_MESSAGES, PUMP_MESSAGES } from '@examprep/contracts/types';
import { checkPump } from './check';
import { generatePump } from './generate';
import type { PumpProblem } from './problem';

/**
 * The pump check names the answer rules' leading-zero slip (ADR 0036) when that is the slip:
 * the right value typed without its zero. Today's keypad takes digits only, so this guards a
 * pump that reads decimals (a rate of 0.5 mL/hr) the day one is drawn.
 */
describe('checkPump: the leading-zero hint (ADR 0036)', () => {
  const base = generatePump({ kind: 'singlePump', timeFormat: 'given', seed: 1 });
  const channel = base.infusions[0]!.channel;
  const idle = channel === 'A' ? 'B' : 'A';
  const decimal: PumpProblem = {
    ...base,
    expected: {
      mode: 'channels',
      [channel]: { rate: '0.5', vtbi: '12' },
      [idle]: { rate: '0', vtbi: '0' },
    } as PumpProblem['expected'],
  };
  const typed = (rate: string) => ({
    [channel]: { rate, vtbi: '12' },
    [idle]: { rate: '0', vtbi: '0' },
  });

  it("'.5' for 0.5 is incorrect, and the hint is the leading-zero rule", () => {
    expect(checkPump(decimal, typed('.5'))).toEqual({
      correct: false,
      message: PUMP_MESSAGES.incorrect,
      hint: ANSWER_RULE_MESSAGES.leadingZero,
    });
  });

  it("'0.5' is correct; a wrong value without its zero gets no leading-zero hint", () => {
    expect(checkPump(decimal, typed('0.5')).correct).toBe(true);
    expect(checkPump(decimal, typed('.6')).hint).not.toBe(ANSWER_RULE_MESSAGES.leadingZero);
  });

  it('whole-number problems keep their hints (out by 10)', () => {
    const expected = base.expected;
    if (expected.mode !== 'channels') throw new Error('a channels problem');
    const rate = expected[channel].rate;
    const answer = { ...expected, [channel]: { ...expected[channel], rate: `${rate}0` } };
    expect(checkPump(base, answer).hint).toBe(PUMP_MESSAGES.hintOutBy10);
  });
});
