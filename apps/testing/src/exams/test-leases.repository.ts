import type { TestLeaseRecord } from './test-lease.schema';

/**
 * The port of test_leases (ADR 0027): the store-side lock of a test's writes, shared by every
 * replica. MongoTestLeasesRepository is the real one; unit specs use FakeTestLeasesRepository
 * (several services over one fake are several replicas). Every operation is by `_id`.
 */
export abstract class TestLeasesRepository {
  /** Inserts the lease unless a document with its `_id` exists (false then). */
  abstract tryInsert(lease: TestLeaseRecord): Promise<boolean>;

  /** The lease (or closed marker) by id, or null. */
  abstract find(id: string): Promise<TestLeaseRecord | null>;

  /** Moves a held lease's end (its holder renewing it). */
  abstract extend(id: string, until: Date): Promise<void>;

  /** Turns a held lease into the closed marker (the holder submits the test). */
  abstract close(id: string): Promise<void>;

  /** Removes the document (a lease given back, a test removed). */
  abstract remove(id: string): Promise<void>;
}
