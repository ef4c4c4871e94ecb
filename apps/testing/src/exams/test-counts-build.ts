import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { rootLogger } from '@examprep/nest-kit';
import { Clock } from './clock';
import { TestCounts } from './test-counts';
import { type TestCountsBuildStats, TestCountsRepository } from './test-counts.repository';
import { TestsRepository } from './tests.repository';

/** Tests read per page of the build (by the `_id` index; only their owner is read). */
export const BUILD_PAGE = 1000;
/** Counters written (and facts published) at once by the build. */
export const BUILD_WRITES_AT_ONCE = 8;
/** A claim whose builder has not beaten for this long is taken over (the builder stopped). */
export const BUILD_STALE_MS = 120_000;

/**
 * The one-off build of test_counts from the tests already stored (issue 26): when a testing
 * process starts and the counters were never built, it reads every test's owner in `_id`
 * pages of BUILD_PAGE (memory: one page and a Map uid -> n), writes each user's count (with
 * version + 1 over what is stored) and publishes one fact per user with tests, then marks the
 * counters built. It runs after start, in the background: requests are answered meanwhile, and
 * their changes are counted live.
 *
 * Replicas (ADR 0027): the build is claimed by the unique insert of the marker
 * testing_markers/test_counts, so one process builds while the others carry on; the builder
 * beats on the marker after each page, and a claim whose beat stopped for BUILD_STALE_MS is
 * taken over by compare-and-set on the beat, so a builder that died is replaced at the next
 * start. A user whose count a request changed during the build (its `at` after the claim, or a
 * version moved between the build's read and its write) is counted again by the `{userId}` index
 * instead of taking the number the pages found (a test made or removed behind the build's
 * position would be missing or counted twice).
 */
@Injectable()
export class TestCountsBuild implements OnApplicationBootstrap {
  private readonly by = `${hostname()}:${process.pid}`;

  constructor(
    private readonly tests: TestsRepository,
    private readonly counts: TestCountsRepository,
    private readonly publisher: TestCounts,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    void this.run().catch((err: unknown) =>
      rootLogger().error({ err }, 'test_counts build failed; it is retried at the next start'),
    );
  }

  /** Builds the counters when they never were and no live process builds them; the stats, or null. */
  async run(): Promise<TestCountsBuildStats | null> {
    const now = this.clock.now();
    const claimed = await this.counts.claimBuild(
      this.by,
      now,
      new Date(now.getTime() - BUILD_STALE_MS),
    );
    if (claimed === null) return null;
    const log = rootLogger();
    log.info({ by: this.by }, 'test_counts build started');
    const t0 = performance.now();
    const found = new Map<string, number>();
    let tests = 0;
    for (let after: string | null = null; ;) {
      const page = await this.tests.scanOwners(after, BUILD_PAGE);
      for (const t of page) found.set(t.userId, (found.get(t.userId) ?? 0) + 1);
      tests += page.length;
      if (page.length < BUILD_PAGE) break;
      after = page[page.length - 1]!._id;
      if (!(await this.counts.beat(this.by, this.clock.now()))) return this.lost();
    }
    const readMs = Math.round(performance.now() - t0);
    const uids = [...found.keys()];
    for (let i = 0; i < uids.length; i += BUILD_WRITES_AT_ONCE) {
      await Promise.all(
        uids
          .slice(i, i + BUILD_WRITES_AT_ONCE)
          .map((uid) => this.write(uid, found.get(uid)!, claimed)),
      );
      if (i % BUILD_PAGE === 0 && !(await this.counts.beat(this.by, this.clock.now())))
        return this.lost();
    }
    const stats = { tests, users: uids.length, ms: Math.round(performance.now() - t0), readMs };
    await this.counts.finishBuild(this.by, this.clock.now(), stats);
    log.info(
      stats,
      `test_counts built: ${tests} tests of ${uids.length} users in ${stats.ms} ms (reading the tests: ${readMs} ms)`,
    );
    return stats;
  }

  /**
   * One user's count: the pages' number, written over the version read (compare-and-set); a
   * recount by the `{userId}` index when a request changed it since the claim, or meanwhile.
   */
  private async write(uid: string, n: number, claimed: Date): Promise<void> {
    const current = await this.counts.find(uid);
    const paged =
      current === null || current.at < claimed
        ? await this.counts.setIfVersion(uid, n, current?.version ?? 0, this.clock.now())
        : null;
    const count = paged ?? (await this.publisher.recount(uid));
    if (count.n > 0) await this.publisher.publish(count);
  }

  private lost(): null {
    rootLogger().warn({ by: this.by }, 'test_counts build taken over by another process');
    return null;
  }
}
