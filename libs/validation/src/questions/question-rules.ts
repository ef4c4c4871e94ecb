import { CREATE_NEW, QBANK_MESSAGES as M, type QuestionInput } from '@examprep/contracts/types';
import { writingSlip } from '../answers/check-answer';
import { validateMathAnswer } from '../validators/math-answer.validator';

export type QuestionField =
  'question' | 'type' | 'objective' | 'course' | 'explanation' | 'choices' | 'correctAnswer';

export interface QuestionProblem {
  field: QuestionField;
  message: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const blankName = (v: string | undefined) => !v || !v.trim() || v.trim() === CREATE_NEW;

/**
 * The save rules of admin spec §5, in the order the 'Please fix the following:' dialog lists
 * them. The editor shows them; the qbank service refuses a save that has any.
 */
export function validateQuestionInput(input: Partial<QuestionInput>): QuestionProblem[] {
  const out: QuestionProblem[] = [];
  const add = (field: QuestionField, message: string) => out.push({ field, message });
  const choices = input.choices ?? [];
  const correct = (input.correctAnswer ?? []).filter((c) => c.trim() !== '');

  if (!input.question?.trim()) add('question', M.questionRequired);
  if (!input.type) add('type', M.typeRequired);
  if (blankName(input.objective)) add('objective', M.objectiveRequired);
  if (blankName(input.course)) add('course', M.courseRequired);
  if (!input.explanation?.trim()) add('explanation', M.explanationRequired);

  if (input.type === 'single') {
    if (choices.length < 2) add('choices', M.singleMinChoices);
    const valid = correct.length === 1 && choices.some((c) => c.trim() && same(c, correct[0]));
    if (!valid) add('correctAnswer', M.singleOneCorrect);
  } else if (input.type === 'sata') {
    if (choices.length < 4) add('choices', M.sataMinChoices);
    const valid =
      correct.length >= 1 && correct.every((a) => choices.some((c) => c.trim() && same(c, a)));
    if (!valid) add('correctAnswer', M.sataCorrect);
  } else if (input.type === 'blank') {
    if (!correct[0]?.trim()) add('correctAnswer', M.blankAnswer);
    else {
      const verdict = validateMathAnswer(correct[0]);
      if (!verdict.isValid && verdict.error) add('correctAnswer', verdict.error);
      // answer rules v2 mark '.5' incorrect: a key written so could never be typed as shown
      else if (writingSlip(correct[0]) === 'leadingZero') add('correctAnswer', M.blankLeadingZero);
    }
  }
  if (input.type && input.type !== 'blank' && choices.some((c) => !c.trim())) {
    add('choices', M.emptyChoices);
  }
  return out;
}
