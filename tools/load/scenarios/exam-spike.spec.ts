import { validateMathAnswer } from '@examprep/validation';
import { failedChecks } from './http.js';
import {
  SPIKE_INCLUDES,
  SPIKE_PRODUCT,
  answerKey,
  createTestChecks,
  createTestRequest,
  practiceQuestionIndex,
  practiceVisit,
  savePracticeAnswerChecks,
  savePracticeAnswerRequest,
  spikeAnswer,
  spikeMode,
  spikeTestOf,
  submitQuizAnswerChecks,
  submitQuizAnswerRequest,
  type SpikeQuestion,
} from './exam-spike.js';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PRODUCTS } = require('../../seed/catalog-content.cjs') as {
  PRODUCTS: { id: string; includes: { id: string[]; kind: string[]; mode: (string | null)[] } }[];
};

const res = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const single: SpikeQuestion = { qid: 'q1', type: 'single', answerOrder: ['2', '4', '6', '8'] };
const sata: SpikeQuestion = { qid: 'q2', type: 'sata', answerOrder: ['a', 'b', 'c'] };
const blank: SpikeQuestion = { qid: 'q3', type: 'blank', answerOrder: [] };

describe('exam-spike scenario', () => {
  it("names the seeded catalogue's TEAS Math QBank test includes, one per mode", () => {
    // the catalogue keeps includes as parallel columns (learner spec §3 Product)
    const inc = PRODUCTS.find((p) => p.id === SPIKE_PRODUCT)!.includes;
    for (const mode of ['practice', 'full'] as const) {
      const k = inc.id.indexOf(SPIKE_INCLUDES[mode]);
      expect(k).toBeGreaterThanOrEqual(0);
      expect([inc.kind[k], inc.mode[k]]).toEqual(['test', mode]);
    }
  });

  it('creates half practice, half full tests, each request with its correlation id', () => {
    expect([0, 1, 2, 3].map(spikeMode)).toEqual(['practice', 'full', 'practice', 'full']);
    expect(createTestRequest('http://127.0.0.1:13000/', 'tok', 'practice', 'c-1')).toEqual({
      name: 'create-test',
      method: 'POST',
      url: 'http://127.0.0.1:13000/api/create-test',
      headers: {
        Accept: 'application/json',
        Authorization: 'Bearer tok',
        'Content-Type': 'application/json',
        'X-Correlation-Id': 'c-1',
      },
      body: '{"productId":"teas_math_qbank","includeId":"teas_math_qbank_practice","mode":"practice"}',
    });
  });

  it('saves and checks {testId, questionId, submittedAnswer}', () => {
    const save = savePracticeAnswerRequest('http://h', 't', 'T', 'q1', '4');
    expect(save).toMatchObject({
      name: 'save-practice-answer',
      url: 'http://h/api/save-practice-answer',
    });
    expect(JSON.parse(save.body!)).toEqual({ testId: 'T', questionId: 'q1', submittedAnswer: '4' });
    expect(save.headers['X-Correlation-Id']).toBeUndefined();
    const check = submitQuizAnswerRequest('http://h', 't', 'T', 'q2', ['a']);
    expect(check).toMatchObject({
      name: 'submit-quiz-answer',
      url: 'http://h/api/submit-quiz-answer',
    });
    expect(JSON.parse(check.body!)).toEqual({
      testId: 'T',
      questionId: 'q2',
      submittedAnswer: ['a'],
    });
  });

  it('answers validly: a choice of the question, one or two for sata, a plain number typed', () => {
    for (let visit = 0; visit < 6; visit++)
      for (let salt = 0; salt < 5; salt++) {
        expect(single.answerOrder).toContain(spikeAnswer(single, visit, salt));
        const s = spikeAnswer(sata, visit, salt) as string[];
        expect(s.length).toBeGreaterThanOrEqual(1);
        expect(new Set(s).size).toBe(s.length);
        for (const c of s) expect(sata.answerOrder).toContain(c);
        const typed = spikeAnswer(blank, visit, salt) as string;
        expect(typed).toMatch(/^\d+$/);
        expect(validateMathAnswer(typed).isValid).toBe(true);
      }
  });

  it('a question visited again gets a different answer, so the stored one tells which save won', () => {
    for (const q of [single, sata, blank])
      for (let salt = 0; salt < 5; salt++)
        expect(answerKey(spikeAnswer(q, 1, salt))).not.toBe(answerKey(spikeAnswer(q, 0, salt)));
  });

  it('rotates a practice learner over every question of its test, one visit per pass', () => {
    const seen = Array.from({ length: 38 }, (_, k) => practiceQuestionIndex(k, 7, 38));
    expect(new Set(seen).size).toBe(38);
    expect(practiceVisit(37, 38)).toBe(0);
    expect(practiceVisit(38, 38)).toBe(1);
  });

  it('compares answers as sets of trimmed, non-empty texts', () => {
    expect(answerKey(['b', ' a'])).toBe(answerKey(['a', 'b']));
    expect(answerKey('4')).toBe(answerKey(['4']));
    expect(answerKey(null)).toBe(answerKey([]));
    expect(answerKey('')).toBe(answerKey(null));
    expect(answerKey('4')).not.toBe(answerKey('6'));
  });

  it('reads the questions of a test view and refuses anything else', () => {
    expect(
      spikeTestOf({
        id: 'T',
        mode: 'full',
        questions: [{ qid: 'q1', type: 'single', answerOrder: ['1', '2'], question: 'x' }],
      }),
    ).toEqual({
      testId: 'T',
      mode: 'full',
      questions: [{ qid: 'q1', type: 'single', answerOrder: ['1', '2'] }],
    });
    expect(() => spikeTestOf({ id: 'T', questions: [] })).toThrow('no questions');
    expect(() => spikeTestOf({ statusCode: 404 })).toThrow('not a test view');
  });

  it('checks the answers of the three routes', () => {
    expect(failedChecks(createTestChecks, res(200, { success: true, testId: 'abc' }))).toEqual([]);
    expect(failedChecks(createTestChecks, res(403, { message: 'x' }))).toHaveLength(2);
    expect(
      failedChecks(
        savePracticeAnswerChecks,
        res(200, { success: true, questionId: 'q1', savedAt: '2026-11-24T12:00:00Z', saved: true }),
      ),
    ).toEqual([]);
    expect(
      failedChecks(
        savePracticeAnswerChecks,
        res(200, {
          success: true,
          questionId: 'q1',
          savedAt: '2026-11-24T12:00:00Z',
          saved: false,
        }),
      ),
    ).toEqual(['save-practice-answer: saved']);
    const revealed = {
      correctAnswer: ['4'],
      explanation: 'e',
      explanationImage: null,
      video: null,
      gradedAt: '2026-11-24T12:00:00Z',
      gradedBy: 'system',
      misconception: null,
    };
    expect(
      failedChecks(
        submitQuizAnswerChecks,
        res(200, { success: true, isCorrect: false, updatedQuestion: revealed }),
      ),
    ).toEqual([]);
    expect(failedChecks(submitQuizAnswerChecks, res(504, {}))).toHaveLength(2);
  });
});
