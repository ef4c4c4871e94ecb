import { CountedBatchesRepository } from '../../src/users/counted-batches.repository';

/** An in-memory CountedBatchesRepository for unit specs: one marker per batch id. */
export class FakeCountedBatchesRepository implements CountedBatchesRepository {
  readonly markers = new Map<string, { uid: string; at: Date }>();

  async mark(uid: string, batchId: string, at: Date): Promise<boolean> {
    if (this.markers.has(batchId)) return false;
    this.markers.set(batchId, { uid, at });
    return true;
  }

  async unmark(uid: string, batchId: string): Promise<void> {
    if (this.markers.get(batchId)?.uid === uid) this.markers.delete(batchId);
  }
}
