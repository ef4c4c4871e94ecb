import { QBANK_MESSAGES as M, type QuestionInput } from '@examprep/contracts/types';
import { validateQuestionInput } from './question-rules';

const base: QuestionInput = {
  question: 'What is \\(2+2\\)?',
  type: 'single',
  choices: ['3', '4', '5', '6'],
  correctAnswer: ['4'],
  explanation: 'Add.',
  course: 'TEAS Math',
  objective: 'Arithmetic',
};
const messages = (input: Partial<QuestionInput>) =>
  validateQuestionInput(input).map((p) => p.message);

describe('validateQuestionInput (admin spec §5)', () => {
  it('accepts a complete question', () => {
    expect(validateQuestionInput(base)).toEqual([]);
  });

  it('lists every problem of an empty form in the dialog order, with the exact texts', () => {
    expect(messages({ question: ' ', course: 'new', objective: '', explanation: '' })).toEqual([
      'Please enter a question.',
      'Please select a question type.',
      'Please enter a new objective name.',
      'Please enter a new course name.',
      'Please provide an explanation.',
    ]);
  });

  it('single: at least 2 choices and exactly one correct answer among them', () => {
    expect(messages({ ...base, choices: ['4'], correctAnswer: ['4'] })).toEqual([
      M.singleMinChoices,
    ]);
    expect(messages({ ...base, correctAnswer: ['4', '5'] })).toEqual([M.singleOneCorrect]);
    expect(messages({ ...base, correctAnswer: ['7'] })).toEqual([M.singleOneCorrect]);
    expect(messages({ ...base, correctAnswer: [] })).toEqual([M.singleOneCorrect]);
  });

  it('sata: at least 4 choices and every selected answer among them', () => {
    const sata = { ...base, type: 'sata' as const, correctAnswer: ['4', '6'] };
    expect(messages(sata)).toEqual([]);
    expect(messages({ ...sata, choices: ['3', '4', '6'] })).toEqual([M.sataMinChoices]);
    expect(messages({ ...sata, correctAnswer: ['4', '9'] })).toEqual([M.sataCorrect]);
    expect(messages({ ...sata, correctAnswer: [] })).toEqual([M.sataCorrect]);
  });

  it('blank: a correct answer that passes the math-answer check; no choices needed', () => {
    const blank = { ...base, type: 'blank' as const, choices: [], correctAnswer: ['0.5'] };
    expect(messages(blank)).toEqual([]);
    expect(messages({ ...blank, correctAnswer: [' '] })).toEqual([M.blankAnswer]);
    expect(messages({ ...blank, correctAnswer: ['<script>1</script>'] })).toEqual([
      'Invalid characters detected. Please enter valid mathematical expressions only.',
    ]);
  });

  it('blank: a decimal key below 1 keeps its leading zero (answer rules v2, ADR 0036)', () => {
    const blank = { ...base, type: 'blank' as const, choices: [], correctAnswer: ['.5'] };
    expect(messages(blank)).toEqual([M.blankLeadingZero]);
    expect(messages({ ...blank, correctAnswer: ['-.25'] })).toEqual([M.blankLeadingZero]);
    expect(messages({ ...blank, correctAnswer: ['0.5'] })).toEqual([]);
    expect(messages({ ...blank, correctAnswer: ['12.5'] })).toEqual([]);
  });

  it("non-blank: 'Answer choices cannot be empty.'", () => {
    expect(messages({ ...base, choices: ['3', '4', ' ', '6'] })).toEqual([M.emptyChoices]);
  });
});
