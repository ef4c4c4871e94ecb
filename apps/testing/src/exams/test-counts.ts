import { Inject, Injectable } from '@nestjs/common';
import { Events, type UserTestsCountedEvent } from '@examprep/contracts';
import { JetStreamBus, rootLogger } from '@examprep/nest-kit';
import { Clock } from './clock';
import { type TestCount, TestCountsRepository } from './test-counts.repository';
import { TestLocks } from './test-locks';
import { TestsRepository } from './tests.repository';

/** The JetStream message id of a count's fact: one per (user, version). */
export const testsCountedMsgId = (uid: string, version: number) =>
  `tests-counted:${uid}:${version}`;

/**
 * The key of a user's count in TestLocks (a lease key: base64url of the uid, which a test id,
 * 20 letters and digits, never is).
 */
export const countLockKey = (uid: string) =>
  `count_${Buffer.from(uid, 'utf8').toString('base64url')}`;

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
 * One user's count writes run one at a time across every replica (TestLocks, the lease of
 * countLockKey(uid)): MongoDB's `$inc` is atomic, but FerretDB 1.x applies concurrent updates
 * of one document non-atomically (ADR 0019; the repository spec lost increments when eight ran
 * at once), so without the lock two tests made at once could count once and share a version.
 */
@Injectable()
export class TestCounts {
  constructor(
    private readonly counts: TestCountsRepository,
    private readonly tests: TestsRepository,
    private readonly clock: Clock,
    @Inject(JetStreamBus) private readonly bus: Pick<JetStreamBus, 'publish'>,
    private readonly locks: TestLocks,
  ) {}

  /** Runs `task` while this call alone writes the user's count (every replica). */
  locked<T>(uid: string, task: () => Promise<T>): Promise<T> {
    return this.locks.run(countLockKey(uid), () => task());
  }

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
      if (count.n >= 0) return count;
      return this.counts.set(uid, (await this.tests.listByUser(uid)).length, this.clock.now());
    });
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
      count = await this.locked(uid, write);
    } catch (err) {
      rootLogger().error({ err, uid, change: what }, 'test count not written');
      return null;
    }
    await this.publish(count);
    return count;
  }
}
