import {
  CREATE_NEW,
  QBANK_LIMITS,
  type Question,
  type QuestionInput,
  type QuestionMedia,
  type QuestionType,
  type RoundingRule,
} from '@examprep/contracts/types';
import { type QuestionField } from '@examprep/validation';

/** The rounding select of blank answers: none, or decimal places kept (admin spec §2.3 brief). */
export const ROUNDING_CHOICES = ['none', '0', '1', '2'] as const;
export type RoundingChoice = (typeof ROUNDING_CHOICES)[number];

/**
 * What the editor holds. Correct answers of single and SATA questions are the indexes of the
 * marked choices (so editing a choice's text keeps its mark); blank has its own answer text.
 * Course and objective hold the picker's value: an existing name, '' (none) or 'new' with the
 * typed name beside it.
 */
export interface QuestionFormValues {
  type: QuestionType;
  course: string;
  newCourse: string;
  objective: string;
  newObjective: string;
  question: string;
  choices: string[];
  correct: number[];
  blankAnswer: string;
  explanation: string;
  rounding: RoundingChoice;
}

export const NO_MEDIA: QuestionMedia = { questionImage: null, explanationImage: null, video: null };

function isRoundingChoice(value: string): value is RoundingChoice {
  return (ROUNDING_CHOICES as readonly string[]).includes(value);
}

const emptyChoices = (type: QuestionType) =>
  type === 'blank' ? [] : Array.from({ length: QBANK_LIMITS.newChoices }, () => '');

/** Admin spec §4, §9: a new question starts with four empty choices. */
export function emptyForm(type: QuestionType = 'single'): QuestionFormValues {
  return {
    type,
    course: '',
    newCourse: '',
    objective: '',
    newObjective: '',
    question: '',
    choices: emptyChoices(type),
    correct: [],
    blankAnswer: '',
    explanation: '',
    rounding: 'none',
  };
}

/**
 * Admin spec §4: changing the type clears the correct answers and resets the choices to four
 * empty ones (none for blank). Everything else stays.
 */
export function changeType(values: QuestionFormValues, type: QuestionType): QuestionFormValues {
  if (type === values.type) return values;
  return {
    ...values,
    type,
    choices: emptyChoices(type),
    correct: [],
    blankAnswer: '',
    rounding: type === 'blank' ? values.rounding : 'none',
  };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The editor's values for a stored question (edit and copy modes). */
export function formFromQuestion(q: Question): QuestionFormValues {
  const choices = q.type === 'blank' ? [] : [...q.choices];
  let correct = choices.flatMap((c, i) => (q.correctAnswer.some((a) => same(a, c)) ? [i] : []));
  if (q.type === 'single') correct = correct.slice(0, 1);
  const places = String(q.rounding?.places ?? 'none');
  return {
    type: q.type,
    course: q.course,
    newCourse: '',
    objective: q.objective,
    newObjective: '',
    question: q.question,
    choices,
    correct,
    blankAnswer: q.type === 'blank' ? (q.correctAnswer[0] ?? '') : '',
    explanation: q.explanation,
    rounding: isRoundingChoice(places) ? places : 'none',
  };
}

export function addChoice(values: QuestionFormValues): QuestionFormValues {
  if (values.choices.length >= QBANK_LIMITS.choicesMax) return values;
  return { ...values, choices: [...values.choices, ''] };
}

export function setChoice(values: QuestionFormValues, index: number, text: string) {
  return { ...values, choices: values.choices.map((c, i) => (i === index ? text : c)) };
}

/** Removes a choice; the marks of the choices after it move up with them. */
export function removeChoice(values: QuestionFormValues, index: number): QuestionFormValues {
  return {
    ...values,
    choices: values.choices.filter((_, i) => i !== index),
    correct: values.correct.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)),
  };
}

/** Single: the one marked choice; SATA: toggles the mark. */
export function markCorrect(
  values: QuestionFormValues,
  index: number,
  on: boolean,
): QuestionFormValues {
  if (values.type === 'single') return { ...values, correct: on ? [index] : [] };
  const rest = values.correct.filter((i) => i !== index);
  return { ...values, correct: on ? [...rest, index].sort((a, b) => a - b) : rest };
}

/** The picker's value or, for 'Create New', the typed name (blank and 'new' stay refusable). */
function pickedName(selected: string, typed: string): string {
  return selected === CREATE_NEW ? typed : selected;
}

function roundingRule(values: QuestionFormValues): RoundingRule | null {
  if (values.type !== 'blank' || values.rounding === 'none') return null;
  return { places: Number(values.rounding) };
}

/** The body of POST /api/questions and PUT /api/questions/{qid}. */
export function toQuestionInput(values: QuestionFormValues): QuestionInput {
  const blank = values.type === 'blank';
  return {
    question: values.question,
    type: values.type,
    choices: blank ? [] : values.choices,
    correctAnswer: blank
      ? [values.blankAnswer]
      : values.correct.filter((i) => i < values.choices.length).map((i) => values.choices[i]),
    explanation: values.explanation,
    course: pickedName(values.course, values.newCourse),
    objective: pickedName(values.objective, values.newObjective),
    rounding: roundingRule(values),
  };
}

/** The stored question as previewed: a new question has no qid yet. */
export type StoredDocumentPreview = Omit<Question, 'qid' | 'createdAt' | 'updatedAt'> & {
  qid: string | null;
};

/**
 * The live JSON preview: the document as the qbank service stores it (names and choices
 * trimmed, empty correct answers dropped, no choices for blank). A new question's qid is
 * assigned on save, so it shows null.
 */
export function storedDocument(
  values: QuestionFormValues,
  qid: string | null,
  media: QuestionMedia = NO_MEDIA,
): StoredDocumentPreview {
  const input = toQuestionInput(values);
  return {
    qid,
    question: input.question,
    type: input.type,
    choices: input.type === 'blank' ? [] : input.choices.map((c) => c.trim()),
    correctAnswer: input.correctAnswer.map((c) => c.trim()).filter(Boolean),
    explanation: input.explanation,
    objective: input.objective.trim(),
    course: input.course.trim(),
    media,
    rounding: input.rounding ?? null,
  };
}

/** The element id of each field, so the first problem can take the focus. */
export const FIELD_IDS: Record<QuestionField, string> = {
  question: 'question-text',
  type: 'question-type',
  objective: 'question-objective',
  course: 'question-course',
  explanation: 'question-explanation',
  choices: 'question-choice-0',
  correctAnswer: 'question-correct',
};

/** The focus target of a field: the typed-name box when 'Create New' is chosen. */
export function fieldElementId(field: QuestionField, values: QuestionFormValues): string {
  if (field === 'course' && values.course === CREATE_NEW) return 'question-new-course';
  if (field === 'objective' && values.objective === CREATE_NEW) return 'question-new-objective';
  if (field === 'correctAnswer') {
    if (values.type === 'blank') return 'question-blank-answer';
    return values.choices.length > 0 ? 'question-correct-0' : 'question-add-choice';
  }
  if (field === 'choices' && values.choices.length === 0) return 'question-add-choice';
  if (field === 'choices') {
    const empty = values.choices.findIndex((c) => !c.trim());
    return `question-choice-${empty >= 0 ? empty : 0}`;
  }
  return FIELD_IDS[field];
}

/** Server field names back to the editor's fields (anything else focuses nothing). */
export function asQuestionField(name: string): QuestionField | null {
  return Object.hasOwn(FIELD_IDS, name) ? (name as QuestionField) : null;
}
