import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Question, QuestionType, RoundingRule } from '@examprep/contracts';

/** Collection questions, document id = qid (admin spec §3). */
@Schema({ collection: 'questions', timestamps: true, versionKey: false })
export class QuestionRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  question!: string;

  @Prop({ type: String, required: true })
  type!: QuestionType;

  @Prop({ type: [String], default: [] })
  choices!: string[];

  @Prop({ type: [String], default: [] })
  correctAnswer!: string[];

  @Prop({ required: true })
  explanation!: string;

  @Prop({ required: true })
  course!: string;

  @Prop({ required: true })
  objective!: string;

  @Prop({
    type: { questionImage: String, explanationImage: String, video: String },
    default: () => ({ questionImage: null, explanationImage: null, video: null }),
    _id: false,
  })
  media!: { questionImage: string | null; explanationImage: string | null; video: string | null };

  @Prop({ type: { places: Number }, default: null, _id: false })
  rounding!: RoundingRule | null;

  /**
   * The generator item (`topic~seed`, ADR 0009) a seeded question was built from, so its
   * distractors' named misconceptions can be replayed (qbank.questions.pool). Never written
   * by the admin calls: an update leaves it as it is, a duplicate copies it.
   */
  @Prop({ type: String, required: false, default: undefined })
  generatedFrom?: string | null;

  createdAt?: Date;
  updatedAt?: Date;
}

export const QuestionSchema = SchemaFactory.createForClass(QuestionRecord);
// the admin list's order (QUESTION_ORDER) after its equality filters; the first also serves
// the test pool's course reads (findByCourse: its prefix)
QuestionSchema.index({ course: 1, objective: 1, _id: 1 });
QuestionSchema.index({ type: 1, course: 1, objective: 1, _id: 1 });

/** Stored document -> API shape (STYLE.md §6: documents never leave the service). */
export function toQuestion(doc: QuestionRecord): Question {
  return {
    qid: doc._id,
    question: doc.question,
    type: doc.type,
    choices: doc.choices ?? [],
    correctAnswer: doc.correctAnswer ?? [],
    explanation: doc.explanation,
    course: doc.course,
    objective: doc.objective,
    media: {
      questionImage: doc.media?.questionImage ?? null,
      explanationImage: doc.media?.explanationImage ?? null,
      video: doc.media?.video ?? null,
    },
    rounding: doc.rounding ?? null,
    createdAt: doc.createdAt?.toISOString(),
    updatedAt: doc.updatedAt?.toISOString(),
  };
}
