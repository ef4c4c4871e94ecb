import type { PoolQuestion } from '@examprep/contracts';
import type { TestRecord } from './test.schema';
import { type StoredAnswer, toQuestionView, toTestExport, toTestView } from './test-view';

const REVEAL = [
  'correctAnswer',
  'explanation',
  'explanationImage',
  'video',
  'gradedAt',
  'gradedBy',
  'misconception',
];

const question = (qid: string): PoolQuestion => ({
  qid,
  type: 'single',
  question: `What is ${qid}?`,
  choices: ['1', '2', '3'],
  correctAnswer: ['2'],
  explanation: 'Because.',
  course: 'C',
  objective: 'Numbers',
  rounding: null,
  media: { questionImage: 'q.png', explanationImage: 'e.png', video: 'v.mp4' },
  misconceptions: [{ value: '3', misconception: 'you added instead of subtracting' }],
});
const at = new Date('2026-03-01T10:00:00.000Z');
const test = (over: Partial<TestRecord> = {}): TestRecord => ({
  _id: 'T'.repeat(20),
  userId: 'u1',
  productId: 'p',
  testProductId: 'p',
  includeId: 'p',
  productName: 'P',
  instructions: 'I',
  mode: 'full',
  completed: false,
  createdAt: at,
  lastUpdated: at,
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
});
const answer = (qid: string, over: Partial<StoredAnswer> = {}): StoredAnswer => ({
  qid,
  submittedAnswer: ['3'],
  isSubmitted: false,
  status: 'unanswered',
  gradedAt: null,
  gradedBy: null,
  savedAt: at,
  flagged: false,
  ...over,
});
const keysOf = (o: object) => Object.keys(o);

describe('test views: the answer stays absent until it may be shown', () => {
  const questions = [question('AA01'), question('AA02')];

  it('full test: only the checked question carries its answer, explanation and media', () => {
    const answers = new Map([
      [
        'AA01',
        answer('AA01', {
          isSubmitted: true,
          status: 'incorrect',
          gradedAt: at,
          gradedBy: 'system',
        }),
      ],
      ['AA02', answer('AA02', { submittedAnswer: [], flagged: true })],
    ]);
    const view = toTestView(test(), questions, answers);
    expect(view.questions[0]).toMatchObject({
      status: 'incorrect',
      isSubmitted: true,
      submittedAnswer: '3',
      correctAnswer: ['2'],
      explanation: 'Because.',
      explanationImage: 'e.png',
      video: 'v.mp4',
      gradedAt: at.toISOString(),
      gradedBy: 'system',
      misconception: 'you added instead of subtracting',
    });
    for (const k of REVEAL) expect(keysOf(view.questions[1]!)).not.toContain(k);
    expect(view.questions[1]).toMatchObject({ flagged: true, saved: false, status: 'unanswered' });
    expect(view.answeredCount).toBe(1);
    expect(JSON.stringify(view.questions[1])).not.toContain('Because.');
  });

  it('practice test: saved answers show blue (saved) and nothing is revealed before submit', () => {
    const t = test({ mode: 'practice' });
    const answers = new Map([['AA01', answer('AA01', { submittedAnswer: ['2'] })]]);
    const view = toTestView(t, questions, answers);
    for (const q of view.questions) for (const k of REVEAL) expect(keysOf(q)).not.toContain(k);
    expect(view.questions[0]).toMatchObject({
      saved: true,
      status: 'unanswered',
      isSubmitted: false,
      submittedAnswer: '2',
    });
    expect(view.answeredCount).toBe(1);
    expect(JSON.stringify(view)).not.toContain('Because.');
  });

  it('a completed test reveals every question, graded; gradedAt falls back to the submit time', () => {
    const t = test({ mode: 'practice', completed: true, submittedAt: at, answeredCount: 1 });
    const answers = new Map([['AA01', answer('AA01', { submittedAnswer: ['2'] })]]);
    const view = toTestView(t, questions, answers);
    expect(view.questions[0]).toMatchObject({
      status: 'correct',
      isSubmitted: true,
      correctAnswer: ['2'],
      gradedAt: at.toISOString(),
      gradedBy: 'system',
      misconception: null,
    });
    expect(view.questions[1]).toMatchObject({
      status: 'unanswered',
      submittedAnswer: null,
      correctAnswer: ['2'],
    });
  });

  it('toQuestionView shows the question, its choices in order, its media and objective', () => {
    expect(toQuestionView(test(), question('AA01'), undefined)).toEqual({
      qid: 'AA01',
      type: 'single',
      question: 'What is AA01?',
      answerOrder: ['1', '2', '3'],
      questionImage: 'q.png',
      objective: 'Numbers',
      rounding: null,
      submittedAnswer: null,
      isSubmitted: false,
      status: 'unanswered',
      saved: false,
      savedAt: null,
      flagged: false,
    });
  });

  it('the admin export holds everything, revealed, under users/{uid}/tests/{id}', () => {
    const exp = toTestExport(test(), questions, new Map(), at);
    expect(exp.path).toBe(`users/u1/tests/${'T'.repeat(20)}`);
    expect(exp.fetchedAt).toBe(at.toISOString());
    for (const q of exp.test.questions) for (const k of REVEAL) expect(keysOf(q)).toContain(k);
    // never graded (the test is not submitted): no made-up grading time
    expect(exp.test.questions[0]).toMatchObject({
      gradedAt: null,
      gradedBy: null,
      correctAnswer: ['2'],
    });
  });
});
