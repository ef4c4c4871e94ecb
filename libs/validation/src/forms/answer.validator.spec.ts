import { ANSWER_MESSAGES, requireAnswer } from './answer.validator';

describe('requireAnswer (learner spec §5 "Empty answer")', () => {
  it('quotes the spec messages', () => {
    expect(ANSWER_MESSAGES.answerRequired).toBe('Please enter an answer before submitting!');
    expect(ANSWER_MESSAGES.selectionRequired).toBe('Please select an answer before submitting!');
  });

  it.each<string | string[]>(['', '   ', '\n', []])('rejects %p', (answer) => {
    expect(requireAnswer(answer)).toEqual({
      isValid: false,
      error: 'Please enter an answer before submitting!',
    });
  });

  it.each<string | string[]>(['0', ' 42 ', ['A'], ['A', 'C']])('accepts %p', (answer) => {
    expect(requireAnswer(answer)).toEqual({ isValid: true, error: null });
  });
});
