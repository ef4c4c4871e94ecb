import { Injectable } from '@nestjs/common';
import { Events, type TestSubmittedEvent } from '@examprep/contracts';
import { JetStreamConsumer, rootLogger } from '@examprep/nest-kit';
import { Clock } from '../exams/clock';
import { ItemStatsFold } from './item-stats.fold';

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
 * marker): a redelivered or republished fact changes nothing.
 */
@Injectable()
export class TestSubmittedConsumer {
  constructor(
    private readonly fold: ItemStatsFold,
    private readonly clock: Clock,
  ) {}

  @JetStreamConsumer({ durable: 'testing-item-stats', subject: Events.testSubmitted })
  async handle(event: TestSubmittedEvent): Promise<void> {
    if (!isTestSubmittedEvent(event)) {
      rootLogger().error({ event }, 'test.submitted fact of an unknown shape; skipped');
      return;
    }
    await this.fold.fold(event, this.clock.now());
  }
}
