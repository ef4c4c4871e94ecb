import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** The holder of a closed test's lease: the test is graded (or being graded); no writes ever. */
export const CLOSED_HOLDER = 'closed';

/**
 * test_leases/{testId}: who may write into a test right now, across every replica (ADR 0027).
 * Taken by inserting it (the unique `_id` index lets one insert win, on MongoDB and on
 * FerretDB 1.x alike), given back by deleting it. A submit turns it into the closed marker
 * (holder CLOSED_HOLDER, until null), which stays until the test is removed, so no answer can
 * be written after grading by any replica. A lease whose `until` passed was left by a process
 * that died; one replica takes it over through a marker `{testId}~{holder}` (one insert wins).
 * Every operation goes by `_id` alone (the only filter FerretDB 1.24 answers with an index,
 * ADR 0022).
 */
@Schema({ collection: 'test_leases', versionKey: false })
export class TestLeaseRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** `{replica}:{n}`, new for every lease taken; CLOSED_HOLDER for a closed test. */
  @Prop({ type: String, required: true })
  holder!: string;

  /** The lease ends then unless renewed; null for a closed test. */
  @Prop({ type: Date, default: null })
  until!: Date | null;
}
export const TestLeaseSchema = SchemaFactory.createForClass(TestLeaseRecord);
