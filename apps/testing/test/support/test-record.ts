import type { TestRecord } from '../../src/exams/test.schema';

/** The creation time of testRecord's tests. */
export const T0 = new Date('2026-11-20T10:00:00.000Z');

/** A practice test document as TestsService writes it at creation (untimed, unanswered). */
export function testRecord(id: string, userId: string, over: Partial<TestRecord> = {}): TestRecord {
  return {
    _id: id,
    userId,
    productId: 'teas_math_qbank',
    testProductId: 'teas_math_qbank_practice',
    includeId: 'teas_math_qbank_practice',
    productName: 'TEAS Math QBank',
    instructions: '',
    mode: 'practice',
    completed: false,
    createdAt: T0,
    lastUpdated: T0,
    submittedAt: null,
    totalQuestions: 2,
    finalScore: null,
    correctCount: null,
    incorrectCount: null,
    unansweredCount: null,
    answeredCount: null,
    objectives: null,
    timer: null,
    ...over,
  };
}
