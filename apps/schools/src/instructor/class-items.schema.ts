import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * lti_class_items/{contextKey}|{qid}: one question's answers by the learners of one LMS class
 * (issue 30: the instructor's item analysis of their class), folded from events.test.submitted.
 */
@Schema({ collection: 'lti_class_items', versionKey: false })
export class ClassItemRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  contextKey!: string;

  @Prop({ type: String, required: true })
  qid!: string;

  @Prop({ type: String, default: '' })
  stem!: string;

  @Prop({ type: String, default: '' })
  course!: string;

  @Prop({ type: String, default: '' })
  objective!: string;

  @Prop({ type: Number, default: 0 })
  n!: number;

  @Prop({ type: Number, default: 0 })
  correct!: number;
}
export const ClassItemSchema = SchemaFactory.createForClass(ClassItemRecord);
// a class's items (the instructor's table)
ClassItemSchema.index({ contextKey: 1 });

/**
 * lti_class_tests/{contextKey}|{testId}: a submitted test folded into a class's items, so a
 * redelivered fact is not counted twice.
 */
@Schema({ collection: 'lti_class_tests', versionKey: false })
export class ClassTestRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  contextKey!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}
export const ClassTestSchema = SchemaFactory.createForClass(ClassTestRecord);
// a class's folded tests (their count)
ClassTestSchema.index({ contextKey: 1 });
