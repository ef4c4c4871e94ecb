import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type {
  CreateTestAnswer,
  CreateTestInput,
  DeleteTestAnswer,
  DeleteTestInput,
  Envelope,
  FlagQuestionAnswer,
  FlagQuestionInput,
  GradebookAnswer,
  SavePracticeAnswerAnswer,
  SavePracticeAnswerInput,
  SubmitQuizAnswerAnswer,
  SubmitQuizAnswerInput,
  SubmitTestAnswer,
  SubmitTestInput,
  TestExport,
  TestView,
  UnfinishedTestAnswer,
  PageRequest,
  UnfinishedTestQuery,
  UserTestsPage,
} from '../types';

/** Payloads of the testing.* request/reply subjects. The actor is always the caller; ids of other users come only from admins. */
export type CreateTestMessage = Envelope<{ input: CreateTestInput }>;
/** `userId`: honoured only for admins (review of another user's test). */
export type GetTestMessage = Envelope<{ testId: string; userId?: string }>;
export type UnfinishedTestMessage = Envelope<{ query: UnfinishedTestQuery }>;
export type SubmitQuizAnswerMessage = Envelope<{ input: SubmitQuizAnswerInput }>;
export type SavePracticeAnswerMessage = Envelope<{ input: SavePracticeAnswerInput }>;
export type SubmitTestMessage = Envelope<{ input: SubmitTestInput }>;
export type DeleteTestMessage = Envelope<{ input: DeleteTestInput }>;
export type FlagQuestionMessage = Envelope<{ input: FlagQuestionInput }>;
/** `userId`: honoured only for admins (another user's gradebook). */
export type GradebookMessage = Envelope<{ userId?: string }>;
export type UserTestsMessage = Envelope<{ uid: string; page?: PageRequest }>;
export type ExportTestMessage = Envelope<{ uid: string; testId: string }>;
/**
 * `events.user.testsCounted`: how many tests a user has now (every test, finished or not),
 * published by the testing service after a test of theirs was created or deleted, or their
 * tests were dropped (then 0). `version` grows with every change of that user's count (kept
 * with the count in the testing service's test_counts): a reader keeps the highest version and
 * ignores older or repeated facts. The identity service's user directory shows it as the admin
 * list's Tests column and filters on it (issue 26).
 */
export interface UserTestsCountedEvent {
  uid: string;
  tests: number;
  version: number;
  /** When the count changed (ISO 8601). */
  at: string;
}

/**
 * Service to service (media; actor: the learner asking for a signed URL). `need` (optional):
 * what the caller will read: 'inTest' (a question image) lets the testing service answer from
 * its cache of granted questions without reading the tests; left out, both facts are fresh
 * unless already granted.
 */
export type MediaAccessMessage = Envelope<{ qid: string; need?: MediaAccessNeed }>;
export type MediaAccessNeed = 'inTest' | 'revealed';
/** inTest: the question is in one of the actor's tests; revealed: its answer media may be shown in one of them. */
export interface MediaAccessReply {
  inTest: boolean;
  revealed: boolean;
}

/** The testing part of RpcMap. */
export interface TestingRpc {
  [Subjects.testing.createTest]: RpcPair<CreateTestMessage, CreateTestAnswer>;
  [Subjects.testing.getTest]: RpcPair<GetTestMessage, TestView>;
  [Subjects.testing.unfinishedTest]: RpcPair<UnfinishedTestMessage, UnfinishedTestAnswer>;
  [Subjects.testing.submitQuizAnswer]: RpcPair<SubmitQuizAnswerMessage, SubmitQuizAnswerAnswer>;
  [Subjects.testing.savePracticeAnswer]: RpcPair<
    SavePracticeAnswerMessage,
    SavePracticeAnswerAnswer
  >;
  [Subjects.testing.submitTest]: RpcPair<SubmitTestMessage, SubmitTestAnswer>;
  [Subjects.testing.deleteTest]: RpcPair<DeleteTestMessage, DeleteTestAnswer>;
  [Subjects.testing.flagQuestion]: RpcPair<FlagQuestionMessage, FlagQuestionAnswer>;
  [Subjects.testing.gradebook]: RpcPair<GradebookMessage, GradebookAnswer>;
  [Subjects.testing.userTests]: RpcPair<UserTestsMessage, UserTestsPage>;
  [Subjects.testing.exportTest]: RpcPair<ExportTestMessage, TestExport>;
  [Subjects.testing.mediaAccess]: RpcPair<MediaAccessMessage, MediaAccessReply>;
}

/** The testing part of EventMap. */
export interface TestingEvents {
  [Events.userTestsCounted]: UserTestsCountedEvent;
}
