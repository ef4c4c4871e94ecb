import type { ReviewCard, SkillState } from '@examprep/learning';
import type { StoredEstimate, StoredTestScore } from './learning.schema';

/** A learner's skills in one course, as stored (LearnerSkillsRecord without the mongoose parts). */
export interface LearnerSkills {
  uid: string;
  course: string;
  topics: Record<string, SkillState>;
  objectives: Record<string, SkillState>;
  estimates: StoredEstimate[];
  tests: StoredTestScore[];
  /** Keys of the facts folded last (a redelivered fact is not folded twice). */
  seen: string[];
  /** The compare-and-set revision (0: not stored yet). */
  rev: number;
}

/** A review card with its owner and the item last served for it. */
export interface StoredCard extends ReviewCard {
  uid: string;
  served: string | null;
}

export interface StoredPlan {
  uid: string;
  examDate: string;
  minutesPerDay: number;
  reminders: boolean;
  email: string;
  unsubscribe: string;
  remindedOn: string;
}

/** The learning engine's store (the testing service's learning_* collections). */
export abstract class LearningRepository {
  /** The learner's skills in every course they have answered in. */
  abstract skillsOf(uid: string): Promise<LearnerSkills[]>;
  abstract skills(uid: string, course: string): Promise<LearnerSkills | null>;
  /**
   * Writes `next` if the stored revision is still `next.rev - 1` (or nothing is stored and
   * `next.rev` is 1); false when another write came first (the caller reads again and retries).
   */
  abstract saveSkills(next: LearnerSkills): Promise<boolean>;

  abstract card(uid: string, itemId: string): Promise<StoredCard | null>;
  /** The card whose last served item is `servedId` (a sibling), if any. */
  abstract cardServed(uid: string, servedId: string): Promise<StoredCard | null>;
  abstract putCard(card: StoredCard): Promise<void>;
  abstract removeCard(uid: string, itemId: string): Promise<void>;
  /** The learner's cards due at `now` (of one course, when named), the earliest first. */
  abstract dueCards(uid: string, now: Date, limit: number, course?: string): Promise<StoredCard[]>;
  /** The learner's cards due at `now` (of `course` only, when given). */
  abstract countDue(uid: string, now: Date, course?: string): Promise<number>;
  abstract cardsOf(uid: string): Promise<StoredCard[]>;
  abstract setServed(uid: string, itemId: string, served: string): Promise<void>;

  /** Every learner's answers per generator topic. */
  abstract topicCounts(): Promise<Map<string, { n: number; correct: number }>>;
  abstract addTopicCounts(
    deltas: ReadonlyMap<string, { n: number; correct: number }>,
  ): Promise<void>;

  abstract plan(uid: string): Promise<StoredPlan | null>;
  abstract putPlan(plan: StoredPlan): Promise<void>;
  abstract planByToken(token: string): Promise<StoredPlan | null>;
  abstract setReminders(uid: string, on: boolean): Promise<void>;
  /** Plans with reminders on not yet reminded on `day`, at most `limit`. */
  abstract plansToRemind(day: string, limit: number): Promise<StoredPlan[]>;
  /** Claims the day's reminder of a plan; false when it was claimed already. */
  abstract claimReminder(uid: string, day: string): Promise<boolean>;

  /** Everything the learning engine holds of a learner (the erasure and the learner's delete). */
  abstract removeUser(uid: string): Promise<void>;
}
