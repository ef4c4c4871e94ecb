import type {
  ItemResponse,
  ItemStatsFilters,
  ItemStatsSort,
  Page,
  SortDirection,
} from '@examprep/contracts';
import type { ItemSums } from './item-stats.maths';
import type { SortableFields } from './item-stats.schema';

/** One question's stored statistics as the repository reads them. */
export interface ItemStatsDoc extends ItemSums, SortableFields {
  qid: string;
  course: string;
  objective: string;
  topic: string | null;
  stem: string;
  type: string;
  options: ItemResponse[];
  flagged: number;
  unanswered: number;
  resp: Record<string, number>;
  time: Record<string, number>;
  lastAt: Date;
}

/** What one graded attempt adds to a question's document. */
export interface ItemDelta {
  qid: string;
  /** Replaced by the latest attempt (the question as its latest test showed it). */
  set: Pick<
    ItemStatsDoc,
    'course' | 'objective' | 'topic' | 'stem' | 'type' | 'options' | 'lastAt'
  >;
  /** Added: the sums, flagged, unanswered, and `resp.<key>` / `time.b<i>` counters. */
  inc: Record<string, number>;
}

/** What one graded attempt adds to a topic's or a misconception's error rate. */
export interface ErrorRateDelta {
  id: string;
  kind: 'topic' | 'misconception';
  course: string;
  objective: string;
  name: string;
  n: number;
  errors: number;
}

export interface ErrorRateDoc extends Omit<ErrorRateDelta, 'id'> {
  id: string;
}

/** The fold's idempotence marker of one test. */
export interface FactMarker {
  done: string[];
  complete: boolean;
}

export interface OutboxEntry {
  testId: string;
  fact: string;
  at: Date;
}

/** A fact marker's new state, as a batch records it (markFacts). */
export interface FactMark extends FactMarker {
  testId: string;
}

/** A question's derived values to write if it still has `n` attempts (setDerivedMany). */
export interface DerivedWrite {
  qid: string;
  n: number;
  derived: Omit<SortableFields, 'n'>;
}

/**
 * The writes of a bulk call that failed, by key (qid or error rate id) with the error; the
 * others were applied. A call that rejects applied none it can vouch for.
 */
export type BulkFailures = Map<string, unknown>;

/** Error rates read per call at most (topics and misconceptions of the filters; bounded). */
export const ERROR_RATES_MAX = 2000;

/**
 * item_stats, item_error_rates, item_stats_facts and item_stats_outbox (ADR 0037). Every write
 * is one atomic upsert or insert by `_id`; the list reads one index per (filters, sort).
 */
export abstract class ItemStatsRepository {
  /** The marker of a test's fold, made (empty) when absent. */
  abstract claimFact(testId: string, at: Date): Promise<FactMarker>;
  /** Records the writes done so far for a test, and whether that is all of them. */
  abstract markFact(testId: string, done: readonly string[], complete: boolean): Promise<void>;
  /** Adds one attempt to a question's document (made when absent); the document after. */
  abstract applyItem(delta: ItemDelta): Promise<ItemStatsDoc>;
  /** Writes the derived values if the document still has `n` attempts (else a later fold does). */
  abstract setDerived(qid: string, n: number, derived: Omit<SortableFields, 'n'>): Promise<boolean>;
  abstract applyErrorRate(delta: ErrorRateDelta): Promise<void>;

  // the batched fold (ADR 0037, "Folding in batches"): one round trip per step for many tests

  /** The markers of many tests, each made (empty) when absent; by test id. */
  abstract claimFacts(testIds: readonly string[], at: Date): Promise<Map<string, FactMarker>>;
  /** Records many tests' writes done so far and whether that is all of them. */
  abstract markFacts(marks: readonly FactMark[]): Promise<void>;
  /** Adds one attempt (or a batch's merged sums) to each question (distinct qids), no read. */
  abstract applyItems(deltas: readonly ItemDelta[]): Promise<BulkFailures>;
  /** Adds to each error rate (distinct ids). */
  abstract applyErrorRates(deltas: readonly ErrorRateDelta[]): Promise<BulkFailures>;
  /** The documents of these questions (those that exist). */
  abstract getItems(qids: readonly string[]): Promise<ItemStatsDoc[]>;
  /** setDerived of each, in one round trip; how many still had their `n`. */
  abstract setDerivedMany(writes: readonly DerivedWrite[]): Promise<number>;

  /** A keyset page of the questions under the filters, in `sort` order. */
  abstract page(
    filters: ItemStatsFilters,
    sort: ItemStatsSort,
    dir: SortDirection,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<ItemStatsDoc>>;
  abstract get(qid: string): Promise<ItemStatsDoc | null>;
  /** The error rates of a kind under the filters (at most ERROR_RATES_MAX). */
  abstract errorRates(
    kind: 'topic' | 'misconception',
    filters: ItemStatsFilters,
  ): Promise<ErrorRateDoc[]>;

  abstract outboxPut(entry: OutboxEntry): Promise<void>;
  abstract outboxDelete(testId: string): Promise<void>;
  /** Entries written before `before`, oldest first (at most `limit`). */
  abstract outboxDue(before: Date, limit: number): Promise<OutboxEntry[]>;
}
