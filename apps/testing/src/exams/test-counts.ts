import { Inject, Injectable } from '@nestjs/common';
import { Events, type UserTestsCountedEvent } from '@examprep/contracts';
import { JetStreamBus, rootLogger } from '@examprep/nest-kit';
import { Clock } from './clock';
import { type TestCount, TestCountsRepository } from './test-counts.repository';
import { TestsRepository } from './tests.repository';

/** The JetStream message id of a count's fact: one per (user, version). */
export const testsCountedMsgId = (uid: string, version: number) =>
  `tests-counted:${uid}:${version}`;

/** A recount written by compare-and-set is tried this often before it gives up (logged). */
export const RECOUNT_ATTEMPTS = 5;

/** The fact of a count as published. */
export const testsCountedEvent = (count: TestCount): UserTestsCountedEvent => ({
  uid: count.uid,
  tests: count.n,
  version: count.version,
  at: count.at.toISOString(),
});

/**
 * The per-user test counts (test_counts, issue 26): every path that inserts or removes a
 * `tests` document tells this class, which moves the user's counter atomically (n, version)
 * and then publishes `events.user.testsCounted` with the new count and version (the identity
 * service's user directory keeps the highest version). The learner's request never fails
 * because of the count: a failed counter write or publish is logged (the counters can be
 * rebuilt from `tests`: drop the marker testing_markers/test_counts and restart, TestCountsBuild).
 *
 * Replicas (ADR 0027): a change is one atomic `$inc` of n and version, so changes of one user
 * from every replica at once each count and each get their own version (MongoDB; FerretDB on
 * PostgreSQL since our update-safety patch, ADR 0028 — until it, a lease per user serialised
 * them, two NATS KV round trips on every test made). A recount (below zero, and the build) is
 * written by compare-and-set on the version and done again when a change came in between.
 */
@Injectable()
export class TestCounts {
  constructor(
    private readonly counts: TestCountsRepository,
    private readonly tests: TestsRepository,
    private readonly clock: Clock,
    @Inject(JetStreamBus) private readonly bus: Pick<JetStreamBus, 'publish'>,
  ) {}

  /** A test of the user was inserted. */
  added(uid: string): Promise<TestCount | null> {
    return this.change(uid, 'added', () => this.counts.add(uid, 1, this.clock.now()));
  }

  /**
   * A test of the user was removed (by whoever removed its document). Below zero (the test was
   * made before the counter was built and is not in it yet): the user's tests are counted again
   * by the `{userId}` index.
   */
  removed(uid: string): Promise<TestCount | null> {
    return this.change(uid, 'removed', async () => {
      const count = await this.counts.add(uid, -1, this.clock.now());
      return count.n >= 0 ? count : this.recount(uid);
    });
  }

  /**
   * The user's tests counted by the `{userId}` index, written only over the version read before
   * counting (a change in between is counted next time round). Not published: the caller does.
   */
  async recount(uid: string): Promise<TestCount> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.counts.find(uid);
      const n = (await this.tests.listByUser(uid)).length;
      const written = await this.counts.setIfVersion(
        uid,
        n,
        current?.version ?? 0,
        this.clock.now(),
      );
      if (written) return written;
      if (attempt >= RECOUNT_ATTEMPTS)
        throw new Error(`test_counts ${uid}: ${RECOUNT_ATTEMPTS} recounts each lost to a change`);
    }
  }

  /** Every test of the user was dropped (a deleted user): 0. */
  cleared(uid: string): Promise<TestCount | null> {
    return this.change(uid, 'cleared', () => this.counts.set(uid, 0, this.clock.now()));
  }

  /** Publishes the fact of this count (its message id makes a repeat a no-op). */
  async publish(count: TestCount): Promise<void> {
    await this.bus
      .publish(
        Events.userTestsCounted,
        testsCountedEvent(count),
        testsCountedMsgId(count.uid, count.version),
      )
      .catch((err: unknown) =>
        rootLogger().error(
          { err, uid: count.uid, version: count.version },
          'user.testsCounted not published',
        ),
      );
  }

  private async change(
    uid: string,
    what: string,
    write: () => Promise<TestCount>,
  ): Promise<TestCount | null> {
    let count: TestCount;
    try {
      count = await write();
    } catch (err) {
      rootLogger().error({ err, uid, change: what }, 'test count not written');
      return null;
    }
    // not awaited: the learner's request does not wait for JetStream's ack of a fact whose
    // failure is only logged anyway; readers keep the highest version, so two facts of one user
    // arriving out of order change nothing
    void this.publish(count);
    return count;
  }
}
