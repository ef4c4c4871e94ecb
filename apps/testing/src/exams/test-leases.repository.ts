/** The holder of a closed test's lease: the test is submitted (being graded); no writes. */
export const CLOSED_HOLDER = 'closed';

/** A lease as read: who holds it, and the revision a change or give-back must name. */
export interface TestLease {
  holder: string;
  revision: number;
}

/**
 * The port of the test leases (ADR 0027): who may write into a test right now, across every
 * replica. A lease ends LEASE_MS after its last write unless renewed (the store drops it), so a
 * replica that died holding one blocks that test for at most that long. Every change names the
 * revision it read (compare-and-set), so nobody changes or gives back a lease that is not the
 * one it holds. NatsTestLeasesRepository (a JetStream key-value bucket) is the real one; unit
 * specs use FakeTestLeasesRepository (several services over one fake are several replicas).
 */
export abstract class TestLeasesRepository {
  /** Takes the test's lease for `holder` unless one is held: its revision, or null. */
  abstract tryTake(testId: string, holder: string): Promise<number | null>;

  /** The test's lease now, or null (none: never taken, given back, or ended). */
  abstract find(testId: string): Promise<TestLease | null>;

  /**
   * Writes `holder` into the lease still at `revision` (a renewal, or the close: CLOSED_HOLDER),
   * which also starts its LEASE_MS again: the new revision, or null when it changed meanwhile.
   */
  abstract rewrite(testId: string, holder: string, revision: number): Promise<number | null>;

  /** Gives the lease back if it is still at `revision` (else leaves it: it is not ours). */
  abstract giveBack(testId: string, revision: number): Promise<void>;
}
