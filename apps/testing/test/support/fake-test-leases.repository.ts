import { CLOSED_HOLDER, type TestLeaseRecord } from '../../src/exams/test-lease.schema';
import type { TestLeasesRepository } from '../../src/exams/test-leases.repository';

/**
 * An in-memory TestLeasesRepository: one instance shared by several TestLocks is several
 * replicas on one store. Each call yields to the event loop first, as a database round trip
 * does, so calls of different "replicas" interleave.
 */
export class FakeTestLeasesRepository implements TestLeasesRepository {
  readonly leases = new Map<string, TestLeaseRecord>();
  readonly calls: string[] = [];

  async tryInsert(lease: TestLeaseRecord): Promise<boolean> {
    await tick();
    this.calls.push('tryInsert');
    if (this.leases.has(lease._id)) return false;
    this.leases.set(lease._id, copy(lease));
    return true;
  }

  async find(id: string): Promise<TestLeaseRecord | null> {
    await tick();
    this.calls.push('find');
    const lease = this.leases.get(id);
    return lease ? copy(lease) : null;
  }

  async extend(id: string, until: Date): Promise<void> {
    await tick();
    this.calls.push('extend');
    const lease = this.leases.get(id);
    if (lease) lease.until = new Date(until.getTime());
  }

  async close(id: string): Promise<void> {
    await tick();
    this.calls.push('close');
    const lease = this.leases.get(id);
    if (lease) Object.assign(lease, { holder: CLOSED_HOLDER, until: null });
  }

  async remove(id: string): Promise<void> {
    await tick();
    this.calls.push('remove');
    this.leases.delete(id);
  }
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const copy = (lease: TestLeaseRecord): TestLeaseRecord => ({
  ...lease,
  until: lease.until ? new Date(new Date(lease.until).getTime()) : null,
});
