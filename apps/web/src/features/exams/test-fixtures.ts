import { type TestQuestionView, type TestView } from '@examprep/contracts/types';

export const TEST_ID = 'TTTTTTTTTTTTTTTTTTT1';

export function question(qid: string, over: Partial<TestQuestionView> = {}): TestQuestionView {
  return {
    qid,
    type: 'single',
    question: `What is 2 + ${qid.length}?`,
    answerOrder: ['3', '4', '5'],
    questionImage: null,
    objective: 'Numbers',
    rounding: null,
    submittedAnswer: null,
    isSubmitted: false,
    status: 'unanswered',
    saved: false,
    savedAt: null,
    flagged: false,
    ...over,
  };
}

export function testView(over: Partial<TestView> = {}): TestView {
  const questions = over.questions ?? [
    question('q1'),
    question('q2', { type: 'blank', answerOrder: [] }),
  ];
  return {
    id: TEST_ID,
    userId: 'user-1',
    productId: 'teas_math_sample_qbank',
    testProductId: 'teas_math_sample_qbank',
    includeId: 'teas_math_sample_qbank',
    productName: 'TEAS Math Sample QBank',
    instructions: 'Answer each question, then Check.',
    mode: 'full',
    completed: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUpdated: '2026-01-01T00:00:00.000Z',
    submittedAt: null,
    totalQuestions: questions.length,
    answeredCount: 0,
    timer: null,
    objectives: null,
    finalScore: null,
    correctCount: null,
    incorrectCount: null,
    unansweredCount: null,
    ...over,
    questions,
  };
}
