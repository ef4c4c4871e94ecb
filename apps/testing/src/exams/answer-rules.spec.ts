import { TEST_FIELD_MESSAGES, TEST_MESSAGES } from '@examprep/contracts';
import { payloadOfRefusal } from '@examprep/nest-kit';
import { MATH_ANSWER_MESSAGES } from '@examprep/validation';
import { answerForView, normaliseAnswer } from './answer-rules';

const single = { type: 'single' as const, choices: ['1/2', '2/3', '3/4', '4/5'] };
const sata = { type: 'sata' as const, choices: ['A', 'B', 'C', 'D'] };
const blank = { type: 'blank' as const, choices: [] as string[] };

function refusal(run: () => unknown) {
  try {
    run();
  } catch (e) {
    return payloadOfRefusal(e);
  }
  throw new Error('expected a refusal');
}

describe('normaliseAnswer: the answer-format rules against the snapshot', () => {
  it('takes one choice of a single question, exactly or trimmed, as the question spells it', () => {
    expect(normaliseAnswer(single, { submittedAnswer: '2/3' }, { allowEmpty: false })).toEqual([
      '2/3',
    ]);
    expect(normaliseAnswer(single, { submittedAnswer: [' 3/4 '] }, { allowEmpty: false })).toEqual([
      '3/4',
    ]);
  });

  it("refuses a choice the question does not have: 'The answer must be one of the question's choices.'", () => {
    for (const answer of ['5/6', '<script>alert(1)</script>', ['1/2', 'x']])
      expect(
        refusal(() => normaliseAnswer(single, { submittedAnswer: answer }, { allowEmpty: false })),
      ).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    expect(
      refusal(() => normaliseAnswer(single, { submittedAnswer: '5/6' }, { allowEmpty: false })),
    ).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: TEST_MESSAGES.choiceNotInQuestion,
      fields: { submittedAnswer: [TEST_MESSAGES.choiceNotInQuestion] },
    });
  });

  it('refuses two choices for a single question', () => {
    expect(
      refusal(() =>
        normaliseAnswer(single, { submittedAnswer: ['1/2', '2/3'] }, { allowEmpty: false }),
      ),
    ).toMatchObject({
      message: TEST_MESSAGES.oneChoiceOnly,
      fields: { submittedAnswer: [TEST_MESSAGES.oneChoiceOnly] },
    });
  });

  it('takes sata choices once each, all in the question', () => {
    expect(
      normaliseAnswer(sata, { submittedAnswer: ['C', 'A', 'C'] }, { allowEmpty: false }),
    ).toEqual(['C', 'A']);
    expect(
      refusal(() => normaliseAnswer(sata, { submittedAnswer: ['A', 'E'] }, { allowEmpty: false })),
    ).toMatchObject({
      message: TEST_MESSAGES.choiceNotInQuestion,
    });
  });

  it("an empty answer: a check is refused with 'Please enter an answer before submitting!', a save clears", () => {
    for (const empty of ['', '   ', [], ['', ' ']]) {
      expect(
        refusal(() => normaliseAnswer(single, { submittedAnswer: empty }, { allowEmpty: false })),
      ).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Please enter an answer before submitting!',
        fields: { submittedAnswer: ['Please enter an answer before submitting!'] },
      });
      expect(normaliseAnswer(blank, { submittedAnswer: empty }, { allowEmpty: true })).toEqual([]);
    }
  });

  it('validates typed answers with the math-answer validator (learner spec §5)', () => {
    expect(normaliseAnswer(blank, { submittedAnswer: ' 0.5 ' }, { allowEmpty: false })).toEqual([
      ' 0.5 ',
    ]);
    expect(
      refusal(() =>
        normaliseAnswer(blank, { submittedAnswer: '1'.repeat(501) }, { allowEmpty: false }),
      ),
    ).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Answer too long. Maximum 500 characters allowed.',
      fields: { submittedAnswer: ['Answer too long. Maximum 500 characters allowed.'] },
    });
    expect(
      refusal(() =>
        normaliseAnswer(
          blank,
          { submittedAnswer: '<img src=x onerror=alert(1)>' },
          { allowEmpty: false },
        ),
      ),
    ).toMatchObject({
      message: MATH_ANSWER_MESSAGES.security,
    });
    expect(
      refusal(() =>
        normaliseAnswer(blank, { submittedAnswer: '5 mL; drop' }, { allowEmpty: false }),
      ),
    ).toMatchObject({
      message: MATH_ANSWER_MESSAGES.invalidCharacters,
    });
    expect(
      refusal(() => normaliseAnswer(blank, { submittedAnswer: ['1', '2'] }, { allowEmpty: false })),
    ).toMatchObject({
      message: TEST_FIELD_MESSAGES.submittedAnswer,
    });
  });

  it('compares questionType and validChoices with the snapshot, never trusting them', () => {
    expect(
      refusal(() =>
        normaliseAnswer(
          single,
          { submittedAnswer: '1/2', questionType: 'blank' },
          { allowEmpty: false },
        ),
      ),
    ).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: TEST_MESSAGES.typeMismatch,
      fields: { questionType: [TEST_MESSAGES.typeMismatch] },
    });
    expect(
      refusal(() =>
        normaliseAnswer(
          single,
          { submittedAnswer: '1/2', validChoices: ['1/2', '9/9'] },
          { allowEmpty: false },
        ),
      ),
    ).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: TEST_MESSAGES.choiceNotInQuestion,
      fields: { validChoices: [TEST_MESSAGES.choiceNotInQuestion] },
    });
    expect(
      normaliseAnswer(
        single,
        {
          submittedAnswer: '1/2',
          questionType: 'single',
          validChoices: ['4/5', '3/4', '2/3', '1/2'],
        },
        { allowEmpty: false },
      ),
    ).toEqual(['1/2']);
  });

  it('refuses an operator object in place of an answer', () => {
    expect(
      refusal(() =>
        normaliseAnswer(single, { submittedAnswer: { $ne: '' } as never }, { allowEmpty: true }),
      ),
    ).toMatchObject({
      message: TEST_FIELD_MESSAGES.submittedAnswer,
    });
  });
});

describe('answerForView', () => {
  it('shows a list for sata, the text otherwise, null when nothing is stored', () => {
    expect(answerForView('sata', ['A', 'C'])).toEqual(['A', 'C']);
    expect(answerForView('single', ['A'])).toBe('A');
    expect(answerForView('blank', ['0.5'])).toBe('0.5');
    expect(answerForView('blank', [])).toBeNull();
  });
});
