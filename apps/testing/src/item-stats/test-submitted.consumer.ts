import { Injectable } from '@nestjs/common';
import { Events, type TestSubmittedEvent } from '@examprep/contracts';
import { JetStreamConsumer, rootLogger } from '@examprep/nest-kit';
import { Clock } from '../exams/clock';
import { FoldBatcher } from './fold-batcher';
import { ItemStatsFold } from './item-stats.fold';

/**
 * Facts folded per batch at most, and how long a batch gathers after its first fact (ADR 0037,
 * "Folding in batches": the store's CPU per test is some 8 times lower in batches of 64 than
 * of 5; the statistics need no sub-second freshness). Batches are flushed one at a time, so
 * under load they fill while the one before runs.
 */
export const FOLD_BATCH_SIZE = 64;
export const FOLD_BATCH_WAIT_MS = 1_000;
/** Messages in flight: a batch being flushed and the next one gathering. */
export const FOLD_CONCURRENCY = 2 * FOLD_BATCH_SIZE;

/** A fact the fold can take: a test id and a list of items (anything else is logged and dropped). */
export function isTestSubmittedEvent(e: unknown): e is TestSubmittedEvent {
  const f = e as Partial<TestSubmittedEvent> | null;
  return (
    typeof f?.testId === 'string' &&
    f.testId.length > 0 &&
    Array.isArray(f.items) &&
    typeof f.total === 'number' &&
    typeof f.correct === 'number' &&
    typeof f.submittedAt === 'string'
  );
}

/**
 * Folds every graded test into the item statistics (ADR 0037), once per test (ItemStatsFold's
 * marker): a redelivered or republished fact changes nothing. Up to FOLD_CONCURRENCY messages
 * are in flight; their facts are folded together (FoldBatcher), so the store's writes grow
 * with the distinct questions of a batch, not with tests × questions. Each message is acked
 * when its own fact is folded, and redelivered when a write it took part in failed.
 */
@Injectable()
export class TestSubmittedConsumer {
  private readonly batcher: FoldBatcher<TestSubmittedEvent>;

  constructor(fold: ItemStatsFold, clock: Clock) {
    this.batcher = new FoldBatcher((facts) => fold.foldBatch(facts, clock.now()), {
      size: FOLD_BATCH_SIZE,
      waitMs: FOLD_BATCH_WAIT_MS,
    });
  }

  @JetStreamConsumer({
    durable: 'testing-item-stats',
    subject: Events.testSubmitted,
    concurrency: FOLD_CONCURRENCY,
  })
  async handle(event: TestSubmittedEvent): Promise<void> {
    if (!isTestSubmittedEvent(event)) {
      rootLogger().error({ event }, 'test.submitted fact of an unknown shape; skipped');
      return;
    }
    await this.batcher.add(event);
  }
}
