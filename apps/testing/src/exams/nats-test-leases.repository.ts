import { Injectable } from '@nestjs/common';
import { JetStreamBus, waitForStreamLeader } from '@examprep/nest-kit';
import {
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  StorageType,
} from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import { LEASE_MS } from './test-locks';
import { type TestLease, TestLeasesRepository } from './test-leases.repository';

/** The JetStream key-value bucket of the test leases (key = test id). */
export const TEST_LEASES_BUCKET = 'testing_test_leases';

/** JetStream's "wrong last sequence": the key changed since the revision named. */
const isConflict = (err: unknown) =>
  (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamWrongLastSequence) ||
  /wrong last sequence|key exists/i.test(String((err as Error)?.message ?? ''));

/**
 * The bucket's stream is not there: a NATS server restarted without it (memory storage: a
 * single server's restart, or every server of a cluster's) or it was removed. Its reads then
 * find no responder for the direct get, its writes no stream.
 */
export const isBucketGone = (err: unknown) =>
  (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) ||
  /no responders|stream not found/i.test(String((err as Error)?.message ?? ''));

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
  private bucket: Promise<KV> | undefined;
  /** The bucket's name (a spec gives its own, not to touch the running services' bucket). */
  protected readonly bucketName: string = TEST_LEASES_BUCKET;

  constructor(private readonly bus: JetStreamBus) {
    super();
  }

  /**
   * A read, then one write naming what was read: a create where the key never was (or its
   * entries ended), an update at the revision of the give-back's delete marker otherwise
   * (nats.js's `create` would first fail on that marker, then read, then update).
   */
  async tryTake(testId: string, holder: string): Promise<number | null> {
    return this.withBucket(async (kv) => {
      const entry = await kv.get(testId);
      if (entry?.operation === 'PUT') return null;
      try {
        return entry
          ? await kv.update(testId, holder, entry.revision)
          : await kv.create(testId, holder);
      } catch (err) {
        if (isConflict(err)) return null;
        throw err;
      }
    });
  }

  async find(testId: string): Promise<TestLease | null> {
    return this.withBucket(async (kv) => {
      const entry = await kv.get(testId);
      if (!entry || entry.operation !== 'PUT') return null;
      return { holder: entry.string(), revision: entry.revision };
    });
  }

  async rewrite(testId: string, holder: string, revision: number): Promise<number | null> {
    return this.withBucket(async (kv) => {
      try {
        return await kv.update(testId, holder, revision);
      } catch (err) {
        if (isConflict(err)) return null;
        throw err;
      }
    });
  }

  async giveBack(testId: string, revision: number): Promise<void> {
    return this.withBucket(async (kv) => {
      try {
        await kv.delete(testId, { previousSeq: revision });
      } catch (err) {
        if (!isConflict(err)) throw err;
      }
    });
  }

  /**
   * Runs `op` on the bucket; when the bucket is gone (isBucketGone), makes it again and runs `op`
   * once more. The leases it held are lost with it: a holder's next change names a revision the
   * new bucket does not have and fails, so it learns it lost the lease (a take on the new bucket
   * wins as on a fresh one). Without this the handle made before the restart would fail every
   * call until the service restarts (the fault suite's nats-server kill on one server).
   */
  private async withBucket<T>(op: (kv: KV) => Promise<T>): Promise<T> {
    const opened = this.open();
    try {
      return await op(await opened);
    } catch (err) {
      if (!isBucketGone(err)) throw err;
      if (this.bucket === opened) this.bucket = undefined;
      return op(await this.open());
    }
  }

  private open(): Promise<KV> {
    this.bucket ??= (async () => {
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
    })().catch((err: unknown) => {
      this.bucket = undefined;
      throw err;
    });
    return this.bucket;
  }
}
