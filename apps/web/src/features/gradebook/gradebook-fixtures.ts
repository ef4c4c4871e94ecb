// Test data of the gradebook and review specs (not shipped: imported by *.spec.tsx only).
import { type TestQuestionView, type TestSummary, type TestView } from '@examprep/contracts/types';

export function summary(over: Partial<TestSummary> = {}): TestSummary {
  return {
    id: 'AAAAAAAAAAAAAAAAAAA1',
    userId: 'user-1',
    productId: 'teas_math_sample_qbank',
    testProductId: 'teas_math_sample_qbank',
    includeId: 'teas_math_sample_qbank',
    productName: 'TEAS Math Sample QBank',
    mode: 'full',
    completed: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    lastUpdated: '2026-03-01T10:30:00.000Z',
    submittedAt: '2026-03-01T10:30:00.000Z',
    totalQuestions: 3,
    answeredCount: 2,
    timer: null,
    objectives: [
      { objective: 'Fractions', correct: 1, incorrect: 1, unanswered: 0, total: 2 },
      { objective: 'Ratios', correct: 0, incorrect: 0, unanswered: 1, total: 1 },
    ],
    finalScore: 33,
    correctCount: 1,
    incorrectCount: 1,
    unansweredCount: 1,
    ...over,
  };
}

export function question(over: Partial<TestQuestionView> = {}): TestQuestionView {
  return {
    qid: 'AB12',
    type: 'single',
    question: 'What is \\(\\frac{1}{2} + \\frac{1}{4}\\)?',
    answerOrder: ['3/4', '2/6', '1/8'],
    questionImage: null,
    objective: 'Fractions',
    rounding: null,
    submittedAnswer: '3/4',
    isSubmitted: true,
    status: 'correct',
    saved: true,
    savedAt: '2026-03-01T10:10:00.000Z',
    flagged: false,
    correctAnswer: ['3/4'],
    explanation: 'Use a common denominator: \\(\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}\\).',
    explanationImage: null,
    video: null,
    gradedAt: '2026-03-01T10:10:00.000Z',
    gradedBy: 'system',
    misconception: null,
    ...over,
  };
}

export function view(over: Partial<TestView> = {}): TestView {
  return {
    ...summary(),
    instructions: 'Answer every question.',
    questions: [
      question(),
      question({
        qid: 'CD34',
        question: 'Which is bigger?',
        answerOrder: ['1/2', '1/3'],
        submittedAnswer: '1/3',
        status: 'incorrect',
        correctAnswer: ['1/2'],
        explanation: 'Halves are bigger than thirds.',
        misconception: 'you compared the denominators instead of the fractions',
        flagged: true,
      }),
      question({
        qid: 'EF56',
        type: 'blank',
        question: 'Convert 2 g to mg.',
        answerOrder: [],
        submittedAnswer: null,
        isSubmitted: false,
        status: 'unanswered',
        saved: false,
        correctAnswer: ['2000'],
        explanation: '1 g = 1000 mg.',
        objective: 'Ratios',
      }),
    ],
    ...over,
  };
}
