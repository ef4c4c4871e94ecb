import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ItemResponse, ItemStatsSort } from '@examprep/contracts';

/**
 * The stored field of each sort of the item list: the derived values are kept on the document
 * (written after each fold, SortableFields) so that an index can order them.
 */
export const SORT_FIELD: Readonly<Record<ItemStatsSort, keyof SortableFields>> = {
  facility: 'facility',
  discrimination: 'disc',
  n: 'n',
  flagRate: 'flagRate',
  medianTime: 'medianTime',
};

/** Stored in place of an undefined discrimination or median (a sort key is never null). */
export const UNDEFINED_DISCRIMINATION = -2;
export const UNDEFINED_MEDIAN = -1;

/** The sortable values as stored. */
export interface SortableFields {
  n: number;
  facility: number;
  /** Item-rest correlation, or UNDEFINED_DISCRIMINATION. */
  disc: number;
  flagRate: number;
  /** Seconds, or UNDEFINED_MEDIAN. */
  medianTime: number;
}

/**
 * item_stats/{qid}: one question's running sums (ItemSums), counters and derived values (ADR
 * 0037). Written only by the fold of `events.test.submitted` (one atomic upsert per question and
 * test, then the derived values by compare-and-set on `n`); read by the admin's item analysis.
 */
@Schema({ collection: 'item_stats', versionKey: false, minimize: false })
export class ItemStatsRecord implements SortableFields {
  /** The qid. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  course!: string;

  @Prop({ type: String, required: true })
  objective!: string;

  @Prop({ type: String, default: null })
  topic!: string | null;

  @Prop({ type: String, default: '' })
  stem!: string;

  @Prop({ type: String, default: 'single' })
  type!: string;

  /** The options as the latest test showed them. */
  @Prop({ type: [Object], default: [] })
  options!: ItemResponse[];

  @Prop({ type: Number, default: 0 }) n!: number;
  @Prop({ type: Number, default: 0 }) sx!: number;
  @Prop({ type: Number, default: 0 }) st!: number;
  @Prop({ type: Number, default: 0 }) stt!: number;
  @Prop({ type: Number, default: 0 }) sxt!: number;
  @Prop({ type: Number, default: 0 }) rn!: number;
  @Prop({ type: Number, default: 0 }) rx!: number;
  @Prop({ type: Number, default: 0 }) sr!: number;
  @Prop({ type: Number, default: 0 }) srr!: number;
  @Prop({ type: Number, default: 0 }) sxr!: number;

  @Prop({ type: Number, default: 0 }) flagged!: number;
  @Prop({ type: Number, default: 0 }) unanswered!: number;

  /** Responses chosen, by key (ItemResponse.key, 'other', 'none'). */
  @Prop({ type: Object, default: () => ({}) })
  resp!: Record<string, number>;

  /** Timed answers per TIME_BUCKETS_SECONDS bucket: `b0` … `b11`. */
  @Prop({ type: Object, default: () => ({}) })
  time!: Record<string, number>;

  @Prop({ type: Number, default: 0 }) facility!: number;
  @Prop({ type: Number, default: UNDEFINED_DISCRIMINATION }) disc!: number;
  @Prop({ type: Number, default: 0 }) flagRate!: number;
  @Prop({ type: Number, default: UNDEFINED_MEDIAN }) medianTime!: number;

  @Prop({ type: Date, required: true })
  lastAt!: Date;

  /**
   * The batch that wrote this document last (a random id per bulk): after a bulk that failed
   * part way, the fold reads it to learn which of its writes were applied (FerretDB's bulk
   * error names neither the failed write nor how many went through; ADR 0037).
   */
  @Prop({ type: String })
  fold?: string;
}
export const ItemStatsSchema = SchemaFactory.createForClass(ItemStatsRecord);
// The item list: a keyset page per sort, under no filter, the course, or course and objective
// (equality filters first, then the sort key and the tie-breaker, ADR 0026). Both directions
// read the same index (forwards or backwards).
for (const field of new Set(Object.values(SORT_FIELD))) {
  ItemStatsSchema.index({ [field]: 1, _id: 1 });
  ItemStatsSchema.index({ course: 1, [field]: 1, _id: 1 });
  ItemStatsSchema.index({ course: 1, objective: 1, [field]: 1, _id: 1 });
}

/**
 * item_error_rates/{id}: attempts and errors per generator topic and per named misconception,
 * within a course and objective; `_id` = sha1 of (kind, course, objective, name).
 */
@Schema({ collection: 'item_error_rates', versionKey: false })
export class ItemErrorRateRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  kind!: 'topic' | 'misconception';

  @Prop({ type: String, required: true })
  course!: string;

  @Prop({ type: String, required: true })
  objective!: string;

  @Prop({ type: String, required: true })
  name!: string;

  @Prop({ type: Number, default: 0 }) n!: number;
  /** Errors (`errors` is a reserved name in mongoose schemas). */
  @Prop({ type: Number, default: 0 }) misses!: number;

  /**
   * The batch that wrote this document last (a random id per bulk): after a bulk that failed
   * part way, the fold reads it to learn which of its writes were applied (FerretDB's bulk
   * error names neither the failed write nor how many went through; ADR 0037).
   */
  @Prop({ type: String })
  fold?: string;
}
export const ItemErrorRateSchema = SchemaFactory.createForClass(ItemErrorRateRecord);
// the rates under no filter, a course, or a course and objective: one index, its prefixes
ItemErrorRateSchema.index({ kind: 1, course: 1, objective: 1, _id: 1 });

/**
 * item_stats_facts/{testId}: a fact being or having been folded (idempotence per test): the
 * writes it has done (`done`: 'q:<qid>', 'e:<id>'), and `complete` once all are.
 */
@Schema({ collection: 'item_stats_facts', versionKey: false })
export class ItemStatsFactRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: [String], default: [] })
  done!: string[];

  @Prop({ type: Boolean, default: false })
  complete!: boolean;

  @Prop({ type: Date, required: true })
  at!: Date;
}
export const ItemStatsFactSchema = SchemaFactory.createForClass(ItemStatsFactRecord);

/**
 * item_stats_outbox/{testId}: a graded test's fact, written before the test is completed and
 * removed once JetStream has it; the relay publishes what is left (a publish that failed, a
 * process that stopped in between).
 */
@Schema({ collection: 'item_stats_outbox', versionKey: false })
export class ItemStatsOutboxRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** The TestSubmittedEvent, JSON. */
  @Prop({ type: String, required: true })
  fact!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}
export const ItemStatsOutboxSchema = SchemaFactory.createForClass(ItemStatsOutboxRecord);
ItemStatsOutboxSchema.index({ at: 1, _id: 1 });
