import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * test_counts/{uid}: how many tests a user has (every test, finished or not), kept by the
 * repository as tests are created and removed (issue 26: no route reads `tests` to count them).
 * `version` grows with every change of `n`; it is the version of the `events.user.testsCounted`
 * fact published after the change (readers keep the highest).
 */
@Schema({ collection: 'test_counts', versionKey: false })
export class TestCountRecord {
  /** The user's uid. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true, default: 0 })
  n!: number;

  @Prop({ type: Number, required: true, default: 0 })
  version!: number;

  /** When `n` last changed. */
  @Prop({ type: Date, required: true })
  at!: Date;
}
export const TestCountSchema = SchemaFactory.createForClass(TestCountRecord);

/**
 * testing_markers/{name}: one-off work of the testing service that must run once per
 * database, whatever the number of replicas (ADR 0027): `test_counts` is the build of the
 * counters from the tests already stored. Claimed by the unique insert of the marker.
 */
@Schema({ collection: 'testing_markers', versionKey: false })
export class TestingMarkerRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  state!: 'building' | 'built';

  /** Which process claimed it (host:pid). */
  @Prop({ type: String, required: true })
  by!: string;

  @Prop({ type: Date, required: true })
  startedAt!: Date;

  /** Moved after each page by the builder: a claim whose beat stopped is taken over. */
  @Prop({ type: Date, required: true })
  beatAt!: Date;

  @Prop({ type: Date, default: null })
  builtAt!: Date | null;

  @Prop({ type: Object, default: null })
  stats!: Record<string, number> | null;
}
export const TestingMarkerSchema = SchemaFactory.createForClass(TestingMarkerRecord);
