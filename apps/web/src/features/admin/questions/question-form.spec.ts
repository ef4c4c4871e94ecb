import { type Question } from '@examprep/contracts/types';
import { validateQuestionInput } from '@examprep/validation';
import {
  addChoice,
  changeType,
  emptyForm,
  fieldElementId,
  formFromQuestion,
  markCorrect,
  removeChoice,
  setChoice,
  storedDocument,
  toQuestionInput,
  type QuestionFormValues,
} from './question-form';

const SATA: Question = {
  qid: 'AB12',
  question: 'Which are prime? \\(n \\le 5\\)',
  type: 'sata',
  choices: ['2', '3', '4', '5'],
  correctAnswer: ['2', '3', '5'],
  explanation: 'Primes have two divisors.',
  course: 'TEAS Math',
  objective: '1.1',
  media: { questionImage: 'Images/AB12-que.png', explanationImage: null, video: null },
  rounding: null,
};

describe('question form', () => {
  it('a new question starts as single choice with four empty choices (admin spec §4, §9)', () => {
    const f = emptyForm();
    expect(f.type).toBe('single');
    expect(f.choices).toEqual(['', '', '', '']);
    expect(f.correct).toEqual([]);
  });

  it('changing the type clears the correct answers and resets the choices (none for blank)', () => {
    let f: QuestionFormValues = { ...emptyForm(), question: 'Q', explanation: 'E' };
    f = setChoice(setChoice(f, 0, 'a'), 1, 'b');
    f = markCorrect(f, 1, true);
    const sata = changeType(f, 'sata');
    expect(sata).toMatchObject({ type: 'sata', choices: ['', '', '', ''], correct: [] });
    expect(sata.question).toBe('Q');
    const blank = changeType({ ...sata, blankAnswer: 'x' }, 'blank');
    expect(blank.choices).toEqual([]);
    expect(blank.blankAnswer).toBe('');
    const back = changeType({ ...blank, blankAnswer: '12', rounding: '1' }, 'single');
    expect(back).toMatchObject({ choices: ['', '', '', ''], blankAnswer: '', rounding: 'none' });
    expect(changeType(back, 'single')).toBe(back);
  });

  it('single keeps one mark, SATA toggles; marks move with their choices on delete', () => {
    let f = { ...emptyForm(), choices: ['a', 'b', 'c', 'd'] };
    f = markCorrect(markCorrect(f, 0, true), 2, true);
    expect(f.correct).toEqual([2]);
    let s = changeType(f, 'sata');
    s = { ...s, choices: ['a', 'b', 'c', 'd'] };
    s = markCorrect(markCorrect(markCorrect(s, 3, true), 1, true), 2, true);
    expect(s.correct).toEqual([1, 2, 3]);
    s = markCorrect(s, 2, false);
    expect(s.correct).toEqual([1, 3]);
    s = removeChoice(s, 1);
    expect(s.choices).toEqual(['a', 'c', 'd']);
    expect(s.correct).toEqual([2]);
    expect(toQuestionInput(s).correctAnswer).toEqual(['d']);
  });

  it('Add Choice stops at the choice limit', () => {
    let f = emptyForm();
    for (let i = 0; i < 20; i++) f = addChoice(f);
    expect(f.choices).toHaveLength(12);
  });

  it("'Create New' sends the typed name; blank or 'new' names stay refusable", () => {
    const f: QuestionFormValues = {
      ...emptyForm('blank'),
      course: 'new',
      newCourse: '  Pharmacology ',
      objective: 'new',
      newObjective: 'new',
      question: 'Q',
      explanation: 'E',
      blankAnswer: '2.5',
      rounding: '1',
    };
    const input = toQuestionInput(f);
    expect(input).toMatchObject({
      course: '  Pharmacology ',
      objective: 'new',
      choices: [],
      correctAnswer: ['2.5'],
      rounding: { places: 1 },
    });
    expect(validateQuestionInput(input).map((p) => p.message)).toEqual([
      'Please enter a new objective name.',
    ]);
    expect(fieldElementId('objective', f)).toBe('question-new-objective');
  });

  it('round-trips a stored question (edit and copy modes)', () => {
    const f = formFromQuestion(SATA);
    expect(f).toMatchObject({
      type: 'sata',
      course: 'TEAS Math',
      objective: '1.1',
      correct: [0, 1, 3],
    });
    expect(toQuestionInput(f)).toEqual({
      question: SATA.question,
      type: 'sata',
      choices: SATA.choices,
      correctAnswer: ['2', '3', '5'],
      explanation: SATA.explanation,
      course: 'TEAS Math',
      objective: '1.1',
      rounding: null,
    });
    const blank = formFromQuestion({
      ...SATA,
      type: 'blank',
      choices: [],
      correctAnswer: ['12.5'],
      rounding: { places: 2 },
    });
    expect(blank).toMatchObject({ blankAnswer: '12.5', rounding: '2', choices: [] });
  });

  it('the JSON preview is the document as stored: trimmed, no empty answers, qid or null', () => {
    const f: QuestionFormValues = {
      ...emptyForm(),
      course: 'new',
      newCourse: ' Med Dosage ',
      objective: '2.1',
      question: 'Pick',
      choices: [' a ', 'b', '', 'd'],
      correct: [0],
      explanation: 'Because',
    };
    expect(storedDocument(f, null)).toEqual({
      qid: null,
      question: 'Pick',
      type: 'single',
      choices: ['a', 'b', '', 'd'],
      correctAnswer: ['a'],
      explanation: 'Because',
      objective: '2.1',
      course: 'Med Dosage',
      media: { questionImage: null, explanationImage: null, video: null },
      rounding: null,
    });
    expect(storedDocument(formFromQuestion(SATA), 'AB12', SATA.media)).toMatchObject({
      qid: 'AB12',
      media: SATA.media,
    });
  });
});
