/**
 * The markers of Infinite QBank batches already counted (collection counted_qbank_batches,
 * `_id` = the batch id). The port the consumer injects; MongoCountedBatchesRepository is the
 * real one.
 */
export abstract class CountedBatchesRepository {
  /** Marks the user's batch as counted; false when it was marked before (counted already). */
  abstract mark(uid: string, batchId: string, at: Date): Promise<boolean>;

  /** Removes the user's batch marker (its count failed: a redelivery counts it again). */
  abstract unmark(uid: string, batchId: string): Promise<void>;
}
