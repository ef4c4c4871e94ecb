import { TEST_MESSAGES, navigationBlockMessage } from '@examprep/contracts/types';
import {
  answerError,
  formatClock,
  markerOf,
  minutesLeft,
  navigationBlockReason,
  openingPosition,
  sameAnswer,
  secondsLeft,
  submitCounts,
} from './test-screen.logic';

const q = (
  over: Partial<{
    isSubmitted: boolean;
    status: 'correct' | 'incorrect' | 'unanswered';
    saved: boolean;
    flagged: boolean;
  }> = {},
) => ({
  isSubmitted: false,
  status: 'unanswered' as const,
  saved: false,
  flagged: false,
  ...over,
});

describe('navigation-block reasons (learner spec §4 Full test)', () => {
  it('in the spec order: submitting test, submitting answer, validation, other', () => {
    expect(
      navigationBlockReason({ submittingTest: true, submittingAnswer: true, invalidInput: true }),
    ).toBe('submittingTest');
    expect(
      navigationBlockReason({ submittingTest: false, submittingAnswer: true, invalidInput: true }),
    ).toBe('submittingAnswer');
    expect(
      navigationBlockReason({ submittingTest: false, submittingAnswer: false, invalidInput: true }),
    ).toBe('validation');
    expect(
      navigationBlockReason({
        submittingTest: false,
        submittingAnswer: false,
        invalidInput: false,
        other: true,
      }),
    ).toBe('other');
    expect(
      navigationBlockReason({
        submittingTest: false,
        submittingAnswer: false,
        invalidInput: false,
      }),
    ).toBeNull();
  });

  it('each reason has the spec sentence', () => {
    expect(navigationBlockMessage('submittingTest')).toBe('Submitting your test... please wait.');
    expect(navigationBlockMessage('submittingAnswer')).toBe('Checking your answer... please wait.');
    expect(navigationBlockMessage('validation')).toBe(
      'Navigation is disabled due to invalid input. Please adjust to proceed.',
    );
    expect(navigationBlockMessage('other')).toBe('Navigation is temporarily disabled.');
  });
});

describe('navigator markers (learner spec §2): colour plus an accessible name', () => {
  it('full: green correct, red incorrect, black unanswered', () => {
    expect(markerOf('full', q({ isSubmitted: true, status: 'correct' }), 0, false)).toEqual({
      marker: 'green',
      label: 'Question 1: correct',
      pending: false,
    });
    expect(markerOf('full', q({ isSubmitted: true, status: 'incorrect' }), 1, true)).toEqual({
      marker: 'red',
      label: 'Question 2: incorrect (current)',
      pending: false,
    });
    expect(markerOf('full', q(), 2, false).marker).toBe('black');
    expect(markerOf('full', q({ saved: true }), 2, false).marker).toBe('black');
  });

  it('practice: blue answered, black not; a flag is named', () => {
    expect(markerOf('practice', q({ saved: true, flagged: true }), 4, false)).toEqual({
      marker: 'blue',
      label: 'Question 5: answered, flagged',
      pending: false,
    });
    expect(markerOf('practice', q(), 0, false)).toEqual({
      marker: 'black',
      label: 'Question 1: not answered',
      pending: false,
    });
  });

  it('practice: an answer kept on this device is answered (blue), named not saved yet (issue 24 #7)', () => {
    expect(markerOf('practice', q(), 2, true, true)).toEqual({
      marker: 'blue',
      label: 'Question 3: answered (not saved yet) (current)',
      pending: true,
    });
    // only practice keeps answers on the device; a full test's marker is the server's verdict
    expect(markerOf('full', q(), 0, false, true)).toEqual({
      marker: 'black',
      label: 'Question 1: not answered',
      pending: false,
    });
  });
});

describe('answers', () => {
  it('compares sets for sata and trims typed answers', () => {
    expect(sameAnswer(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(sameAnswer(' 12 ', '12')).toBe(true);
    expect(sameAnswer('', [])).toBe(true);
    expect(sameAnswer('12', '13')).toBe(false);
    expect(sameAnswer(null, 'x')).toBe(false);
  });

  it('typed answers use the shared math-answer validator', () => {
    expect(answerError('blank', '3/4')).toBeNull();
    expect(answerError('blank', 'x'.repeat(501))).toBe(
      'Answer too long. Maximum 500 characters allowed.',
    );
    expect(answerError('blank', '12 #')).toBe(
      'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
    );
    expect(answerError('single', '#')).toBeNull();
  });

  it('counts answered by mode for the submit dialog', () => {
    const qs = [q({ isSubmitted: true }), q({ saved: true }), q()];
    expect(submitCounts('full', qs)).toEqual({ answered: 1, unanswered: 2, total: 3 });
    expect(submitCounts('practice', qs)).toEqual({ answered: 1, unanswered: 2, total: 3 });
  });

  it("the screen's own view of answered wins (practice: answers kept on this device)", () => {
    const qs = [q({ saved: true }), q(), q()];
    expect(submitCounts('practice', qs, (x) => x !== qs[2])).toEqual({
      answered: 2,
      unanswered: 1,
      total: 3,
    });
  });
});

describe('where a test screen opens (learner spec §4; issue 24 #8)', () => {
  it('on the first question without an answer', () => {
    expect(openingPosition([false, false])).toEqual({ index: 0, confirm: false });
    expect(openingPosition([true, true, false, true, false])).toEqual({ index: 2, confirm: false });
  });

  it('with none left: on the last question, the submit confirmation open', () => {
    expect(openingPosition([true, true, true])).toEqual({ index: 2, confirm: true });
    expect(openingPosition([true])).toEqual({ index: 0, confirm: true });
  });

  it('a test without questions opens nothing', () => {
    expect(openingPosition([])).toEqual({ index: 0, confirm: false });
  });
});

describe('timer', () => {
  it('counts down to 0, never below', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsLeft('2026-01-01T00:57:00Z', now)).toBe(57 * 60);
    expect(secondsLeft('2025-12-31T00:00:00Z', now)).toBe(0);
    expect(secondsLeft('garbage', now)).toBe(0);
  });

  it('formats m:ss and h:mm:ss; announces whole minutes rounded up', () => {
    expect(formatClock(57 * 60)).toBe('57:00');
    expect(formatClock(61)).toBe('1:01');
    expect(formatClock(3 * 3600 + 5)).toBe('3:00:05');
    expect(minutesLeft(61)).toBe(2);
    expect(minutesLeft(60)).toBe(1);
    expect(minutesLeft(0)).toBe(0);
  });

  it('uses the spec message for the time-up answer', () => {
    expect(TEST_MESSAGES.timeUp).toBe(
      'Time is up. Your test was submitted with the answers you saved.',
    );
  });
});
