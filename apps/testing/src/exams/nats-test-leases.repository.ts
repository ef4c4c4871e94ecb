import { Injectable } from '@nestjs/common';
import { isKvConflict, JetStreamBus, KvBucket, waitForStreamLeader } from '@examprep/nest-kit';
import { jetstreamManager, StorageType } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import { LEASE_MS } from './test-locks';
import { type TestLease, TestLeasesRepository } from './test-leases.repository';

/** The JetStream key-value bucket of the test leases (key = test id). */
export const TEST_LEASES_BUCKET = 'testing_test_leases';

/**
 * The test leases in a JetStream key-value bucket on the service's NATS connection (ADR 0027):
 * taking is a create or an update of the give-back's delete marker (one of several wins, on one
 * server or a cluster), every change and the give-back name the revision they read, and the bucket's max age (LEASE_MS) ends a lease that
 * was not written for that long. In memory (leases live seconds), with the replicas of the
 * service's streams (NATS_STREAM_REPLICAS). No database write: a save still writes the store
 * once.
 */
@Injectable()
export class NatsTestLeasesRepository extends TestLeasesRepository {
  /** The bucket's name (a spec gives its own, not to touch the running services' bucket). */
  protected readonly bucketName: string = TEST_LEASES_BUCKET;
  /** Made again when a NATS restart lost it (in memory): KvBucket. */
  private readonly bucket = new KvBucket<KV>(() => this.open());

  constructor(private readonly bus: JetStreamBus) {
    super();
  }

  /**
   * A read, then one write naming what was read: a create where the key never was (or its
   * entries ended), an update at the revision of the give-back's delete marker otherwise
   * (nats.js's `create` would first fail on that marker, then read, then update).
   */
  async tryTake(testId: string, holder: string): Promise<number | null> {
    return this.bucket.run(async (kv) => {
      const entry = await kv.get(testId);
      if (entry?.operation === 'PUT') return null;
      try {
        return entry
          ? await kv.update(testId, holder, entry.revision)
          : await kv.create(testId, holder);
      } catch (err) {
        if (isKvConflict(err)) return null;
        throw err;
      }
    });
  }

  async find(testId: string): Promise<TestLease | null> {
    return this.bucket.run(async (kv) => {
      const entry = await kv.get(testId);
      if (!entry || entry.operation !== 'PUT') return null;
      return { holder: entry.string(), revision: entry.revision };
    });
  }

  async rewrite(testId: string, holder: string, revision: number): Promise<number | null> {
    return this.bucket.run(async (kv) => {
      try {
        return await kv.update(testId, holder, revision);
      } catch (err) {
        if (isKvConflict(err)) return null;
        throw err;
      }
    });
  }

  async giveBack(testId: string, revision: number): Promise<void> {
    return this.bucket.run(async (kv) => {
      try {
        await kv.delete(testId, { previousSeq: revision });
      } catch (err) {
        if (!isKvConflict(err)) throw err;
      }
    });
  }

  private async open(): Promise<KV> {
    const replicas = this.bus.streamReplicas;
    const kv = await new Kvm(this.bus.connection).create(this.bucketName, {
      history: 1,
      ttl: LEASE_MS,
      storage: StorageType.Memory,
      replicas,
    });
    // a replicated bucket just made has no leader for a moment (ADR 0029)
    if (replicas > 1)
      await waitForStreamLeader(
        await jetstreamManager(this.bus.connection),
        `KV_${this.bucketName}`,
      );
    return kv;
  }
}
