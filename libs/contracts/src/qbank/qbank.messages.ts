import type {
  Envelope,
  GenerateBatchQuery,
  InfiniteCheckInput,
  QuestionFilters,
  QuestionInput,
  TopicFlagsInput,
  ViewMode,
} from '../types';

/** Payloads of the qbank.* request/reply subjects. */
export type ListQuestionsMessage = Envelope<{ filters: QuestionFilters }>;
export type QuestionFacetsMessage = Envelope;
export type GetQuestionMessage = Envelope<{ qid: string }>;
export type CreateQuestionMessage = Envelope<{ input: QuestionInput }>;
export type UpdateQuestionMessage = Envelope<{ qid: string; input: QuestionInput }>;
export type DuplicateQuestionMessage = Envelope<{ qid: string }>;
export type DeleteQuestionMessage = Envelope<{ qid: string }>;
export type ListCoursesMessage = Envelope;
export type SetTopicFlagsMessage = Envelope<{
  courseId: string;
  topicKey: string;
  input: TopicFlagsInput;
}>;
export type InfiniteCoursesMessage = Envelope;
export type GenerateBatchMessage = Envelope<{ query: GenerateBatchQuery }>;
export type InfiniteCheckMessage = Envelope<{ input: InfiniteCheckInput }>;
export type SetViewModeMessage = Envelope<{ mode: ViewMode }>;
export type GetViewModeMessage = Envelope;

/** JetStream fact: a signed-in user generated `count` Infinite QBank questions. */
export interface QbankGeneratedEvent {
  uid: string;
  count: number;
  batchId: string;
  at: string;
}

/** JetStream fact: a question was deleted (media and tests may drop references). */
export interface QuestionDeletedEvent {
  qid: string;
  at: string;
}
