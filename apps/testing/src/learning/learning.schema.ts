import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { SkillState, StoredFsrsCard } from '@examprep/learning';

/** One day's estimate of a course's readiness (the trend's 'estimate' points). */
export interface StoredEstimate {
  /** The day, 'YYYY-MM-DD' (UTC). */
  day: string;
  at: string;
  percent: number;
  low: number;
  high: number;
}

/** A graded test's score (the trend's 'test' points; kept when the test itself is not). */
export interface StoredTestScore {
  testId: string;
  at: string;
  percent: number;
}

/**
 * learning_skills/{uid}:{course}: what the model knows of one learner in one course (issue 29,
 * ADR 0039): a SkillState per generator topic and per objective, the daily estimates and the
 * graded tests' scores for the trend. One document per learner and course, so the dashboard
 * reads one document per course and a fold writes one; `rev` makes the write a compare-and-set
 * (two replicas folding answers of the same learner do not lose one another's).
 */
@Schema({ collection: 'learning_skills', versionKey: false, minimize: false })
export class LearnerSkillsRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  uid!: string;

  @Prop({ type: String, required: true })
  course!: string;

  @Prop({ type: Object, default: () => ({}) })
  topics!: Record<string, SkillState>;

  @Prop({ type: Object, default: () => ({}) })
  objectives!: Record<string, SkillState>;

  @Prop({ type: [Object], default: [] })
  estimates!: StoredEstimate[];

  @Prop({ type: [Object], default: [] })
  tests!: StoredTestScore[];

  @Prop({ type: [String], default: [] })
  seen!: string[];

  @Prop({ type: Number, default: 0 })
  rev!: number;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const LearnerSkillsSchema = SchemaFactory.createForClass(LearnerSkillsRecord);
// the learner's courses (summary, export, erasure)
LearnerSkillsSchema.index({ uid: 1 });

/**
 * learning_cards/{uid}|{itemId}: an item the learner missed, brought back by the review
 * scheduler (FSRS). `served`: the item last served for it (the same id, or a sibling's), so the
 * answer to a sibling reviews the card.
 */
@Schema({ collection: 'learning_cards', versionKey: false, minimize: false })
export class ReviewCardRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  uid!: string;

  @Prop({ type: String, required: true })
  itemId!: string;

  @Prop({ type: String, default: null })
  topicKey!: string | null;

  @Prop({ type: String, required: true })
  course!: string;

  @Prop({ type: String, required: true })
  objective!: string;

  @Prop({ type: String, default: null })
  misconception!: string | null;

  @Prop({ type: Date, required: true })
  due!: Date;

  @Prop({ type: Number, default: 0 })
  reviews!: number;

  @Prop({ type: Number, default: 0 })
  lapses!: number;

  @Prop({ type: Object, required: true })
  fsrs!: StoredFsrsCard;

  @Prop({ type: String, default: null })
  served!: string | null;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}
export const ReviewCardSchema = SchemaFactory.createForClass(ReviewCardRecord);
// the due queue: a learner's cards in due order (the count and the batch's first items)
ReviewCardSchema.index({ uid: 1, due: 1 });
// a course's due queue (the weak-spots batch): another course's overdue cards do not hide it
ReviewCardSchema.index({ uid: 1, course: 1, due: 1 });
// the answer to a served sibling finds its card
ReviewCardSchema.index({ uid: 1, served: 1 });

/**
 * learning_topics/{topicKey}: every learner's answers on a generator topic, counted: the
 * topic's difficulty for the model (its facility, as the item analysis gives a stored
 * question's).
 */
@Schema({ collection: 'learning_topics', versionKey: false })
export class TopicPopulationRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, default: 0 })
  n!: number;

  @Prop({ type: Number, default: 0 })
  correct!: number;
}
export const TopicPopulationSchema = SchemaFactory.createForClass(TopicPopulationRecord);

/**
 * learning_plans/{uid}: the learner's exam date, minutes per day and reminder choice. `email`
 * is where reminders go (the address of the sign-in that set the plan); `unsubscribe` the
 * random token of the mail's one-click link; `remindedOn` the day the last reminder went out
 * (claimed before sending, so two replicas never send the same day's mail twice).
 */
@Schema({ collection: 'learning_plans', versionKey: false })
export class StudyPlanRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  examDate!: string;

  @Prop({ type: Number, required: true })
  minutesPerDay!: number;

  @Prop({ type: Boolean, default: false })
  reminders!: boolean;

  @Prop({ type: String, required: true })
  email!: string;

  @Prop({ type: String, required: true })
  unsubscribe!: string;

  @Prop({ type: String, default: '' })
  remindedOn!: string;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const StudyPlanSchema = SchemaFactory.createForClass(StudyPlanRecord);
StudyPlanSchema.index({ unsubscribe: 1 }, { unique: true });
// the day's reminders: plans with reminders on that were not reminded today
StudyPlanSchema.index({ reminders: 1, remindedOn: 1 });
