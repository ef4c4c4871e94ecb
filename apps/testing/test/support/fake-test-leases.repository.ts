import { LEASE_MS } from '../../src/exams/test-locks';
import type { TestLease, TestLeasesRepository } from '../../src/exams/test-leases.repository';

/**
 * An in-memory TestLeasesRepository: one instance shared by several TestLocks is several
 * replicas on one store. Revisions grow with every write; a lease ends LEASE_MS after its last
 * write (by `now`, which specs may move). Each call yields to the event loop first, as a round
 * trip does, so calls of different "replicas" interleave.
 */
export class FakeTestLeasesRepository implements TestLeasesRepository {
  readonly leases = new Map<string, { holder: string; revision: number; at: number }>();
  readonly calls: string[] = [];
  private revision = 0;

  constructor(public now: () => number = Date.now) {}

  async tryTake(testId: string, holder: string): Promise<number | null> {
    await tick();
    this.calls.push('tryTake');
    if (this.current(testId)) return null;
    return this.put(testId, holder);
  }

  async find(testId: string): Promise<TestLease | null> {
    await tick();
    this.calls.push('find');
    const lease = this.current(testId);
    return lease ? { holder: lease.holder, revision: lease.revision } : null;
  }

  async rewrite(testId: string, holder: string, revision: number): Promise<number | null> {
    await tick();
    this.calls.push('rewrite');
    if (this.current(testId)?.revision !== revision) return null;
    return this.put(testId, holder);
  }

  async giveBack(testId: string, revision: number): Promise<void> {
    await tick();
    this.calls.push('giveBack');
    if (this.current(testId)?.revision === revision) this.leases.delete(testId);
  }

  /** The lease unless it ended (LEASE_MS after its last write). */
  private current(testId: string) {
    const lease = this.leases.get(testId);
    if (lease && this.now() - lease.at >= LEASE_MS) this.leases.delete(testId);
    return this.leases.get(testId);
  }

  private put(testId: string, holder: string): number {
    const revision = ++this.revision;
    this.leases.set(testId, { holder, revision, at: this.now() });
    return revision;
  }
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
