import {
  pumpKindFor,
  type PumpCheckResult,
  type PumpGenerateInput,
  type PumpQuestion,
} from '@examprep/contracts/types';

/** Test questions of the pump face and page specs (the shape the gateway sends). */
export function pumpQuestion(
  input: PumpGenerateInput,
  over: Partial<PumpQuestion> = {},
): PumpQuestion {
  const kind = pumpKindFor(input.calculate, input.pumpCount);
  const timeFormat = input.calculate === 'time' ? 'given' : input.timeFormat;
  const dual = input.pumpCount === 'dual';
  return {
    id: `${kind}~${timeFormat}~7`,
    kind,
    calculate: input.calculate,
    pumpCount: input.pumpCount,
    timeFormat,
    channels: dual ? ['A', 'B'] : ['A'],
    text: `A ${kind} question in the ${timeFormat} format.`,
    display:
      input.calculate === 'time'
        ? {
            A: { rate: '125', vtbi: '1000' },
            B: dual ? { rate: '50', vtbi: '300' } : { rate: '0', vtbi: '0' },
          }
        : null,
    preview: false,
    ...over,
  };
}

export const RATE_SINGLE = pumpQuestion(
  { calculate: 'rate', timeFormat: 'given', pumpCount: 'single' },
  { text: 'Infuse 1000 mL over 8 hours on pump A. Program the pump.' },
);

export const RIGHT: PumpCheckResult = {
  correct: true,
  message: 'Correct!',
  hint: null,
  explanation: 'Rate is volume over time: \\[\\frac{1000\\,\\text{mL}}{8\\,\\text{hr}} = 125\\]',
};

export const WRONG: PumpCheckResult = {
  correct: false,
  message: 'Incorrect. Try again.',
  hint: 'One value is 10 times too large or too small: check for a slipped decimal point or an extra zero.',
  explanation: null,
};
