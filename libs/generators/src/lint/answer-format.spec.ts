import { ANSWER_FORMAT } from '../core/answer-format';
import { answerFormatRule } from './answer-format';
import { subject } from './test-helpers';

const messages = (fields: Parameters<typeof subject>[0]) =>
  answerFormatRule(subject(fields)).map((p) => p.message);

describe('answer format rule', () => {
  it('asks a percent blank for the number without %', () => {
    expect(messages({ question: 'Write 0.51 as a percent.', unit: '%', answer: ['51'] })).toEqual([
      `a percent blank must say '${ANSWER_FORMAT.percent}'`,
    ]);
    expect(
      messages({ question: `Write 0.51 as a percent. ${ANSWER_FORMAT.percent}`, answer: ['51'] }),
    ).toEqual([]);
    // single choice shows its choices ('51%'): nothing to type
    expect(
      messages({
        type: 'single',
        question: 'Write 0.51 as a percent.',
        choices: ['51%'],
        answer: ['51%'],
      }),
    ).toEqual([]);
  });

  it('asks for fractions in lowest terms, and says how to type one in a blank', () => {
    expect(messages({ question: 'Write 0.4 as a fraction.', answer: ['2/5'] })).toEqual([
      'a fraction answer must be asked for in lowest terms',
      `a fraction blank must say how to type it ('${ANSWER_FORMAT.fraction}')`,
    ]);
    expect(
      messages({
        question: `Write 0.4 as a fraction in lowest terms. ${ANSWER_FORMAT.fraction}`,
        answer: ['2/5'],
      }),
    ).toEqual([]);
    expect(
      messages({ type: 'single', question: 'What is 1/2 + 1/4 in lowest terms?', answer: ['3/4'] }),
    ).toEqual([]);
    expect(
      messages({
        type: 'single',
        question: 'What is 1/2 + 1/4 in simplest form?',
        answer: ['3/4'],
      }),
    ).toEqual(['a fraction answer must be asked for in lowest terms']);
  });

  it('keeps whole-number rounding off hours-and-minutes items, and has the pump say two digits', () => {
    expect(
      messages({
        type: 'single',
        question: 'How long, in hours and minutes? Round to the nearest whole number.',
        answer: ['8 hr 20 min'],
      }),
    ).toEqual(["an hours-and-minutes item must not say 'Round to the nearest whole number'"]);
    expect(
      messages({
        type: 'pump',
        question: 'How long will it take? Enter the hours and minutes.',
        answer: ['2', '00'],
      }),
    ).toEqual(['a pump time item must say the minutes are typed as two digits']);
    expect(
      messages({
        type: 'pump',
        question: 'How long will it take? Enter the hours, and the minutes as two digits.',
        answer: ['2', '00'],
      }),
    ).toEqual([]);
  });
});
