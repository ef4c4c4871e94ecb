import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { rootLogger } from '@examprep/nest-kit';
import { Clock } from './clock';
import { TestCountsRepository } from './test-counts.repository';
import { TestsRepository } from './tests.repository';

/** Its marker in testing_markers. */
export const TIMER_ENDS_AT_MARKER = 'timer_ends_at';
/** Tests read per page (by the `_id` index). */
export const BACKFILL_PAGE = 1000;

/**
 * The one-off copy of `timer.endsAt` into `timerEndsAt` for the timed tests made before that
 * field existed, so that the gradebook finds their time-up by its index (tests.service.ts). It
 * runs after start, in the background, once per database (the marker
 * testing_markers/timer_ends_at); replicas that run it at once write the same values. Until it
 * is done, such a test is still settled when it is opened or resumed.
 */
@Injectable()
export class TimerEndsAtBackfill implements OnApplicationBootstrap {
  constructor(
    private readonly tests: TestsRepository,
    private readonly markers: TestCountsRepository,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    void this.run().catch((err: unknown) =>
      rootLogger().error({ err }, 'timerEndsAt backfill failed; it is retried at the next start'),
    );
  }

  /** Stamps every timed test that has no `timerEndsAt`; its stats, or null when done before. */
  async run(): Promise<{ stamped: number; ms: number } | null> {
    if (await this.markers.isDone(TIMER_ENDS_AT_MARKER)) return null;
    const t0 = performance.now();
    let stamped = 0;
    for (let after: string | null = null; ;) {
      const page = await this.tests.scanUnstampedTimers(after, BACKFILL_PAGE);
      for (const t of page.tests) {
        if (!t.timer) continue;
        await this.tests.stampTimerEndsAt(t._id, new Date(t.timer.endsAt));
        stamped++;
      }
      if (page.last === null) break;
      after = page.last;
    }
    const stats = { stamped, ms: Math.round(performance.now() - t0) };
    await this.markers.markDone(
      TIMER_ENDS_AT_MARKER,
      `${hostname()}:${process.pid}`,
      this.clock.now(),
      stats,
    );
    if (stamped > 0) rootLogger().info(stats, `timerEndsAt copied into ${stamped} timed tests`);
    return stats;
  }
}
