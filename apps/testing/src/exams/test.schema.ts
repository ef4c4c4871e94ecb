import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type {
  AnswerRulesVersion,
  ObjectiveScore,
  PoolQuestion,
  QuestionStatus,
  TestMode,
  TestTimer,
} from '@examprep/contracts';

/**
 * tests/{testId}: one small mutable document per test (ADR 0019). Lists (gradebook, the
 * unfinished lookup, retention, admin lists and counts) read only these.
 */
@Schema({ collection: 'tests', versionKey: false })
export class TestRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  userId!: string;

  @Prop({ required: true })
  productId!: string;

  /** The include the test was started from (admin spec: 'test product id'). */
  @Prop({ required: true })
  testProductId!: string;

  @Prop({ required: true })
  includeId!: string;

  @Prop({ type: String, default: '' })
  productName!: string;

  @Prop({ type: String, default: '' })
  instructions!: string;

  @Prop({ type: String, required: true })
  mode!: TestMode;

  @Prop({ required: true, default: false })
  completed!: boolean;

  @Prop({ required: true })
  createdAt!: Date;

  @Prop({ required: true })
  lastUpdated!: Date;

  @Prop({ type: Date, default: null })
  submittedAt!: Date | null;

  @Prop({ required: true })
  totalQuestions!: number;

  @Prop({ type: Number, default: null })
  finalScore!: number | null;

  @Prop({ type: Number, default: null })
  correctCount!: number | null;

  @Prop({ type: Number, default: null })
  incorrectCount!: number | null;

  @Prop({ type: Number, default: null })
  unansweredCount!: number | null;

  /** Set at submit (before: counted from the answers when a summary needs it). */
  @Prop({ type: Number, default: null })
  answeredCount!: number | null;

  @Prop({ type: [Object], default: null })
  objectives!: ObjectiveScore[] | null;

  @Prop({ type: Object, default: null })
  timer!: StoredTimer | null;

  /**
   * `timer.endsAt` at the top level (null: untimed), so that the unfinished tests whose time
   * ran out are found by an index (the gradebook settles them) without reading the others.
   * Written at creation; missing on tests made before it existed, until TimerEndsAtBackfill.
   */
  @Prop({ type: Date, default: null })
  timerEndsAt?: Date | null;

  /**
   * The answer rules the test is graded under (ADR 0036), written at creation and never
   * changed. Absent on tests made before the rules were versioned: those keep rules 1
   * (answerRulesOf), so no grade shown or stored before changes. No default, on purpose.
   */
  @Prop({ type: Number })
  answerRules?: AnswerRulesVersion;

  /**
   * The LMS assignment the test was started from (issue 30, `<platform id>:<resource link id>`),
   * set only by the schools service; its submitted fact carries it, so the score goes to the LMS.
   */
  @Prop({ type: String })
  ltiLink?: string;
}
export const TestSchema = SchemaFactory.createForClass(TestRecord);
// The per-user lists (gradebook, the unfinished lookup, retention): the owner and completed.
TestSchema.index({ userId: 1, completed: 1, lastUpdated: -1 });
// The owner's unfinished tests whose timer ran out (the gradebook settles them).
TestSchema.index({ userId: 1, completed: 1, timerEndsAt: 1 });
// The admin's per-user list, a keyset page newest first (USER_TESTS_ORDER, ADR 0026): the
// owner's equality, then the order's keys.
TestSchema.index({ userId: 1, createdAt: -1, _id: -1 });

/** The timer as stored (dates); TestTimer is its ISO form. */
export interface StoredTimer {
  limitSeconds: number;
  startedAt: Date;
  endsAt: Date;
}

export function toTestTimer(timer: StoredTimer | null | undefined): TestTimer | null {
  if (!timer) return null;
  return {
    limitSeconds: timer.limitSeconds,
    startedAt: new Date(timer.startedAt).toISOString(),
    endsAt: new Date(timer.endsAt).toISOString(),
  };
}

/**
 * test_contents/{testId}: the question snapshot, written once before the tests document and
 * never changed (so it is cached in memory). It is only ever read whole, by `_id`: it is stored
 * as one JSON text (`questionsJson`), which the store keeps as a single string instead of a tree
 * of some 30 documents. On FerretDB that is 4x less CPU to write and to read (issue 26, measured
 * in tools/load/README.md). Snapshots written before hold the array (`questions`); both are read.
 */
@Schema({ collection: 'test_contents', versionKey: false })
export class TestContentRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  userId!: string;

  /** The snapshot, JSON.stringify of PoolQuestion[] (every snapshot written now). */
  @Prop({ type: String })
  questionsJson?: string;

  /** The snapshot as an array: snapshots written before questionsJson. */
  @Prop({ type: [Object], default: undefined })
  questions?: PoolQuestion[];
}

/** The snapshot of a stored test_contents document, whichever way it was written. */
export function snapshotOf(
  doc: Pick<TestContentRecord, 'questionsJson' | 'questions'>,
): PoolQuestion[] {
  if (typeof doc.questionsJson === 'string') return JSON.parse(doc.questionsJson) as PoolQuestion[];
  return doc.questions ?? [];
}
export const TestContentSchema = SchemaFactory.createForClass(TestContentRecord);

/**
 * One question's answer inside a test's answer sheet. Stored entries hold only the fields
 * written so far; the repository fills in these defaults when it reads them.
 */
export class TestAnswerRecord {
  qid!: string;
  submittedAnswer!: string[];
  /** Full test: checked. */
  isSubmitted!: boolean;
  status!: QuestionStatus;
  gradedAt!: Date | null;
  gradedBy!: string | null;
  /** Last change of the answer itself (not of the flag). */
  savedAt!: Date | null;
  flagged!: boolean;
}

/**
 * test_answers/{testId}: the answer sheet of one test, one entry per answered or flagged
 * question under `answers.<qid>` (ADR 0019). Each write `$set`s only that question's paths:
 * atomic per document on MongoDB; on FerretDB 1.x, which applies concurrent updates of one
 * document non-atomically, the service writes one test's answers one at a time across every
 * replica (the test's lease in test_leases, ADR 0027). One sheet per test (not one document per answer) keeps the collection as
 * small as `tests`: FerretDB 1.24 on SQLite passes over every row of a collection for any
 * read or update, even by `_id`.
 */
@Schema({ collection: 'test_answers', versionKey: false, minimize: false })
export class TestAnswerSheetRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  userId!: string;

  @Prop({ type: Object, default: () => ({}) })
  answers!: Record<string, Partial<TestAnswerRecord>>;
}
export const TestAnswerSheetSchema = SchemaFactory.createForClass(TestAnswerSheetRecord);

/** The key of one answer (a QID never holds '.' or '$', so it is a safe field name). */
export const answerId = (testId: string, qid: string) => `${testId}:${qid}`;
