import { TEST_LABELS, TEST_MESSAGES, TEST_MODE_LABELS } from '@examprep/contracts/types';

/** Texts of the start flow and the test screens (learner spec §2 Test screens, §4, §8). */
export const TESTS_MESSAGES = {
  ...TEST_MESSAGES,
  ...TEST_LABELS,
  modeLabels: TEST_MODE_LABELS,
  loadingTest: 'Loading test...',
  starting: 'Starting…',
  unfinishedTitle: 'Unfinished Test',
  unfinishedBody: (product: string, answered: number, total: number) =>
    `You have an unfinished test of ${product} (${answered} of ${total} answered). Continue it, or start a new one? Starting a new test deletes the unfinished one.`,
  startPracticeTitle: 'Start Practice Test',
  startTest: 'Start Test',
  timerOption: 'Use the TEAS timer: 57 minutes for 38 questions, the real exam’s pace',
  timerOptionHelp:
    'A countdown is shown; at zero the test is submitted with the answers you saved.',
  questionOf: (n: number, total: number) => `Question ${n} of ${total}`,
  navigatorLabel: 'Questions',
  markerNames: {
    green: 'correct',
    red: 'incorrect',
    black: 'not answered',
    blue: 'answered',
  } as const,
  /** A practice answer kept on this device, not yet saved (issue 24 #7). */
  markerPending: 'answered (not saved yet)',
  answeredPending: (n: number) => `${n} not saved yet`,
  navigatorItem: (n: number, state: string, flagged: boolean, current: boolean) =>
    `Question ${n}: ${state}${flagged ? ', flagged' : ''}${current ? ' (current)' : ''}`,
  flagged: 'Flagged',
  choicesLegend: 'Answer choices',
  choicesLegendSata: 'Answer choices (select all that apply)',
  answerLabel: 'Your answer',
  roundingHint: (places: number) =>
    places === 0
      ? 'Round to a whole number.'
      : `Round to ${places} decimal ${places === 1 ? 'place' : 'places'}.`,
  checking: 'Checking…',
  correct: 'Correct!',
  incorrect: 'Incorrect',
  correctAnswerIs: 'Correct answer:',
  correctChoice: 'Correct answer',
  yourAnswer: 'Your answer',
  explanation: 'Explanation',
  explanationImageAlt: 'Explanation figure',
  questionImageAlt: (n: number) => `Figure for question ${n}`,
  videoExplanation: 'Video explanation',
  whyTempting: (text: string) => `Why this answer is tempting: ${text}`,
  submitSummary: 'Your answers',
  submitting: 'Submitting…',
  submitFailedTitle: 'Submit Failed',
  close: 'Close',
  saving: 'Saving…',
  savedAt: (time: string) => `Saved at ${time}`,
  notSaved: 'Not saved yet',
  kept: 'Kept on this device',
  offlineNotice: 'You are offline.',
  calculatorTitle: 'Calculator',
  calculatorDisplay: 'Calculator display',
  calculatorKeys: {
    '+': 'plus',
    '−': 'minus',
    '×': 'times',
    '÷': 'divided by',
    '=': 'equals',
    C: 'clear',
    '±': 'change sign',
    '.': 'decimal point',
  } as Record<string, string>,
  calculatorHint:
    'Type with the keyboard: digits, + - * /, Enter for =, Delete to clear, Escape to close.',
  timeLeftMinutes: (m: number) => `${m} ${m === 1 ? 'minute' : 'minutes'} left`,
  timeUpTitle: 'Time is up',
  goToGradebook: 'Go to Gradebook',
} as const;
