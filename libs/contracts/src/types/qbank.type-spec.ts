// Compile-time test of the question shapes: checked by `tsc` in `npm run typecheck`, never run.
// Question is QuestionInput plus its stored fields, and still exactly the document it was when
// it listed every field itself (so no reader of a Question sees a change).
import type { QuestionMediaChanges } from './media';
import type { Question, QuestionInput, QuestionMedia, QuestionType, RoundingRule } from './qbank';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectTrue = <T extends true>(): T | undefined => undefined;

/** The stored question as it was written out before it extended QuestionInput. */
interface QuestionAsListed {
  qid: string;
  question: string;
  type: QuestionType;
  choices: string[];
  correctAnswer: string[];
  explanation: string;
  course: string;
  objective: string;
  media: QuestionMedia;
  rounding?: RoundingRule | null;
  createdAt?: string;
  updatedAt?: string;
}

expectTrue<Equal<Question, QuestionAsListed>>();
// every input field but media is a stored field with the same type (a change to QuestionInput
// reaches both); the input's media is a change set (uploads, removals), the stored one paths
type ContentInput = Omit<QuestionInput, 'media'>;
expectTrue<Equal<Pick<Question, keyof ContentInput>, ContentInput>>();
expectTrue<Equal<QuestionInput['media'], QuestionMediaChanges | undefined>>();
// the stored fields are exactly these
expectTrue<
  Equal<Exclude<keyof Question, keyof ContentInput>, 'qid' | 'media' | 'createdAt' | 'updatedAt'>
>();

// @ts-expect-error a stored question is not an input with a qid only: media is stored too
expectTrue<Equal<Question, QuestionInput & { qid: string }>>();
export const inputWithQid: QuestionInput = {
  question: 'What is 2 + 2?',
  type: 'blank',
  choices: [],
  correctAnswer: ['4'],
  explanation: 'Add.',
  course: 'TEAS Math',
  objective: '1',
  // @ts-expect-error an input has no qid
  qid: 'AB12',
};
