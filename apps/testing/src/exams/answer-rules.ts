import {
  type PoolQuestion,
  type QuestionType,
  type SubmittedAnswer,
  TEST_FIELD_MESSAGES,
  TEST_MESSAGES,
} from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';
import { validateMathAnswer } from '@examprep/validation';

/** What a check or a save says about the question it answers (never trusted, only compared). */
export interface AnswerClaim {
  submittedAnswer: SubmittedAnswer;
  questionType?: QuestionType;
  validChoices?: string[];
}

const refuse = (message: string, field: string) =>
  ServiceError.badRequest(message, { [field]: [message] });

/**
 * The answer-format rules of the answer calls (ADR 0019), against the test's snapshot of the
 * question: returns the answer as stored (choice texts as the question has them; a typed answer
 * as typed), or [] for an empty answer when `allowEmpty` (a practice save clears). Throws a
 * 400 naming the field otherwise.
 */
export function normaliseAnswer(
  question: Pick<PoolQuestion, 'type' | 'choices'>,
  claim: AnswerClaim,
  { allowEmpty }: { allowEmpty: boolean },
): string[] {
  if (claim.questionType !== undefined && claim.questionType !== question.type)
    throw refuse(TEST_MESSAGES.typeMismatch, 'questionType');
  if (claim.validChoices !== undefined && !sameSet(claim.validChoices, question.choices))
    throw refuse(TEST_MESSAGES.choiceNotInQuestion, 'validChoices');

  const raw = claim.submittedAnswer;
  if (typeof raw !== 'string' && !Array.isArray(raw))
    throw refuse(TEST_FIELD_MESSAGES.submittedAnswer, 'submittedAnswer');
  const given = (typeof raw === 'string' ? [raw] : raw).filter(
    (a) => typeof a === 'string' && a.trim() !== '',
  );
  if (given.length === 0) {
    if (allowEmpty) return [];
    throw refuse(TEST_MESSAGES.enterAnswer, 'submittedAnswer');
  }

  if (question.type === 'blank') {
    if (given.length !== 1) throw refuse(TEST_FIELD_MESSAGES.submittedAnswer, 'submittedAnswer');
    const verdict = validateMathAnswer(given[0]!);
    if (!verdict.isValid) throw refuse(verdict.error, 'submittedAnswer');
    return [given[0]!];
  }

  if (question.type === 'single' && given.length !== 1)
    throw refuse(TEST_MESSAGES.oneChoiceOnly, 'submittedAnswer');
  const chosen: string[] = [];
  for (const text of given) {
    const choice = matchChoice(text, question.choices);
    if (choice === undefined) throw refuse(TEST_MESSAGES.choiceNotInQuestion, 'submittedAnswer');
    if (!chosen.includes(choice)) chosen.push(choice);
  }
  return chosen;
}

/** The question's choice the text names: exactly, else after trimming. */
function matchChoice(text: string, choices: readonly string[]): string | undefined {
  if (choices.includes(text)) return text;
  const trimmed = text.trim();
  return choices.find((c) => c.trim() === trimmed);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a.map((x) => x.trim()));
  const right = new Set(b.map((x) => x.trim()));
  return left.size === right.size && [...left].every((x) => right.has(x));
}

/** The answer as a call shows it: a list for sata, the text otherwise; null when empty. */
export function answerForView(
  type: QuestionType,
  stored: readonly string[],
): SubmittedAnswer | null {
  if (stored.length === 0) return null;
  return type === 'sata' ? [...stored] : stored[0]!;
}
