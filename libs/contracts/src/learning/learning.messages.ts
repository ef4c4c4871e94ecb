import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type {
  Envelope,
  GenerateBatchResponse,
  LearningExport,
  LearningSummary,
  PracticeAnsweredEvent,
  Readiness,
  StudyPlan,
  StudyPlanSettings,
} from '../types';

/** The learner's own calls (the actor is the learner). */
export type LearningMessage = Envelope<object>;
export type WeakSpotsMessage = Envelope<{ query: { course: string } }>;
export type SetStudyPlanMessage = Envelope<{ input: StudyPlanSettings }>;
/** No actor: the token of the reminder mail's link is the key. */
export type UnsubscribeMessage = Envelope<{ token: string }>;
/** Admins only. */
export type UserLearningMessage = Envelope<{ uid: string }>;

/** A weak-spots batch: due reviews first, then generated items of the weakest topics. */
export interface WeakSpotsBatch extends GenerateBatchResponse {
  /** Ids (of `questions`) that are reviews of missed items. */
  reviewIds: string[];
  /**
   * Those of `reviewIds` that are siblings of the missed item (same topic and misconception, new
   * numbers); the others are the missed item itself.
   */
  siblingIds: string[];
}

/** The study plan as the screen shows it: the settings and the plan built from the mastery now. */
export interface StudyPlanView {
  settings: StudyPlanSettings | null;
  /** The plan from the mastery now (libs/learning's buildPlan); null without settings. */
  plan: StudyPlan | null;
}

/** A user's learning data for the admin's per-user view (read-only). */
export interface UserLearning {
  summary: LearningSummary;
  readiness: Readiness;
}

/** Service to service (testing → qbank): items by id (`topic~seed`), in the caller's rules. */
export type GenerateItemsMessage = Envelope<{ ids: string[] }>;

export interface LearningRpc {
  [Subjects.testing.learningSummary]: RpcPair<LearningMessage, LearningSummary>;
  [Subjects.testing.learningReadiness]: RpcPair<LearningMessage, Readiness>;
  [Subjects.testing.weakSpots]: RpcPair<WeakSpotsMessage, WeakSpotsBatch>;
  [Subjects.testing.getStudyPlan]: RpcPair<LearningMessage, StudyPlanView>;
  [Subjects.testing.setStudyPlan]: RpcPair<SetStudyPlanMessage, StudyPlanView>;
  [Subjects.testing.learningExport]: RpcPair<LearningMessage, LearningExport>;
  [Subjects.testing.learningDelete]: RpcPair<LearningMessage, { deleted: true }>;
  [Subjects.testing.unsubscribeReminders]: RpcPair<UnsubscribeMessage, { unsubscribed: true }>;
  [Subjects.testing.userLearning]: RpcPair<UserLearningMessage, UserLearning>;
  [Subjects.qbank.generateItems]: RpcPair<GenerateItemsMessage, GenerateBatchResponse>;
}

export interface LearningEvents {
  [Events.practiceAnswered]: PracticeAnsweredEvent;
}
