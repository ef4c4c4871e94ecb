import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type {
  Course,
  CoursesResponse,
  Envelope,
  GenerateBatchQuery,
  GenerateBatchResponse,
  InfiniteCheckInput,
  InfiniteCheckResult,
  InfiniteCoursesResponse,
  PoolAnswer,
  PoolQuery,
  PumpCheckInput,
  PumpCheckResult,
  PumpGenerateInput,
  PumpQuestion,
  Question,
  QuestionFacets,
  QuestionFilters,
  QuestionInput,
  QuestionListPage,
  QuestionsExportPage,
  TopicFlagsInput,
  ViewMode,
  PageRequest,
} from '../types';

/** Payloads of the qbank.* request/reply subjects. */
/** A page of the admin list (ADR 0026): the filters, and `cursor`/`limit`. */
export type ListQuestionsMessage = Envelope<{ filters: QuestionFilters; page?: PageRequest }>;
/** A page of the export: the filters, and the cursor of the previous page (none for the first). */
export type ExportQuestionsMessage = Envelope<{ filters: QuestionFilters; cursor?: string }>;
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
export type PumpGenerateMessage = Envelope<{ input: PumpGenerateInput }>;
export type PumpCheckMessage = Envelope<{ input: PumpCheckInput }>;
/** Service to service: the testing service's draw for a new test (actor: the learner). */
export type PoolMessage = Envelope<{ query: PoolQuery }>;

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

/** The qbank part of RpcMap: each subject with its request and reply. */
export interface QbankRpc {
  [Subjects.qbank.listQuestions]: RpcPair<ListQuestionsMessage, QuestionListPage>;
  [Subjects.qbank.exportQuestions]: RpcPair<ExportQuestionsMessage, QuestionsExportPage>;
  [Subjects.qbank.facets]: RpcPair<QuestionFacetsMessage, QuestionFacets>;
  [Subjects.qbank.getQuestion]: RpcPair<GetQuestionMessage, Question>;
  [Subjects.qbank.createQuestion]: RpcPair<CreateQuestionMessage, Question>;
  [Subjects.qbank.updateQuestion]: RpcPair<UpdateQuestionMessage, Question>;
  [Subjects.qbank.duplicateQuestion]: RpcPair<DuplicateQuestionMessage, Question>;
  [Subjects.qbank.deleteQuestion]: RpcPair<DeleteQuestionMessage, { deleted: true }>;
  [Subjects.qbank.listCourses]: RpcPair<ListCoursesMessage, CoursesResponse>;
  [Subjects.qbank.setTopicFlags]: RpcPair<SetTopicFlagsMessage, Course>;
  [Subjects.qbank.infiniteCourses]: RpcPair<InfiniteCoursesMessage, InfiniteCoursesResponse>;
  [Subjects.qbank.generateBatch]: RpcPair<GenerateBatchMessage, GenerateBatchResponse>;
  [Subjects.qbank.check]: RpcPair<InfiniteCheckMessage, InfiniteCheckResult>;
  [Subjects.qbank.setViewMode]: RpcPair<SetViewModeMessage, { mode: ViewMode }>;
  [Subjects.qbank.getViewMode]: RpcPair<GetViewModeMessage, { mode: ViewMode }>;
  [Subjects.qbank.pool]: RpcPair<PoolMessage, PoolAnswer>;
  [Subjects.qbank.pumpGenerate]: RpcPair<PumpGenerateMessage, PumpQuestion>;
  [Subjects.qbank.pumpCheck]: RpcPair<PumpCheckMessage, PumpCheckResult>;
}

/** The qbank part of EventMap. */
export interface QbankEvents {
  [Events.qbankGenerated]: QbankGeneratedEvent;
  [Events.questionDeleted]: QuestionDeletedEvent;
}
