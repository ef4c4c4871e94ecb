import { poolQuestion } from '../../test/support/service-fixture';
import {
  type FactAnswer,
  plainStem,
  MAX_SECONDS_PER_QUESTION,
  responseKey,
  secondsPerQuestion,
  testSubmittedFact,
  testSubmittedMsgId,
} from './test-submitted.fact';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const answer = (over: Partial<FactAnswer>): FactAnswer => ({
  submittedAnswer: [],
  isSubmitted: true,
  status: 'unanswered',
  savedAt: null,
  flagged: false,
  ...over,
});

const test = {
  _id: 'T'.repeat(20),
  userId: 'learner-1',
  mode: 'full' as const,
  createdAt: T0,
  timer: null,
};
const Q = [
  poolQuestion('AA01', { topic: 'teas_fractions' }),
  poolQuestion('AA02'),
  poolQuestion('AA03', {
    type: 'blank',
    choices: [],
    correctAnswer: ['12.5'],
    misconceptions: [{ value: '125', misconception: 'decimal point moved' }],
  }),
  poolQuestion('AA04'),
];

describe('the fact of a graded test (events.test.submitted)', () => {
  const answers = new Map<string, FactAnswer>([
    ['AA01', answer({ submittedAnswer: ['2'], status: 'correct', savedAt: at(40) })],
    [
      'AA02',
      answer({ submittedAnswer: ['3'], status: 'incorrect', savedAt: at(100), flagged: true }),
    ],
    ['AA03', answer({ submittedAnswer: ['125'], status: 'incorrect', savedAt: at(130) })],
    // flagged, never checked: unanswered in a full test
    ['AA04', answer({ submittedAnswer: [], isSubmitted: false, flagged: true })],
  ]);
  const fact = testSubmittedFact(test, Q, answers, { correctCount: 1, finalScore: 25 }, at(200), 2);

  it('carries the score and, per question, its outcome, options, responses, misconception, flag and time', () => {
    expect(testSubmittedMsgId(test._id)).toBe(`test-submitted:${test._id}`);
    expect(fact).toMatchObject({
      testId: test._id,
      uid: 'learner-1',
      total: 4,
      correct: 1,
      finalScore: 25,
    });
    expect(fact.items.map((i) => [i.qid, i.outcome, i.flagged, i.seconds])).toEqual([
      ['AA01', 'correct', false, 40],
      ['AA02', 'incorrect', true, 60],
      ['AA03', 'incorrect', false, 30],
      ['AA04', 'unanswered', true, null],
    ]);
    const [a1, a2, a3, a4] = fact.items;
    expect(a1!.topic).toBe('teas_fractions');
    expect(a2!.topic).toBeNull();
    expect(a1!.options).toEqual([
      { key: responseKey('1'), label: '1', correct: false, misconception: null },
      { key: responseKey('2'), label: '2', correct: true, misconception: null },
      {
        key: responseKey('3'),
        label: '3',
        correct: false,
        misconception: 'you multiplied by 60 instead of dividing',
      },
      { key: responseKey('4'), label: '4', correct: false, misconception: null },
    ]);
    expect(a1!.chosen).toEqual([responseKey('2')]);
    expect(a2!.chosen).toEqual([responseKey('3')]);
    expect(a2!.misconception).toBe('you multiplied by 60 instead of dividing');
    expect(a3!.chosen).toEqual([responseKey('125')]);
    expect(a3!.misconception).toBe('decimal point moved');
    expect(a3!.options.map((o) => [o.label, o.correct])).toEqual([
      ['12.5', true],
      ['125', false],
    ]);
    expect(a4!.chosen).toEqual(['none']);
    expect(a4!.misconceptions).toEqual(['you multiplied by 60 instead of dividing']);
  });

  it('a typed wrong answer that no misconception names is "other"', () => {
    const other = testSubmittedFact(
      test,
      [Q[2]!],
      new Map([['AA03', answer({ submittedAnswer: ['7'], status: 'incorrect', savedAt: at(5) })]]),
      { correctCount: 0, finalScore: 0 },
      at(10),
      2,
    );
    expect(other.items[0]).toMatchObject({ chosen: ['other'], misconception: null });
  });

  it('time per question: from the previous answer (or the start), capped; unanswered untimed', () => {
    const answered = new Set(['AA01', 'AA02']);
    const times = secondsPerQuestion(
      test,
      new Map([
        ['AA02', answer({ savedAt: at(30) })],
        ['AA01', answer({ savedAt: at(30 + 2 * MAX_SECONDS_PER_QUESTION) })],
        ['AA03', answer({ savedAt: at(10) })],
      ]),
      answered,
    );
    expect(Object.fromEntries(times)).toEqual({ AA02: 30, AA01: MAX_SECONDS_PER_QUESTION });
  });

  it('the stem is plain text: tags dropped, the formulas written out', () => {
    expect(plainStem('A box costs \\(\\$50\\). How much do <b>25</b> cost?')).toBe(
      'A box costs $50. How much do 25 cost?',
    );
    expect(plainStem('Evaluate \\(69 - 36 \\div 3 \\times 4\\).')).toBe(
      'Evaluate 69 - 36 ÷ 3 × 4.',
    );
    expect(plainStem('What is \\(12.5\\%\\) of \\(\\frac{1}{2}\\)?')).toBe('What is 12.5% of 1/2?');
    expect(plainStem('Convert 432\\,mg to grams.')).toBe('Convert 432 mg to grams.');
    expect(plainStem('x'.repeat(300))).toHaveLength(120);
  });
});
