import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { QuestionType } from '@examprep/contracts';

/**
 * question_counts: how many questions each (course, objective, type) has, kept by
 * MongoQuestionsRepository as it writes questions (ADR 0026: a count from a maintained counter,
 * not by reading the bank). A few hundred documents at most; rebuilt from the bank when the
 * service starts (QuestionCounts), so questions written around the repository (a seeder) are
 * counted after the next start.
 */
@Schema({ collection: 'question_counts', versionKey: false })
export class QuestionCountRecord {
  /** `course \u001f objective \u001f type`. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  course!: string;

  @Prop({ required: true })
  objective!: string;

  @Prop({ type: String, required: true })
  type!: QuestionType;

  @Prop({ required: true, default: 0 })
  n!: number;
}

export const QuestionCountSchema = SchemaFactory.createForClass(QuestionCountRecord);
// the counts of a course (and objective): the list's total with those filters
QuestionCountSchema.index({ course: 1, objective: 1 });

export const countKey = (q: { course: string; objective: string; type: QuestionType }) =>
  `${q.course}\u001f${q.objective}\u001f${q.type}`;
