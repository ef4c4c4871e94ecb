import { ANSWER_RULE_MESSAGES, type PoolQuestion } from '@examprep/contracts';
import fc from 'fast-check';
import {
  answerFeedback,
  type AnswerState,
  gradeAnswer,
  gradeTest,
  misconceptionOf,
  questionStatus,
} from './grading';

const q = (over: Partial<PoolQuestion> & Pick<PoolQuestion, 'qid'>): PoolQuestion => ({
  type: 'single',
  question: 'Q',
  choices: ['1', '2', '3', '4'],
  correctAnswer: ['2'],
  explanation: 'E',
  course: 'C',
  objective: 'Numbers',
  rounding: null,
  media: { questionImage: null, explanationImage: null, video: null },
  misconceptions: [],
  ...over,
});
const checked = (answer: string[], status: AnswerState['status']): AnswerState => ({
  submittedAnswer: answer,
  isSubmitted: true,
  status,
});
const saved = (answer: string[]): AnswerState => ({
  submittedAnswer: answer,
  isSubmitted: false,
  status: 'unanswered',
});

describe('gradeAnswer: the one answer check on the snapshot', () => {
  it('rules 1 (tests made before ADR 0036): grades single, sata and typed answers; an empty answer is unanswered', () => {
    expect(gradeAnswer(q({ qid: 'AA01' }), ['2'], 1)).toBe('correct');
    expect(gradeAnswer(q({ qid: 'AA01' }), ['3'], 1)).toBe('incorrect');
    expect(gradeAnswer(q({ qid: 'AA01' }), [], 1)).toBe('unanswered');
    const sata = q({ qid: 'AA02', type: 'sata', correctAnswer: ['1', '3'] });
    expect(gradeAnswer(sata, ['3', '1'], 1)).toBe('correct');
    expect(gradeAnswer(sata, ['1'], 1)).toBe('incorrect');
    const blank = q({
      qid: 'AA03',
      type: 'blank',
      choices: [],
      correctAnswer: ['0.5'],
      rounding: { places: 1 },
    });
    expect(gradeAnswer(blank, ['.5'], 1)).toBe('correct');
    expect(gradeAnswer(blank, ['0.54'], 1)).toBe('correct');
    expect(gradeAnswer(blank, ['0.56'], 1)).toBe('incorrect');
  });
});

describe('questionStatus', () => {
  const question = q({ qid: 'AA01' });
  it('full: what the check said; unchecked (a flag only) is unanswered', () => {
    expect(questionStatus('full', false, question, checked(['3'], 'incorrect'), 1)).toBe(
      'incorrect',
    );
    expect(questionStatus('full', true, question, { ...saved([]), isSubmitted: false }, 1)).toBe(
      'unanswered',
    );
    expect(questionStatus('full', true, question, undefined, 1)).toBe('unanswered');
  });
  it('practice: unanswered until submitted, then the grade of the saved answer', () => {
    expect(questionStatus('practice', false, question, saved(['2']), 1)).toBe('unanswered');
    expect(questionStatus('practice', true, question, saved(['2']), 1)).toBe('correct');
    expect(questionStatus('practice', true, question, saved(['1']), 1)).toBe('incorrect');
  });
});

describe('gradeTest: score, counts and per-objective breakdown', () => {
  const questions = [
    q({ qid: 'AA01', objective: 'Fractions' }),
    q({ qid: 'AA02', objective: 'Ratios' }),
    q({ qid: 'AA03', objective: 'Fractions' }),
    q({ qid: 'AA04', objective: 'Ratios' }),
    q({ qid: 'AA05', objective: 'Algebra' }),
    q({ qid: 'AA06', objective: 'Algebra' }),
  ];

  it('full: checked answers keep their status; unchecked are unanswered; round(100 × 2/6) = 33', () => {
    const answers = new Map<string, AnswerState>([
      ['AA01', checked(['2'], 'correct')],
      ['AA02', checked(['1'], 'incorrect')],
      ['AA03', checked(['2'], 'correct')],
      ['AA04', saved(['2'])], // never checked (cannot happen in full, but counts as unanswered)
    ]);
    expect(gradeTest('full', questions, answers, 1)).toEqual({
      finalScore: 33,
      correctCount: 2,
      incorrectCount: 1,
      unansweredCount: 3,
      answeredCount: 3,
      objectives: [
        { objective: 'Fractions', correct: 2, incorrect: 0, unanswered: 0, total: 2 },
        { objective: 'Ratios', correct: 0, incorrect: 1, unanswered: 1, total: 2 },
        { objective: 'Algebra', correct: 0, incorrect: 0, unanswered: 2, total: 2 },
      ],
    });
  });

  it('practice: grades the saved answers', () => {
    const answers = new Map<string, AnswerState>([
      ['AA01', saved(['2'])],
      ['AA02', saved(['2'])],
      ['AA05', saved(['4'])],
      ['AA06', saved([])],
    ]);
    expect(gradeTest('practice', questions, answers, 1)).toMatchObject({
      finalScore: 33,
      correctCount: 2,
      incorrectCount: 1,
      unansweredCount: 3,
      answeredCount: 3,
    });
  });

  it('property: counts add up to the total and the score is round(100 × correct / total)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('1', '2', '3', '', 'skip'), { minLength: 1, maxLength: 40 }),
        (picks) => {
          const qs = picks.map((_, i) =>
            q({ qid: `AB${String(i).padStart(2, '0')}`, objective: `O${i % 3}` }),
          );
          const answers = new Map<string, AnswerState>();
          picks.forEach((p, i) => {
            if (p !== 'skip') answers.set(qs[i]!.qid, saved(p ? [p] : []));
          });
          const g = gradeTest('practice', qs, answers, 1);
          const correct = picks.filter((p) => p === '2').length;
          expect(g.correctCount).toBe(correct);
          expect(g.correctCount + g.incorrectCount + g.unansweredCount).toBe(picks.length);
          expect(g.finalScore).toBe(Math.round((100 * correct) / picks.length));
          expect(g.objectives.reduce((n, o) => n + o.total, 0)).toBe(picks.length);
        },
      ),
    );
  });
});

describe('misconceptionOf: the named misconception behind a wrong answer', () => {
  const named = [
    { value: '3', misconception: 'you multiplied by 60 instead of dividing' },
    { value: '4', misconception: 'you added the numerators and the denominators' },
  ];
  it('single: the chosen choice is a named distractor', () => {
    const question = q({ qid: 'AA01', misconceptions: named });
    expect(misconceptionOf(question, ['3'], 1)).toBe('you multiplied by 60 instead of dividing');
    expect(misconceptionOf(question, ['1'], 1)).toBeNull();
    expect(misconceptionOf(question, ['2'], 1)).toBeNull();
    expect(misconceptionOf(question, [], 1)).toBeNull();
  });
  it('blank: the typed value checks equal to a named distractor (0.50 = 0.5)', () => {
    const question = q({
      qid: 'AA02',
      type: 'blank',
      choices: [],
      correctAnswer: ['2'],
      misconceptions: [{ value: '0.5', misconception: 'you divided the wrong way round' }],
    });
    expect(misconceptionOf(question, ['0.50'], 1)).toBe('you divided the wrong way round');
    expect(misconceptionOf(question, ['7'], 1)).toBeNull();
  });
  it('a question without named distractors has none', () => {
    expect(misconceptionOf(q({ qid: 'AA03' }), ['3'], 1)).toBeNull();
  });
});

describe('answer rules 2 (ADR 0036) in a test', () => {
  const dose = q({
    qid: 'AC01',
    type: 'blank',
    choices: [],
    correctAnswer: ['0.7'],
    rounding: { places: 1 },
    misconceptions: [{ value: '7', misconception: 'decimal slip (x10)' }],
  });
  const weight = q({
    qid: 'AC02',
    type: 'blank',
    choices: [],
    correctAnswer: ['6.3'],
    rounding: { places: 1 },
  });

  it('only the correctly rounded value is correct; a missing leading zero is incorrect', () => {
    expect(gradeAnswer(weight, ['6.3'], 2)).toBe('correct');
    expect(gradeAnswer(weight, ['6.30'], 2)).toBe('correct');
    expect(gradeAnswer(weight, ['6.25'], 2)).toBe('incorrect');
    expect(gradeAnswer(weight, ['6.3499'], 2)).toBe('incorrect');
    expect(gradeAnswer(dose, ['.7'], 2)).toBe('incorrect');
    expect(gradeAnswer(dose, ['0.7'], 2)).toBe('correct');
  });

  it('the same answers keep their v1 grades in a test without a version', () => {
    expect(gradeAnswer(weight, ['6.25'], 1)).toBe('correct');
    expect(gradeAnswer(dose, ['.7'], 1)).toBe('correct');
  });

  it('feedback names the leading-zero rule under v2, never under v1', () => {
    expect(answerFeedback(dose, ['.7'], 2)).toBe(ANSWER_RULE_MESSAGES.leadingZero);
    expect(answerFeedback(weight, ['6.30'], 2)).toBe(ANSWER_RULE_MESSAGES.trailingZero);
    expect(answerFeedback(dose, ['0.7'], 2)).toBeNull();
    expect(answerFeedback(dose, [], 2)).toBeNull();
    expect(answerFeedback(dose, ['.7'], 1)).toBeNull();
  });

  it('a practice test re-graded at every read keeps the grade of its own rules', () => {
    const answers = new Map<string, AnswerState>([
      ['AC01', saved(['.7'])],
      ['AC02', saved(['6.25'])],
    ]);
    expect(gradeTest('practice', [dose, weight], answers, 1)).toMatchObject({
      finalScore: 100,
      correctCount: 2,
    });
    expect(gradeTest('practice', [dose, weight], answers, 2)).toMatchObject({
      finalScore: 0,
      incorrectCount: 2,
    });
    expect(questionStatus('practice', true, dose, saved(['.7']), 1)).toBe('correct');
    expect(questionStatus('practice', true, dose, saved(['.7']), 2)).toBe('incorrect');
  });

  it('a full test shows the status stored at its check, whatever the rules say now', () => {
    expect(questionStatus('full', true, dose, checked(['.7'], 'correct'), 2)).toBe('correct');
    expect(questionStatus('full', true, dose, checked(['.7'], 'incorrect'), 1)).toBe('incorrect');
  });

  it('misconceptions match the typed value however it is written', () => {
    expect(misconceptionOf(dose, ['7'], 2)).toBe('decimal slip (x10)');
    expect(misconceptionOf(dose, ['7.0'], 2)).toBe('decimal slip (x10)');
    expect(misconceptionOf(dose, ['.7'], 2)).toBeNull();
    expect(misconceptionOf(dose, ['0.7'], 2)).toBeNull();
  });
});
